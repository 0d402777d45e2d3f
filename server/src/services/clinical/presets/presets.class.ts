import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import type { Preset, PresetData, PresetPatch, PresetQuery } from './presets.schema'
import { presetLists } from './presets.shared'

export type { Preset, PresetData, PresetPatch, PresetQuery }
export type PresetParams = RecordParams & { query?: PresetQuery }

/** Exam presets per specialty: a record service; list rules are in the schema and hooks. */
export class PresetsService extends RecordService<Preset, PresetData, PresetParams, PresetPatch> {}

export const presetsServiceOptions = (app: Application) => recordOptions(app, 'presets')
export const presetsRowShape = { json: [...presetLists] }
