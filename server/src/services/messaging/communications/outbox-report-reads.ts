import type { Knex } from 'knex'
import { instantBounds, localDayCase, type ReportFilter, type RowsPage } from '../../report-filter'
import { statesOfStatus, type NotificationStatus } from '../../../../../domain/reports/notification-reports'
import { OUTBOX_TABLE } from './outbox-store'

/**
 * The outbox's reads for the notifications report (`notification-reports`, issue 19,
 * docs/decisions/reports.md): messages counted on the company-local day they were due to go
 * (`dueAt`: every message has one, a sent one went then, a waiting or cancelled one has its day
 * too), in their branch, by channel, kind (`event`) and state. The grouped read and the rows
 * come from one shared query, so a count always equals its rows.
 */

/** A report's narrowing of the messages: a day of the period, a channel, a kind, a status. */
export interface OutboxNarrowing {
  day?: string
  channel?: string
  event?: string
  status?: NotificationStatus
}

export interface OutboxGroup {
  day: string
  channel: string
  event: string
  state: string
  count: number
}

export interface OutboxReportRow {
  _id: string
  dueAt: string
  sentAt: string | null
  deliveredAt: string | null
  branchId: string | null
  customerId: string | null
  channel: string
  event: string
  state: string
  phone: string | null
  email: string | null
  error: string | null
}

/**
 * The messages due in the period (or one day of it), in the branches. With every branch (a
 * caller who sees the whole company, no branch named) messages without a branch count too (a
 * broadcast's); a list of branches takes only theirs.
 */
function messagesOf(db: Knex, filter: ReportFilter, narrow: OutboxNarrowing) {
  const [start, end] = instantBounds(filter, narrow.day)
  const query = db(`${OUTBOX_TABLE} as o`).where('o.companyId', filter.companyId).where('o.dueAt', '>=', start).where('o.dueAt', '<', end)
  if (filter.branchIds) query.whereIn('o.branchId', [...filter.branchIds])
  if (narrow.channel) query.where('o.channel', narrow.channel)
  if (narrow.event) query.where('o.event', narrow.event)
  if (narrow.status) query.whereIn('o.state', [...statesOfStatus[narrow.status]])
  return query
}

/** Messages per day, channel, kind and state: every table of the report is a sum of these. */
export async function outboxGroups(db: Knex, filter: ReportFilter, narrow: OutboxNarrowing = {}): Promise<OutboxGroup[]> {
  const day = localDayCase(db, '"o"."dueAt"', filter)
  // Grouped outside: PostgreSQL does not match a GROUP BY expression whose bindings are new parameters.
  const inner = messagesOf(db, filter, narrow).select(db.raw(`${day.sql} as "day"`, day.bindings), 'o.channel as channel', 'o.event as event', 'o.state as state')
  const rows = (await db
    .from(inner.as('x'))
    .groupBy('x.day', 'x.channel', 'x.event', 'x.state')
    .select('x.day', 'x.channel', 'x.event', 'x.state')
    .count({ count: '*' })
    .orderBy([{ column: 'x.day' }, { column: 'x.channel' }, { column: 'x.event' }, { column: 'x.state' }])) as Array<{ day: string; channel: string; event: string; state: string; count: unknown }>
  return rows.map((row) => ({ day: row.day, channel: row.channel, event: row.event, state: row.state, count: Number(row.count) }))
}

const instant = (value: unknown) => (value instanceof Date ? value.toISOString() : value === null || value === undefined ? null : String(value))

/** The messages behind a count, in the order they were due, one page of them (`RowsPage`); how many there are. */
export async function outboxRows(db: Knex, filter: ReportFilter, narrow: OutboxNarrowing, page: RowsPage): Promise<{ total: number; rows: OutboxReportRow[] }> {
  const base = messagesOf(db, filter, narrow)
  const [{ count }] = (await base.clone().count({ count: '*' })) as Array<{ count: unknown }>
  const rows = (await base
    .select('o._id', 'o.dueAt', 'o.sentAt', 'o.deliveredAt', 'o.branchId', 'o.customerId', 'o.channel', 'o.event', 'o.state', 'o.phone', 'o.email', 'o.error')
    .orderBy([{ column: 'o.dueAt' }, { column: 'o._id' }])
    .limit(page.limit)
    .offset(page.skip ?? 0)) as Array<Record<string, unknown>>
  return {
    total: Number(count),
    rows: rows.map((row) => ({
      _id: String(row._id),
      dueAt: instant(row.dueAt)!,
      sentAt: instant(row.sentAt),
      deliveredAt: instant(row.deliveredAt),
      branchId: (row.branchId as string | null) ?? null,
      customerId: (row.customerId as string | null) ?? null,
      channel: String(row.channel),
      event: String(row.event),
      state: String(row.state),
      phone: (row.phone as string | null) ?? null,
      email: (row.email as string | null) ?? null,
      error: (row.error as string | null) ?? null
    }))
  }
}
