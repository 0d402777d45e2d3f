import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../validators'
import { IdSchema, MAX_PAGE_SIZE } from '../../../schema/query'
import { staffNotificationKinds } from '../../../../../domain/messaging/staff-notifications'

/**
 * The caller's notifications, newest first: `readAt: null` for the unread alone, `kind` one
 * kind; paged by `$limit`/`$skip`. Nothing else (the order is the bell's).
 */
export const myNotificationQuerySchema = Type.Object(
  {
    companyId: Type.Optional(IdSchema),
    readAt: Type.Optional(Type.Null()),
    kind: Type.Optional(Type.Union(staffNotificationKinds.map((kind) => Type.Literal(kind)))),
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_SIZE })),
    $skip: Type.Optional(Type.Integer({ minimum: 0 }))
  },
  { $id: 'MyNotificationQuery', additionalProperties: false }
)
export type MyNotificationQuery = Static<typeof myNotificationQuerySchema>
export const myNotificationQueryValidator = getValidator(myNotificationQuerySchema, queryValidator)

/** Marks one notification (by id) or all the unread ones (id null) read, or one unread again. */
export const myNotificationPatchSchema = Type.Object({ read: Type.Boolean() }, { $id: 'MyNotificationPatch', additionalProperties: false })
export type MyNotificationPatch = Static<typeof myNotificationPatchSchema>
export const myNotificationPatchValidator = getValidator(myNotificationPatchSchema, dataValidator)
