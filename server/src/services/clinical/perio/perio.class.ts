import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import type { PerioChartRecord, PerioChartData, PerioChartPatch, PerioChartQuery } from './perio.schema'

export type { PerioChartRecord, PerioChartData, PerioChartPatch, PerioChartQuery }
export type PerioParams = RecordParams & { query?: PerioChartQuery }

export const PERIO_TABLE = 'perio_charts'

/** Perio charts: a record service; its rules (drafts only change, values in range) are hooks. */
export class PerioService extends RecordService<PerioChartRecord, PerioChartData, PerioParams, PerioChartPatch> {}

/** `teeth` is JSON text in the database; a removed draft shows in the trash by its day. */
export const perioRowShape = { json: ['teeth'], instant: ['closedAt'] }
export const perioServiceOptions = (app: Application) => recordOptions(app, PERIO_TABLE, { trash: { title: (record) => String(record.date ?? '') } })
