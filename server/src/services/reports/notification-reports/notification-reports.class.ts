import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { companyTimeZone } from '../../company/company/company-reads'
import { outboxGroups, outboxRows } from '../../messaging/communications/outbox-report-reads'
import { customerNames } from '../../customers/customers/customer-contact'
import { phoneHiddenFor } from '../../customers/customers/customer-phone'
import type { ReportFilter } from '../../report-filter'
import { REPORT_ROWS_LIMIT } from '../reports-summary/reports-summary.shared'
import { localDate } from '../../../../../domain/appointments/zoned-time'
import { addStatus, emptyStatusCounts, notificationStatuses, statusOfState, type NotificationStatus } from '../../../../../domain/reports/notification-reports'
import { lineOf, periodFilter, type ScopedReport } from '../report-scope'
import type { NotificationReportsQuery } from './notification-reports.schema'
import type { NotificationCell, NotificationDay, NotificationLine, NotificationReport, NotificationReportRows } from './notification-reports.shared'

export type ScopedNotificationQuery = ScopedReport<NotificationReportsQuery>

/** Sums messaging's grouped read of the outbox; no table of its own. */
export class NotificationReportsService {
  constructor(private readonly app: Application) {}

  async find(params?: Params<NotificationReportsQuery>): Promise<NotificationReport | NotificationReportRows> {
    const db = dbOf(this.app, params)
    const query = params?.query as ScopedNotificationQuery
    const timeZone = await companyTimeZone(db, query.companyId)
    // No doctor: these reports refuse a caller limited to their own figures.
    const filter: ReportFilter = { ...periodFilter(query, timeZone), doctorId: null }
    const narrow = { channel: query.channel, event: query.event }
    if (query.$rows) {
      const status = query.$rows === 'all' ? undefined : query.$rows
      const limit = query.$limit ?? REPORT_ROWS_LIMIT
      const found = await outboxRows(db, filter, { ...narrow, day: query.day, status }, { limit, skip: query.$skip })
      const names = await customerNames(db, query.companyId, found.rows.flatMap((row) => (row.customerId ? [row.customerId] : [])))
      // Phone protection: the number of an SMS, WhatsApp or Telegram message is the patient's phone.
      const hidden = phoneHiddenFor(params)
      return {
        figure: query.$rows,
        from: query.from,
        to: query.to,
        sum: found.total,
        total: found.total,
        limit,
        data: found.rows.map((row) => ({
          _id: row._id,
          day: localDate(row.dueAt, timeZone),
          dueAt: row.dueAt,
          sentAt: row.sentAt,
          deliveredAt: row.deliveredAt,
          branchId: row.branchId,
          customerId: row.customerId,
          customerName: row.customerId ? (names.get(row.customerId) ?? '') : '',
          channel: row.channel,
          event: row.event,
          state: row.state,
          status: statusOfState(row.state),
          recipient: row.phone ? (hidden ? null : row.phone) : row.email,
          phoneHidden: Boolean(row.phone) && hidden,
          error: row.error
        }))
      }
    }
    const groups = await outboxGroups(db, filter, narrow)
    const totals = emptyStatusCounts()
    const channels = new Map<string, NotificationLine>()
    const events = new Map<string, NotificationLine>()
    const byDay = new Map<string, NotificationDay>()
    const cells = new Map<string, NotificationCell>()
    for (const group of groups) {
      const status = statusOfState(group.state)
      for (const line of [
        totals,
        lineOf(channels, group.channel, () => ({ key: group.channel, ...emptyStatusCounts() })),
        lineOf(events, group.event, () => ({ key: group.event, ...emptyStatusCounts() })),
        lineOf(byDay, group.day, () => ({ day: group.day, ...emptyStatusCounts() })),
        lineOf(cells, `${group.day}|${group.channel}|${group.event}`, () => ({ day: group.day, channel: group.channel, event: group.event, ...emptyStatusCounts() }))
      ]) addStatus(line, status, group.count)
    }
    const largest = (a: NotificationLine, b: NotificationLine) => b.total - a.total || a.key.localeCompare(b.key)
    return {
      from: query.from,
      to: query.to,
      branchId: query.branchId ?? null,
      totals,
      byChannel: [...channels.values()].sort(largest),
      byEvent: [...events.values()].sort(largest),
      byDay: [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day)),
      cells: [...cells.values()],
      formulas: Object.fromEntries([...notificationStatuses, 'total'].map((status) => [status, `reports.notifications.formulas.${status}`])) as Record<NotificationStatus | 'total', string>
    }
  }
}
