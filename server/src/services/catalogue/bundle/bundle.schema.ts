import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { strictQuery } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { recordCreateResolvers, recordPatchResolvers, recordProperties } from '../../../schema/record'
import { MAX_CATALOGUE_SEARCH } from '../../../../../domain/catalogue/search'
import { BUNDLE_LIMITS, MAX_BUNDLE_NAME } from './bundle.shared'

/** One line of a bundle: a catalogue service and how many times it is done. */
export const bundleItemSchema = Type.Object(
  {
    serviceId: ref('service'),
    quantity: Type.Integer({ minimum: 1, maximum: BUNDLE_LIMITS.quantity })
  },
  { additionalProperties: false }
)
export type BundleItem = Static<typeof bundleItemSchema>

/**
 * A bundle (issue 15, item 3): a named set of catalogue services with quantities, put into an
 * appointment or a plan phase in one click. Prices and durations are the catalogue's at the time
 * of use (see docs/decisions/catalogue-bundles.md).
 */
export const bundleSchema = Type.Object(
  {
    ...recordProperties,
    name: Type.String({ minLength: 1, maxLength: MAX_BUNDLE_NAME }),
    specialtyId: Type.Union([ref('specialty'), Type.Null()]),
    items: Type.Array(bundleItemSchema, { minItems: 1, maxItems: BUNDLE_LIMITS.items }),
    archived: Type.Boolean()
  },
  { $id: 'Bundle', additionalProperties: false }
)
export type Bundle = Static<typeof bundleSchema>
export const bundleResolver = resolve<Bundle, HookContext>({})
export const bundleExternalResolver = resolve<Bundle, HookContext>({})

const editable = ['name', 'specialtyId', 'items', 'archived'] as const

export const bundleDataSchema = Type.Intersect(
  [Type.Pick(bundleSchema, ['name', 'items']), Type.Partial(Type.Pick(bundleSchema, ['specialtyId', 'archived']))],
  { $id: 'BundleData', additionalProperties: false }
)
export type BundleData = Static<typeof bundleDataSchema>
export const bundleDataValidator = getValidator(bundleDataSchema, dataValidator)
export const bundleDataResolver = resolve<Bundle, HookContext>({
  ...recordCreateResolvers,
  specialtyId: async (value) => value ?? null,
  archived: async (value) => value ?? false
})

export const bundlePatchSchema = Type.Partial(Type.Pick(bundleSchema, [...editable]), { $id: 'BundlePatch', additionalProperties: false })
export type BundlePatch = Static<typeof bundlePatchSchema>
export const bundlePatchValidator = getValidator(bundlePatchSchema, dataValidator)
export const bundlePatchResolver = resolve<Bundle, HookContext>({ ...recordPatchResolvers })

// Query: `$search` (a prefix of the name, any case) besides the usual operators.
export const bundleQuerySchema = strictQuery(
  Type.Pick(bundleSchema, ['_id', 'companyId', 'name', 'specialtyId', 'archived', 'createdAt', 'updatedAt', 'createdBy']),
  {},
  { $search: Type.String({ maxLength: MAX_CATALOGUE_SEARCH }) }
)
export type BundleQuery = Static<typeof bundleQuerySchema>
export const bundleQueryValidator = getValidator(bundleQuerySchema, queryValidator)
