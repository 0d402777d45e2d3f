import type { Id, NullableId, Paginated, Params } from '@feathersjs/feathers'
import { BadRequest, NotAuthenticated, NotFound } from '@feathersjs/errors'
import type { Application } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { clinicError } from '../../../errors'
import { paginate } from '../../../schema/query'
import type { Notification } from '../notification/notification.schema'
import { markNotifications, notificationOf, notificationsOf } from '../notification/notification-store'
import type { MyNotificationPatch, MyNotificationQuery } from './my-notifications.schema'

export type { MyNotificationPatch, MyNotificationQuery }
export type MyNotificationParams = Params<MyNotificationQuery>

/**
 * `my-notifications`: the signed-in member's own notifications (the bell). A service over the
 * notification service's table, through its exported reads and writes (notification-store.ts).
 * `patch(id, { read })` marks one read or unread; `patch(null, { read: true })` marks all.
 */
export class MyNotificationService {
  constructor(private readonly app: Application) {}

  private caller(params?: MyNotificationParams) {
    const identity = params?.identity
    if (!identity) throw clinicError(NotAuthenticated, 'not-authenticated')
    return { companyId: identity.user.companyId, userId: identity.user._id }
  }

  async find(params?: MyNotificationParams): Promise<Paginated<Notification>> {
    const who = this.caller(params)
    const query = params?.query ?? {}
    const limit = Math.min(query.$limit ?? paginate.default, paginate.max)
    const skip = query.$skip ?? 0
    const page = await notificationsOf(dbOf(this.app, params), { ...who, unreadOnly: query.readAt === null, kind: query.kind, limit, skip })
    return { total: page.total, limit, skip, data: page.data }
  }

  async get(id: Id, params?: MyNotificationParams): Promise<Notification> {
    const who = this.caller(params)
    const found = await notificationOf(dbOf(this.app, params), who.companyId, who.userId, String(id))
    if (!found) throw new NotFound(`No record found for id '${id}'`)
    return found
  }

  async patch(id: NullableId, data: MyNotificationPatch, params?: MyNotificationParams): Promise<Notification | Notification[]> {
    const who = this.caller(params)
    const db = dbOf(this.app, params)
    if (id === null) {
      if (!data.read) throw clinicError(BadRequest, 'invalid-request', 'read')
      return markNotifications(db, who, null, true)
    }
    const current = await notificationOf(db, who.companyId, who.userId, String(id))
    if (!current) throw new NotFound(`No record found for id '${id}'`)
    const [changed] = await markNotifications(db, who, [current._id], data.read)
    return changed ?? current
  }
}
