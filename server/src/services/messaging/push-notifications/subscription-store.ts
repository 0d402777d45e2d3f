import type { Knex } from 'knex'
import { newId, now } from '../../../hooks/ids'

export const PUSH_SUBSCRIPTIONS_TABLE = 'push_subscriptions'

export interface StoredSubscription {
  _id: string
  companyId: string
  userId: string
  endpoint: string
  p256dh: string
  auth: string
  userAgent: string
  createdAt: string
  updatedAt: string
  createdBy: string | null
}

const instant = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value))
const decoded = (row: Record<string, unknown>): StoredSubscription => ({ ...(row as unknown as StoredSubscription), createdAt: instant(row.createdAt), updatedAt: instant(row.updatedAt) })

/**
 * Keeps a browser's subscription for a member. The endpoint is the device's own address at its
 * push service, unique: the same browser subscribing again (new keys, or another member signed in
 * on it) replaces its row, so a device never receives another member's notifications.
 */
export async function saveSubscription(db: Knex, subscription: { companyId: string; userId: string; endpoint: string; p256dh: string; auth: string; userAgent: string }): Promise<StoredSubscription> {
  const stamp = now()
  const existing = await db(PUSH_SUBSCRIPTIONS_TABLE).where({ endpoint: subscription.endpoint }).first('_id')
  if (existing) {
    await db(PUSH_SUBSCRIPTIONS_TABLE).where({ _id: existing._id }).update({ ...subscription, updatedAt: stamp, createdBy: subscription.userId })
    return decoded(await db(PUSH_SUBSCRIPTIONS_TABLE).where({ _id: existing._id }).first())
  }
  const row = { _id: newId(), ...subscription, createdAt: stamp, updatedAt: stamp, createdBy: subscription.userId }
  await db(PUSH_SUBSCRIPTIONS_TABLE).insert(row)
  return row
}

/** A member's subscriptions (`endpoint`: only that device's). */
export async function subscriptionsOf(db: Knex, companyId: string, userId: string, endpoint?: string): Promise<StoredSubscription[]> {
  const query = db(PUSH_SUBSCRIPTIONS_TABLE).where({ companyId, userId }).orderBy('createdAt')
  if (endpoint) query.andWhere({ endpoint })
  return ((await query) as Array<Record<string, unknown>>).map(decoded)
}

/** Forgets one subscription of a member; the row, or undefined when it is not theirs. */
export async function dropSubscription(db: Knex, companyId: string, userId: string, id: string): Promise<StoredSubscription | undefined> {
  const row = await db(PUSH_SUBSCRIPTIONS_TABLE).where({ _id: id, companyId, userId }).first()
  if (!row) return undefined
  await db(PUSH_SUBSCRIPTIONS_TABLE).where({ _id: id }).del()
  return decoded(row)
}

/** Forgets a subscription its push service called gone (404/410). */
export async function dropGoneSubscription(db: Knex, id: string): Promise<void> {
  await db(PUSH_SUBSCRIPTIONS_TABLE).where({ _id: id }).del()
}
