import { clientService } from '../../../client-service'
import type { HistoryReportsService } from './history-reports.class'
import type { ActionCounts, HistoryAction } from '../../../../../domain/reports/history-reports'

/**
 * `history-reports` (spec sections 1 and 2, `/reports/history`; issue 19): the activity log as a
 * report: how many changes (create, edit, remove) people made in a period, per company-local day,
 * person and section (`user_activities.service`), only about the sections the reader may view
 * (docs/decisions/reports.md). Find only; resource `reports` and `company: seeAll` (the log's
 * rule), module `reports`. `$rows: <action> | 'all'` answers the entries behind one number.
 */
export const historyReportsPath = 'history-reports'
export const historyReportsMethods = ['find'] as const
export type HistoryReportsClientService = Pick<HistoryReportsService, (typeof historyReportsMethods)[number]>

/** What a drill-down asks for: the entries of one action, or all of a line. */
export type HistoryRowsFigure = HistoryAction | 'all'

export interface HistoryLine extends ActionCounts {
  key: string
}
export interface HistoryUserLine extends HistoryLine {
  /** The person's name ('' for one no longer in the company's list). */
  name: string
}
export interface HistoryDay extends ActionCounts {
  day: string
}
export interface HistoryCell extends ActionCounts {
  day: string
  userId: string
  service: string
}

export interface HistoryReport {
  from: string
  to: string
  branchId: string | null
  totals: ActionCounts
  /** Per person (`key`: their id), the most changes first. */
  byUser: HistoryUserLine[]
  /** Per section (`key`: the log's service path), the most changes first. */
  byService: HistoryLine[]
  byDay: HistoryDay[]
  /** Per day, person and section: what the export writes. */
  cells: HistoryCell[]
  /** Each action's formula, as a text key (`reports.history.formulas.<action>`). */
  formulas: Record<HistoryAction | 'total', string>
}

export interface HistoryReportRow {
  _id: string
  day: string
  createdAt: string
  branchId: string | null
  userId: string
  userName: string
  service: string
  /** The log's method: create, patch, update or remove. */
  method: string
  action: HistoryAction
  recordId: string | null
}

export interface HistoryReportRows {
  figure: HistoryRowsFigure
  from: string
  to: string
  /** How many entries match (every one, not only those sent): the number clicked. */
  sum: number
  total: number
  limit: number
  data: HistoryReportRow[]
}

export const historyReportsClient = clientService<HistoryReportsClientService>()(historyReportsPath, historyReportsMethods)
