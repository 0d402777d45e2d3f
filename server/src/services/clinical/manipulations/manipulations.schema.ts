import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { strictQuery } from '../../../schema/query'
import { recordCreateResolvers, recordPatchResolvers, recordProperties } from '../../../schema/record'
import { nextRank } from '../../../schema/rank'
import { shippedEntryProperties } from '../shipped-entries'
import { MAX_MANIPULATION_CODE, MAX_UET } from './manipulations.shared'

/**
 * A clinical manipulation a treatment record cites (infiltration anaesthesia, rubber dam...):
 * its nomenclature code when it has one (Russian "Номенклатура медицинских услуг") and its
 * labour units (УЕТ) in integer hundredths, both optional.
 */
export const manipulationSchema = Type.Object(
  {
    ...recordProperties,
    ...shippedEntryProperties,
    code: Type.Union([Type.String({ minLength: 1, maxLength: MAX_MANIPULATION_CODE }), Type.Null()]),
    uet: Type.Union([Type.Integer({ minimum: 0, maximum: MAX_UET }), Type.Null()])
  },
  { $id: 'Manipulation', additionalProperties: false }
)
export type Manipulation = Static<typeof manipulationSchema>
export const manipulationResolver = resolve<Manipulation, HookContext>({})
export const manipulationExternalResolver = resolve<Manipulation, HookContext>({})

const editable = ['name', 'code', 'uet', 'hidden', 'rank'] as const

export const manipulationDataSchema = Type.Intersect(
  [Type.Pick(manipulationSchema, ['name']), Type.Partial(Type.Pick(manipulationSchema, editable.filter((key) => key !== 'name')))],
  { $id: 'ManipulationData', additionalProperties: false }
)
export type ManipulationData = Static<typeof manipulationDataSchema>
export const manipulationDataValidator = getValidator(manipulationDataSchema, dataValidator)
export const manipulationDataResolver = resolve<Manipulation, HookContext>({
  ...recordCreateResolvers,
  titles: async () => null,
  shippedKey: async () => null,
  code: async (value) => value ?? null,
  uet: async (value) => value ?? null,
  hidden: async (value) => value ?? false,
  rank: async (value, data, context) => value ?? (await nextRank(context, 'manipulations', { companyId: context.params.identity?.user.companyId ?? data.companyId }))
})

export const manipulationPatchSchema = Type.Partial(Type.Pick(manipulationSchema, [...editable]), { $id: 'ManipulationPatch', additionalProperties: false })
export type ManipulationPatch = Static<typeof manipulationPatchSchema>
export const manipulationPatchValidator = getValidator(manipulationPatchSchema, dataValidator)
export const manipulationPatchResolver = resolve<Manipulation, HookContext>({ ...recordPatchResolvers })

export const manipulationQuerySchema = strictQuery(
  Type.Pick(manipulationSchema, ['_id', 'companyId', 'name', 'code', 'uet', 'shippedKey', 'hidden', 'rank', 'createdAt', 'updatedAt'])
)
export type ManipulationQuery = Static<typeof manipulationQuerySchema>
export const manipulationQueryValidator = getValidator(manipulationQuerySchema, queryValidator)
