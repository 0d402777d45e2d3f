import { clientService } from '../../../client-service'
import type { TreatmentLine, TreatmentLineData, TreatmentLinePatch, TreatmentLineQuery, TreatmentService } from './treatment.class'

export type { TreatmentLine, TreatmentLineData, TreatmentLinePatch, TreatmentLineQuery }

export const treatmentPath = 'treatment'
/** No update: a line is corrected field by field (patch), so a stale form cannot undo a colleague's change. */
export const treatmentMethods = ['find', 'get', 'create', 'patch', 'remove'] as const
export type TreatmentClientService = Pick<TreatmentService, (typeof treatmentMethods)[number]>

/** At most this many teeth on one line (a whole mixed dentition). */
export const MAX_LINE_TEETH = 52
export const MAX_LINE_QUANTITY = 100
export const MAX_MATERIALS_LENGTH = 2000
/** A visit's lines in one page, and a patient's history page. */
export const TREATMENT_MAX_PAGE = 500
export const treatmentClient = clientService<TreatmentClientService>()(treatmentPath, treatmentMethods)
