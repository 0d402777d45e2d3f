import { clientService } from '../../../client-service'
import type { TreatmentRecordService } from './treatment-record.class'

export type { TreatmentRecord, TreatmentRecordQuery } from './treatment-record.class'

/**
 * `treatment-record`: what the patient card's treatment tab shows, in one call: each section's
 * list exactly as that section's own find gives it to the same caller (chart events, exams, perio
 * charts, treatments done, treatment plans). A list the caller may not read is absent. Find only;
 * it changes with those services' events, which each section listens to (the screen puts each
 * list in the cache under the section's own query, domain/clinical/treatment-record.ts, so a
 * section refreshes on its own).
 */
export const treatmentRecordPath = 'treatment-record'
export const treatmentRecordMethods = ['find'] as const
export type TreatmentRecordClientService = Pick<TreatmentRecordService, (typeof treatmentRecordMethods)[number]>

export const treatmentRecordClient = clientService<TreatmentRecordClientService>()(treatmentRecordPath, treatmentRecordMethods)
