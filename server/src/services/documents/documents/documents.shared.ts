import { clientService } from '../../../client-service'
import type { PrintedDocument, PrintedDocumentData, PrintedDocumentPatch, PrintedDocumentQuery, DocumentService } from './documents.class'

export type { PrintedDocument, PrintedDocumentData, PrintedDocumentPatch, PrintedDocumentQuery }

export const documentPath = 'documents'
/**
 * A printed document is kept as it was: never removed, and changed only by withdrawing a request
 * for a signature (patch `{ status: 'withdrawn' }`); a new print is a new version or a copy.
 */
export const documentMethods = ['find', 'get', 'create', 'patch'] as const
export type DocumentClientService = Pick<DocumentService, (typeof documentMethods)[number]>

/** Kinds printed for a patient; the daily log 037/у is a doctor's day, not a patient's. */
export const patientDocumentKinds = ['receipt', 'invoice', 'act', 'treatment-plan', 'consent', 'refusal', 'contract', 'medical-card-043', 'lab-order'] as const
/** Kinds printed from a record, named by `sourceId`: a plan, an invoice, a payment. */
export const sourcedKinds = { 'treatment-plan': 'treatment-plan', invoice: 'invoices', act: 'invoices', receipt: 'transactions' } as const
export const MAX_PROCEDURE_NAME = 300
export const MAX_LAB_FIELD = 500

export const documentClient = clientService<DocumentClientService>()(documentPath, documentMethods, { branchScoped: true })
