import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import { shippedEntryRowShape } from '../shipped-entries'
import type { Manipulation, ManipulationData, ManipulationPatch, ManipulationQuery } from './manipulations.schema'

export type { Manipulation, ManipulationData, ManipulationPatch, ManipulationQuery }
export type ManipulationParams = RecordParams & { query?: ManipulationQuery }

/** Clinical manipulations: a record service; the shipped-entry rules are hooks. */
export class ManipulationsService extends RecordService<Manipulation, ManipulationData, ManipulationParams, ManipulationPatch> {}

export const manipulationsServiceOptions = (app: Application) => recordOptions(app, 'manipulations')
export const manipulationsRowShape = shippedEntryRowShape
