import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { companyTimeZone } from '../../company/company/company-reads'
import { expenseGroups, expenseRows, payoutGroups, payoutRows, type ExpenseScope } from '../../billing/expense-report-reads'
import { paymentFigureRows } from '../../billing/payment-report-reads'
import { refreshMoneyStats } from '../../billing/money-stats'
import { paymentStatsTotal } from '../../billing/payment-stats'
import { customerNames } from '../../customers/customers/customer-contact'
import { memberDisplayNames } from '../../team/users/user-rows'
import type { ReportFilter } from '../../report-filter'
import { REPORT_ROWS_LIMIT } from '../reports-summary/reports-summary.shared'
import { daysOf } from '../../../../../domain/reports/periods'
import { localDate, zonedToUtc } from '../../../../../domain/appointments/zoned-time'
import type { ScopedReport } from '../report-scope'
import type { ExpenseReportsQuery } from './expense-reports.schema'
import { expenseFigures, type ExpenseByBranch, type ExpenseByCategory, type ExpenseDay, type ExpenseFigure, type ExpenseReport, type ExpenseReportRows } from './expense-reports.shared'

/** The query once the hooks have checked it: the company, the period, the branches, and whether the net's parts may be shown. */
export type ScopedExpenseQuery = ScopedReport<ExpenseReportsQuery> & { withNet: boolean }

/** Adds to the entry of `key`, made by `make` the first time. */
function addTo<T extends { count: number; amount: number }>(map: Map<string, T>, key: string, make: () => T, count: number, amount: number) {
  let entry = map.get(key)
  if (!entry) map.set(key, (entry = make()))
  entry.count += count
  entry.amount += amount
}

/** Sums billing's grouped reads of expenses, payments and payouts; no table of its own. */
export class ExpenseReportsService {
  constructor(private readonly app: Application) {}

  async find(params?: Params<ExpenseReportsQuery>): Promise<ExpenseReport | ExpenseReportRows> {
    const db = dbOf(this.app, params)
    const query = params?.query as ScopedExpenseQuery
    const branchIds = query.branchId ? [query.branchId] : query.branchIds
    const scope: ExpenseScope = { companyId: query.companyId, from: query.from, to: query.to, branchIds, branchId: query.branchId ?? null }
    if (query.$rows) return this.rows(db, scope, query)

    const [groups, payouts, income] = await Promise.all([
      expenseGroups(db, scope),
      query.withNet ? payoutGroups(db, scope) : Promise.resolve([]),
      // The payments report's net, from its rollup (brought up to date first), as that report reads it.
      query.withNet ? this.paymentFilter(db, scope).then(async (filter) => (await refreshMoneyStats(db, filter), paymentStatsTotal(db, filter, 'net'))) : Promise.resolve(0)
    ])
    const categories = new Map<string, ExpenseByCategory>()
    const branches = new Map<string, ExpenseByBranch>()
    const days = new Map<string, ExpenseDay>()
    const dayOf = (day: string) => days.get(day) ?? days.set(day, { day, expenses: 0, payouts: 0 }).get(day)!
    let expenses = 0
    let count = 0
    for (const group of groups) {
      expenses += group.amount
      count += group.count
      addTo(categories, group.category, () => ({ category: group.category, count: 0, amount: 0 }), group.count, group.amount)
      addTo(branches, group.branchId, () => ({ branchId: group.branchId, count: 0, amount: 0 }), group.count, group.amount)
      dayOf(group.day).expenses += group.amount
    }
    for (const group of payouts) dayOf(group.day).payouts += group.amount
    const paidOut = payouts.reduce((sum, group) => sum + group.amount, 0)
    const taken = income
    return {
      from: query.from,
      to: query.to,
      branchId: query.branchId ?? null,
      totals: { expenses, count, income: query.withNet ? taken : null, payouts: query.withNet ? paidOut : null, net: query.withNet ? taken - expenses - paidOut : null },
      byCategory: [...categories.values()].sort((a, b) => b.amount - a.amount || a.category.localeCompare(b.category)),
      byBranch: [...branches.values()].sort((a, b) => b.amount - a.amount || a.branchId.localeCompare(b.branchId)),
      byDay: [...days.values()].sort((a, b) => a.day.localeCompare(b.day)),
      cells: groups,
      formulas: Object.fromEntries(expenseFigures.map((figure) => [figure, `reports.expenses.formulas.${figure}`])) as Record<ExpenseFigure, string>
    }
  }

  /** The payments report's filter for the same period and branches (payments are instants: the company's days are bounded in its zone). */
  private async paymentFilter(db: Knex, scope: ExpenseScope): Promise<ReportFilter> {
    const timeZone = await companyTimeZone(db, scope.companyId)
    const days = daysOf({ from: scope.from, to: scope.to })
    return { ...scope, days, dayStarts: [...days, scope.to].map((day) => zonedToUtc(day, '00:00', timeZone)), doctorId: null }
  }

  private async rows(db: Knex, scope: ExpenseScope, query: ScopedExpenseQuery): Promise<ExpenseReportRows> {
    const figure = query.$rows!
    const limit = query.$limit ?? REPORT_ROWS_LIMIT
    const page = { limit, skip: query.$skip }
    const answer = { figure, from: query.from, to: query.to, limit }
    if (figure === 'expenses') {
      const found = await expenseRows(db, scope, { day: query.day, category: query.category }, page)
      return { ...answer, sum: found.sum, total: found.total, data: found.rows.map((row) => ({ ...row, kind: 'expense' as const })) }
    }
    if (figure === 'payouts') {
      const found = await payoutRows(db, scope, { day: query.day }, page)
      const names = await memberDisplayNames(db, scope.companyId, found.rows.map((row) => row.userId))
      return { ...answer, sum: found.sum, total: found.total, data: found.rows.map((row) => ({ ...row, kind: 'payout' as const, doctorName: names.get(row.userId) ?? '' })) }
    }
    const filter = await this.paymentFilter(db, scope)
    const timeZone = await companyTimeZone(db, scope.companyId)
    const found = await paymentFigureRows(db, filter, 'net', { day: query.day }, page, (instant) => localDate(instant as string, timeZone))
    const names = await customerNames(db, scope.companyId, found.rows.map((row) => row.customerId))
    return {
      ...answer,
      sum: found.sum,
      total: found.total,
      data: found.rows.map((row) => ({
        _id: row._id, day: row.day, date: row.date, branchId: row.branchId, customerId: row.customerId, method: row.method, value: row.value,
        kind: row.kind === 'refund' ? ('refund' as const) : ('payment' as const), customerName: names.get(row.customerId) ?? ''
      }))
    }
  }
}
