import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { IdSchema, InstantSchema, strictQuery } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { recordProperties } from '../../../schema/record'
import {
  MAX_DEVICE_FIELD,
  MAX_SIGNATURE_IMAGE_BYTES,
  MAX_SIGNATURE_POINTS,
  MAX_SIGNATURE_STROKES,
  MAX_SIGNER_NAME,
  signerRoles
} from '../../../../../domain/documents/signing'

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))
const nullable = <S extends Parameters<typeof Type.Union>[0][number]>(schema: S) => Type.Union([schema, Type.Null()])
const Sha256 = Type.String({ pattern: '^[0-9a-f]{64}$' })

// Main: one signature of a document on a tablet (docs/decisions/documents-signing.md).
export const documentSignatureSchema = Type.Object(
  {
    ...recordProperties,
    documentId: IdSchema,
    customerId: nullable(IdSchema),
    branchId: IdSchema,
    signer: literals(signerRoles),
    signerName: Type.String(),
    /** The PNG of the signature as drawn, stored under its hash. */
    imageSha256: Sha256,
    /** The signed PDF's hash. */
    pdfSha256: Sha256,
    /** The hash of the PDF shown for signing. */
    unsignedSha256: Sha256,
    deviceId: Type.String(),
    deviceName: nullable(Type.String()),
    /** The staff member who asked for the signature (the document's printer); `createdBy` is the one signed in on the tablet. */
    witnessId: nullable(IdSchema),
    signedAt: InstantSchema,
    /** The place in the company's chain of signatures, from 1. */
    sequence: Type.Integer({ minimum: 1 }),
    previousChainHash: nullable(Sha256),
    /** sha256(previousChainHash + pdfSha256 + _id + signedAt). */
    chainHash: Sha256,
    /** get only: the stored PDF still has its hash and the chain link to the previous signature holds. */
    verified: Type.Optional(Type.Boolean())
  },
  { $id: 'DocumentSignature', additionalProperties: false }
)
export type DocumentSignature = Static<typeof documentSignatureSchema>
export const documentSignatureResolver = resolve<DocumentSignature, HookContext>({})
export const documentSignatureExternalResolver = resolve<DocumentSignature, HookContext>({})

/** A point of a stroke: x and y on the pad in CSS pixels, t milliseconds since the first point. */
const point = Type.Tuple([Type.Number({ minimum: -100_000, maximum: 100_000 }), Type.Number({ minimum: -100_000, maximum: 100_000 }), Type.Number({ minimum: 0, maximum: 86_400_000 })])
/** The PNG data URL's length for MAX_SIGNATURE_IMAGE_BYTES of image (base64). */
const MAX_IMAGE_URL = 'data:image/png;base64,'.length + Math.ceil(MAX_SIGNATURE_IMAGE_BYTES / 3) * 4

/** Data: the patient's (or representative's) signature of a document awaiting one. */
export const documentSignatureDataSchema = Type.Object(
  {
    documentId: ref('documents'),
    signer: literals(signerRoles),
    /** Required for a representative; the patient's name by default. */
    signerName: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_SIGNER_NAME })),
    /** The strokes as drawn; never sent back. */
    strokes: Type.Array(Type.Array(point, { minItems: 1, maxItems: MAX_SIGNATURE_POINTS }), { minItems: 1, maxItems: MAX_SIGNATURE_STROKES }),
    image: Type.String({ minLength: 30, maxLength: MAX_IMAGE_URL }),
    deviceId: Type.String({ minLength: 1, maxLength: MAX_DEVICE_FIELD }),
    deviceName: Type.Optional(Type.String({ maxLength: MAX_DEVICE_FIELD }))
  },
  { $id: 'DocumentSignatureData', additionalProperties: false }
)
export type DocumentSignatureData = Static<typeof documentSignatureDataSchema>
export const documentSignatureDataValidator = getValidator(documentSignatureDataSchema, dataValidator)

export const documentSignatureQuerySchema = strictQuery(Type.Pick(documentSignatureSchema, ['_id', 'companyId', 'documentId', 'customerId', 'createdAt']))
export type DocumentSignatureQuery = Static<typeof documentSignatureQuerySchema>
export const documentSignatureQueryValidator = getValidator(documentSignatureQuerySchema, queryValidator)
