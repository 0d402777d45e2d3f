import type { Knex } from 'knex'
import { paymentFigure, paymentFigureByDoctor, paymentFigureOnDays, paymentFigures, type PaymentFigure, type PaymentGroup } from './payment-report-reads'
import { allocationTargets } from '../../../../domain/reports/money-reports'
import { sumByGrains, type GrainSums, type ReportFilter } from '../report-filter'
import { replaceDays } from '../rollup-marks'

/**
 * The payments rollup (migration 20261205400000_payment_day_stats, docs/decisions/reports.md
 * "Rollups"): the payments report's figures (payment-report-reads.ts) per company-local day and
 * branch, by method, by who took the money and by where it went, computed by the report's own
 * queries restricted to the days recomputed. It has no marks of its own: money-stats.ts
 * recomputes it with the money rollup, day for day, in the same transaction (the same stale
 * marks and the same days-follow-the-zone record), so a report first calls
 * `refreshMoneyStats`, then `readPaymentStats`.
 *
 * The report needs each grouping apart, never their product, so the rollup keeps them apart
 * (`dimension`): a year of every branch reads days × branches × (methods + staff + doctors) rows.
 */
export const PAYMENT_STATS_TABLE = 'payment_day_stats'

export type PaymentFigures = Record<PaymentFigure, number>
export type Dimension = 'method' | 'cashier' | 'doctor'

/** What the payments report sums, before names: the rollup's read and the raw read answer the same. */
export interface PaymentSums {
  totals: PaymentFigures
  /** Per day and branch; null when not asked for (`readPaymentStats`). */
  cells: Array<PaymentFigures & { day: string; branchId: string }> | null
  /** Per day over the branches, per branch over the days. */
  days: Array<PaymentFigures & { day: string }>
  branches: Array<PaymentFigures & { branchId: string }>
  methods: Array<PaymentFigures & { method: string }>
  /** null: payments no staff member took. */
  cashiers: Array<PaymentFigures & { cashierId: string | null }>
  /** A doctor's id, or 'balance' / 'no-doctor'. */
  doctors: Array<PaymentFigures & { key: string }>
}

interface StatsRow extends PaymentFigures {
  companyId: string
  doctorId: string
  day: string
  branchId: string
  dimension: Dimension
  key: string
}

const EVERYONE = ''
const NO_ONE = ''
const empty = (): PaymentFigures => ({ collected: 0, refunds: 0, net: 0, cancelled: 0 })
const targets: readonly string[] = allocationTargets

/** Adds a figure's value to the entry of `key`, made by `make` the first time (a group of value 0 makes its entry too). */
function addTo<T extends object>(map: Map<string, T & PaymentFigures>, key: string, make: () => T, figure: PaymentFigure, value: number) {
  let entry = map.get(key)
  if (!entry) map.set(key, (entry = { ...make(), ...empty() }))
  entry[figure] += value
}

/** The rows of `days` (everyone's and each doctor's), from the report's queries over the whole company. */
async function statsRowsOf(db: Knex, filter: ReportFilter, days: readonly string[]): Promise<StatsRow[]> {
  const rows = new Map<string, StatsRow>()
  const add = (doctorId: string, dimension: Dimension, group: PaymentGroup, key: string, figure: PaymentFigure) =>
    addTo(rows, [doctorId, dimension, group.day, group.branchId, key].join('|'), (): Omit<StatsRow, PaymentFigure> => ({ companyId: filter.companyId, doctorId, day: group.day, branchId: group.branchId, dimension, key }), figure, group.value)
  for (const figure of paymentFigures) {
    const { payments, allocations } = await paymentFigureOnDays(db, filter, figure, days)
    for (const group of payments) {
      add(EVERYONE, 'method', group, group.method, figure)
      add(EVERYONE, 'cashier', group, group.cashierId ?? NO_ONE, figure)
    }
    for (const group of allocations) {
      add(EVERYONE, 'doctor', group, group.key, figure)
      if (targets.includes(group.key)) continue
      // With a doctor named the report reads the money allocated to their invoices.
      add(group.key, 'method', group, group.method, figure)
      add(group.key, 'cashier', group, group.cashierId ?? NO_ONE, figure)
    }
  }
  return [...rows.values()]
}

/** Replaces the rollup of `days` (inside money-stats.ts's recompute transaction; `filter` of the whole company). */
export async function replacePaymentStats(trx: Knex, filter: ReportFilter, days: readonly string[]): Promise<void> {
  const rows = await statsRowsOf(trx, filter, days)
  await replaceDays(trx, PAYMENT_STATS_TABLE, filter.companyId, days, rows, ['companyId', 'doctorId', 'day', 'branchId', 'dimension', 'key'])
}

/** Collects groups into the report's sums. */
class SumsBuilder {
  readonly totals = empty()
  readonly cells = new Map<string, PaymentFigures & { day: string; branchId: string }>()
  readonly days = new Map<string, PaymentFigures & { day: string }>()
  readonly branches = new Map<string, PaymentFigures & { branchId: string }>()
  readonly methods = new Map<string, PaymentFigures & { method: string }>()
  readonly cashiers = new Map<string, PaymentFigures & { cashierId: string | null }>()
  readonly doctors = new Map<string, PaymentFigures & { key: string }>()

  /** A day and branch: the cell, its day's and its branch's sums and the totals. */
  cell(day: string, branchId: string, figure: PaymentFigure, value: number) {
    addTo(this.cells, `${day}|${branchId}`, () => ({ day, branchId }), figure, value)
    this.day(day, figure, value)
    this.branch(branchId, figure, value)
  }

  /** A day over the branches (the totals sum these). */
  day(day: string, figure: PaymentFigure, value: number) {
    this.totals[figure] += value
    addTo(this.days, day, () => ({ day }), figure, value)
  }

  branch(branchId: string, figure: PaymentFigure, value: number) {
    addTo(this.branches, branchId, () => ({ branchId }), figure, value)
  }

  method(method: string, figure: PaymentFigure, value: number) {
    addTo(this.methods, method, () => ({ method }), figure, value)
  }

  byCashier(cashierId: string | null, figure: PaymentFigure, value: number) {
    addTo(this.cashiers, cashierId ?? NO_ONE, () => ({ cashierId }), figure, value)
  }

  byDoctor(key: string, figure: PaymentFigure, value: number) {
    addTo(this.doctors, key, () => ({ key }), figure, value)
  }

  sums(withCells = true): PaymentSums {
    return { totals: this.totals, cells: withCells ? [...this.cells.values()] : null, days: [...this.days.values()], branches: [...this.branches.values()], methods: [...this.methods.values()], cashiers: [...this.cashiers.values()], doctors: [...this.doctors.values()] }
  }
}

/**
 * The report's sums from the rollup as it stands (call `refreshMoneyStats` for the filter's
 * period first): summed in SQL per day and per branch (from the method rows, in one statement),
 * or per day and branch when `withCells` (the days and branches then their sums), and per method,
 * staff member and doctor over the period, so a year of every branch reads its days, branches and
 * a few dozen rows; its cells (days × branches) only when asked.
 */
export async function readPaymentStats(db: Knex, filter: ReportFilter, withCells = true): Promise<PaymentSums> {
  const rows = () => {
    const query = db(PAYMENT_STATS_TABLE).where({ companyId: filter.companyId, doctorId: filter.doctorId ?? EVERYONE }).where('day', '>=', filter.from).where('day', '<', filter.to)
    if (filter.branchIds) query.whereIn('branchId', [...filter.branchIds])
    for (const figure of paymentFigures) query.sum({ [figure]: figure })
    return query
  }
  type Sums = Record<PaymentFigure, unknown>
  const methodRows = db(PAYMENT_STATS_TABLE).where({ companyId: filter.companyId, doctorId: filter.doctorId ?? EVERYONE, dimension: 'method' }).where('day', '>=', filter.from).where('day', '<', filter.to)
  if (filter.branchIds) methodRows.whereIn('branchId', [...filter.branchIds])
  const [grains, groups] = (await Promise.all([
    // With the cells (few of them) the days and branches are their sums; without, the database sums both.
    sumByGrains(db, methodRows.select('day', 'branchId', ...paymentFigures), withCells ? ['cell'] : ['day', 'branch'], paymentFigures),
    rows().groupBy('dimension', 'key').select('dimension', 'key')
  ])) as [Array<GrainSums<PaymentFigure>>, Array<Sums & { dimension: Dimension; key: string }>]
  const sums = new SumsBuilder()
  for (const figure of paymentFigures) {
    for (const group of grains) {
      const value = group[figure]
      if (group.grain === 'branch') sums.branch(group.branchId, figure, value)
      else {
        if (group.grain === 'cell') sums.cell(group.day, group.branchId, figure, value)
        else sums.day(group.day, figure, value)
        // With a doctor named, the report's one doctor row is everything of theirs.
        if (filter.doctorId) sums.byDoctor(filter.doctorId, figure, value)
      }
    }
    for (const group of groups) {
      const value = Number(group[figure] ?? 0)
      if (group.dimension === 'method') sums.method(group.key, figure, value)
      else if (group.dimension === 'cashier') sums.byCashier(group.key === NO_ONE ? null : group.key, figure, value)
      else if (!filter.doctorId) sums.byDoctor(group.key, figure, value)
    }
  }
  return sums.sums(withCells)
}

/**
 * One figure's total over the filter's period and branches (everyone's, or the named doctor's)
 * from the rollup as it stands (call `refreshMoneyStats` first): the payments report's total of
 * that figure, for the expenses report's income.
 */
export async function paymentStatsTotal(db: Knex, filter: ReportFilter, figure: PaymentFigure): Promise<number> {
  const query = db(PAYMENT_STATS_TABLE).where({ companyId: filter.companyId, doctorId: filter.doctorId ?? EVERYONE, dimension: 'method' }).where('day', '>=', filter.from).where('day', '<', filter.to)
  if (filter.branchIds) query.whereIn('branchId', [...filter.branchIds])
  const [row] = (await query.sum({ value: figure })) as Array<{ value: unknown }>
  return Number(row?.value ?? 0)
}

/** The same sums from the payments and allocations themselves (the definition; the rollup's test compares the two). */
export async function paymentSumsFromRows(db: Knex, filter: ReportFilter): Promise<PaymentSums> {
  const [groups, doctorGroups] = await Promise.all([
    Promise.all(paymentFigures.map((figure) => paymentFigure(db, filter, figure))),
    Promise.all(paymentFigures.map((figure) => paymentFigureByDoctor(db, filter, figure)))
  ])
  const sums = new SumsBuilder()
  paymentFigures.forEach((figure, index) => {
    for (const group of groups[index]) {
      sums.cell(group.day, group.branchId, figure, group.value)
      sums.method(group.method, figure, group.value)
      sums.byCashier(group.cashierId, figure, group.value)
    }
    for (const group of doctorGroups[index]) sums.byDoctor(group.key, figure, group.value)
  })
  return sums.sums()
}
