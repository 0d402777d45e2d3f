import { clientService } from '../../../client-service'
import type { ReportsSummaryService } from './reports-summary.class'
import type { LoadMinutes } from '../appointment-reports/appointment-reports.shared'

/**
 * `reports-summary` (spec sections 2 and 6, issue 19): the daily summary of a period per
 * company-local day and branch: visits, new patients, billed, collected by method, refunds,
 * prepayments, debt created (definitions: docs/decisions/reports.md). Find only; resource
 * `reports-summary`, module `reports`. `$rows: <figure>` answers the rows behind a figure;
 * `view: 'home'` answers the director's home (`ReportsHome`): today and this month at a glance.
 */
export const reportsSummaryPath = 'reports-summary'
export const reportsSummaryMethods = ['find'] as const
export type ReportsSummaryClientService = Pick<ReportsSummaryService, (typeof reportsSummaryMethods)[number]>

export const summaryFigures = ['visits', 'newPatients', 'noShows', 'billed', 'collected', 'refunds', 'prepayments', 'debtCreated'] as const
export type SummaryFigure = (typeof summaryFigures)[number]
/** Figures that are money (minor units); the others are counts. */
export const moneyFigures: readonly SummaryFigure[] = ['billed', 'collected', 'refunds', 'prepayments', 'debtCreated']

export interface SummaryFigures {
  visits: number
  newPatients: number
  noShows: number
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
export interface SummaryDay extends SummaryFigures {
  day: string
}
export interface SummaryBranch extends SummaryFigures {
  branchId: string
}

/**
 * The day × branch cells come without asking for a report of one branch or of at most this many
 * days; otherwise only with `cells: true` (a year of 300 branches is 110,000 cells, 27 MB).
 */
export const SUMMARY_CELLS_DAYS = 31

/** One figure per branch and day of the period (`grid: <figure>`): `values[i]` is the period's i-th day's. */
export interface SummaryGrid {
  figure: SummaryFigure
  branches: Array<{ branchId: string; values: number[] }>
}

export interface ReportsSummary {
  from: string
  to: string
  branchId: string | null
  doctorId: string | null
  totals: SummaryFigures
  /** Per day over the branches, days in order, only days with something in them. */
  byDay: SummaryDay[]
  /** Per branch over the days, only branches with something in them. */
  byBranch: SummaryBranch[]
  /**
   * Per day and branch, days in order, only cells with something in them; null when left out:
   * asked with `cells: false`, or a period over `SUMMARY_CELLS_DAYS` days of several branches not
   * asked with `cells: true`.
   */
  cells: SummaryCell[] | null
  /** With `grid: <figure>`: that figure per branch and day (summary 2.0's matrix); null otherwise. */
  grid: SummaryGrid | null
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

/** The figures of the director's home (docs/decisions/reports.md, "The director's home"). */
export const homeFigures = ['visits', 'collected', 'noShows', 'debtCreated', 'newPatients'] as const satisfies readonly SummaryFigure[]
export type HomeFigure = (typeof homeFigures)[number]
export type HomeFigures = Record<HomeFigure, number>
export type HomePeriodName = 'today' | 'yesterday' | 'month' | 'previousMonth'
/** The home's figures of each of its four periods. */
export type HomeByPeriod = Record<HomePeriodName, HomeFigures>

/**
 * `find({ query: { view: 'home' } })`: the company's today, the four periods as `[from, to)`
 * (the summary answers the same figures for each), the totals over the branches the caller sees,
 * and the same per branch (every branch seen, with or without figures, main first).
 */
export interface ReportsHome {
  today: string
  periods: Record<HomePeriodName, { from: string; to: string }>
  doctorId: string | null
  totals: HomeByPeriod
  branches: Array<{ branchId: string; name: string } & HomeByPeriod>
  /**
   * The load of doctors and chairs (the appointments report's sums for each period, under that
   * report's reach), in total and per branch; null for a caller who may not view that report.
   */
  load: HomeLoad | null
}

/** The load sums of each of the home's periods. */
export type LoadByPeriod = Record<HomePeriodName, LoadMinutes>
export interface HomeLoad {
  totals: LoadByPeriod
  /** Per branch id (the branches of the appointments report's reach). */
  branches: Record<string, LoadByPeriod>
}

export const reportsSummaryClient = clientService<ReportsSummaryClientService>()(reportsSummaryPath, reportsSummaryMethods)
