/**
 * The treatment tab's lists and the query each of its sections asks of its service besides the
 * patient (`treatment-record` answers each list under exactly this query, so the combined answer
 * fills the cache entries the sections read). Here, not in the service's `.shared.ts`, so that the
 * first screen's client declarations stay small: only the server and the tab read it.
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
