import type { Knex } from 'knex'
import type { DispatchChannel, DispatchFilter, ExclusionReason, Exclusions } from '../../../../../domain/messaging/dispatch'
import { exclusionReasonsOf } from '../../../../../domain/messaging/dispatch'
import { customersByLastVisit } from '../../appointments/appointment/visit-reads'

/**
 * The patients a broadcast's filter matches (dispatch, docs/decisions/messaging.md "Dispatch"),
 * read here because `customers` owns the table. Active patients only (not archived, not merged);
 * tags, debtors, birthdays, branches on the row; last visit through the appointments area's read.
 * `optedOut` is the dispatch area's subquery of patients who used an opt-out link; `reach` the
 * messaging area's subquery of who the channel reaches (Telegram: linked patients' ids; WhatsApp:
 * the phones whose window is open), so this file never names the messaging tables.
 */
export interface AudienceOptions {
  companyId: string
  filter: DispatchFilter
  channel: DispatchChannel
  optedOut: Knex.QueryBuilder
  reach?: { column: '_id' | 'phone'; of: Knex.QueryBuilder }
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
function reasonSql(db: Knex, reason: ExclusionReason, { optedOut, reach }: AudienceOptions): Knex.Raw {
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
    default:
      // Not reached by the channel: not linked to Telegram, or the WhatsApp window closed.
      return reach ? db.raw(`"customers".?? not in (${reach.of.toQuery()})`, [reach.column]) : db.raw(t(false))
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
}

/** The next page of eligible patients after `afterId` (keyset by id: a page at a time, never the whole list). */
export async function audiencePage(db: Knex, options: AudienceOptions, afterId: string | null, limit: number): Promise<AudienceMember[]> {
  const query = eligible(db, matching(db, options), options)
  if (afterId) query.where('customers._id', '>', afterId)
  return query.select('customers._id', 'customers.branchId', 'customers.first_name', 'customers.phone', 'customers.serviceLanguage').orderBy('customers._id').limit(limit)
}

/** A company's patient's contact for the opt-out page; undefined when unknown. */
export async function optOutCustomer(db: Knex, customerId: string): Promise<{ _id: string; companyId: string; promoSmsConsent: boolean; serviceLanguage: string | null } | undefined> {
  const row = await db('customers').where({ _id: customerId }).first('_id', 'companyId', 'promoSmsConsent', 'serviceLanguage')
  return row ? { ...row, promoSmsConsent: Boolean(row.promoSmsConsent) } : undefined
}
