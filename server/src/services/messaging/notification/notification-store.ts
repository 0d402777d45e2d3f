import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { afterCommit, dbOf } from '../../../hooks/call-transaction'
import { newId, now } from '../../../hooks/ids'
import { RowCodec } from '../../row-codec'
import type { StaffNotificationKind, StaffNotificationParams } from '../../../../../domain/messaging/staff-notifications'
import { sendPushes } from '../push-notifications/push-sender'
import { NOTIFICATIONS_TABLE, notificationRowShape, type Notification } from './notification.class'

/**
 * The staff notifications' writes and reads for the producers (other areas) and `my-notifications`
 * (the notification service owns `notifications`).
 */

const codec = new RowCodec(notificationRowShape)
/** The path whose events the bell listens to (my-notifications.shared.ts; not imported: no cycle). */
const MY_NOTIFICATIONS = 'my-notifications'

export interface StaffNotice {
  companyId: string
  /** The recipients (members of the company); one notification each. */
  userIds: readonly string[]
  branchId?: string | null
  kind: StaffNotificationKind
  params: StaffNotificationParams
  /** The app's route it opens ("/company/tasks", "/customer/<id>/billing"). */
  link: string
}

/**
 * Tells members that something happened: one notification per recipient, written with the
 * caller's database handle (`params` carries the write's transaction: a rolled-back write tells
 * nobody). Once committed, each recipient hears `created` on `my-notifications` (their bell)
 * and their subscribed browsers get a Web Push. Returns the notifications made.
 */
export async function notifyStaff(app: Application, params: Params | undefined, notice: StaffNotice): Promise<Notification[]> {
  const recipients = [...new Set(notice.userIds)]
  if (recipients.length === 0) return []
  const stamp = now()
  const made: Notification[] = recipients.map((userId) => ({
    _id: newId(), companyId: notice.companyId, createdAt: stamp, updatedAt: stamp, createdBy: null,
    branchId: notice.branchId ?? null, userId, kind: notice.kind, params: notice.params, link: notice.link, readAt: null
  }))
  await dbOf(app, params)(NOTIFICATIONS_TABLE).insert(made.map((row) => codec.toDb({ ...row })))
  await afterCommit(params, () => {
    const bell = app.service(MY_NOTIFICATIONS as 'my-notifications') as unknown as { emit: (event: string, data: unknown) => void }
    for (const notification of made) bell.emit('created', notification)
    sendPushes(app, made)
  })
  return made
}

export interface RecipientQuery {
  companyId: string
  userId: string
  unreadOnly?: boolean
  kind?: StaffNotificationKind
  limit: number
  skip: number
}

/** A member's notifications, newest first, with the total of the same filter. */
export async function notificationsOf(db: Knex, query: RecipientQuery): Promise<{ total: number; data: Notification[] }> {
  const filtered = () => {
    const builder = db(NOTIFICATIONS_TABLE).where({ companyId: query.companyId, userId: query.userId })
    if (query.unreadOnly) builder.whereNull('readAt')
    if (query.kind) builder.andWhere({ kind: query.kind })
    return builder
  }
  const [{ count }] = (await filtered().count({ count: '*' })) as Array<{ count: number | string }>
  const rows = query.limit === 0 ? [] : ((await filtered().orderBy([{ column: 'createdAt', order: 'desc' }, { column: '_id', order: 'desc' }]).limit(query.limit).offset(query.skip)) as Record<string, unknown>[])
  return { total: Number(count), data: rows.map((row) => codec.fromDb<Notification>(row)) }
}

/** One notification of a member; undefined when not theirs. */
export async function notificationOf(db: Knex, companyId: string, userId: string, id: string): Promise<Notification | undefined> {
  const row = await db(NOTIFICATIONS_TABLE).where({ _id: id, companyId, userId }).first()
  return row ? codec.fromDb<Notification>(row) : undefined
}

/**
 * Marks a member's notifications read (`read`) or unread: `ids` those, null every one not yet so.
 * Returns the notifications that changed.
 */
export async function markNotifications(db: Knex, who: { companyId: string; userId: string }, ids: readonly string[] | null, read: boolean): Promise<Notification[]> {
  const stamp = now()
  const changing = db(NOTIFICATIONS_TABLE).where(who)
  if (ids) changing.whereIn('_id', [...ids])
  if (read) changing.whereNull('readAt')
  else changing.whereNotNull('readAt')
  const changed = ((await changing.clone().select('_id')) as Array<{ _id: string }>).map((row) => row._id)
  if (changed.length === 0) return []
  for (let start = 0; start < changed.length; start += 500) {
    await db(NOTIFICATIONS_TABLE).where(who).whereIn('_id', changed.slice(start, start + 500)).update({ readAt: read ? stamp : null, updatedAt: stamp })
  }
  const rows: Notification[] = []
  for (let start = 0; start < changed.length; start += 500) {
    const page = (await db(NOTIFICATIONS_TABLE).where(who).whereIn('_id', changed.slice(start, start + 500))) as Record<string, unknown>[]
    rows.push(...page.map((row) => codec.fromDb<Notification>(row)))
  }
  return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id))
}
