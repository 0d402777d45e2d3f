import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { IdSchema, InstantSchema, strictQuery } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { now } from '../../../hooks/ids'
import { newCabinetToken } from './customer-cabinet-token.class'

// Main: a link to a customer's own cabinet.
export const cabinetTokenSchema = Type.Object(
  {
    token: Type.String({ minLength: 32, maxLength: 64 }),
    companyId: IdSchema,
    customerId: ref('customers'),
    createdAt: InstantSchema,
    updatedAt: InstantSchema,
    createdBy: Type.Union([IdSchema, Type.Null()]),
    /** The link stops working at this instant; null: it works until revoked. */
    expiresAt: Type.Union([InstantSchema, Type.Null()]),
    revokedAt: Type.Union([InstantSchema, Type.Null()]),
    revokedBy: Type.Union([IdSchema, Type.Null()])
  },
  { $id: 'CabinetToken', additionalProperties: false }
)
export type CabinetToken = Static<typeof cabinetTokenSchema>
export const cabinetTokenResolver = resolve<CabinetToken, HookContext>({})
export const cabinetTokenExternalResolver = resolve<CabinetToken, HookContext>({})

// Data: whose link, and optionally until when.
export const cabinetTokenDataSchema = Type.Intersect([Type.Pick(cabinetTokenSchema, ['customerId']), Type.Partial(Type.Pick(cabinetTokenSchema, ['expiresAt']))], {
  $id: 'CabinetTokenData',
  additionalProperties: false
})
export type CabinetTokenData = Static<typeof cabinetTokenDataSchema>
export const cabinetTokenDataValidator = getValidator(cabinetTokenDataSchema, dataValidator)
export const cabinetTokenDataResolver = resolve<CabinetToken, HookContext>({
  token: async () => newCabinetToken(),
  companyId: async (value, _data, context) => (context.params.provider ? context.params.identity!.user.companyId : value),
  createdAt: async () => now(),
  updatedAt: async () => now(),
  createdBy: async (_value, _data, context) => context.params.identity?.user._id ?? null,
  expiresAt: async (value) => (value ? new Date(value).toISOString() : null),
  revokedAt: async () => null,
  revokedBy: async () => null
})

// Query
export const cabinetTokenQueryProperties = Type.Pick(cabinetTokenSchema, ['token', 'companyId', 'customerId', 'createdAt', 'expiresAt', 'revokedAt'])
export const cabinetTokenQuerySchema = strictQuery(cabinetTokenQueryProperties)
export type CabinetTokenQuery = Static<typeof cabinetTokenQuerySchema>
export const cabinetTokenQueryValidator = getValidator(cabinetTokenQuerySchema, queryValidator)
export const cabinetTokenQueryResolver = resolve<CabinetTokenQuery, HookContext>({})
