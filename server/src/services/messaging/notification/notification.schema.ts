import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { queryValidator } from '../../../validators'
import { IdSchema, InstantSchema, strictQuery } from '../../../schema/query'
import { recordProperties } from '../../../schema/record'
import { staffNotificationKinds } from '../../../../../domain/messaging/staff-notifications'

/**
 * A staff notification (issue 18, item 8): something that happened, for one member (`userId`,
 * the recipient). `params` holds the facts the text needs (a task's description, a payment's
 * amount and patient), `link` the route in the app it opens. Read when `readAt` is set.
 */
export const notificationSchema = Type.Object(
  {
    ...recordProperties,
    /** The branch it happened in, when it happened in one (a payment); null otherwise. */
    branchId: Type.Union([IdSchema, Type.Null()]),
    userId: IdSchema,
    kind: Type.Union(staffNotificationKinds.map((kind) => Type.Literal(kind))),
    params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()])),
    link: Type.String({ maxLength: 300 }),
    readAt: Type.Union([InstantSchema, Type.Null()])
  },
  { $id: 'Notification', additionalProperties: false }
)
export type Notification = Static<typeof notificationSchema>
export const notificationResolver = resolve<Notification, HookContext>({})
export const notificationExternalResolver = resolve<Notification, HookContext>({})

export const notificationQuerySchema = strictQuery(Type.Pick(notificationSchema, ['_id', 'companyId', 'userId', 'kind', 'readAt', 'createdAt']))
export type NotificationQuery = Static<typeof notificationQuerySchema>
export const notificationQueryValidator = getValidator(notificationQuerySchema, queryValidator)
