import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { IdSchema, strictQuery } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { recordProperties } from '../../../schema/record'
import { documentKinds, documentLanguages, receiptPapers } from '../../../../../domain/documents/kinds'
import { documentStatuses } from '../../../../../domain/documents/signing'
import { documentLink } from '../../customers/media/media-links'
import { MAX_LAB_FIELD, MAX_PROCEDURE_NAME } from './documents.shared'

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))
const nullable = <S extends Parameters<typeof Type.Union>[0][number]>(schema: S) => Type.Union([schema, Type.Null()])

// Main: one printed document as it was handed to the patient (docs/decisions/documents.md).
export const documentSchema = Type.Object(
  {
    ...recordProperties,
    branchId: ref('branches'),
    customerId: nullable(ref('customers')),
    kind: literals(documentKinds),
    language: literals(documentLanguages),
    /** The heading as printed. */
    title: Type.String(),
    /** 1 for the first print of a document; a print whose contents changed is the next. */
    version: Type.Integer({ minimum: 1 }),
    /** A reprint of unchanged contents: the PDF says "copy". */
    copy: Type.Boolean(),
    /** The version a copy reprints. */
    copyOf: nullable(IdSchema),
    /** The plan, invoice or payment it was printed from; the catalogue service of a consent or refusal printed for one; the doctor of a daily log. */
    sourceId: nullable(IdSchema),
    /** The day a daily log 037/у is of, 'YYYY-MM-DD'; null for the other kinds. */
    day: nullable(Type.String({ format: 'date' })),
    paper: literals(['A4', ...receiptPapers] as const),
    /** SHA-256 of the PDF's bytes, hex. */
    sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    size: Type.Integer({ minimum: 0 }),
    /** printed; awaiting-signature (shown on a tablet); signed (immutable); withdrawn (docs/decisions/documents-signing.md). */
    status: literals(documentStatuses),
    /** The signature of a signed document (document-signatures). */
    signatureId: nullable(IdSchema),
    /** The SHA-256 of the PDF shown for signing; `sha256` is then the signed PDF's. */
    unsignedSha256: nullable(Type.String({ pattern: '^[0-9a-f]{64}$' })),
    /** A short-lived signed link to the PDF (answers to people only). */
    file: Type.Optional(Type.Object({ file: Type.String(), expiresAt: Type.String() }))
  },
  { $id: 'PrintedDocument', additionalProperties: false }
)
export type PrintedDocument = Static<typeof documentSchema>
export const documentResolver = resolve<PrintedDocument, HookContext>({})
export const documentExternalResolver = resolve<PrintedDocument, HookContext>({
  file: async (_value, document, context) => documentLink(context, document._id)
})

const labOrderSchema = Type.Object(
  {
    lab: Type.String({ minLength: 1, maxLength: MAX_LAB_FIELD }),
    work: Type.String({ minLength: 1, maxLength: MAX_LAB_FIELD }),
    teeth: Type.String({ maxLength: MAX_LAB_FIELD }),
    shade: Type.Optional(Type.String({ maxLength: 50 })),
    material: Type.Optional(Type.String({ maxLength: MAX_LAB_FIELD })),
    dueDate: Type.Optional(Type.String({ format: 'date' })),
    notes: Type.Optional(Type.String({ maxLength: 2000 }))
  },
  { additionalProperties: false }
)

/**
 * Data: print a document. What each kind needs (checked by the service): a plan, invoice or
 * payment by `sourceId` (treatment-plan; invoice and act; receipt); a patient (`customerId`) for
 * the others; `procedure` or `serviceId` (or both) for a consent or a refusal; `labOrder` for a lab work order; `doctorId`
 * and `date` for a daily log. `language` defaults to the patient's, else the company's.
 */
export const documentDataSchema = Type.Object(
  {
    kind: literals(documentKinds),
    branchId: Type.Optional(ref('branches')),
    customerId: Type.Optional(ref('customers')),
    sourceId: Type.Optional(IdSchema),
    language: Type.Optional(literals(documentLanguages)),
    paper: Type.Optional(literals(receiptPapers)),
    doctorId: Type.Optional(ref('users')),
    date: Type.Optional(Type.String({ format: 'date' })),
    procedure: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_PROCEDURE_NAME })),
    /** A consent or refusal for a catalogue service: its name is the procedure unless one is given, and the document's `sourceId` (versions per service). */
    serviceId: Type.Optional(ref('service')),
    labOrder: Type.Optional(labOrderSchema),
    /** Print the next version to be signed on a tablet (consent, refusal, contract, treatment plan). */
    forSigning: Type.Optional(Type.Boolean())
  },
  { $id: 'PrintedDocumentData', additionalProperties: false }
)
export type PrintedDocumentData = Static<typeof documentDataSchema>
export const documentDataValidator = getValidator(documentDataSchema, dataValidator)

/** Patch: the one change a document allows, withdrawing a request for a signature. */
export const documentPatchSchema = Type.Object({ status: Type.Literal('withdrawn') }, { $id: 'PrintedDocumentPatch', additionalProperties: false })
export type PrintedDocumentPatch = Static<typeof documentPatchSchema>
export const documentPatchValidator = getValidator(documentPatchSchema, dataValidator)

export const documentQuerySchema = strictQuery(Type.Pick(documentSchema, ['_id', 'companyId', 'branchId', 'customerId', 'kind', 'sourceId', 'day', 'status', 'createdAt', 'createdBy']))
export type PrintedDocumentQuery = Static<typeof documentQuerySchema>
export const documentQueryValidator = getValidator(documentQuerySchema, queryValidator)
