import { clientService } from '../../../client-service'
import type { Complaint, ComplaintData, ComplaintPatch, ComplaintQuery, CdbService } from './cdb.class'

export type { Complaint, ComplaintData, ComplaintPatch, ComplaintQuery }

/**
 * `cdb`: the complaints list a dentist picks from in an exam (spec section 7; the screen is
 * /company/cdb/{icd?}). Shipped complaints (read-only, every company's: companyId null) and the
 * company's own, each optionally tied to ICD codes. Find by `icd: 'K02.1'` (complaints of that
 * code or its category) or by `text` (words of any title).
 */
export const cdbPath = 'cdb'
export const cdbMethods = ['find', 'get', 'create', 'update', 'patch', 'remove'] as const
export type CdbClientService = Pick<CdbService, (typeof cdbMethods)[number]>

/** The most ICD codes one complaint is tied to. */
export const MAX_COMPLAINT_CODES = 20

export const cdbClient = clientService<CdbClientService>()(cdbPath, cdbMethods)
