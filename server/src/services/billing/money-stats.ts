import type { Knex } from 'knex'
import { billingFigureOnDays, type BillingFigure } from './report-reads'
import { sumByGrains, type FigureGroup, type Grain, type GrainSums, type ReportFilter } from '../report-filter'
import { clearMarks, inRounds, markedDays, replaceDays, type StaleDay } from '../rollup-marks'
import { replacePaymentStats } from './payment-stats'
import { periodSumSelects, periodSumsOf, type PeriodSums } from '../period-sums'
import type { DayRange } from '../../../../domain/reports/periods'

/**
 * The money rollup (migration 20261204400000_money_day_stats, docs/decisions/reports.md
 * "Rollups"): per company-local day, branch, doctor and method, each money figure of the summary
 * as `billingFigure` (report-reads.ts) answers it, computed by the same queries restricted to the
 * days being recomputed. Triggers on invoices, payments and allocations mark the days a write
 * touches stale; a report first recomputes the stale days of its period here, then reads the
 * rollup. Both engines.
 *
 * Rows: `doctorId` '' is the figure with no doctor asked (everyone's: for collected and refunds
 * the payments' amounts, which no sum over doctors gives); a doctor's id is the figure with that
 * doctor asked (their invoices, the money allocated to them). `method` '' for billed and debt
 * created. A group the figure answers with 0 is kept: the rollup answers the same groups.
 *
 * The payments report's rollup (payment-stats.ts) shares the marks and the computed days: each
 * recompute here replaces its rows of the same days in the same transaction.
 */
export const MONEY_STATS_TABLE = 'money_day_stats'
export const MONEY_STATS_DIRTY_TABLE = 'money_stats_dirty'
export const MONEY_STATS_DAYS_TABLE = 'money_stats_days'

export type MoneyFigure = BillingFigure
export const moneyFigures: readonly MoneyFigure[] = ['billed', 'debtCreated', 'collected', 'refunds', 'prepayments']
/** Figures read per method (the summary splits collected by it). */
const byMethod = (figure: MoneyFigure) => figure === 'collected' || figure === 'refunds' || figure === 'prepayments'

const EVERYONE = ''

interface StatsRow {
  companyId: string
  figure: MoneyFigure
  doctorId: string
  day: string
  branchId: string
  method: string
  value: number
}

/** Every figure of `days` (of everyone and per doctor), as rows of the rollup. */
async function figuresOf(db: Knex, filter: ReportFilter, days: readonly string[]): Promise<StatsRow[]> {
  const rows: StatsRow[] = []
  const row = (figure: MoneyFigure, doctorId: string, group: FigureGroup): StatsRow => ({ companyId: filter.companyId, figure, doctorId, day: group.day, branchId: group.branchId, method: group.method ?? '', value: group.value })
  for (const figure of moneyFigures) {
    if (figure === 'billed' || figure === 'debtCreated') {
      // Invoices each have one doctor (or none): everyone's figure is the sum over doctors, none included.
      const everyone = new Map<string, StatsRow>()
      for (const group of await billingFigureOnDays(db, filter, figure, days, true)) {
        if (group.doctorId !== null) rows.push(row(figure, group.doctorId, group))
        const key = `${group.day}|${group.branchId}`
        const total = everyone.get(key)
        if (total) total.value += group.value
        else everyone.set(key, row(figure, EVERYONE, group))
      }
      rows.push(...everyone.values())
      continue
    }
    for (const group of await billingFigureOnDays(db, filter, figure, days, false)) rows.push(row(figure, EVERYONE, group))
    if (figure !== 'prepayments') for (const group of await billingFigureOnDays(db, filter, figure, days, true)) rows.push(row(figure, group.doctorId!, group))
  }
  return rows
}

/** Recomputes the rollup of `stale` (days of the period), records the bounds they were read between, and clears the marks still at the version read. */
async function recompute(db: Knex, filter: ReportFilter, stale: StaleDay[]) {
  const days = stale.map((entry) => entry.day)
  const whole: ReportFilter = { ...filter, branchIds: null, doctorId: null }
  await db.transaction(async (trx) => {
    const rows = await figuresOf(trx, whole, days)
    await replaceDays(trx, MONEY_STATS_TABLE, filter.companyId, days, rows, ['companyId', 'figure', 'doctorId', 'day', 'branchId', 'method'])
    await replacePaymentStats(trx, whole, days)
    const bounds = days.map((day) => {
      const index = filter.days.indexOf(day)
      return { companyId: filter.companyId, day, startsAt: filter.dayStarts[index], endsAt: filter.dayStarts[index + 1] }
    })
    await trx(MONEY_STATS_DAYS_TABLE).insert(bounds).onConflict(['companyId', 'day']).merge()
    await clearMarks(trx, MONEY_STATS_DIRTY_TABLE, filter.companyId, stale)
  })
}

/**
 * Brings the rollup of the period's days up to date: the days a write marked since, and the days
 * never computed or computed between other instants (the company's zone changed since).
 */
export async function refreshMoneyStats(db: Knex, filter: ReportFilter): Promise<void> {
  const versions = await markedDays(db, MONEY_STATS_DIRTY_TABLE, filter)
  const computed = (await db(MONEY_STATS_DAYS_TABLE).where('companyId', filter.companyId).where('day', '>=', filter.from).where('day', '<', filter.to).select('day', 'startsAt', 'endsAt')) as Array<{ day: string; startsAt: string; endsAt: string }>
  const bounds = new Map(computed.map((entry) => [entry.day, `${entry.startsAt}|${entry.endsAt}`]))
  const stale: StaleDay[] = []
  filter.days.forEach((day, index) => {
    if (versions.has(day) || bounds.get(day) !== `${filter.dayStarts[index]}|${filter.dayStarts[index + 1]}`) stale.push({ day, version: versions.get(day) ?? null })
  })
  await inRounds(stale, (round) => recompute(db, filter, round))
}

/** A money figure per company-local day and branch (and method for money taken or given back), from the rollup (refreshed first). */
export async function moneyStatsFigure(db: Knex, filter: ReportFilter, figure: MoneyFigure): Promise<FigureGroup[]> {
  await refreshMoneyStats(db, filter)
  return readMoneyStats(db, filter, figure)
}

/**
 * A figure from the rollup as it stands, summed in the database to the grains asked for (per day
 * and branch, per day, per branch; by method for money taken): `readMoneyStats`'s groups, or
 * their sums over branches or days.
 */
export async function readMoneyStatsByGrains(db: Knex, filter: ReportFilter, figure: MoneyFigure, grains: readonly Grain[]): Promise<Array<GrainSums<'value'>>> {
  if (figure === 'prepayments' && filter.doctorId !== null) return []
  const query = db(MONEY_STATS_TABLE).where({ companyId: filter.companyId, figure, doctorId: filter.doctorId ?? EVERYONE }).where('day', '>=', filter.from).where('day', '<', filter.to)
  if (filter.branchIds) query.whereIn('branchId', [...filter.branchIds])
  return sumByGrains(db, query.select('day', 'branchId', 'method', 'value'), grains, ['value'], byMethod(figure))
}

/** The same from the rollup as it stands: for several figures read at once after one `refreshMoneyStats`. Answers what `billingFigure` answers. */
export async function readMoneyStats(db: Knex, filter: ReportFilter, figure: MoneyFigure): Promise<FigureGroup[]> {
  if (figure === 'prepayments' && filter.doctorId !== null) return []
  const query = db(MONEY_STATS_TABLE).where({ companyId: filter.companyId, figure, doctorId: filter.doctorId ?? EVERYONE }).where('day', '>=', filter.from).where('day', '<', filter.to)
  if (filter.branchIds) query.whereIn('branchId', [...filter.branchIds])
  const rows = (await query.select('day', 'branchId', 'method', 'value')) as Array<{ day: string; branchId: string; method: string; value: unknown }>
  return rows.map((row) => (byMethod(figure) ? { day: row.day, branchId: row.branchId, method: row.method, value: Number(row.value) } : { day: row.day, branchId: row.branchId, value: Number(row.value) }))
}

/**
 * Figures summed over each of several periods, per branch, from the rollup (refreshed first over
 * `filter`, whose days must hold the periods): what `readMoneyStats` gives per day (money taken
 * over every method), added up in the database (the director's home).
 */
export async function moneyPeriodSums<P extends string, F extends MoneyFigure>(
  db: Knex, filter: ReportFilter, periods: Readonly<Record<P, DayRange>>, figures: readonly F[]
): Promise<Array<{ branchId: string; sums: PeriodSums<P, F> }>> {
  await refreshMoneyStats(db, filter)
  // Prepayments have no doctor (readMoneyStats): for one doctor they are nothing.
  const read = filter.doctorId === null ? figures : figures.filter((figure) => figure !== 'prepayments')
  const measures = read.map((figure) => ({ name: figure, sql: 'case when "figure" = ? then "value" else 0 end', bindings: [figure] }))
  const sums = new Map<string, PeriodSums<P, F>>()
  if (measures.length) {
    const query = db(MONEY_STATS_TABLE).where({ companyId: filter.companyId, doctorId: filter.doctorId ?? EVERYONE }).whereIn('figure', [...read]).where('day', '>=', filter.from).where('day', '<', filter.to)
    if (filter.branchIds) query.whereIn('branchId', [...filter.branchIds])
    const rows = (await query.groupBy('branchId').select('branchId').select(periodSumSelects(db, 'day', periods, measures))) as Array<Record<string, unknown>>
    for (const row of rows) sums.set(String(row.branchId), periodSumsOf(row, periods, measures as Array<{ name: F; sql: string }>))
  }
  const zero = () => Object.fromEntries(Object.keys(periods).map((period) => [period, Object.fromEntries(figures.map((figure) => [figure, 0]))])) as PeriodSums<P, F>
  return [...sums].map(([branchId, found]) => {
    const full = zero()
    for (const period of Object.keys(periods) as P[]) Object.assign(full[period], found[period])
    return { branchId, sums: full }
  })
}
