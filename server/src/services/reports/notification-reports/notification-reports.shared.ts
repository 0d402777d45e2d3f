import { clientService } from '../../../client-service'
import type { NotificationReportsService } from './notification-reports.class'
import type { NotificationStatus, StatusCounts } from '../../../../../domain/reports/notification-reports'

/**
 * `notification-reports` (spec sections 2 and 6, issue 19): the messages the clinic sent patients
 * (messaging's outbox: SMS, Telegram, WhatsApp, e-mail) in a period, by status (delivered, sent,
 * failed, unknown, waiting, cancelled), per company-local day, channel and kind
 * (docs/decisions/reports.md). Find only; resource `notification-reports`, module `reports`.
 * `$rows: <status> | 'all'` answers the messages behind one number.
 */
export const notificationReportsPath = 'notification-reports'
export const notificationReportsMethods = ['find'] as const
export type NotificationReportsClientService = Pick<NotificationReportsService, (typeof notificationReportsMethods)[number]>

/** What a drill-down asks for: the messages of one status, or all of a line. */
export type NotificationRowsFigure = NotificationStatus | 'all'

export interface NotificationLine extends StatusCounts {
  key: string
}
export interface NotificationDay extends StatusCounts {
  day: string
}
export interface NotificationCell extends StatusCounts {
  day: string
  channel: string
  event: string
}

export interface NotificationReport {
  from: string
  to: string
  branchId: string | null
  totals: StatusCounts
  byChannel: NotificationLine[]
  /** Per kind of message (the outbox's `event`: reminder, booking made, broadcast, …). */
  byEvent: NotificationLine[]
  byDay: NotificationDay[]
  /** Per day, channel and kind: what the export writes. */
  cells: NotificationCell[]
  /** Each status's formula, as a text key (`reports.notifications.formulas.<status>`). */
  formulas: Record<NotificationStatus | 'total', string>
}

export interface NotificationReportRow {
  _id: string
  day: string
  dueAt: string
  sentAt: string | null
  deliveredAt: string | null
  branchId: string | null
  customerId: string | null
  customerName: string
  channel: string
  event: string
  state: string
  status: NotificationStatus
  /** The SMS's phone, or the e-mail's address; a phone phone protection hides is null with `phoneHidden`. */
  recipient: string | null
  phoneHidden: boolean
  error: string | null
}

export interface NotificationReportRows {
  figure: NotificationRowsFigure
  from: string
  to: string
  /** How many messages match (every one, not only those sent): the number clicked. */
  sum: number
  total: number
  limit: number
  data: NotificationReportRow[]
}

export const notificationReportsClient = clientService<NotificationReportsClientService>()(notificationReportsPath, notificationReportsMethods)
