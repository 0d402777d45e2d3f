import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import { shippedEntryRowShape } from '../shipped-entries'
import type { Odb, OdbData, OdbPatch, OdbQuery } from './odb.schema'

export type { Odb, OdbData, OdbPatch, OdbQuery }
export type OdbParams = RecordParams & { query?: OdbQuery }

/** Objective findings: a record service; the tree and shipped-entry rules are hooks (odb.ts). */
export class OdbService extends RecordService<Odb, OdbData, OdbParams, OdbPatch> {}

export const odbServiceOptions = (app: Application) => recordOptions(app, 'odb_entries')
export const odbRowShape = shippedEntryRowShape
