import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { payoutMembers } from '../../team/users/user-rows'
import { payoutLedger, periodTotals, statementLines } from '../user-balance-history/user-balance-history.class'
import type { BalanceReport, BalanceReportQuery } from './user-balance-reports.schema'

export type ScopedReportQuery = BalanceReportQuery & { companyId: string; branchIds: string[] | null }

/** Per doctor: what they earned in the period, what was paid out, their balance at its end. */
export class UserBalanceReportsService {
  constructor(private readonly app: Application) {}

  async find(params?: Params<BalanceReportQuery>): Promise<BalanceReport> {
    const query = params?.query as ScopedReportQuery
    const members = await payoutMembers(dbOf(this.app, params), query.companyId, null)
    const { earnings, payouts } = await payoutLedger(this.app, params, query.companyId, members)
    const branchIds = query.branchId ? [query.branchId] : query.branchIds
    const report: BalanceReport = { from: query.from, to: query.to, branchId: query.branchId ?? null, base: 0, share: 0, paidOut: 0, balance: 0, rows: [] }
    for (const member of members) {
      const own = payouts.filter((payout) => payout.userId === member._id)
      const lines = statementLines(earnings.byUser.get(member._id) ?? [], own, branchIds, query.branchId ?? null)
      if (lines.length === 0 && !member.acceptsAppointments) continue
      const totals = periodTotals(lines, query.from, query.to)
      report.rows.push({ userId: member._id, name: [member.last_name, member.first_name].filter(Boolean).join(' '), ...totals })
      report.base += totals.base
      report.share += totals.share
      report.paidOut += totals.paidOut
      report.balance += totals.balance
    }
    return report
  }
}
