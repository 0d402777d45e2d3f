import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static, type TSchema } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { strictQuery } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { recordCreateResolvers, recordPatchResolvers, recordProperties } from '../../../schema/record'
import { RankSchema, nextRank } from '../../../schema/rank'
import { IcdCodeSchema } from '../icd-codes'
import { MAX_PRESET_TEXT, PRESET_LIMITS, type PresetList } from './presets.shared'

const list = <T extends TSchema>(name: PresetList, item: T, unique = true) => Type.Array(item, { maxItems: PRESET_LIMITS[name], uniqueItems: unique })
const text = Type.String({ minLength: 1, maxLength: MAX_PRESET_TEXT })

/**
 * An exam preset of a specialty (null: for every specialty): one click fills an exam with its
 * complaints, objective findings, ICD-10 codes, the wording of the preliminary and the final
 * diagnosis, and the treatments (catalogue services) to plan. See
 * docs/decisions/clinical-dictionaries.md for what each list holds.
 */
export const presetSchema = Type.Object(
  {
    ...recordProperties,
    specialtyId: Type.Union([ref('specialty'), Type.Null()]),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    /** Complaint texts (the cdb service's entries are texts the exam copies). */
    cdb: list('cdb', text),
    odb: list('odb', ref('odb')),
    icd: list('icd', IcdCodeSchema),
    diagnosis: list('diagnosis', text),
    diagnosisFinal: list('diagnosisFinal', text),
    treatments: list('treatments', ref('service')),
    rank: RankSchema
  },
  { $id: 'Preset', additionalProperties: false }
)
export type Preset = Static<typeof presetSchema>
export const presetResolver = resolve<Preset, HookContext>({})
export const presetExternalResolver = resolve<Preset, HookContext>({})

const editable = ['specialtyId', 'name', 'cdb', 'odb', 'icd', 'diagnosis', 'diagnosisFinal', 'treatments', 'rank'] as const
const empty = async (value: string[] | undefined) => value ?? []

export const presetDataSchema = Type.Intersect(
  [Type.Pick(presetSchema, ['name']), Type.Partial(Type.Pick(presetSchema, editable.filter((key) => key !== 'name')))],
  { $id: 'PresetData', additionalProperties: false }
)
export type PresetData = Static<typeof presetDataSchema>
export const presetDataValidator = getValidator(presetDataSchema, dataValidator)
export const presetDataResolver = resolve<Preset, HookContext>({
  ...recordCreateResolvers,
  specialtyId: async (value) => value ?? null,
  cdb: empty,
  odb: empty,
  icd: empty,
  diagnosis: empty,
  diagnosisFinal: empty,
  treatments: empty,
  rank: async (value, data, context) =>
    value ?? (await nextRank(context, 'presets', { companyId: context.params.identity?.user.companyId ?? data.companyId, specialtyId: data.specialtyId ?? null }))
})

export const presetPatchSchema = Type.Partial(Type.Pick(presetSchema, [...editable]), { $id: 'PresetPatch', additionalProperties: false })
export type PresetPatch = Static<typeof presetPatchSchema>
export const presetPatchValidator = getValidator(presetPatchSchema, dataValidator)
export const presetPatchResolver = resolve<Preset, HookContext>({ ...recordPatchResolvers })

export const presetQuerySchema = strictQuery(Type.Pick(presetSchema, ['_id', 'companyId', 'specialtyId', 'name', 'rank', 'createdAt', 'updatedAt']))
export type PresetQuery = Static<typeof presetQuerySchema>
export const presetQueryValidator = getValidator(presetQuerySchema, queryValidator)
