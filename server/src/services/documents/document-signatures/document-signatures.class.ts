import crypto from 'node:crypto'
import type { Knex } from 'knex'
import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { databaseEngine } from '../../../db'
import { afterCommit, inCallTransaction } from '../../../hooks/call-transaction'
import { onlyVisiblePatients } from '../../customers/customers/customer-branches'
import { mediaStoreOf } from '../../customers/media/media-files'
import { mediaKey } from '../../customers/media/media-store'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import { markDocumentSigned, storedDocument } from '../documents/documents.class'
import { documentPath } from '../documents/documents.shared'
import { chainHashOf, type PreparedSignature } from './document-signing'
import type { DocumentSignature, DocumentSignatureData, DocumentSignatureQuery } from './document-signatures.schema'

export type { DocumentSignature, DocumentSignatureData, DocumentSignatureQuery }

export type DocumentSignatureParams = RecordParams & {
  query?: DocumentSignatureQuery
  /** Set by `prepare` (document-signing.ts): the signed PDF stored, the signature's row to write. */
  signing?: PreparedSignature
}

export const DOCUMENT_SIGNATURES_TABLE = 'document_signatures'

/**
 * Signatures of documents on a tablet. A create, in the call's transaction: the company's chain
 * is locked (PostgreSQL: an advisory lock per company; SQLite: its one writer), the document
 * goes from awaiting-signature to signed in one conditional update (none: Conflict), and the
 * signature is written as the chain's next link. A get answers `verified`.
 */
export class DocumentSignatureService extends RecordService<DocumentSignature, DocumentSignatureData, DocumentSignatureParams, never> {
  override createQuery(params: Params = {}): Knex.QueryBuilder {
    const builder = super.createQuery(params as DocumentSignatureParams)
    const identity = params.identity
    if (!params.provider || !identity) return builder
    return onlyVisiblePatients(builder, this.knexOf(params as DocumentSignatureParams), DOCUMENT_SIGNATURES_TABLE, identity)
  }

  override async _create(data: DocumentSignatureData, params?: DocumentSignatureParams): Promise<DocumentSignature>
  override async _create(data: DocumentSignatureData[], params?: DocumentSignatureParams): Promise<DocumentSignature[]>
  override async _create(_data: DocumentSignatureData | DocumentSignatureData[], params?: DocumentSignatureParams): Promise<DocumentSignature | DocumentSignature[]> {
    const prepared = params?.signing
    if (!prepared) throw new Error('document-signatures.create without a prepared signature')
    const { draft } = prepared
    const db = this.knexOf(params)
    if (databaseEngine(db) === 'postgres') await db.raw('select pg_advisory_xact_lock(hashtext(?))', [`document-signatures:${draft.companyId}`])
    await markDocumentSigned(db, { companyId: draft.companyId, documentId: draft.documentId, signatureId: draft._id, sha256: draft.pdfSha256, size: prepared.size, unsignedSha256: draft.unsignedSha256, at: draft.signedAt })
    const previous = await db(DOCUMENT_SIGNATURES_TABLE).where({ companyId: draft.companyId }).orderBy('sequence', 'desc').first('sequence', 'chainHash')
    const previousChainHash: string | null = previous?.chainHash ?? null
    const row = {
      ...draft,
      updatedAt: draft.signedAt,
      sequence: (previous?.sequence ?? 0) + 1,
      previousChainHash,
      chainHash: chainHashOf(previousChainHash, draft.pdfSha256, draft._id, draft.signedAt)
    }
    const created = (await super._create(row, params)) as DocumentSignature
    // Open screens (the request's dialog, the patient's documents, the kiosk) hear the document signed.
    const app = this.app!
    const signed = await app.service(documentPath).get(draft.documentId, inCallTransaction(params))
    await afterCommit(params, () => {
      app.service(documentPath).emit('patched', signed)
    })
    return created
  }

  /**
   * Whether a signature still proves its document: the stored PDF's bytes hash to the signed
   * hash the document and the signature name, the link hashes to its chain hash, and it follows
   * the previous link of the company's chain.
   */
  async verify(signature: DocumentSignature, params?: DocumentSignatureParams): Promise<boolean> {
    const db = this.knexOf(params)
    const document = await storedDocument(db, signature.companyId, signature.documentId)
    if (!document || document.status !== 'signed' || document.sha256 !== signature.pdfSha256 || document.signatureId !== signature._id) return false
    if (chainHashOf(signature.previousChainHash, signature.pdfSha256, signature._id, signature.signedAt) !== signature.chainHash) return false
    const previous = signature.sequence > 1 ? await db(DOCUMENT_SIGNATURES_TABLE).where({ companyId: signature.companyId, sequence: signature.sequence - 1 }).first('chainHash') : undefined
    if ((previous?.chainHash ?? null) !== signature.previousChainHash) return false
    const stored = await mediaStoreOf(this.app!).open(mediaKey(signature.companyId, signature.pdfSha256, 'document'))
    if (!stored) return false
    const hash = await new Promise<string>((resolve, reject) => {
      const digest = crypto.createHash('sha256')
      stored.stream.on('data', (chunk) => digest.update(chunk))
      stored.stream.on('error', reject)
      stored.stream.on('end', () => resolve(digest.digest('hex')))
    })
    return hash === signature.pdfSha256
  }
}

export const documentSignatureServiceOptions = (app: Application) => recordOptions(app, DOCUMENT_SIGNATURES_TABLE, { trash: false })
/** The strokes never leave the server (possibly biometric data, PRODUCT-NOTES ). */
export const documentSignatureRowShape = { json: ['strokes'], instant: ['signedAt'], hidden: ['strokes'] }
