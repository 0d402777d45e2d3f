import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { IdSchema, strictQuery } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { recordCreateResolvers, recordPatchResolvers, recordProperties } from '../../../schema/record'
import { MAX_MEDIA_TITLE, mediaKinds, mediaMimes, mediaOwnerTypes } from './media-types.shared'
import { mediaLinks } from './media-links'

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))
const nullable = <S extends Parameters<typeof Type.Union>[0][number]>(schema: S) => Type.Union([schema, Type.Null()])
const short = Type.String({ maxLength: 200 })

/** The header fields of a DICOM file shown beside its download (dicom-parser reads them at upload). */
export const dicomHeaderSchema = Type.Object(
  {
    patientName: short,
    studyDate: short,
    modality: short,
    bodyPart: short,
    rows: nullable(Type.Integer()),
    columns: nullable(Type.Integer())
  },
  { additionalProperties: false }
)
export type DicomHeader = Static<typeof dicomHeaderSchema>

/** Download links for the caller (find and get only; see media-links.ts): the file and its thumbnail. */
const linksSchema = Type.Object({ file: Type.String(), thumbnail: nullable(Type.String()), expiresAt: Type.String() }, { additionalProperties: false })

// Main: one stored file and what it is attached to.
export const mediaSchema = Type.Object(
  {
    ...recordProperties,
    /** The patient's branch when the file was attached (the company screen's branch filter); an expense's file: the expense's branch now. */
    branchId: IdSchema,
    /** The owner's patient; null for an expense's file (docs/decisions/media.md). */
    customerId: nullable(ref('customers')),
    ownerType: literals(mediaOwnerTypes),
    ownerId: IdSchema,
    title: Type.String({ maxLength: MAX_MEDIA_TITLE }),
    mime: literals(mediaMimes),
    kind: literals(mediaKinds),
    size: Type.Integer({ minimum: 1 }),
    /** SHA-256 of the bytes, hex. */
    hash: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    /** The thumbnail's key suffix when one was made (images), else null. */
    thumbnail: nullable(Type.String({ maxLength: 80 })),
    width: nullable(Type.Integer()),
    height: nullable(Type.Integer()),
    dicom: nullable(dicomHeaderSchema),
    links: Type.Optional(linksSchema)
  },
  { $id: 'Media', additionalProperties: false }
)
export type Media = Static<typeof mediaSchema>
export const mediaResolver = resolve<Media, HookContext>({
  // PostgreSQL answers bigint columns as text.
  size: async (value) => (value === undefined ? value : Number(value))
})
/** Links only in answers to the reader's own find/get: an event goes to many people, a link is one person's. */
export const mediaExternalResolver = resolve<Media, HookContext>({
  links: async (_value, media, context) => (context.method === 'find' || context.method === 'get' ? mediaLinks(context, media) : undefined)
})

/** Data: made by the upload route only (server/src/http/media-routes.ts), never sent by a client; the patient and branch come from the owner. */
export const mediaDataSchema = Type.Object(
  {
    ownerType: literals(mediaOwnerTypes),
    ownerId: IdSchema,
    title: Type.String({ maxLength: MAX_MEDIA_TITLE }),
    mime: literals(mediaMimes),
    kind: literals(mediaKinds),
    size: Type.Integer({ minimum: 1 }),
    hash: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    thumbnail: nullable(Type.String({ maxLength: 80 })),
    width: nullable(Type.Integer()),
    height: nullable(Type.Integer()),
    dicom: nullable(dicomHeaderSchema)
  },
  { $id: 'MediaData', additionalProperties: false }
)
export type MediaData = Static<typeof mediaDataSchema>
export const mediaDataValidator = getValidator(mediaDataSchema, dataValidator)
export const mediaDataResolver = resolve<Media, HookContext>({ ...recordCreateResolvers })

/** Patch: the title only; what a file is and whose is fixed at upload. */
export const mediaPatchSchema = Type.Object({ title: Type.String({ minLength: 1, maxLength: MAX_MEDIA_TITLE }) }, { $id: 'MediaPatch', additionalProperties: false })
export type MediaPatch = Static<typeof mediaPatchSchema>
export const mediaPatchValidator = getValidator(mediaPatchSchema, dataValidator)
export const mediaPatchResolver = resolve<Media, HookContext>({ ...recordPatchResolvers })

// Query: a patient's or an owner's files, the company's by branch, type, kind; `$exists` on thumbnail, width (images) and ownerId.
export const mediaQueryProperties = Type.Pick(mediaSchema, [
  '_id', 'companyId', 'branchId', 'customerId', 'ownerType', 'ownerId', 'kind', 'mime', 'hash', 'thumbnail', 'width', 'size', 'createdAt', 'createdBy'
])
const exists = { $exists: Type.Boolean() }
export const mediaQuerySchema = strictQuery(mediaQueryProperties, { thumbnail: exists, width: exists, ownerId: exists })
export type MediaQuery = Static<typeof mediaQuerySchema>
export const mediaQueryValidator = getValidator(mediaQuerySchema, queryValidator)
