import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { daysOf, lastDayOf } from '../../../../../domain/reports/periods'
import { customerNames } from '../../customers/customers/customer-contact'
import { payoutMembers, type PayoutMember } from '../../team/users/user-rows'
import { REPORT_ROWS_LIMIT } from '../../reports/reports-summary/reports-summary.shared'
import { payoutLedger, payoutStatsScope, statementLines } from '../user-balance-history/user-balance-history.class'
import { closeDays, lineValue, type StatementLine } from './payout-report-lines'
import { payoutStatsFigures } from '../user-balance-history/payout-stats'
import type { BalanceReportQuery } from './user-balance-reports.schema'
import { payoutFigures, type BalanceReport, type BalanceReportDay, type BalanceReportRows, type PayoutReportLine, type PayoutFigure } from './user-balance-reports.shared'

/** The query once the hooks scoped it: the company, the period, the branches and the doctor the caller may see. */
export type ScopedReportQuery = BalanceReportQuery & { companyId: string; from: string; to: string; branchIds: string[] | null; doctorId?: string }

const memberName = (member: PayoutMember) => [member.last_name, member.first_name].filter(Boolean).join(' ')

/**
 * Per doctor: what they earned in the period, what was paid out, their balance at its end; the
 * same per day; and the statement lines behind each number (`$rows`). Everything is computed
 * from `user-balance-history`'s lines (the ledger's shares, frozen ones as frozen), so the report
 * and a doctor's statement never disagree.
 */
export class UserBalanceReportsService {
  constructor(private readonly app: Application) {}

  async find(params?: Params<BalanceReportQuery>): Promise<BalanceReport | BalanceReportRows> {
    const query = params?.query as ScopedReportQuery
    const last = lastDayOf({ from: query.from, to: query.to })
    const db = dbOf(this.app, params)
    const members = await payoutMembers(db, query.companyId, query.doctorId ? [query.doctorId] : null)
    const branchIds = query.branchId ? [query.branchId] : query.branchIds
    if (query.$rows) {
      // The period's figures need only the earnings landing in it; the opening, every line before it.
      const { earnings, payouts } = await payoutLedger(this.app, params, query.companyId, members, query.$rows === 'opening' ? undefined : daysOf({ from: query.from, to: query.to }))
      const linesOf = (member: PayoutMember) => statementLines(earnings.byUser.get(member._id) ?? [], payouts.filter((payout) => payout.userId === member._id), branchIds, query.branchId ?? null)
      return this.rows(query, last, members.map((member) => ({ member, lines: linesOf(member) })), params)
    }

    const report: BalanceReport = {
      from: query.from, to: query.to, branchId: query.branchId ?? null, doctorId: query.doctorId ?? null,
      opening: 0, base: 0, share: 0, paidOut: 0, balance: 0, rows: [], days: [],
      formulas: Object.fromEntries(payoutFigures.map((figure) => [figure, `reports.payouts.formulas.${figure}`])) as Record<PayoutFigure, string>
    }
    // The figures from the payouts rollup (payout-stats.ts: the ledger's lines summed per day),
    // the same rules as `lineTotals`/`addToDays` over the statement lines the drill-down reads.
    const scope = await payoutStatsScope(this.app, params, query.companyId)
    const figures = await payoutStatsFigures(db, scope, { companyId: query.companyId, userIds: members.map((member) => member._id), from: query.from, last, branchIds, branchId: query.branchId ?? null })
    for (const member of members) {
      const found = figures.doctors.get(member._id)
      if (!found?.lines && !member.acceptsAppointments) continue
      const totals = { opening: found?.opening ?? 0, base: found?.base ?? 0, share: found?.share ?? 0, paidOut: found?.paidOut ?? 0, balance: 0 }
      totals.balance = totals.opening + totals.share - totals.paidOut
      report.rows.push({ userId: member._id, name: memberName(member), ...totals })
      for (const figure of payoutFigures) report[figure] += totals[figure]
    }
    const days = daysOf({ from: query.from, to: query.to }).map((day): BalanceReportDay => ({ day, base: 0, share: 0, paidOut: 0, balance: 0, ...figures.days.get(day) }))
    report.days = closeDays(days, report.opening)
    return report
  }

  /** The lines behind one figure, in statement order (doctor by name, then day), one page (`$limit` after `$skip`); their count and sum over all. */
  private async rows(query: ScopedReportQuery, last: string, ledgers: Array<{ member: PayoutMember; lines: StatementLine[] }>, params: Params | undefined): Promise<BalanceReportRows> {
    const figure = query.$rows!
    const limit = query.$limit ?? REPORT_ROWS_LIMIT
    const matching: Array<{ member: PayoutMember; line: StatementLine; value: number }> = []
    for (const { member, lines } of ledgers) {
      for (const line of lines) {
        const value = lineValue(line, figure, query.from, last)
        if (value !== null && (!query.day || line.date === query.day)) matching.push({ member, line, value })
      }
    }
    const skip = query.$skip ?? 0
    const shown = matching.slice(skip, skip + limit)
    const names = await customerNames(dbOf(this.app, params), query.companyId, shown.map(({ line }) => line.customerId).filter((id): id is string => id !== null))
    const data: PayoutReportLine[] = shown.map(({ member, line, value }) => ({
      _id: `${member._id}|${line._id}`, kind: line.kind, source: line.source, day: line.date, userId: member._id, doctorName: memberName(member),
      branchId: line.branchId, customerId: line.customerId, customerName: line.customerId ? (names.get(line.customerId) ?? '') : '',
      invoiceId: line.invoiceId, invoiceNumber: line.invoiceNumber, serviceName: line.serviceName, quantity: line.quantity, percent: line.percent,
      fixedAmount: line.fixedAmount, base: line.base, share: line.share, method: line.method, note: line.note, closed: line.closed, adjustment: line.adjustment, value
    }))
    return { figure, from: query.from, to: query.to, sum: matching.reduce((total, entry) => total + entry.value, 0), total: matching.length, limit, data }
  }
}
