import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { companyTimeZone } from '../../company/company/company-reads'
import { activityGroups, activityReportRows } from '../../audit/user-activities/activity-report-reads'
import { memberDisplayNames } from '../../team/users/user-rows'
import type { ReportFilter } from '../../report-filter'
import { REPORT_ROWS_LIMIT } from '../reports-summary/reports-summary.shared'
import { localDate } from '../../../../../domain/appointments/zoned-time'
import { actionOfMethod, addAction, emptyActionCounts, historyActions, type HistoryAction } from '../../../../../domain/reports/history-reports'
import { lineOf, periodFilter, type ScopedReport } from '../report-scope'
import type { HistoryReportsQuery } from './history-reports.schema'
import type { HistoryCell, HistoryDay, HistoryLine, HistoryReport, HistoryReportRows, HistoryUserLine } from './history-reports.shared'

/** The query once scoped; `services`: the sections whose entries the reader may read (null: every one, internal calls). */
export type ScopedHistoryQuery = ScopedReport<HistoryReportsQuery> & { services: string[] | null }

/** Sums the activity log's grouped read (audit's); no table of its own. */
export class HistoryReportsService {
  constructor(private readonly app: Application) {}

  async find(params?: Params<HistoryReportsQuery>): Promise<HistoryReport | HistoryReportRows> {
    const db = dbOf(this.app, params)
    const query = params?.query as ScopedHistoryQuery
    const timeZone = await companyTimeZone(db, query.companyId)
    // No doctor: these reports refuse a caller limited to their own figures.
    const filter: ReportFilter = { ...periodFilter(query, timeZone), doctorId: null }
    const narrow = { userId: query.userId, service: query.service }
    if (query.$rows) {
      const action = query.$rows === 'all' ? undefined : query.$rows
      const limit = query.$limit ?? REPORT_ROWS_LIMIT
      const found = await activityReportRows(db, filter, query.services, { ...narrow, day: query.day, action }, { limit, skip: query.$skip })
      const names = await memberDisplayNames(db, query.companyId, found.rows.map((row) => row.userId))
      return {
        figure: query.$rows,
        from: query.from,
        to: query.to,
        sum: found.total,
        total: found.total,
        limit,
        data: found.rows.map((row) => ({
          ...row,
          day: localDate(row.createdAt, timeZone),
          userName: names.get(row.userId) ?? '',
          action: actionOfMethod(row.method)
        }))
      }
    }
    const groups = await activityGroups(db, filter, query.services, narrow)
    const totals = emptyActionCounts()
    const users = new Map<string, HistoryUserLine>()
    const services = new Map<string, HistoryLine>()
    const byDay = new Map<string, HistoryDay>()
    const cells = new Map<string, HistoryCell>()
    for (const group of groups) {
      const action = actionOfMethod(group.method)
      for (const line of [
        totals,
        lineOf(users, group.userId, () => ({ key: group.userId, name: '', ...emptyActionCounts() })),
        lineOf(services, group.service, () => ({ key: group.service, ...emptyActionCounts() })),
        lineOf(byDay, group.day, () => ({ day: group.day, ...emptyActionCounts() })),
        lineOf(cells, `${group.day}|${group.userId}|${group.service}`, () => ({ day: group.day, userId: group.userId, service: group.service, ...emptyActionCounts() }))
      ]) addAction(line, action, group.count)
    }
    const names = await memberDisplayNames(db, query.companyId, [...users.keys()])
    for (const line of users.values()) line.name = names.get(line.key) ?? ''
    const largest = (a: HistoryLine, b: HistoryLine) => b.total - a.total || a.key.localeCompare(b.key)
    return {
      from: query.from,
      to: query.to,
      branchId: query.branchId ?? null,
      totals,
      byUser: [...users.values()].sort(largest),
      byService: [...services.values()].sort(largest),
      byDay: [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day)),
      cells: [...cells.values()],
      formulas: Object.fromEntries([...historyActions, 'total'].map((action) => [action, `reports.history.formulas.${action}`])) as Record<HistoryAction | 'total', string>
    }
  }
}
