import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { strictQuery } from '../../../schema/query'
import { recordCreateResolvers, recordPatchResolvers, recordProperties } from '../../../schema/record'
import { nextRank } from '../../../schema/rank'
import { shippedEntryProperties } from '../shipped-entries'
import { IcdCodeSchema } from '../icd-codes'
import { conditionCodes as toothConditionCodes } from '../../../../../domain/clinical/conditions'

/**
 * A per-tooth objective finding ("Deep carious cavity, probing painful over the floor"): what
 * the dentist writes about one tooth, with the chart's condition code it sets and the ICD-10
 * diagnosis it suggests. Picking one in an exam fills all three at once.
 */
export const diagnoseObjectivelySchema = Type.Object(
  {
    ...recordProperties,
    ...shippedEntryProperties,
    conditionCode: Type.Union([Type.Union(toothConditionCodes.map((code) => Type.Literal(code))), Type.Null()]),
    icdCode: Type.Union([IcdCodeSchema, Type.Null()])
  },
  { $id: 'DiagnoseObjectively', additionalProperties: false }
)
export type DiagnoseObjectively = Static<typeof diagnoseObjectivelySchema>
export const diagnoseObjectivelyResolver = resolve<DiagnoseObjectively, HookContext>({})
export const diagnoseObjectivelyExternalResolver = resolve<DiagnoseObjectively, HookContext>({})

const editable = ['name', 'conditionCode', 'icdCode', 'hidden', 'rank'] as const

export const diagnoseObjectivelyDataSchema = Type.Intersect(
  [Type.Pick(diagnoseObjectivelySchema, ['name']), Type.Partial(Type.Pick(diagnoseObjectivelySchema, editable.filter((key) => key !== 'name')))],
  { $id: 'DiagnoseObjectivelyData', additionalProperties: false }
)
export type DiagnoseObjectivelyData = Static<typeof diagnoseObjectivelyDataSchema>
export const diagnoseObjectivelyDataValidator = getValidator(diagnoseObjectivelyDataSchema, dataValidator)
export const diagnoseObjectivelyDataResolver = resolve<DiagnoseObjectively, HookContext>({
  ...recordCreateResolvers,
  titles: async () => null,
  shippedKey: async () => null,
  conditionCode: async (value) => value ?? null,
  icdCode: async (value) => value ?? null,
  hidden: async (value) => value ?? false,
  rank: async (value, data, context) => value ?? (await nextRank(context, 'tooth_findings', { companyId: context.params.identity?.user.companyId ?? data.companyId }))
})

export const diagnoseObjectivelyPatchSchema = Type.Partial(Type.Pick(diagnoseObjectivelySchema, [...editable]), { $id: 'DiagnoseObjectivelyPatch', additionalProperties: false })
export type DiagnoseObjectivelyPatch = Static<typeof diagnoseObjectivelyPatchSchema>
export const diagnoseObjectivelyPatchValidator = getValidator(diagnoseObjectivelyPatchSchema, dataValidator)
export const diagnoseObjectivelyPatchResolver = resolve<DiagnoseObjectively, HookContext>({ ...recordPatchResolvers })

export const diagnoseObjectivelyQuerySchema = strictQuery(
  Type.Pick(diagnoseObjectivelySchema, ['_id', 'companyId', 'name', 'shippedKey', 'conditionCode', 'icdCode', 'hidden', 'rank', 'createdAt', 'updatedAt'])
)
export type DiagnoseObjectivelyQuery = Static<typeof diagnoseObjectivelyQuerySchema>
export const diagnoseObjectivelyQueryValidator = getValidator(diagnoseObjectivelyQuerySchema, queryValidator)
