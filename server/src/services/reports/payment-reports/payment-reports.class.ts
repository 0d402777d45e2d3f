import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { companyTimeZone } from '../../company/company/company-reads'
import { paymentFigureRows } from '../../billing/payment-report-reads'
import { refreshMoneyStats } from '../../billing/money-stats'
import { readPaymentStats } from '../../billing/payment-stats'
import { allocationTargets, type AllocationTarget } from '../../../../../domain/reports/money-reports'
import { customerNames } from '../../customers/customers/customer-contact'
import { memberDisplayNames } from '../../team/users/user-rows'
import type { ReportFilter } from '../../report-filter'
import { REPORT_ROWS_LIMIT } from '../reports-summary/reports-summary.shared'
import { localDate } from '../../../../../domain/appointments/zoned-time'
import { periodFilter, type ScopedReport } from '../report-scope'
import type { PaymentReportsQuery } from './payment-reports.schema'
import { PAYMENT_CELLS_DAYS, paymentFigures, type PaymentByCashier, type PaymentByDoctor, type PaymentFigure, type PaymentReport, type PaymentReportRows } from './payment-reports.shared'

/** The query once the hooks have checked it: the company, the period, the branches and doctor allowed. */
export type ScopedPaymentQuery = ScopedReport<PaymentReportsQuery>
export type PaymentReportsParams = Params<PaymentReportsQuery>

const targets: readonly string[] = allocationTargets

/** Names and orders billing's payments rollup; no table of its own. */
export class PaymentReportsService {
  constructor(private readonly app: Application) {}

  async find(params?: PaymentReportsParams): Promise<PaymentReport | PaymentReportRows> {
    const db = dbOf(this.app, params)
    const query = params?.query as ScopedPaymentQuery
    const timeZone = await companyTimeZone(db, query.companyId)
    const filter = periodFilter(query, timeZone)
    if (query.$rows) return this.rows(db, filter, query, timeZone)
    // The figures from the payments rollup (billing/payment-stats.ts), brought up to date first; the rows stay raw reads.
    await refreshMoneyStats(db, filter)
    // The cells when asked, or when few (one branch, a short period); the day and branch tables always.
    const withCells = query.cells ?? (filter.branchIds?.length === 1 || filter.days.length <= PAYMENT_CELLS_DAYS)
    const sums = await readPaymentStats(db, filter, withCells)
    const cashiers = sums.cashiers.map((entry): PaymentByCashier => ({ ...entry, name: '' }))
    const doctors = sums.doctors.map(({ key, ...figures }): PaymentByDoctor => {
      const via = targets.includes(key) ? (key as AllocationTarget) : null
      return { doctorId: via ? null : key, via, name: '', ...figures }
    })
    const staffIds = [...cashiers.map((entry) => entry.cashierId), ...doctors.map((entry) => entry.doctorId)]
    const names = await memberDisplayNames(db, filter.companyId, staffIds.filter((id): id is string => id !== null))
    const byName = <T extends { name: string; collected: number }>(list: T[]) => list.sort((a, b) => b.collected - a.collected || a.name.localeCompare(b.name))
    return {
      from: query.from,
      to: query.to,
      branchId: query.branchId ?? null,
      doctorId: filter.doctorId,
      totals: sums.totals,
      byDay: sums.days.sort((a, b) => a.day.localeCompare(b.day)),
      byBranch: sums.branches.sort((a, b) => a.branchId.localeCompare(b.branchId)),
      cells: sums.cells?.sort((a, b) => (a.day === b.day ? a.branchId.localeCompare(b.branchId) : a.day.localeCompare(b.day))) ?? null,
      byMethod: sums.methods.sort((a, b) => b.collected - a.collected || a.method.localeCompare(b.method)),
      byCashier: byName(cashiers.map((entry) => ({ ...entry, name: entry.cashierId ? (names.get(entry.cashierId) ?? '') : '' }))),
      byDoctor: byName(doctors.map((entry) => ({ ...entry, name: entry.doctorId ? (names.get(entry.doctorId) ?? '') : '' }))),
      formulas: Object.fromEntries(paymentFigures.map((figure) => [figure, `reports.payments.formulas.${figure}`])) as Record<PaymentFigure, string>
    }
  }

  private async rows(db: ReturnType<typeof dbOf>, filter: ReportFilter, query: ScopedPaymentQuery, timeZone: string): Promise<PaymentReportRows> {
    const figure = query.$rows!
    const limit = query.$limit ?? REPORT_ROWS_LIMIT
    const narrow = { day: query.day, method: query.method, cashierId: query.cashierId, via: query.via }
    const found = await paymentFigureRows(db, filter, figure, narrow, { limit, skip: query.$skip }, (instant) => localDate(instant as string, timeZone))
    const [customers, staff] = await Promise.all([
      customerNames(db, filter.companyId, found.rows.map((row) => row.customerId)),
      memberDisplayNames(db, filter.companyId, found.rows.flatMap((row) => [row.cashierId, row.doctorId].filter((id): id is string => id !== null)))
    ])
    return {
      figure,
      from: query.from,
      to: query.to,
      sum: found.sum,
      total: found.total,
      limit,
      data: found.rows.map((row) => ({ ...row, customerName: customers.get(row.customerId) ?? '', cashierName: row.cashierId ? (staff.get(row.cashierId) ?? '') : '', doctorName: row.doctorId ? (staff.get(row.doctorId) ?? '') : '' }))
    }
  }
}
