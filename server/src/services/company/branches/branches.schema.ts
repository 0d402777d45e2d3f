import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { strictQuery } from '../../../schema/query'
import { recordCreateResolvers, recordPatchResolvers, recordProperties } from '../../../schema/record'
import { INVOICE_PREFIX_MAX, INVOICE_PREFIX_PATTERN, DEFAULT_INVOICE_PREFIX } from '../../../../../domain/billing/invoice-prefix'

export const branchSchema = Type.Object(
  {
    ...recordProperties,
    name: Type.String({ minLength: 1, maxLength: 200 }),
    address: Type.String({ maxLength: 500 }),
    phone: Type.String({ maxLength: 32 }),
    isMain: Type.Boolean(),
    archived: Type.Boolean(),
    /** The branch's invoice numbers start with it ("CHL-1"): capitals, digits and single dashes. */
    invoicePrefix: Type.String({ minLength: 1, maxLength: INVOICE_PREFIX_MAX, pattern: INVOICE_PREFIX_PATTERN })
  },
  { $id: 'Branch', additionalProperties: false }
)
export type Branch = Static<typeof branchSchema>
export const branchResolver = resolve<Branch, HookContext>({})
export const branchExternalResolver = resolve<Branch, HookContext>({})

export const branchDataSchema = Type.Intersect(
  [Type.Pick(branchSchema, ['name']), Type.Partial(Type.Pick(branchSchema, ['address', 'phone', 'isMain', 'archived', 'invoicePrefix']))],
  { $id: 'BranchData', additionalProperties: false }
)
export type BranchData = Static<typeof branchDataSchema>
export const branchDataValidator = getValidator(branchDataSchema, dataValidator)
export const branchDataResolver = resolve<Branch, HookContext>({
  ...recordCreateResolvers,
  address: async (value) => value ?? '',
  phone: async (value) => value ?? '',
  isMain: async (value) => value ?? false,
  archived: async (value) => value ?? false,
  invoicePrefix: async (value) => value ?? DEFAULT_INVOICE_PREFIX
})

export const branchPatchSchema = Type.Partial(Type.Pick(branchSchema, ['name', 'address', 'phone', 'isMain', 'archived', 'invoicePrefix']), {
  $id: 'BranchPatch',
  additionalProperties: false
})
export type BranchPatch = Static<typeof branchPatchSchema>
export const branchPatchValidator = getValidator(branchPatchSchema, dataValidator)
export const branchPatchResolver = resolve<Branch, HookContext>({ ...recordPatchResolvers })

// Spec section 7 allows $regex/$options on branches: a bounded, case-insensitive name match.
export const branchQuerySchema = strictQuery(Type.Pick(branchSchema, ['_id', 'companyId', 'name', 'isMain', 'archived', 'createdAt', 'updatedAt']), {
  name: { $regex: Type.String({ maxLength: 100 }), $options: Type.Optional(Type.Literal('i')) }
})
export type BranchQuery = Static<typeof branchQuerySchema>
export const branchQueryValidator = getValidator(branchQuerySchema, queryValidator)
