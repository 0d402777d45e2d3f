import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { strictQuery, IdSchema, InstantSchema } from '../../../schema/query'
import { recordPatchResolvers } from '../../../schema/record'
import { entryCreateResolvers, ownerSchema, searchTextSchema, titlesSchema } from '../icd/titles.schema'
import { ICD_QUERY_CODE_PATTERN, MAX_ICD_CODE } from '../icd/icd.shared'
import { MAX_COMPLAINT_CODES } from './cdb.shared'

const icdCode = Type.String({ minLength: 1, maxLength: MAX_ICD_CODE })

// Main: one complaint.
export const cdbSchema = Type.Object(
  {
    _id: IdSchema,
    companyId: ownerSchema,
    /** The stable name of a shipped complaint; null for a company's own. */
    key: Type.Union([Type.String({ maxLength: 64 }), Type.Null()]),
    /** Order in the list (shipped ones by tens; own ones 0 unless set: first). */
    rank: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
    titles: titlesSchema,
    /** ICD-10 codes the complaint usually goes with (a category covers its subcategories). */
    icdCodes: Type.Array(icdCode, { maxItems: MAX_COMPLAINT_CODES }),
    createdAt: InstantSchema,
    updatedAt: InstantSchema,
    createdBy: Type.Union([IdSchema, Type.Null()])
  },
  { $id: 'Complaint', additionalProperties: false }
)
export type Complaint = Static<typeof cdbSchema>
export const cdbResolver = resolve<Complaint, HookContext>({})
export const cdbExternalResolver = resolve<Complaint, HookContext>({})

// Data: a company's own complaint.
export const cdbDataSchema = Type.Intersect([Type.Pick(cdbSchema, ['titles']), Type.Partial(Type.Pick(cdbSchema, ['icdCodes', 'rank']))], {
  $id: 'ComplaintData',
  additionalProperties: false
})
export type ComplaintData = Static<typeof cdbDataSchema>
export const cdbDataValidator = getValidator(cdbDataSchema, dataValidator)
export const cdbDataResolver = resolve<Complaint, HookContext>({
  ...entryCreateResolvers,
  key: async () => null,
  rank: async (value) => value ?? 0,
  icdCodes: async (value) => value ?? []
})

// Patch: titles (replaced whole), codes, rank.
export const cdbPatchSchema = Type.Partial(Type.Pick(cdbSchema, ['titles', 'icdCodes', 'rank']), { $id: 'ComplaintPatch', additionalProperties: false })
export type ComplaintPatch = Static<typeof cdbPatchSchema>
export const cdbPatchValidator = getValidator(cdbPatchSchema, dataValidator)
export const cdbPatchResolver = resolve<Complaint, HookContext>({ ...recordPatchResolvers })

// Query: complaints of one ICD code (`icd`, the route's {icd?}), words, order.
export const cdbQuerySchema = strictQuery(Type.Pick(cdbSchema, ['_id', 'companyId', 'key', 'rank', 'createdAt', 'updatedAt']), {}, { text: searchTextSchema, icd: Type.String({ maxLength: MAX_ICD_CODE, pattern: ICD_QUERY_CODE_PATTERN }) })
export type ComplaintQuery = Static<typeof cdbQuerySchema>
export const cdbQueryValidator = getValidator(cdbQuerySchema, queryValidator)
