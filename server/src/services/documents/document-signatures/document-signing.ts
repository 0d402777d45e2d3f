import crypto from 'node:crypto'
import { BadRequest, Conflict } from '@feathersjs/errors'
import { hooks as schemaHooks } from '@feathersjs/schema'
import type { Knex } from 'knex'
import type { Application, HookContext } from '../../../declarations'
import { asCaller } from '../../../access/caller'
import { clinicError } from '../../../errors'
import { newId, now } from '../../../hooks/ids'
import { renderDocumentPdf } from '../../../documents/render-pdf'
import { mediaStoreOf } from '../../customers/media/media-files'
import { mediaKey } from '../../customers/media/media-store'
import { memberDisplayNames } from '../../team/users/user-rows'
import { storedDocument, type PrintedDocument } from '../documents/documents.class'
import { MAX_SIGNATURE_IMAGE_BYTES, MAX_SIGNATURE_POINTS, isSignableKind } from '../../../../../domain/documents/signing'
import type { DocumentContext } from '../../../../../domain/documents/context'
import type { DocumentTemplateTexts } from '../../../../../domain/documents/template'
import { documentSignatureDataValidator, type DocumentSignature, type DocumentSignatureData } from './document-signatures.schema'

export const sha256 = (bytes: Buffer | string) => crypto.createHash('sha256').update(bytes).digest('hex')

/** The link of a signature in its company's chain: the previous link, the signed PDF, the signature, the time. */
export const chainHashOf = (previousChainHash: string | null, pdfSha256: string, signatureId: string, signedAt: string) =>
  sha256(`${previousChainHash ?? ''}${pdfSha256}${signatureId}${signedAt}`)

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/

/** The PNG's bytes from its data URL: a real PNG (magic bytes) of at most MAX_SIGNATURE_IMAGE_BYTES. */
export function signaturePng(image: string): Buffer {
  const match = PNG_DATA_URL.exec(image)
  if (!match) throw clinicError(BadRequest, 'signature-image-invalid', 'image')
  const bytes = Buffer.from(match[1], 'base64')
  if (bytes.length > MAX_SIGNATURE_IMAGE_BYTES) throw clinicError(BadRequest, 'signature-too-large', 'image')
  if (bytes.length < 67 || !bytes.subarray(0, 8).equals(PNG_MAGIC)) throw clinicError(BadRequest, 'signature-image-invalid', 'image')
  return bytes
}

/** The signature row without its place in the chain (that is decided in the transaction). */
export type SignatureDraft = Omit<DocumentSignature, 'sequence' | 'previousChainHash' | 'chainHash' | 'verified' | 'updatedAt'> & { strokes: unknown }

export interface PreparedSignature {
  draft: SignatureDraft
  /** The signed PDF's size. */
  size: number
}

/**
 * Signs before the call's transaction (manifest `prepare`), as a print is made: the document is
 * read as the caller (its patient visible to them), must await a signature, and its stored
 * snapshot (context and texts) is rendered again with the signature block, so the signed PDF
 * shows exactly what was shown plus the signature. The PNG and the PDF go to the media store
 * under their hashes; the create then changes the document and writes the signature in one
 * transaction (document-signatures.class.ts).
 */
export async function prepareSignature(context: HookContext) {
  const app = context.app as Application
  const params = context.params as { identity?: HookContext['params']['identity']; signing?: PreparedSignature }
  const identity = params.identity
  if (!identity) return
  await schemaHooks.validateData(documentSignatureDataValidator)(context)
  const data = context.data as DocumentSignatureData
  const points = data.strokes.reduce((total, stroke) => total + stroke.length, 0)
  if (points > MAX_SIGNATURE_POINTS) throw clinicError(BadRequest, 'signature-too-large', 'strokes')
  const png = signaturePng(data.image)
  if (data.signer === 'representative' && !data.signerName?.trim()) throw clinicError(BadRequest, 'field-required', 'signerName')

  const document = (await app.service('documents').get(data.documentId, asCaller(context.params))) as PrintedDocument
  if (document.status !== 'awaiting-signature' || !isSignableKind(document.kind)) throw clinicError(Conflict, 'document-not-awaiting-signature', 'documentId')
  const companyId = identity.user.companyId as string
  const db: Knex = app.get('db')
  const stored = await storedDocument(db, companyId, document._id)
  if (!stored) throw clinicError(Conflict, 'document-not-awaiting-signature', 'documentId')
  const printed = stored.context as DocumentContext
  const kioskUserId = identity.user._id as string
  const names = await memberDisplayNames(db, companyId, [stored.createdBy, kioskUserId].filter((id): id is string => typeof id === 'string'))
  const signedAt = now()
  const signerName = data.signerName?.trim() || printed.patient?.fullName || ''
  if (!signerName) throw clinicError(BadRequest, 'field-required', 'signerName')
  const bytes = await renderDocumentPdf(stored.kind, printed, stored.texts as DocumentTemplateTexts, {
    signature: {
      image: data.image,
      signer: data.signer,
      signerName,
      signedAt,
      deviceId: data.deviceId,
      deviceName: data.deviceName,
      witness: (stored.createdBy && names.get(stored.createdBy)) || '—',
      kioskUser: names.get(kioskUserId) || '—',
      unsignedSha256: stored.sha256
    }
  })
  const pdfSha256 = sha256(bytes)
  const imageSha256 = sha256(png)
  const store = mediaStoreOf(app)
  await store.putBuffer(mediaKey(companyId, imageSha256, 'signature'), png, 'image/png')
  await store.putBuffer(mediaKey(companyId, pdfSha256, 'document'), bytes, 'application/pdf')
  params.signing = {
    size: bytes.length,
    draft: {
      _id: newId(),
      companyId,
      createdAt: signedAt,
      createdBy: kioskUserId,
      documentId: document._id,
      customerId: document.customerId,
      branchId: document.branchId,
      signer: data.signer,
      signerName,
      strokes: data.strokes,
      imageSha256,
      pdfSha256,
      unsignedSha256: stored.sha256,
      deviceId: data.deviceId,
      deviceName: data.deviceName ?? null,
      witnessId: stored.createdBy ?? null,
      signedAt
    }
  }
}
