import { clientService } from '../../../client-service'
import type { ToothEvent, ToothEventData, ToothEventQuery, ToothService } from './tooth.class'

export type { ToothEvent, ToothEventData, ToothEventQuery }

export const toothPath = 'tooth'
/** No patch, update or remove: a chart event is never changed; a wrong one is ended by a new one. */
export const toothMethods = ['find', 'get', 'create'] as const
export type ToothClientService = Pick<ToothService, (typeof toothMethods)[number]>

/** At most this many teeth in one charting call (a whole mixed dentition). */
export const MAX_TEETH_PER_CALL = 52
export const MAX_TOOTH_NOTE_LENGTH = 1000
export const toothClient = clientService<ToothClientService>()(toothPath, toothMethods)
