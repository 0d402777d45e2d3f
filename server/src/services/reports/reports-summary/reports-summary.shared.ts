import { clientService } from '../../../client-service'
import type { ReportsSummaryService } from './reports-summary.class'

/**
 * `reports-summary` (spec sections 2 and 6, issue 19): the daily summary of a period per
 * company-local day and branch: visits, new patients, billed, collected by method, refunds,
 * prepayments, debt created (definitions: docs/decisions/reports.md). Find only; resource
 * `reports-summary`, module `reports`. `$rows: <figure>` answers the rows behind a figure.
 */
export const reportsSummaryPath = 'reports-summary'
export const reportsSummaryMethods = ['find'] as const
export type ReportsSummaryClientService = Pick<ReportsSummaryService, (typeof reportsSummaryMethods)[number]>

export const summaryFigures = ['visits', 'newPatients', 'billed', 'collected', 'refunds', 'prepayments', 'debtCreated'] as const
export type SummaryFigure = (typeof summaryFigures)[number]
/** Figures that are money (minor units); the others are counts. */
export const moneyFigures: readonly SummaryFigure[] = ['billed', 'collected', 'refunds', 'prepayments', 'debtCreated']

export interface SummaryFigures {
  visits: number
  newPatients: number
  billed: number
  collected: number
  /** Collected per payment method (only methods with money). */
  collectedByMethod: Record<string, number>
  refunds: number
  prepayments: number
  debtCreated: number
}

export interface SummaryCell extends SummaryFigures {
  day: string
  branchId: string
}

export interface ReportsSummary {
  from: string
  to: string
  branchId: string | null
  doctorId: string | null
  totals: SummaryFigures
  /** Per day and branch, days in order, only cells with something in them. */
  cells: SummaryCell[]
  /** Each figure's formula, as a text key (`reports.formulas.<figure>`). */
  formulas: Record<SummaryFigure, string>
}

export interface SummaryRow {
  _id: string
  day: string
  branchId: string
  customerId: string | null
  customerName: string
  doctorId: string | null
  doctorName: string
  method?: string
  /** A visit's time, an invoice's number, a payment's terminal id. */
  label?: string
  /** What the row adds to the figure: 1 for a visit, minor units for money. */
  value: number
}

export interface ReportsSummaryRows {
  figure: SummaryFigure
  from: string
  to: string
  /** The sum of every matching row (not only those sent), equal to the figure's cell. */
  sum: number
  /** How many rows match; at most `limit` are in `data`. */
  total: number
  limit: number
  data: SummaryRow[]
}

export const REPORT_ROWS_LIMIT = 1000

export const reportsSummaryClient = clientService<ReportsSummaryClientService>()(reportsSummaryPath, reportsSummaryMethods)
