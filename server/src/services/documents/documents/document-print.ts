import crypto from 'node:crypto'
import { hooks as schemaHooks } from '@feathersjs/schema'
import type { Knex } from 'knex'
import type { Application, HookContext } from '../../../declarations'
import { newId, now } from '../../../hooks/ids'
import { assertWorksIn } from '../../../access/branch-scope'
import { mediaStoreOf } from '../../customers/media/media-files'
import { mediaKey } from '../../customers/media/media-store'
import { renderDocumentPdf } from '../../../documents/render-pdf'
import { printTextsFor } from '../print-templates/template-reads'
import type { DocumentContext } from '../../../../../domain/documents/context'
import type { DocumentTemplateTexts } from '../../../../../domain/documents/template'
import { fillVariables } from '../../../../../domain/documents/variables'
import { isSignableKind } from '../../../../../domain/documents/signing'
import { clinicError } from '../../../errors'
import { BadRequest } from '@feathersjs/errors'
import { documentDataValidator } from './documents.schema'
import { documentSubject } from './document-sources'
import { DOCUMENTS_TABLE, type DocumentParams, type PrintedDocumentData, type PrintedRow } from './documents.class'

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex')
const parsed = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T))

/** The last version (not a copy) of the same document: same kind, patient, source, day (of a daily log) and language. */
async function lastVersion(db: Knex, companyId: string, key: { kind: string; customerId: string | null; sourceId: string | null; day: string | null; language: string }) {
  const row = await db(DOCUMENTS_TABLE)
    .where({ companyId, kind: key.kind, customerId: key.customerId, sourceId: key.sourceId, day: key.day, language: key.language, copy: false })
    .orderBy('version', 'desc')
    .first('_id', 'version', 'sha256', 'status', 'context', 'texts')
  return row ? { ...row, context: parsed<DocumentContext>(row.context), texts: parsed<DocumentTemplateTexts>(row.texts) } : undefined
}

/**
 * Prints a document before the call's transaction opens (manifest `prepare`): rendering a PDF
 * takes tens of milliseconds and must not hold the write lock. It finds what to print as the
 * caller, renders it, and stores the bytes under their hash; the create then writes the row (with
 * its activity entry) in one transaction. Bytes stored for a create that then fails are an
 * unreferenced, content-addressed file: harmless, and never a row without its bytes.
 *
 * Versions: a print whose contents equal the last version's (the same PDF when rendered with that
 * version's date) is a reprint: the stored snapshot is printed again marked "copy", so a copy
 * always shows what the original showed. Otherwise it is the next version. A print for signing
 * on a tablet (`forSigning`) is always the next version, awaiting its signature.
 */
export async function prepareDocument(context: HookContext) {
  const app = context.app as Application
  const params = context.params as DocumentParams
  if (!params.identity) return
  // The schema's own hook, so that a bad call reads as every other service's (BadRequest with the field).
  await schemaHooks.validateData(documentDataValidator)(context)
  const data = context.data as PrintedDocumentData
  if (data.forSigning && !isSignableKind(data.kind)) throw clinicError(BadRequest, 'document-not-signable', 'kind')
  // Printed where the caller works: the client names its current branch.
  if (data.branchId !== undefined) assertWorksIn(params.identity, data.branchId)
  const companyId = params.identity.user.companyId as string
  const db: Knex = app.get('db')
  const subject = await documentSubject(app, params, data, new Date().toISOString())
  const { context: fresh, customerId, sourceId, day } = subject
  const texts = await printTextsFor(db, companyId, data.kind, fresh.language)
  const paper: PrintedRow['paper'] = data.kind === 'receipt' ? (data.paper ?? '80mm') : 'A4'
  const render = (printed: DocumentContext, with_: DocumentTemplateTexts) => renderDocumentPdf(data.kind, printed, with_, paper === 'A4' ? {} : { paper })
  const previous = await lastVersion(db, companyId, { kind: data.kind, customerId, sourceId, day, language: fresh.language })

  let row: Omit<PrintedRow, 'sha256' | 'size'>
  let bytes: Buffer
  // A document to be signed is always a version of its own (never a copy); so is one after a withdrawn request.
  const unchanged = previous && !data.forSigning && previous.status !== 'withdrawn' && sha256(await render({ ...fresh, printedAt: previous.context.printedAt }, texts)) === previous.sha256
  // Stamped here, as every record's resolvers do, so that lists compare and sort instants of one form.
  const at = now()
  const base = { _id: newId(), createdAt: at, updatedAt: at, companyId, branchId: data.branchId ?? subject.branchId!, customerId, kind: data.kind, sourceId, day, paper, status: data.forSigning ? ('awaiting-signature' as const) : ('printed' as const), signatureId: null, unsignedSha256: null, createdBy: params.identity.user._id as string }
  if (previous && unchanged) {
    const copy = { ...previous.context, copy: true }
    bytes = await render(copy, previous.texts)
    row = { ...base, language: previous.context.language, title: fillVariables(previous.texts.title, copy), version: previous.version, copy: true, copyOf: previous._id, context: copy, texts: previous.texts }
  } else {
    bytes = await render(fresh, texts)
    row = { ...base, language: fresh.language, title: fillVariables(texts.title, fresh), version: (previous?.version ?? 0) + 1, copy: false, copyOf: null, context: fresh, texts }
  }
  const hash = sha256(bytes)
  await mediaStoreOf(app).putBuffer(mediaKey(companyId, hash, 'document'), bytes, 'application/pdf')
  params.printed = { ...row, sha256: hash, size: bytes.length }
}
