import type { Knex } from 'knex'
import { nextDay, shareOf, spread, type PayoutBase, type ShareRule } from '../../../../../domain/billing/payouts'
import { todayIn } from '../../customers/customers/customer-rules'
import { linesForPayouts, type PayoutInvoiceLine } from '../invoices/invoice-rows'
import { allocationsToInvoices, type InvoiceAllocation } from '../transactions/transaction-rows'
import { serviceCategoryIds } from '../../catalogue/service/service-rows'
import { closedUntil, frozenLinesOf, frozenLinesOn, periodsOf, rulesOf, type FrozenLine, type LineFacts, type StoredPeriod, type StoredRule } from './payout-rows'
import { pushTo } from '../../../../../domain/multimap'
import { addLocalDays, zonedToUtc } from '../../../../../domain/appointments/zoned-time'

/**
 * A doctor's earnings computed from the ledger on read (docs/decisions/billing-payouts.md), with
 * the lines closed periods froze kept exactly as frozen. An event of the ledger that is not
 * frozen but falls on a day already closed (a cancellation, a back-dated payment) moves to the
 * first open day as an adjustment: a closed period never changes.
 */
export interface EarningLine extends LineFacts {
  key: string
  closed: boolean
}

export interface EarningsContext {
  companyId: string
  payoutBase: PayoutBase
  timeZone: string
  /** Each doctor's default percent (the team member's `percentOfRevenue`). */
  percents: ReadonlyMap<string, number>
}

export interface Earnings {
  byUser: Map<string, EarningLine[]>
  periods: StoredPeriod[]
  rules: StoredRule[]
  closedUntil: Map<string, string>
}

const dayOf = (instant: string, timeZone: string) => todayIn(timeZone, new Date(instant))

/** The rule that applies to a line: the doctor's override for its service, else for its category, else the doctor's percent. */
function ruleFor(rules: readonly StoredRule[], userId: string, serviceId: string | null, categoryId: string | null, percent: number): ShareRule {
  const own = rules.filter((rule) => rule.userId === userId)
  const found = (serviceId && own.find((rule) => rule.serviceId === serviceId)) || (categoryId && own.find((rule) => rule.categoryId === categoryId)) || null
  if (found && found.percent !== null) return { percent: found.percent, amount: null }
  if (found && found.amount !== null) return { percent: null, amount: found.amount }
  return { percent, amount: null }
}

/**
 * Earnings of `userIds` (null: every doctor of the company), every day, in date order; with
 * `days`, only the lines that land on those days (the payouts rollup, payout-stats.ts), computed
 * by the same code from the invoices that can put a line there (`invoicesLandingOn`).
 */
export async function computeEarnings(db: Knex, context: EarningsContext, userIds: readonly string[] | null, days?: readonly string[]): Promise<Earnings> {
  const { companyId } = context
  const periods = await periodsOf(db, companyId, userIds)
  const until = closedUntil(periods)
  const invoiceIds = days ? await invoicesLandingOn(db, context, userIds, days, until) : undefined
  const [lines, frozen, rules] = await Promise.all([
    linesForPayouts(db, companyId, userIds, invoiceIds),
    days ? frozenLinesOn(db, companyId, userIds, days, invoiceIds!) : frozenLinesOf(db, companyId, userIds),
    rulesOf(db, companyId, userIds)
  ])
  const frozenByKey = new Map<string, FrozenLine>(frozen.map((line) => [`${line.userId}|${line.sourceKey}`, line]))
  const paidLinesFrozen = new Set(frozen.filter((line) => line.sourceKey.startsWith('pay:')).map((line) => `${line.userId}|${line.sourceKey.split(':')[2]}`))
  const categories = await serviceCategoryIds(db, companyId, lines.map((line) => line.serviceId).filter((id): id is string => id !== null))
  const byInvoice = new Map<string, PayoutInvoiceLine[]>()
  for (const line of lines) pushTo(byInvoice, line.invoiceId, line)
  const allocations = context.payoutBase === 'paid' || paidLinesFrozen.size > 0 ? await allocationsToInvoices(db, companyId, [...byInvoice.keys()]) : []
  const allocationsByInvoice = new Map<string, InvoiceAllocation[]>()
  for (const allocation of allocations) pushTo(allocationsByInvoice, allocation.invoiceId, allocation)

  const byUser = new Map<string, EarningLine[]>()
  const wanted = userIds ? new Set(userIds) : null
  const add = (line: EarningLine) => {
    const stored = frozenByKey.get(`${line.userId}|${line.key}`)
    if (stored) return
    const closedTo = until.get(line.userId)
    const moved = closedTo && line.date <= closedTo ? { ...line, date: nextDay(closedTo), adjustment: true } : line
    pushTo(byUser, line.userId, moved)
  }
  /** The share as it stands: frozen when its period closed, else as computed now. */
  const standing = (userId: string, line: EarningLine): EarningLine => {
    const stored = frozenByKey.get(`${userId}|${line.key}`)
    return stored ? { ...line, base: stored.base, share: stored.share, percent: stored.percent, fixedAmount: stored.fixedAmount } : line
  }

  for (const [invoiceId, invoiceLines] of byInvoice) {
    const bases = spread(invoiceLines[0].invoiceTotal, invoiceLines.map((line) => line.amount))
    invoiceLines.forEach((line, index) => {
      const userId = line.doctorId
      if (!userId || (wanted && !wanted.has(userId))) return
      const lineBase = bases[index]
      const rule = ruleFor(rules, userId, line.serviceId, line.serviceId ? (categories.get(line.serviceId) ?? null) : null, context.percents.get(userId) ?? 0)
      const common = {
        userId, adjustment: false, closed: false, branchId: line.branchId, customerId: line.customerId, invoiceId, invoiceNumber: line.number,
        serviceId: line.serviceId, serviceName: line.serviceName, quantity: line.quantity, percent: rule.percent, fixedAmount: rule.amount
      }
      const billed = frozenByKey.has(`${userId}|bill:${line.lineId}`) || (!paidLinesFrozen.has(`${userId}|${line.lineId}`) && context.payoutBase === 'billed')
      if (billed) {
        const earned = standing(userId, { ...common, key: `bill:${line.lineId}`, source: 'invoice-line', date: line.issuedOn, base: lineBase, share: shareOf(rule, lineBase, lineBase, line.quantity, true) })
        add(earned)
        if (line.cancelledAt) add({ ...earned, key: `bill-cancel:${line.lineId}`, date: dayOf(line.cancelledAt, context.timeZone), base: -earned.base, share: -earned.share, closed: false, adjustment: false })
        return
      }
      for (const allocation of allocationsByInvoice.get(invoiceId) ?? []) {
        const portion = spread(allocation.amount, bases)[index]
        if (portion === 0) continue
        const earned = standing(userId, { ...common, key: `pay:${allocation._id}:${line.lineId}`, source: 'payment-allocation', date: dayOf(allocation.date, context.timeZone), base: portion, share: shareOf(rule, portion, lineBase, line.quantity, false) })
        add(earned)
        if (allocation.cancelledAt) add({ ...earned, key: `pay-cancel:${allocation._id}:${line.lineId}`, date: dayOf(allocation.cancelledAt, context.timeZone), base: -earned.base, share: -earned.share, closed: false, adjustment: false })
      }
    })
  }
  for (const line of frozen) {
    const { _id: _ignored, periodId: _period, sourceKey, ...rest } = line
    pushTo(byUser, line.userId, { ...rest, key: sourceKey, closed: true })
  }
  if (days) {
    // The invoices read can put lines on other days too: only the days asked for.
    const wantedDays = new Set(days)
    for (const [userId, list] of byUser) {
      const kept = list.filter((line) => wantedDays.has(line.date))
      if (kept.length > 0) byUser.set(userId, kept)
      else byUser.delete(userId)
    }
  }
  // By day; on one day what was earned before what reverses it; then by source.
  const rank = (line: EarningLine) => (line.key.includes('-cancel:') ? 1 : 0)
  for (const list of byUser.values()) list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : rank(a) - rank(b) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)))
  return { byUser, periods, rules, closedUntil: until }
}

/** Consecutive days joined: `[first, last]` each. */
function runsOf(days: readonly string[]): Array<[string, string]> {
  const runs: Array<[string, string]> = []
  for (const day of [...new Set(days)].sort()) {
    const last = runs[runs.length - 1]
    if (last && nextDay(last[1]) === day) last[1] = day
    else runs.push([day, day])
  }
  return runs
}

/**
 * Every invoice that can put a line of the ledger on one of `days`: issued on one (billed), its
 * cancellation or one of its payments' dates or cancellations on one (instants read a day wider
 * either side, decided exactly by the ledger's code), and every invoice of a doctor whose day
 * after their last closed period is one of them (events dated in a closed period land there).
 */
async function invoicesLandingOn(db: Knex, context: EarningsContext, userIds: readonly string[] | null, days: readonly string[], until: ReadonlyMap<string, string>): Promise<string[]> {
  const { companyId, timeZone } = context
  const runs = runsOf(days)
  const instants = runs.map(([first, last]) => [zonedToUtc(addLocalDays(first, -1), '00:00', timeZone), zonedToUtc(addLocalDays(last, 2), '00:00', timeZone)] as const)
  const inRanges = (query: Knex.QueryBuilder, column: string) =>
    query.where((inner) => {
      for (const [start, end] of instants) inner.orWhere((range) => range.where(column, '>=', start).where(column, '<', end))
    })
  const found = new Set<string>()
  const add = (rows: Array<{ invoiceId: string }>) => rows.forEach((row) => found.add(String(row.invoiceId)))
  for (let start = 0; start < days.length; start += 500) {
    add(await db('invoices').where({ companyId }).whereIn('issuedOn', days.slice(start, start + 500)).select('_id as invoiceId'))
  }
  add(await inRanges(db('invoices').where({ companyId }).whereNotNull('cancelledAt'), 'cancelledAt').select('_id as invoiceId'))
  for (const column of ['date', 'cancelledAt']) {
    const paid = db('transactions').where({ companyId }).select('_id')
    add(await db('allocations').where({ companyId }).whereIn('paymentId', inRanges(paid, column)).select('invoiceId'))
  }
  const wanted = new Set(days)
  const reopened = [...until].filter(([userId, to]) => wanted.has(nextDay(to)) && (!userIds || userIds.includes(userId))).map(([userId]) => userId)
  if (reopened.length > 0) add(await db('invoice_lines').where({ companyId }).whereIn('doctorId', reopened).distinct('invoiceId'))
  return [...found]
}
