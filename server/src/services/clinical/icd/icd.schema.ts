import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { strictQuery, IdSchema, InstantSchema } from '../../../schema/query'
import { recordPatchResolvers } from '../../../schema/record'
import { entryCreateResolvers, ownerSchema, searchTextSchema, titlesSchema } from './titles.schema'
import { ICD_CODE_PATTERN, MAX_ICD_CODE, icdSystems } from './icd.shared'

const code = Type.String({ minLength: 1, maxLength: MAX_ICD_CODE })
const system = Type.Union(icdSystems.map((name) => Type.Literal(name)))

// Main: one code of the tree (a chapter, a block, a category or a subcategory).
export const icdSchema = Type.Object(
  {
    _id: IdSchema,
    companyId: ownerSchema,
    system,
    code,
    kind: Type.Union([Type.Literal('chapter'), Type.Literal('block'), Type.Literal('category'), Type.Literal('subcategory')]),
    parentId: Type.Union([IdSchema, Type.Null()]),
    titles: titlesSchema,
    createdAt: InstantSchema,
    updatedAt: InstantSchema,
    createdBy: Type.Union([IdSchema, Type.Null()])
  },
  { $id: 'IcdCode', additionalProperties: false }
)
export type IcdCode = Static<typeof icdSchema>
export const icdResolver = resolve<IcdCode, HookContext>({})
export const icdExternalResolver = resolve<IcdCode, HookContext>({})

/**
 * Data: a company's own code. The parent is named by its code (`parentCode`, null or absent for a
 * top-level entry), as a CSV names it: the server finds it among the shipped and the company's
 * own codes of the same system.
 */
const writable = {
  code: Type.String({ minLength: 1, maxLength: MAX_ICD_CODE, pattern: ICD_CODE_PATTERN }),
  parentCode: Type.Union([Type.String({ minLength: 1, maxLength: MAX_ICD_CODE }), Type.Null()]),
  titles: titlesSchema
}
export const icdDataSchema = Type.Object(
  { code: writable.code, titles: writable.titles, parentCode: Type.Optional(writable.parentCode), system: Type.Optional(system) },
  { $id: 'IcdCodeData', additionalProperties: false }
)
export type IcdCodeData = Static<typeof icdDataSchema>
export const icdDataValidator = getValidator(icdDataSchema, dataValidator)
export const icdDataResolver = resolve<IcdCode, HookContext>({ ...entryCreateResolvers })

// Patch: titles (replaced whole), code or parent of an own code.
export const icdPatchSchema = Type.Partial(Type.Object(writable), { $id: 'IcdCodePatch', additionalProperties: false })
export type IcdCodePatch = Static<typeof icdPatchSchema>
export const icdPatchValidator = getValidator(icdPatchSchema, dataValidator)
export const icdPatchResolver = resolve<IcdCode, HookContext>({ ...recordPatchResolvers })

/** `$regex` on the code (spec section 7's operator): a prefix with `^`, else a part of the code. */
const codeRegex = { $regex: Type.String({ minLength: 1, maxLength: MAX_ICD_CODE + 1 }), $options: Type.Union([Type.Literal('i'), Type.Literal('')]) }

// Query: the tree by parentId, a code prefix, words, the company's own only (companyId).
export const icdQuerySchema = strictQuery(
  Type.Pick(icdSchema, ['_id', 'companyId', 'system', 'code', 'kind', 'parentId', 'createdAt', 'updatedAt']),
  { code: codeRegex },
  { text: searchTextSchema }
)
export type IcdCodeQuery = Static<typeof icdQuerySchema>
export const icdQueryValidator = getValidator(icdQuerySchema, queryValidator)
