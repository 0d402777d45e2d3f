import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import type { PrintedDocument, PrintedDocumentData, PrintedDocumentQuery } from './documents.schema'

export type { PrintedDocument, PrintedDocumentData, PrintedDocumentQuery }

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
 * under its hash); find and get read them. Nothing changes or removes one.
 */
export class DocumentService extends RecordService<PrintedDocument, PrintedDocumentData, DocumentParams, never> {
  override async _create(data: PrintedDocumentData, params?: DocumentParams): Promise<PrintedDocument>
  override async _create(data: PrintedDocumentData[], params?: DocumentParams): Promise<PrintedDocument[]>
  override async _create(_data: PrintedDocumentData | PrintedDocumentData[], params?: DocumentParams): Promise<PrintedDocument | PrintedDocument[]> {
    const row = params?.printed
    if (!row) throw new Error('documents.create without a prepared print')
    return super._create(row as never, params)
  }
}

export const documentServiceOptions = (app: Application) => recordOptions(app, DOCUMENTS_TABLE, { trash: false })
/** The snapshot a copy is printed from is never sent: it is the server's record of what was printed. */
export const documentRowShape = { json: ['context', 'texts'], boolean: ['copy'], hidden: ['context', 'texts'] }
