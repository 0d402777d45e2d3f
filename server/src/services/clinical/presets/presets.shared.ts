import { clientService } from '../../../client-service'
import type { Preset, PresetData, PresetPatch, PresetQuery, PresetsService } from './presets.class'

export type { Preset, PresetData, PresetPatch, PresetQuery }

/** The spec's path (section 7); screen /company/presets/{specialtyId?}. */
export const presetsPath = 'presets'
export const presetsMethods = ['find', 'get', 'create', 'update', 'patch', 'remove'] as const
export type PresetsClientService = Pick<PresetsService, (typeof presetsMethods)[number]>

/** The lists a preset fills an exam with (spec section 3: each defaults to empty). */
export const presetLists = ['cdb', 'odb', 'icd', 'diagnosis', 'diagnosisFinal', 'treatments'] as const
export type PresetList = (typeof presetLists)[number]

/** How many items each list holds at most, and the longest text item. */
export const PRESET_LIMITS = { cdb: 30, odb: 100, icd: 20, diagnosis: 10, diagnosisFinal: 10, treatments: 50 } as const
export const MAX_PRESET_TEXT = 1000

export const presetsClient = clientService<PresetsClientService>()(presetsPath, presetsMethods)
