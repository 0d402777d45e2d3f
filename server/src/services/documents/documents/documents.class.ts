import type { Knex } from 'knex'
import type { Id, NullableId, Params } from '@feathersjs/feathers'
import { Conflict } from '@feathersjs/errors'
import type { Application } from '../../../declarations'
import { clinicError } from '../../../errors'
import { onlyVisiblePatients } from '../../customers/customers/customer-branches'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import type { PrintedDocument, PrintedDocumentData, PrintedDocumentPatch, PrintedDocumentQuery } from './documents.schema'

export type { PrintedDocument, PrintedDocumentData, PrintedDocumentPatch, PrintedDocumentQuery }

/** The row a print writes, rendered and stored before the call's transaction (document-print.ts). */
export type PrintedRow = Omit<PrintedDocument, 'file' | 'createdAt' | 'updatedAt'> & { context: unknown; texts: unknown }

export type DocumentParams = RecordParams & {
  query?: PrintedDocumentQuery
  /** Set by `prepare`: the document rendered, its bytes stored, its row to write. */
  printed?: PrintedRow
}

export const DOCUMENTS_TABLE = 'documents'

/**
 * Printed documents: a create writes the row that `prepare` made (the PDF is already in the store,
 * under its hash); find and get read them. The one change is withdrawing a request for a
 * signature (docs/decisions/documents-signing.md); a signature is written by document-signatures
 * through `markDocumentSigned`. Nothing removes one.
 */
export class DocumentService extends RecordService<PrintedDocument, PrintedDocumentData, DocumentParams, PrintedDocumentPatch> {
  /**
   * An external read keeps to the documents of patients the caller sees (the customers' own
   * scope), in the SQL itself: the kiosk's list names no patient.
   */
  override createQuery(params: Params = {}): Knex.QueryBuilder {
    const builder = super.createQuery(params as DocumentParams)
    const identity = params.identity
    if (!params.provider || !identity) return builder
    // A daily log has no patient: its own rule (the doctor's day, document-visibility.ts) decides.
    return onlyVisiblePatients(builder, this.knexOf(params as DocumentParams), DOCUMENTS_TABLE, identity, { withoutPatient: true })
  }

  override async _create(data: PrintedDocumentData, params?: DocumentParams): Promise<PrintedDocument>
  override async _create(data: PrintedDocumentData[], params?: DocumentParams): Promise<PrintedDocument[]>
  override async _create(_data: PrintedDocumentData | PrintedDocumentData[], params?: DocumentParams): Promise<PrintedDocument | PrintedDocument[]> {
    const row = params?.printed
    if (!row) throw new Error('documents.create without a prepared print')
    return super._create(row as never, params)
  }

  /** Withdraws a request for a signature: only from awaiting-signature, in one conditional update. */
  override async _patch(id: NullableId, data: PrintedDocumentPatch, params?: DocumentParams): Promise<PrintedDocument> {
    if (id === null || data.status !== 'withdrawn') throw new Error('documents.patch withdraws one document')
    const current = await this._get(id as Id, params)
    const changed = await this.knexOf(params)(DOCUMENTS_TABLE)
      .where({ _id: current._id, companyId: current.companyId, status: 'awaiting-signature' })
      .update({ status: 'withdrawn', updatedAt: new Date().toISOString() })
    if (changed === 0) throw clinicError(Conflict, 'document-not-awaiting-signature', 'status')
    return this._get(id as Id, params)
  }
}

/** A document's row as stored, with the snapshot it was rendered from (never sent to clients). */
export interface StoredDocument extends PrintedRow {
  createdAt: string
}

/** A company's document with its snapshot, for signing it (document-signatures); undefined when unknown. */
export async function storedDocument(db: Knex, companyId: string, documentId: string): Promise<StoredDocument | undefined> {
  const row = await db(DOCUMENTS_TABLE).where({ _id: documentId, companyId }).first()
  if (!row) return undefined
  const parsed = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value)
  return { ...row, copy: Boolean(row.copy), context: parsed(row.context), texts: parsed(row.texts), createdAt: new Date(row.createdAt).toISOString() } as StoredDocument
}

/**
 * Marks a document signed in the signature's transaction: a conditional update from
 * awaiting-signature, so of two signatures at once one wins and the other is a Conflict.
 */
export async function markDocumentSigned(db: Knex, change: { companyId: string; documentId: string; signatureId: string; sha256: string; size: number; unsignedSha256: string; at: string }) {
  const changed = await db(DOCUMENTS_TABLE)
    .where({ _id: change.documentId, companyId: change.companyId, status: 'awaiting-signature' })
    .update({ status: 'signed', signatureId: change.signatureId, sha256: change.sha256, size: change.size, unsignedSha256: change.unsignedSha256, updatedAt: change.at })
  if (changed === 0) throw clinicError(Conflict, 'document-not-awaiting-signature', 'documentId')
}

export const documentServiceOptions = (app: Application) => recordOptions(app, DOCUMENTS_TABLE, { trash: false })
/** The snapshot a copy is printed from is never sent: it is the server's record of what was printed. */
export const documentRowShape = { json: ['context', 'texts'], boolean: ['copy'], hidden: ['context', 'texts'] }
