import { clientService } from '../../../client-service'
import type { TreatmentRecordService } from './treatment-record.class'

export type { TreatmentRecord, TreatmentRecordQuery } from './treatment-record.class'

/**
 * `treatment-record`: what the patient card's treatment tab shows, in one call: each section's
 * list exactly as that section's own find gives it to the same caller (chart events, exams, perio
 * charts, treatments done, treatment plans). A list the caller may not read is absent. Find only;
 * it changes with those services' events, which each section listens to (the screen puts each
 * list in the cache under the section's own query, so a section refreshes on its own).
 */
export const treatmentRecordPath = 'treatment-record'
export const treatmentRecordMethods = ['find'] as const
export type TreatmentRecordClientService = Pick<TreatmentRecordService, (typeof treatmentRecordMethods)[number]>

/**
 * Each section's query besides the patient: the treatment tab's sections ask exactly these, so
 * the combined answer fills the cache entries they read.
 */
export const TREATMENT_RECORD_QUERIES = {
  /** The newest chart events: far more than a patient gathers (a full mouth is ~52 teeth). */
  tooth: { $sort: { createdAt: -1 }, $limit: 500 },
  /** Every version of the exams, newest first (a patient has a few a year). */
  exam: { $sort: { date: -1, createdAt: -1 }, $limit: 500 },
  perio: { $limit: 100 },
  treatment: { $sort: { createdAt: -1 }, $limit: 500 },
  'treatment-plan': { $limit: 200 }
} as const

export type TreatmentRecordSection = keyof typeof TREATMENT_RECORD_QUERIES
export const treatmentRecordSections = Object.keys(TREATMENT_RECORD_QUERIES) as TreatmentRecordSection[]

export const treatmentRecordClient = clientService<TreatmentRecordClientService>()(treatmentRecordPath, treatmentRecordMethods)
