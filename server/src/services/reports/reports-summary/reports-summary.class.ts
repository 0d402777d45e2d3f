import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { companyTimeZone } from '../../company/company/company-reads'
import { billingFigureRows, type BillingFigure } from '../../billing/report-reads'
import { visitFigureRows, type VisitFigure } from '../../appointments/appointment/visit-reads'
import { readVisitStatsByGrains, refreshVisitStats, visitStatsFigure } from '../../appointments/appointment/visit-stats'
import { moneyStatsFigure, readMoneyStatsByGrains, refreshMoneyStats } from '../../billing/money-stats'
import { customerNames } from '../../customers/customers/customer-contact'
import { memberDisplayNames } from '../../team/users/user-rows'
import type { FigureGroup, Grain, GrainSums, ReportFilter } from '../../report-filter'
import type { DayRange } from '../../../../../domain/reports/periods'
import { localDate, toZoned } from '../../../../../domain/appointments/zoned-time'
import { periodFilter, type ReportReach, type ScopedReport } from '../report-scope'
import { readHome } from './home'
import type { ReportsSummaryQuery } from './reports-summary.schema'
import {
  REPORT_ROWS_LIMIT, SUMMARY_CELLS_DAYS, summaryFigures,
  type ReportsHome, type ReportsSummary, type ReportsSummaryRows, type SummaryBranch, type SummaryCell, type SummaryDay, type SummaryFigure, type SummaryFigures
} from './reports-summary.shared'

/** The query once the hooks have checked it: the company, the period, the branches and doctor allowed. */
export type ScopedReportQuery = ScopedReport<ReportsSummaryQuery>
/** `loadReach`: the appointments report's reach for the home's load (set by the hooks; null: no load). */
export type ReportsSummaryParams = Params<ReportsSummaryQuery> & { loadReach?: ReportReach | null }

declare module '../../../declarations' {
  interface AppSettings {
    /** The clock the reports' "today" reads (tests set it); the real time otherwise. */
    reportsClock?: () => number
  }
}
export const reportsClock = (app: Application) => app.get('reportsClock')?.() ?? Date.now()

const visitFigures: readonly SummaryFigure[] = ['visits', 'newPatients', 'noShows']
const emptyFigures = (): SummaryFigures => ({ visits: 0, newPatients: 0, noShows: 0, billed: 0, collected: 0, collectedByMethod: {}, refunds: 0, prepayments: 0, debtCreated: 0 })

function add(target: SummaryFigures, figure: SummaryFigure, group: Pick<FigureGroup, 'method' | 'value'>) {
  if (figure === 'collected') {
    target.collected += group.value
    const method = group.method ?? 'other'
    target.collectedByMethod[method] = (target.collectedByMethod[method] ?? 0) + group.value
  } else target[figure] += group.value
}

/** Sums the figures of a period from the areas' grouped reads; no table of its own. */
export class ReportsSummaryService {
  constructor(private readonly app: Application) {}

  async find(params?: ReportsSummaryParams): Promise<ReportsSummary | ReportsSummaryRows | ReportsHome> {
    const db = dbOf(this.app, params)
    const query = params?.query as ScopedReportQuery
    const timeZone = await companyTimeZone(db, query.companyId)
    if (query.view === 'home') return readHome(db, query, timeZone, toZoned(reportsClock(this.app), timeZone).date, params?.loadReach ?? null)
    const filter = filterOf(query, query, timeZone)
    if (query.$rows) return this.rows(db, filter, query, timeZone)
    // The cells when asked, or when few (one branch, a short period); the day and branch tables always.
    const withCells = query.cells ?? (filter.branchIds?.length === 1 || filter.days.length <= SUMMARY_CELLS_DAYS)
    // With the cells (few of them) the day and branch lines are their sums; without, the database sums both.
    const sums = await sumsOf(db, filter, summaryFigures, (figure) => (withCells ? ['cell'] : figure === query.grid ? ['day', 'branch', 'cell'] : ['day', 'branch']))
    const totals = emptyFigures()
    const days = new Map<string, SummaryDay>()
    const branches = new Map<string, SummaryBranch>()
    const cells = new Map<string, SummaryCell>()
    const grid = new Map<string, number[]>()
    const dayIndex = new Map(filter.days.map((day, index) => [day, index]))
    summaryFigures.forEach((figure, index) => {
      const toDay = (group: GrainSums<'value'>) => {
        add(totals, figure, group)
        add(days.get(group.day) ?? days.set(group.day, { day: group.day, ...emptyFigures() }).get(group.day)!, figure, group)
      }
      const toBranch = (group: GrainSums<'value'>) => add(branches.get(group.branchId) ?? branches.set(group.branchId, { branchId: group.branchId, ...emptyFigures() }).get(group.branchId)!, figure, group)
      for (const group of sums[index]) {
        if (group.grain === 'day') toDay(group)
        else if (group.grain === 'branch') toBranch(group)
        else {
          if (withCells) {
            const key = `${group.day}|${group.branchId}`
            add(cells.get(key) ?? cells.set(key, { day: group.day, branchId: group.branchId, ...emptyFigures() }).get(key)!, figure, group)
            toDay(group)
            toBranch(group)
          }
          if (figure === query.grid) {
            const values = grid.get(group.branchId) ?? grid.set(group.branchId, filter.days.map(() => 0)).get(group.branchId)!
            values[dayIndex.get(group.day)!] += group.value
          }
        }
      }
    })
    const byDayThenBranch = (a: SummaryCell, b: SummaryCell) => (a.day === b.day ? a.branchId.localeCompare(b.branchId) : a.day.localeCompare(b.day))
    return {
      from: query.from,
      to: query.to,
      branchId: query.branchId ?? null,
      doctorId: filter.doctorId,
      totals,
      byDay: [...days.values()].sort((a, b) => a.day.localeCompare(b.day)),
      byBranch: [...branches.values()].sort((a, b) => a.branchId.localeCompare(b.branchId)),
      cells: withCells ? [...cells.values()].sort(byDayThenBranch) : null,
      grid: query.grid ? { figure: query.grid, branches: [...grid].sort(([a], [b]) => a.localeCompare(b)).map(([branchId, values]) => ({ branchId, values })) } : null,
      formulas: Object.fromEntries(summaryFigures.map((figure) => [figure, `reports.formulas.${figure}`])) as Record<SummaryFigure, string>
    }
  }

  private async rows(db: ReturnType<typeof dbOf>, filter: ReportFilter, query: ScopedReportQuery, timeZone: string): Promise<ReportsSummaryRows> {
    const figure = query.$rows!
    const limit = query.$limit ?? REPORT_ROWS_LIMIT
    const page = { limit, skip: query.$skip }
    const narrow = { day: query.day, method: query.method }
    const [found, groups] = visitFigures.includes(figure)
      ? await Promise.all([visitFigureRows(db, filter, figure as VisitFigure, narrow, page), visitStatsFigure(db, filter, figure as VisitFigure)])
      : await Promise.all([billingFigureRows(db, filter, figure as BillingFigure, narrow, page, (instant) => localDate(instant as string, timeZone)), moneyStatsFigure(db, filter, figure as BillingFigure)])
    const sum = groups.filter((group) => (!query.day || group.day === query.day) && (!query.method || group.method === query.method)).reduce((total, group) => total + group.value, 0)
    const [customers, doctors] = await Promise.all([
      customerNames(db, filter.companyId, found.rows.flatMap((row) => (row.customerId ? [row.customerId] : []))),
      memberDisplayNames(db, filter.companyId, found.rows.flatMap((row) => (row.doctorId ? [row.doctorId] : [])))
    ])
    return {
      figure,
      from: query.from,
      to: query.to,
      sum,
      total: found.total,
      limit,
      data: found.rows.map((row) => ({ ...row, customerName: row.customerId ? (customers.get(row.customerId) ?? '') : '', doctorName: row.doctorId ? (doctors.get(row.doctorId) ?? '') : '' }))
    }
  }
}

/** The filter of a period for the areas' reads, with the caller's branches and doctor. */
function filterOf(query: ScopedReportQuery, range: DayRange, timeZone: string): ReportFilter {
  return periodFilter({ ...query, from: range.from, to: range.to }, timeZone)
}

/**
 * Each figure's sums to the grains `grainsOf` asks for it (and method for money taken), summed in
 * the database from the rollups (each brought up to date once first).
 */
async function sumsOf(db: ReturnType<typeof dbOf>, filter: ReportFilter, figures: readonly SummaryFigure[], grainsOf: (figure: SummaryFigure) => Grain[]): Promise<Array<Array<GrainSums<'value'>>>> {
  if (figures.some((figure) => visitFigures.includes(figure))) await refreshVisitStats(db, filter)
  if (figures.some((figure) => !visitFigures.includes(figure))) await refreshMoneyStats(db, filter)
  return Promise.all(figures.map((figure) => (visitFigures.includes(figure) ? readVisitStatsByGrains(db, filter, figure as VisitFigure, grainsOf(figure)) : readMoneyStatsByGrains(db, filter, figure as BillingFigure, grainsOf(figure)))))
}
