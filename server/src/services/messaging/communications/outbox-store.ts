import type { Knex } from 'knex'
import { RowCodec } from '../../row-codec'
import type { OutboxState } from './communications.shared'
import type { Communication } from './communications.schema'

/**
 * The outbox's rows (table `outbox_messages`, owned by `communications`) and the patients'
 * confirm/cancel links (`appointment_links`). Every read and write of them is here: the
 * appointment hook schedules through appointment-messages.ts, the worker (server/src/jobs)
 * claims and settles through these functions, the HTTP routes settle delivery reports.
 */
export const OUTBOX_TABLE = 'outbox_messages'
export const APPOINTMENT_LINKS_TABLE = 'appointment_links'
export const outboxRowShape = { json: ['params'], boolean: ['automated', 'promotional'], instant: ['dueAt', 'claimedAt', 'sentAt', 'deliveredAt', 'checkedAt'] }
export const outboxCodec = new RowCodec(outboxRowShape)

export type OutboxRow = Communication
const iso = (ms: number) => new Date(ms).toISOString()

export async function insertMessages(db: Knex, rows: OutboxRow[]): Promise<void> {
  if (rows.length > 0) await db(OUTBOX_TABLE).insert(rows.map((row) => outboxCodec.toDb(row as unknown as Record<string, unknown>)))
}

/** The messages of a visit under one collapse key still waiting to go. */
export async function pendingMessages(db: Knex, appointmentId: string, collapseKey: string): Promise<OutboxRow[]> {
  const rows = await db(OUTBOX_TABLE).where({ appointmentId, collapseKey, state: 'scheduled' }).orderBy('createdAt')
  return rows.map((row) => outboxCodec.fromDb<OutboxRow>(row))
}

/** Whether a message under the key may have reached the patient (taken by a worker or later). */
export async function anyGone(db: Knex, appointmentId: string, collapseKey: string): Promise<boolean> {
  return Boolean(await db(OUTBOX_TABLE).where({ appointmentId, collapseKey }).whereIn('state', ['sending', 'sent', 'delivered', 'unknown']).first('_id'))
}

/** Changes a waiting message, only while it still waits (a worker may have taken it meanwhile); the row after, or undefined. */
export async function changePending(db: Knex, id: string, changes: Partial<OutboxRow>): Promise<OutboxRow | undefined> {
  const count = await db(OUTBOX_TABLE).where({ _id: id, state: 'scheduled' }).update(outboxCodec.toDb(changes as Record<string, unknown>))
  return Number(count) === 1 ? messageById(db, id) : undefined
}

export async function messageById(db: Knex, id: string): Promise<OutboxRow | undefined> {
  const row = await db(OUTBOX_TABLE).where({ _id: id }).first()
  return row ? outboxCodec.fromDb<OutboxRow>(row) : undefined
}

/**
 * Claims up to `limit` messages due at `nowMs` for worker `instance`: each row is taken by one
 * worker only. PostgreSQL: one UPDATE over a SELECT ... FOR UPDATE SKIP LOCKED, so concurrent
 * workers of several instances skip each other's rows without waiting. SQLite (one process
 * writes): a conditional UPDATE per row (`state = 'scheduled'`), which only one can win.
 */
export async function claimDue(db: Knex, nowMs: number, instance: string, limit: number): Promise<OutboxRow[]> {
  const claim = { state: 'sending', claimedBy: instance, claimedAt: iso(nowMs), updatedAt: iso(nowMs), attempts: db.raw('?? + 1', ['attempts']) }
  const due = () => db(OUTBOX_TABLE).select('_id').where({ state: 'scheduled' }).andWhere('dueAt', '<=', iso(nowMs)).orderBy([{ column: 'dueAt' }, { column: '_id' }]).limit(limit)
  if (db.client.config.client === 'pg') {
    const rows = (await db(OUTBOX_TABLE).whereIn('_id', due().forUpdate().skipLocked()).andWhere({ state: 'scheduled' }).update(claim, '*')) as Record<string, unknown>[]
    // RETURNING keeps no order: sent in the order they fell due.
    return rows.map((row) => outboxCodec.fromDb<OutboxRow>(row)).sort((a, b) => a.dueAt.localeCompare(b.dueAt) || a._id.localeCompare(b._id))
  }
  const claimed: OutboxRow[] = []
  for (const { _id } of await due()) {
    const count = await db(OUTBOX_TABLE).where({ _id, state: 'scheduled' }).update(claim)
    if (Number(count) === 1) claimed.push((await messageById(db, _id))!)
  }
  return claimed
}

/**
 * Messages a worker took and never settled become `unknown`: those taken before `beforeMs`
 * (a send cannot take that long), or all of them at the start of the one process of a SQLite
 * install (nobody else can be sending). They are never resent automatically.
 */
export async function giveUpSending(db: Knex, nowMs: number, beforeMs: number | null): Promise<OutboxRow[]> {
  const stuck = db(OUTBOX_TABLE).where({ state: 'sending' })
  if (beforeMs !== null) stuck.andWhere('claimedAt', '<', iso(beforeMs))
  const ids = (await stuck.select('_id')).map((row: { _id: string }) => row._id)
  if (ids.length === 0) return []
  await db(OUTBOX_TABLE)
    .whereIn('_id', ids)
    .andWhere({ state: 'sending' })
    .update({ state: 'unknown', error: 'the outcome of the send is unknown (interrupted); not resent automatically', updatedAt: iso(nowMs) })
  const rows = await db(OUTBOX_TABLE).whereIn('_id', ids).andWhere({ state: 'unknown' })
  return rows.map((row: Record<string, unknown>) => outboxCodec.fromDb<OutboxRow>(row))
}

/** Records a claimed message's outcome, only while this worker still holds it. */
export async function settleClaimed(db: Knex, id: string, instance: string, changes: Partial<OutboxRow> & { state: OutboxState }): Promise<OutboxRow | undefined> {
  const count = await db(OUTBOX_TABLE).where({ _id: id, state: 'sending', claimedBy: instance }).update(outboxCodec.toDb(changes as Record<string, unknown>))
  return Number(count) === 1 ? messageById(db, id) : undefined
}

/**
 * A delivery report (callback or poll): a message the provider accepted becomes delivered or
 * failed. Reports of unknown ids, other companies' messages, or messages already settled change nothing.
 */
export async function settleDelivery(
  db: Knex,
  where: { companyId?: string; provider: string; providerMessageId: string },
  outcome: { state: 'delivered' | 'failed'; atMs: number; error?: string | null; cost?: number | null }
): Promise<OutboxRow | undefined> {
  const row = await db(OUTBOX_TABLE).where(where).whereIn('state', ['sent', 'sending', 'unknown']).first('_id')
  if (!row) return undefined
  const changes: Record<string, unknown> = { state: outcome.state, updatedAt: iso(outcome.atMs), checkedAt: iso(outcome.atMs) }
  if (outcome.state === 'delivered') changes.deliveredAt = iso(outcome.atMs)
  if (outcome.error !== undefined) changes.error = outcome.error
  if (outcome.cost !== undefined && outcome.cost !== null) changes.cost = outcome.cost
  await db(OUTBOX_TABLE).where({ _id: row._id }).whereIn('state', ['sent', 'sending', 'unknown']).update(changes)
  return messageById(db, row._id)
}

/** Sent messages of `provider` with no report yet, to ask about (oldest checked first). */
export async function awaitingReport(db: Knex, provider: string, sentBeforeMs: number, checkedBeforeMs: number, notOlderMs: number, limit: number): Promise<OutboxRow[]> {
  const rows = await db(OUTBOX_TABLE)
    .where({ provider, state: 'sent' })
    .whereNotNull('providerMessageId')
    .andWhere('sentAt', '<', iso(sentBeforeMs))
    .andWhere('sentAt', '>', iso(notOlderMs))
    .andWhere((builder) => builder.whereNull('checkedAt').orWhere('checkedAt', '<', iso(checkedBeforeMs)))
    .orderBy('sentAt')
    .limit(limit)
  return rows.map((row: Record<string, unknown>) => outboxCodec.fromDb<OutboxRow>(row))
}

export async function markChecked(db: Knex, id: string, atMs: number): Promise<void> {
  await db(OUTBOX_TABLE).where({ _id: id }).update({ checkedAt: iso(atMs) })
}

// Confirm/cancel links: only a hash of the token is kept.

export async function insertLink(db: Knex, link: { tokenHash: string; companyId: string; appointmentId: string; locale: string; expiresAt: string }): Promise<void> {
  await db(APPOINTMENT_LINKS_TABLE).insert({ ...link, createdAt: new Date().toISOString() })
}

export interface AppointmentLink { tokenHash: string; companyId: string; appointmentId: string; locale: string; expiresAt: string; usedAt: string | null; action: string | null }

export async function linkByHash(db: Knex, tokenHash: string): Promise<AppointmentLink | undefined> {
  const row = await db(APPOINTMENT_LINKS_TABLE).where({ tokenHash }).first()
  if (!row) return undefined
  const instant = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString())
  return { ...row, expiresAt: instant(row.expiresAt)!, usedAt: instant(row.usedAt) }
}

export async function markLinkUsed(db: Knex, tokenHash: string, action: string, atMs: number): Promise<void> {
  await db(APPOINTMENT_LINKS_TABLE).where({ tokenHash }).update({ usedAt: iso(atMs), action })
}

// The patient's conversation (customer-chat-messages) reads what went to them through these.

/** A patient's messages that went or will go (withdrawn ones left out), newest first, before `beforeIso` when given. */
export async function customerMessages(db: Knex, companyId: string, customerId: string, beforeIso: string | undefined, limit: number): Promise<OutboxRow[]> {
  const rows = await db(OUTBOX_TABLE)
    .where({ companyId, customerId })
    .whereNot({ state: 'cancelled' })
    .modify((builder) => (beforeIso ? builder.andWhere('createdAt', '<', beforeIso) : builder))
    .orderBy([{ column: 'createdAt', order: 'desc' }, { column: '_id', order: 'desc' }])
    .limit(limit)
  return rows.map((row: Record<string, unknown>) => outboxCodec.fromDb<OutboxRow>(row))
}

/** How many messages of the patient `customerMessages` can show. */
export async function countCustomerMessages(db: Knex, companyId: string, customerId: string): Promise<number> {
  const row = await db(OUTBOX_TABLE).where({ companyId, customerId }).whereNot({ state: 'cancelled' }).count({ count: '*' }).first()
  return Number(row?.count ?? 0)
}

/** The company's messages of these ids (the inbox's last messages). */
export async function messagesByIds(db: Knex, companyId: string, ids: readonly string[]): Promise<OutboxRow[]> {
  if (ids.length === 0) return []
  const rows = await db(OUTBOX_TABLE).where({ companyId }).whereIn('_id', [...ids])
  return rows.map((row: Record<string, unknown>) => outboxCodec.fromDb<OutboxRow>(row))
}

/** Of these patients, the one the company last wrote to at this phone (a number several patients share); undefined when none. */
export async function lastRecipientAt(db: Knex, companyId: string, phone: string, customerIds: readonly string[]): Promise<string | undefined> {
  if (customerIds.length === 0) return undefined
  const row = await db(OUTBOX_TABLE).where({ companyId, phone }).whereIn('customerId', [...customerIds]).orderBy('createdAt', 'desc').first('customerId')
  return row?.customerId ?? undefined
}
