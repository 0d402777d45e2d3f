import type { Knex } from 'knex'
import type { DispatchChannel, DispatchFilter, ExclusionReason, Exclusions } from '../../../../../domain/messaging/dispatch'
import { exclusionReasonsOf, type Reach, type SendingChannel } from '../../../../../domain/messaging/dispatch'
import { customersByLastVisit } from '../../appointments/appointment/visit-reads'

/**
 * The patients a broadcast's filter matches (dispatch, docs/decisions/messaging.md "Dispatch"),
 * read here because `customers` owns the table. Active patients only (not archived, not merged);
 * tags, debtors, birthdays, branches on the row; last visit through the appointments area's read.
 * `optedOut` is the dispatch area's subquery of patients who used an opt-out link; `reach` the
 * messaging area's subqueries of who Telegram and WhatsApp reach (linked patients' ids; the
 * phones whose window is open; absent: the channel reaches nobody), so this file never names
 * the messaging tables.
 */
export interface AudienceOptions {
  companyId: string
  filter: DispatchFilter
  channel: DispatchChannel
  optedOut: Knex.QueryBuilder
  reach: Partial<Record<'telegram' | 'whatsapp', { column: '_id' | 'phone'; of: Knex.QueryBuilder }>>
}

/** SQL for "this channel reaches the patient" (Telegram, WhatsApp: their subquery; SMS: a phone). */
function reachSql(db: Knex, channel: SendingChannel, { reach }: AudienceOptions): string {
  if (channel === 'sms') return `"customers"."phone" <> ''`
  const of = reach[channel]
  return of ? db.raw(`"customers".?? in (${of.of.toQuery()})`, [of.column]).toQuery() : db.raw('1 = 0').toQuery()
}

function matching(db: Knex, { companyId, filter }: AudienceOptions): Knex.QueryBuilder {
  const query = db('customers').where('customers.companyId', companyId).where('customers.archived', false).whereNull('customers.mergedInto')
  if (filter.branchIds?.length) query.whereIn('customers.branchId', filter.branchIds)
  if (filter.debtors) query.where('customers.debt', '>', 0)
  if (filter.tagIds?.length) {
    // A JSON list of ids: one of them as a quoted string in it (ids are UUIDs, no quoting issues).
    const column = db.client.config.client === 'pg' ? '"customers"."tagIds"::text' : '"customers"."tagIds"'
    query.where((any) => filter.tagIds!.forEach((tagId) => any.orWhereRaw(`${column} like ?`, [`%"${tagId}"%`])))
  }
  if (filter.birthdayFrom && filter.birthdayTo) {
    const day = 'substr("customers"."birthdate", 6, 5)'
    query.whereNotNull('customers.birthdate')
    if (filter.birthdayFrom <= filter.birthdayTo) query.whereRaw(`${day} between ? and ?`, [filter.birthdayFrom, filter.birthdayTo])
    else query.whereRaw(`(${day} >= ? or ${day} <= ?)`, [filter.birthdayFrom, filter.birthdayTo])
  }
  if (filter.lastVisitBefore || filter.lastVisitAfter) {
    query.whereIn('customers._id', customersByLastVisit(db, companyId, { before: filter.lastVisitBefore, after: filter.lastVisitAfter }))
  }
  return query
}

/** SQL for "this patient is excluded for `reason`" (the earlier reasons not holding). */
function reasonSql(db: Knex, reason: ExclusionReason, options: AudienceOptions): Knex.Raw {
  const { optedOut } = options
  const t = (value: boolean) => (db.client.config.client === 'pg' ? (value ? 'true' : 'false') : value ? '1' : '0')
  switch (reason) {
    case 'blacklisted':
      return db.raw(`"customers"."blacklisted" = ${t(true)}`)
    case 'noPhone':
      return db.raw(`"customers"."phone" = ''`)
    case 'noSmsConsent':
      return db.raw(`"customers"."smsConsent" = ${t(false)}`)
    case 'optedOut':
      return db.raw(`"customers"."promoSmsConsent" = ${t(false)} and "customers"."_id" in (${optedOut.toQuery()})`)
    case 'noPromoConsent':
      return db.raw(`"customers"."promoSmsConsent" = ${t(false)}`)
    case 'telegramNotLinked':
      return db.raw(`not (${reachSql(db, 'telegram', options)})`)
    case 'whatsappWindowClosed':
      return db.raw(`not (${reachSql(db, 'whatsapp', options)})`)
    default:
      // No channel of the order: told per patient from their reach (audienceReach), never in SQL.
      return db.raw(t(false))
  }
}

/** The eligible patients: none of the channel's reasons holds. */
function eligible(db: Knex, query: Knex.QueryBuilder, options: AudienceOptions) {
  for (const reason of exclusionReasonsOf(options.channel)) query.whereRaw(`not (${reasonSql(db, reason, options).toQuery()})`)
  return query
}

/** How many the filter matches, how many would get the message, how many are left out and why. */
export async function audienceCounts(db: Knex, options: AudienceOptions): Promise<{ matched: number; recipients: number; excluded: Exclusions }> {
  const reasons = exclusionReasonsOf(options.channel)
  const cases = reasons.map((reason, index) => {
    const earlier = reasons.slice(0, index).map((other) => `not (${reasonSql(db, other, options).toQuery()})`)
    const condition = [...earlier, reasonSql(db, reason, options).toQuery()].join(' and ')
    return db.raw(`sum(case when ${condition} then 1 else 0 end) as ??`, [reason])
  })
  const [row] = (await matching(db, options).select(db.raw('count(*) as ??', ['matched']), ...cases)) as Array<Record<string, unknown>>
  const excluded: Exclusions = Object.fromEntries(reasons.map((reason) => [reason, Number(row?.[reason] ?? 0)]))
  const matched = Number(row?.matched ?? 0)
  return { matched, recipients: matched - reasons.reduce((sum, reason) => sum + (excluded[reason] ?? 0), 0), excluded }
}

export interface AudienceMember {
  _id: string
  branchId: string
  first_name: string
  phone: string
  serviceLanguage: string | null
  /** What reaches them (Telegram linked, WhatsApp window open, a phone). */
  reach: Reach
}

const reachColumns = (db: Knex, options: AudienceOptions) =>
  (['telegram', 'whatsapp', 'sms'] as const).map((channel) => db.raw(`case when ${reachSql(db, channel, options)} then 1 else 0 end as ??`, [`reach_${channel}`]))
const reachOf = (row: Record<string, unknown>): Reach => ({ telegram: Number(row.reach_telegram) === 1, whatsapp: Number(row.reach_whatsapp) === 1, sms: Number(row.reach_sms) === 1 })

/** The next page of eligible patients after `afterId` (keyset by id: a page at a time, never the whole list). */
export async function audiencePage(db: Knex, options: AudienceOptions, afterId: string | null, limit: number): Promise<AudienceMember[]> {
  const query = eligible(db, matching(db, options), options)
  if (afterId) query.where('customers._id', '>', afterId)
  const rows: Array<Record<string, unknown>> = await query
    .select('customers._id', 'customers.branchId', 'customers.first_name', 'customers.phone', 'customers.serviceLanguage', ...reachColumns(db, options))
    .orderBy('customers._id')
    .limit(limit)
  return rows.map(({ reach_telegram: _t, reach_whatsapp: _w, reach_sms: _s, ...row }) => ({ ...(row as Omit<AudienceMember, 'reach'>), reach: reachOf({ reach_telegram: _t, reach_whatsapp: _w, reach_sms: _s }) }))
}

/**
 * The eligible patients counted by branch and by what reaches them (a few rows: branches × 8),
 * for a broadcast by the channel order, whose choice per patient depends on their branch's order.
 */
export async function audienceReach(db: Knex, options: AudienceOptions): Promise<Array<{ branchId: string; reach: Reach; count: number }>> {
  const inner = eligible(db, matching(db, options), options).select('customers.branchId', ...reachColumns(db, options)).as('eligible')
  const rows: Array<Record<string, unknown>> = await db
    .from(inner)
    .select('branchId', 'reach_telegram', 'reach_whatsapp', 'reach_sms')
    .count({ count: '*' })
    .groupBy('branchId', 'reach_telegram', 'reach_whatsapp', 'reach_sms')
  return rows.map((row) => ({ branchId: String(row.branchId), reach: reachOf(row), count: Number(row.count) }))
}

/** A company's patient's contact for the opt-out page; undefined when unknown. */
export async function optOutCustomer(db: Knex, customerId: string): Promise<{ _id: string; companyId: string; promoSmsConsent: boolean; serviceLanguage: string | null } | undefined> {
  const row = await db('customers').where({ _id: customerId }).first('_id', 'companyId', 'promoSmsConsent', 'serviceLanguage')
  return row ? { ...row, promoSmsConsent: Boolean(row.promoSmsConsent) } : undefined
}
