import { clientService } from '../../../client-service'
import type { ReportExportService } from './report-exports.class'
import type { ExportColumn, ExportFormat, ExportLabels, ExportStatus, ExportableReport } from '../../../../../domain/reports/report-exports'

/**
 * `report-exports` (issue 19, item 2; docs/decisions/reports.md, "Large exports"): a report's
 * drill-down rows, more than a drawer shows, written to a CSV or xlsx file by a background job
 * on the server, read through the report as the member who asked. Each member sees and removes
 * only their own; the file downloads from `GET /report-exports/<id>/file` (signed `link`, or
 * `Authorization: Bearer`) until it expires.
 */
export const reportExportPath = 'report-exports'
export const reportExportMethods = ['find', 'get', 'create', 'remove'] as const
export type ReportExportClientService = Pick<ReportExportService, (typeof reportExportMethods)[number]>

export type { ExportColumn, ExportFormat, ExportLabels, ExportStatus, ExportableReport }

/** One export as its owner sees it. */
export interface ReportExport {
  _id: string
  companyId: string
  userId: string
  report: ExportableReport
  query: Record<string, string | number | boolean>
  format: ExportFormat
  columns: ExportColumn[]
  labels: ExportLabels
  title: string
  /** queued → running → ready, or failed with `errorCode` (the report's own error code when it refused). */
  status: ExportStatus
  /** Rows written so far, of `total` (the report's count when the job last read a page). */
  done: number
  total: number
  errorCode: string | null
  /** Bytes of the ready file. */
  size: number | null
  createdAt: string
  updatedAt: string
  createdBy: string | null
  finishedAt: string | null
  /** When the file and this record are removed (EXPORT_LIMITS.keepHours after it was made). */
  expiresAt: string
  /** A ready file's short-lived signed download link (find/get over the socket). */
  link?: { file: string; expiresAt: string }
}

export const reportExportClient = clientService<ReportExportClientService>()(reportExportPath, reportExportMethods)
