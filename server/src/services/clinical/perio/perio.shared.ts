import { clientService } from '../../../client-service'
import type { PerioChartRecord, PerioChartData, PerioChartPatch, PerioChartQuery, PerioService } from './perio.class'

export type { PerioChartRecord, PerioChartData, PerioChartPatch, PerioChartQuery }

export const perioPath = 'perio'
/** No update: a draft is patched as the doctor probes; a closed chart is never changed. */
export const perioMethods = ['find', 'get', 'create', 'patch', 'remove'] as const
export type PerioClientService = Pick<PerioService, (typeof perioMethods)[number]>

/** A draft is entered and may be removed; a closed chart is the record of that exam, for good. */
export const perioStatuses = ['draft', 'closed'] as const
export type PerioStatus = (typeof perioStatuses)[number]

/** At most this many teeth in one chart (a whole mixed dentition). */
export const MAX_PERIO_TEETH = 52
export const MAX_PERIO_NOTE_LENGTH = 2000

export const perioClient = clientService<PerioClientService>()(perioPath, perioMethods)
