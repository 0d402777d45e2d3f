import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { strictQuery } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { recordCreateResolvers, recordPatchResolvers, recordProperties } from '../../../schema/record'
import { RankSchema, nextRank } from '../../../schema/rank'
import { MAX_CATALOGUE_SEARCH } from '../../../../../domain/catalogue/search'
import { MAX_SERVICE_CODE, MAX_SERVICE_DESCRIPTION, SERVICE_BUFFER, SERVICE_DURATION } from './service.shared'

/** A service (treatment) of the catalogue (spec section 3, "Treatment and service"). */
export const clinicServiceSchema = Type.Object(
  {
    ...recordProperties,
    categoryId: Type.Union([ref('service-categories'), Type.Null()]),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    code: Type.Union([Type.String({ minLength: 1, maxLength: MAX_SERVICE_CODE }), Type.Null()]),
    description: Type.Union([Type.String({ maxLength: MAX_SERVICE_DESCRIPTION }), Type.Null()]),
    /** Minutes. */
    duration: Type.Integer({ minimum: SERVICE_DURATION.min, maximum: SERVICE_DURATION.max }),
    /** Minutes kept free after the service. */
    bufferTime: Type.Integer({ minimum: SERVICE_BUFFER.min, maximum: SERVICE_BUFFER.max }),
    /** Minor units of the company currency. */
    price: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
    /** Offered in online booking. */
    public: Type.Boolean(),
    /** The price (duration) is fixed: a booking or invoice cannot change it. */
    staticPrice: Type.Boolean(),
    staticDuration: Type.Boolean(),
    /** Marked done (a treatment line) only for a patient with a signed consent for it, while the company's setting is on. */
    requiresConsent: Type.Boolean(),
    rank: RankSchema,
    color: Type.Union([Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }), Type.Null()]),
    archived: Type.Boolean()
  },
  { $id: 'ClinicService', additionalProperties: false }
)
export type ClinicService = Static<typeof clinicServiceSchema>
export const clinicServiceResolver = resolve<ClinicService, HookContext>({})
export const clinicServiceExternalResolver = resolve<ClinicService, HookContext>({})

const editable = ['categoryId', 'name', 'code', 'description', 'duration', 'bufferTime', 'price', 'public', 'staticPrice', 'staticDuration', 'requiresConsent', 'rank', 'color', 'archived'] as const

// Data: a name and a duration; the rest has defaults.
export const clinicServiceDataSchema = Type.Intersect(
  [Type.Pick(clinicServiceSchema, ['name', 'duration']), Type.Partial(Type.Pick(clinicServiceSchema, editable.filter((key) => key !== 'name' && key !== 'duration')))],
  { $id: 'ClinicServiceData', additionalProperties: false }
)
export type ClinicServiceData = Static<typeof clinicServiceDataSchema>
export const clinicServiceDataValidator = getValidator(clinicServiceDataSchema, dataValidator)
export const clinicServiceDataResolver = resolve<ClinicService, HookContext>({
  ...recordCreateResolvers,
  categoryId: async (value) => value ?? null,
  code: async (value) => value ?? null,
  description: async (value) => value || null,
  bufferTime: async (value) => value ?? 0,
  price: async (value) => value ?? 0,
  public: async (value) => value ?? true,
  staticPrice: async (value) => value ?? false,
  staticDuration: async (value) => value ?? false,
  requiresConsent: async (value) => value ?? false,
  // A new service goes last unless the client places it.
  rank: async (value, data, context) => value ?? (await nextRank(context, 'services', { companyId: context.params.identity?.user.companyId ?? data.companyId })),
  color: async (value) => value ?? null,
  archived: async (value) => value ?? false
})

export const clinicServicePatchSchema = Type.Partial(Type.Pick(clinicServiceSchema, [...editable]), { $id: 'ClinicServicePatch', additionalProperties: false })
export type ClinicServicePatch = Static<typeof clinicServicePatchSchema>
export const clinicServicePatchValidator = getValidator(clinicServicePatchSchema, dataValidator)
export const clinicServicePatchResolver = resolve<ClinicService, HookContext>({
  ...recordPatchResolvers,
  description: async (value) => (value === undefined ? value : value || null)
})

// Query: `$search` (name or code prefix) besides the usual operators.
const queryable = Type.Pick(clinicServiceSchema, [
  '_id', 'companyId', 'categoryId', 'name', 'code', 'duration', 'bufferTime', 'price', 'public', 'staticPrice', 'staticDuration', 'requiresConsent', 'rank', 'color', 'archived', 'createdAt', 'updatedAt', 'createdBy'
])
export const clinicServiceQuerySchema = strictQuery(queryable, {}, { $search: Type.String({ maxLength: MAX_CATALOGUE_SEARCH }) })
export type ClinicServiceQuery = Static<typeof clinicServiceQuerySchema>
export const clinicServiceQueryValidator = getValidator(clinicServiceQuerySchema, queryValidator)
