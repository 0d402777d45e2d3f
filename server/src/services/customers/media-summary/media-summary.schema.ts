import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { queryValidator } from '../../../validators'
import { IdSchema } from '../../../schema/query'

const countSchema = { count: Type.Integer(), bytes: Type.Integer() }
export const mediaSummaryRowSchema = Type.Object({ key: Type.String(), ...countSchema }, { additionalProperties: false })
export type MediaSummaryRow = Static<typeof mediaSummaryRowSchema>

/**
 * Files and their sizes: `bytes` adds every file's size; `storedBytes` counts each content once
 * (the same file attached twice is stored once).
 */
export const mediaSummarySchema = Type.Object(
  {
    customerId: Type.Union([IdSchema, Type.Null()]),
    count: Type.Integer(),
    bytes: Type.Integer(),
    storedBytes: Type.Integer(),
    byOwnerType: Type.Array(mediaSummaryRowSchema),
    byBranch: Type.Array(mediaSummaryRowSchema),
    byKind: Type.Array(mediaSummaryRowSchema)
  },
  { $id: 'MediaSummary', additionalProperties: false }
)
export type MediaSummary = Static<typeof mediaSummarySchema>

export const mediaSummaryQuerySchema = Type.Object({ customerId: Type.Optional(IdSchema), companyId: Type.Optional(IdSchema) }, { additionalProperties: false })
export type MediaSummaryQuery = Static<typeof mediaSummaryQuerySchema>
export const mediaSummaryQueryValidator = getValidator(mediaSummaryQuerySchema, queryValidator)
