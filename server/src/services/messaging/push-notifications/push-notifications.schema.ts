import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../validators'
import { IdSchema, strictQuery } from '../../../schema/query'
import { recordProperties } from '../../../schema/record'

/** A browser subscribed to a member's Web Push: its push service address; its keys never leave the server. */
export const pushSubscriptionSchema = Type.Object(
  {
    ...recordProperties,
    userId: IdSchema,
    endpoint: Type.String({ maxLength: 1000 }),
    userAgent: Type.String({ maxLength: 300 })
  },
  { $id: 'PushSubscription', additionalProperties: false }
)
export type PushSubscriptionRecord = Static<typeof pushSubscriptionSchema>

const base64url = (minLength: number, maxLength: number) => Type.String({ pattern: '^[A-Za-z0-9_-]+={0,2}$', minLength, maxLength })

/**
 * What `PushSubscription.toJSON()` gives in the browser. The endpoint must be https (push
 * services are; the server posts to it); p256dh is a P-256 point (65 bytes), auth 16 bytes.
 */
export const pushSubscriptionDataSchema = Type.Object(
  {
    endpoint: Type.String({ format: 'uri', pattern: '^https://', maxLength: 1000 }),
    expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    keys: Type.Object({ p256dh: base64url(86, 90), auth: base64url(22, 24) }, { additionalProperties: false })
  },
  { $id: 'PushSubscriptionData', additionalProperties: false }
)
export type PushSubscriptionData = Static<typeof pushSubscriptionDataSchema>
export const pushSubscriptionDataValidator = getValidator(pushSubscriptionDataSchema, dataValidator)

export const pushSubscriptionQuerySchema = strictQuery(Type.Pick(pushSubscriptionSchema, ['_id', 'companyId', 'endpoint']))
export type PushSubscriptionQuery = Static<typeof pushSubscriptionQuerySchema>
export const pushSubscriptionQueryValidator = getValidator(pushSubscriptionQuerySchema, queryValidator)
