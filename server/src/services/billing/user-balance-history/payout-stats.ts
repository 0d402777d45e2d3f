import type { Knex } from 'knex'
import type { PayoutBase } from '../../../../../domain/billing/payouts'
import { nextDay } from '../../../../../domain/billing/payouts'
import { clearMarks, inRounds, letOtherCallsRun, replaceDays, upsertRows, type StaleDay } from '../../rollup-marks'
import { payoutMembers } from '../../team/users/user-rows'
import { computeEarnings, type EarningsContext, type Earnings } from './payout-ledger'
import { closedUntil, periodsOf, PAYOUTS_TABLE } from './payout-rows'

/**
 * The payouts rollup (migration 20261205100000_payout_day_stats, docs/decisions/reports.md
 * "Rollups"): each doctor's earnings per company-local day and branch (base, share, how many
 * lines), as the ledger (payout-ledger.ts) computes them, so the payouts report sums a period's
 * days and the balance before it instead of replaying every doctor's whole ledger per call.
 *
 * Recomputed by the ledger's own code: a stale day by `computeEarnings` restricted to the days
 * (the invoices that can land a line on them), the whole rollup by `computeEarnings` per group
 * of doctors. Triggers mark stale days (`payout_stats_dirty`); the mark of day '' (a rule, a
 * percent, a service's category changed, a period removed) and a change of the company's zone or
 * payout base (`payout_stats_state`) make it recompute whole. A marked day within a doctor's
 * closed periods also makes the day after them stale: a late event dated there lands on it.
 */
export const PAYOUT_STATS_TABLE = 'payout_day_stats'
export const PAYOUT_STATS_DIRTY_TABLE = 'payout_stats_dirty'
export const PAYOUT_STATS_STATE_TABLE = 'payout_stats_state'

/** The mark that stands for every day (the rollup recomputed whole). */
const EVERY_DAY = ''
/** Doctors whose whole ledgers are computed at once when recomputing everything (memory stays small). */
const DOCTORS_PER_ROUND = 20

export interface PayoutStatsScope {
  companyId: string
  timeZone: string
  payoutBase: PayoutBase
}

interface StatsRow {
  companyId: string
  userId: string
  day: string
  branchId: string
  base: number
  share: number
  lines: number
}

/** Every doctor's percent (the team member's), as the ledger reads it. */
async function earningsContext(db: Knex, scope: PayoutStatsScope): Promise<{ context: EarningsContext; userIds: string[] }> {
  const members = await payoutMembers(db, scope.companyId, null)
  return {
    context: { companyId: scope.companyId, timeZone: scope.timeZone, payoutBase: scope.payoutBase, percents: new Map(members.map((member) => [member._id, member.percentOfRevenue])) },
    userIds: members.map((member) => member._id)
  }
}

/** The ledger's lines added up per doctor, day and branch. */
function rowsOf(companyId: string, earnings: Earnings): StatsRow[] {
  const rows = new Map<string, StatsRow>()
  for (const [userId, lines] of earnings.byUser) {
    for (const line of lines) {
      const branchId = line.branchId ?? ''
      const key = `${userId}|${line.date}|${branchId}`
      const row = rows.get(key)
      if (row) {
        row.base += line.base
        row.share += line.share
        row.lines += 1
      } else rows.set(key, { companyId, userId, day: line.date, branchId, base: line.base, share: line.share, lines: 1 })
    }
  }
  return [...rows.values()]
}

const KEYS = ['companyId', 'userId', 'day', 'branchId']

/** Every doctor's whole ledger, computed first and written in one transaction (writers wait only for the write). */
async function recomputeWhole(db: Knex, scope: PayoutStatsScope, marks: readonly StaleDay[]) {
  const { context, userIds } = await earningsContext(db, scope)
  const rows: StatsRow[] = []
  for (let at = 0; at < userIds.length; at += DOCTORS_PER_ROUND) {
    if (at > 0) await letOtherCallsRun()
    for (const row of rowsOf(scope.companyId, await computeEarnings(db, context, userIds.slice(at, at + DOCTORS_PER_ROUND)))) rows.push(row)
  }
  await db.transaction(async (trx) => {
    await trx(PAYOUT_STATS_TABLE).where('companyId', scope.companyId).del()
    await upsertRows(trx, PAYOUT_STATS_TABLE, rows, KEYS)
    await trx(PAYOUT_STATS_STATE_TABLE).insert({ companyId: scope.companyId, timeZone: scope.timeZone, payoutBase: scope.payoutBase }).onConflict('companyId').merge()
    // A write since the marks were read raised its mark's version: it stays stale.
    await clearMarks(trx, PAYOUT_STATS_DIRTY_TABLE, scope.companyId, marks)
  })
}

/** Some days recomputed (every doctor's lines landing on them), and their marks cleared at the version read. */
async function recomputeDays(db: Knex, scope: PayoutStatsScope, stale: StaleDay[]) {
  const { context } = await earningsContext(db, scope)
  const days = stale.map((entry) => entry.day)
  const rows = rowsOf(scope.companyId, await computeEarnings(db, context, null, days))
  await db.transaction(async (trx) => {
    await replaceDays(trx, PAYOUT_STATS_TABLE, scope.companyId, days, rows, KEYS)
    await clearMarks(trx, PAYOUT_STATS_DIRTY_TABLE, scope.companyId, stale)
  })
}

/**
 * Brings the company's payouts rollup up to date: whole when never computed, when its zone or
 * payout base changed or a write asked for it (mark ''); else the marked days, whenever they are
 * (the balance before any period sums every day before it).
 */
export async function refreshPayoutStats(db: Knex, scope: PayoutStatsScope): Promise<void> {
  const marks = (await db(PAYOUT_STATS_DIRTY_TABLE).where('companyId', scope.companyId).select('day', 'version')) as Array<{ day: string; version: number }>
  const stale: StaleDay[] = marks.map((mark) => ({ day: mark.day, version: Number(mark.version) }))
  const state = (await db(PAYOUT_STATS_STATE_TABLE).where('companyId', scope.companyId).first()) as { timeZone: string; payoutBase: string } | undefined
  if (!state || state.timeZone !== scope.timeZone || state.payoutBase !== scope.payoutBase || stale.some((entry) => entry.day === EVERY_DAY)) {
    await recomputeWhole(db, scope, stale)
    return
  }
  if (stale.length === 0) return
  // A marked day within a doctor's closed periods: what happened there lands on the day after them.
  const until = closedUntil(await periodsOf(db, scope.companyId, null))
  const marked = new Set(stale.map((entry) => entry.day))
  const earliest = stale.reduce((first, entry) => (entry.day < first ? entry.day : first), stale[0].day)
  for (const to of until.values()) {
    const landing = nextDay(to)
    if (earliest <= to && !marked.has(landing)) {
      marked.add(landing)
      stale.push({ day: landing, version: null })
    }
  }
  await inRounds(stale, (round) => recomputeDays(db, scope, round))
}

/** What the report asks of the rollup and the payouts: its doctors, the period `[from, last]`, the branches. */
export interface PayoutStatsQuery {
  companyId: string
  userIds: readonly string[]
  from: string
  last: string
  /** The branches whose earnings count (null: all, earnings of no branch included). */
  branchIds: readonly string[] | null
  /** One branch asked: only its payouts count; else payouts of no branch count too. */
  branchId: string | null
}

export interface DoctorFigures {
  /** The balance before the period: earned less paid out. */
  opening: number
  base: number
  share: number
  paidOut: number
  /** Lines of the doctor's statement within the branches, any day (none: no statement at all). */
  lines: number
}

export interface DayFigures {
  base: number
  share: number
  paidOut: number
}

/**
 * Per doctor and per day of the period, from the rollup (refreshed first) and the payouts: what
 * `lineTotals`/`addToDays` (user-balance-reports/payout-report-lines.ts) compute from the
 * statement lines, the same rules (earnings of the branches; payouts of the branch asked, or of
 * no branch and the branches).
 */
export async function payoutStatsFigures(db: Knex, scope: PayoutStatsScope, query: PayoutStatsQuery): Promise<{ doctors: Map<string, DoctorFigures>; days: Map<string, DayFigures> }> {
  await refreshPayoutStats(db, scope)
  const doctors = new Map<string, DoctorFigures>()
  const days = new Map<string, DayFigures>()
  const doctor = (userId: string) => {
    let figures = doctors.get(userId)
    if (!figures) doctors.set(userId, (figures = { opening: 0, base: 0, share: 0, paidOut: 0, lines: 0 }))
    return figures
  }
  const day = (date: string) => {
    let figures = days.get(date)
    if (!figures) days.set(date, (figures = { base: 0, share: 0, paidOut: 0 }))
    return figures
  }
  for (let at = 0; at < query.userIds.length; at += 500) {
    const userIds = query.userIds.slice(at, at + 500)
    const earned = db(PAYOUT_STATS_TABLE).where('companyId', query.companyId).whereIn('userId', userIds)
    if (query.branchIds) earned.whereIn('branchId', [...query.branchIds])
    const earnedRows = (await earned
      .clone()
      .groupBy('userId')
      .select(
        'userId',
        db.raw('coalesce(sum(case when "day" < ? then "share" else 0 end), 0) as "opening"', [query.from]),
        db.raw('coalesce(sum(case when "day" >= ? and "day" <= ? then "base" else 0 end), 0) as "base"', [query.from, query.last]),
        db.raw('coalesce(sum(case when "day" >= ? and "day" <= ? then "share" else 0 end), 0) as "share"', [query.from, query.last]),
        db.raw('sum("lines") as "lines"')
      )) as Array<Record<string, unknown>>
    for (const row of earnedRows) {
      const figures = doctor(String(row.userId))
      figures.opening += Number(row.opening)
      figures.base += Number(row.base)
      figures.share += Number(row.share)
      figures.lines += Number(row.lines)
    }
    const earnedDays = (await earned.clone().where('day', '>=', query.from).where('day', '<=', query.last).groupBy('day').select('day', db.raw('sum("base") as "base"'), db.raw('sum("share") as "share"'))) as Array<Record<string, unknown>>
    for (const row of earnedDays) {
      const figures = day(String(row.day))
      figures.base += Number(row.base)
      figures.share += Number(row.share)
    }

    const paid = db(PAYOUTS_TABLE).where('companyId', query.companyId).whereIn('userId', userIds)
    if (query.branchId) paid.where('branchId', query.branchId)
    else if (query.branchIds) paid.where((inner) => inner.whereNull('branchId').orWhereIn('branchId', [...query.branchIds!]))
    const paidRows = (await paid
      .clone()
      .groupBy('userId')
      .select(
        'userId',
        db.raw('coalesce(sum(case when "date" < ? then "amount" else 0 end), 0) as "before"', [query.from]),
        db.raw('coalesce(sum(case when "date" >= ? and "date" <= ? then "amount" else 0 end), 0) as "paidOut"', [query.from, query.last]),
        db.raw('count(*) as "lines"')
      )) as Array<Record<string, unknown>>
    for (const row of paidRows) {
      const figures = doctor(String(row.userId))
      figures.opening -= Number(row.before)
      figures.paidOut += Number(row.paidOut)
      figures.lines += Number(row.lines)
    }
    const paidDays = (await paid.clone().where('date', '>=', query.from).where('date', '<=', query.last).groupBy('date').select('date', db.raw('sum("amount") as "amount"'))) as Array<Record<string, unknown>>
    for (const row of paidDays) day(String(row.date)).paidOut += Number(row.amount)
  }
  return { doctors, days }
}
