import { toZoned } from '../appointments/zoned-time'
import { csvMoney } from './csv'

/**
 * Large exports (issue 19, item 2; docs/decisions/reports.md, "Large exports"): a report's
 * drill-down rows written to a file by a background job on the server. The screen sends its
 * columns (titles in the reader's language) and the names of coded values (payment methods,
 * branches, statuses); the server writes the rows it reads through the report as the reader.
 */

/** The reports whose `$rows` read pages with `$limit` and `$skip`. */
export const exportableReports = [
  'payment-reports', 'reports-summary', 'appointment-reports', 'customer-reports', 'customer-conversion-funnel-reports', 'balance-reports',
  'service-reports', 'toppers', 'user-balance-reports', 'expense-reports', 'notification-reports', 'history-reports',
  'treatment-plan-reports'
] as const
export type ExportableReport = (typeof exportableReports)[number]

export const exportFormats = ['csv', 'xlsx'] as const
export type ExportFormat = (typeof exportFormats)[number]

export const exportStatuses = ['queued', 'running', 'ready', 'failed'] as const
export type ExportStatus = (typeof exportStatuses)[number]

export const exportColumnKinds = ['text', 'money', 'number', 'date', 'datetime'] as const
export type ExportColumnKind = (typeof exportColumnKinds)[number]

/** One column of the file: the row's field it shows, its title, and how its values are written. */
export interface ExportColumn {
  key: string
  title: string
  kind: ExportColumnKind
}

/** The words of coded values per column key: `{ method: { cash: 'Наличные' } }`. */
export type ExportLabels = Record<string, Record<string, string>>

/** Bounds of what a client sends and of what runs at once. */
export const EXPORT_LIMITS = {
  columns: 40,
  /** Coded values named per column (a chain's branches, a role's statuses...). */
  labelsPerColumn: 500,
  text: 200,
  /** Exports of one member waiting or running at once. */
  runningPerUser: 3,
  /** Rows read per page through the report (its own `$limit` maximum). */
  page: 1000,
  /** Hours a ready file (or a failed export's row) is kept. */
  keepHours: 24
} as const

/** A cell's value as the file holds it: money in minor units stays a number (each format writes it), the rest text or numbers. */
export function exportValue(row: Record<string, unknown>, column: ExportColumn, labels: ExportLabels, timeZone: string): string | number {
  const raw = row[column.key]
  if (raw === null || raw === undefined || raw === '') return ''
  const named = labels[column.key]?.[String(raw)]
  if (named !== undefined) return named
  if (column.kind === 'money' || column.kind === 'number') {
    const value = Number(raw)
    return Number.isFinite(value) ? value : String(raw)
  }
  if (column.kind === 'datetime') {
    const zoned = toZoned(String(raw), timeZone)
    return `${zoned.date} ${zoned.time}`
  }
  return String(raw)
}

/** A cell as the CSV writes it: money as major units with two decimals (csvMoney). */
export function exportCsvValue(row: Record<string, unknown>, column: ExportColumn, labels: ExportLabels, timeZone: string): string | number {
  const value = exportValue(row, column, labels, timeZone)
  return column.kind === 'money' && typeof value === 'number' ? csvMoney(value) : value
}

/** A file name from the export's title (no path or reserved characters). */
export function exportFileName(title: string, format: ExportFormat): string {
  const base = title.replace(/[\\/:*?"<>|\r\n\t]/g, '_').trim().slice(0, 120) || 'export'
  return `${base}.${format}`
}
