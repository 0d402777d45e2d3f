import type { Knex } from 'knex'
import { visitPeriodSums } from '../../appointments/appointment/visit-stats'
import { moneyPeriodSums } from '../../billing/money-stats'
import { branchNames } from '../../company/branches/branch-reads'
import { windowOf } from '../../period-sums'
import { loadHours } from '../appointment-reports/load-hours'
import { loadMinuteKeys, type LoadMinuteKey, type LoadMinutes } from '../appointment-reports/appointment-reports.shared'
import { periodFilter, type ReportReach } from '../report-scope'
import { homePeriodKeys, homePeriods, type DayRange, type HomePeriod } from '../../../../../domain/reports/periods'
import { homeFigures, type HomeByPeriod, type HomeFigures, type HomeLoad, type LoadByPeriod, type ReportsHome } from './reports-summary.shared'
import type { ScopedReportQuery } from './reports-summary.class'

type HomeRanges = Record<HomePeriod, DayRange>

const emptyFigures = (): HomeByPeriod =>
  Object.fromEntries(homePeriodKeys.map((period) => [period, Object.fromEntries(homeFigures.map((figure) => [figure, 0])) as HomeFigures])) as HomeByPeriod
const emptyLoad = (): LoadByPeriod =>
  Object.fromEntries(homePeriodKeys.map((period) => [period, Object.fromEntries(loadMinuteKeys.map((key) => [key, 0])) as LoadMinutes])) as LoadByPeriod

/**
 * The director's home in one read (docs/decisions/reports.md, "The director's home"): the
 * visits rollup and the money rollup each summed over the four periods per branch in one grouped
 * statement (`visitPeriodSums`, `moneyPeriodSums`), the same rows the summary adds up per day,
 * so each period equals the summary of that period (tested). The load: booked minutes the same
 * way under the appointments report's reach, available minutes from the schedules.
 */
export async function readHome(db: Knex, query: ScopedReportQuery, timeZone: string, today: string, loadReach: ReportReach | null): Promise<ReportsHome> {
  const periods = homePeriods(today)
  const window = windowOf(periods)
  const filter = periodFilter({ ...query, ...window }, timeZone)
  const [visits, money, branches, load] = await Promise.all([
    visitPeriodSums(db, filter, periods, ['visits', 'noShows', 'newPatients']),
    moneyPeriodSums(db, filter, periods, ['collected', 'debtCreated']),
    branchNames(db, query.companyId, query.branchIds),
    loadReach ? homeLoad(db, periodFilter({ companyId: query.companyId, ...window, ...loadReach }, timeZone), periods) : null
  ])
  const totals = emptyFigures()
  const byBranch = new Map(branches.map((branch) => [branch._id, emptyFigures()]))
  for (const { branchId, sums } of [...visits, ...money]) {
    let branch = byBranch.get(branchId)
    // A branch archived since still counts in the totals; it is listed with its name unknown.
    if (!branch) byBranch.set(branchId, (branch = emptyFigures()))
    for (const period of homePeriodKeys) {
      for (const [figure, value] of Object.entries(sums[period]) as Array<[keyof HomeFigures, number]>) {
        totals[period][figure] += value
        branch[period][figure] += value
      }
    }
  }
  const names = new Map(branches.map((branch) => [branch._id, branch.name]))
  return {
    today,
    periods,
    doctorId: query.doctorId ?? null,
    totals,
    branches: [...byBranch].map(([branchId, figures]) => ({ branchId, name: names.get(branchId) ?? '', ...figures })),
    load
  }
}

/**
 * The appointments report's load sums over the home's periods, in total and per branch with
 * anything in them: booked minutes from the visits rollup per branch; available minutes from the
 * schedules, a doctor's day once in the total and in each of their branches (as the report).
 */
async function homeLoad(db: Knex, filter: Parameters<typeof loadHours>[1], periods: HomeRanges): Promise<HomeLoad> {
  const [booked, hours] = await Promise.all([visitPeriodSums(db, filter, periods, ['bookedMinutes', 'chairBookedMinutes']), loadHours(db, filter, undefined, { hoursText: false })])
  const load: HomeLoad = { totals: emptyLoad(), branches: {} }
  const add = (branchIds: readonly string[], period: HomePeriod, key: LoadMinuteKey, value: number) => {
    load.totals[period][key] += value
    for (const branchId of branchIds) (load.branches[branchId] ??= emptyLoad())[period][key] += value
  }
  for (const { branchId, sums } of booked) {
    for (const period of homePeriodKeys) {
      if (sums[period].bookedMinutes > 0) add([branchId], period, 'bookedMinutes', sums[period].bookedMinutes)
      if (sums[period].chairBookedMinutes > 0) add([branchId], period, 'chairBookedMinutes', sums[period].chairBookedMinutes)
    }
  }
  const periodsOf = periodsOfDay(periods)
  for (const day of hours.doctors) for (const period of periodsOf(day.day)) add(day.branchIds, period, 'availableMinutes', day.minutes)
  for (const day of hours.chairs) for (const period of periodsOf(day.day)) add([day.branchId], period, 'chairAvailableMinutes', day.minutes)
  return load
}

/** The periods a day falls in (today is in this month too), found once per day. */
function periodsOfDay(periods: HomeRanges): (day: string) => readonly HomePeriod[] {
  const found = new Map<string, HomePeriod[]>()
  return (day) => {
    let hit = found.get(day)
    if (!hit) found.set(day, (hit = homePeriodKeys.filter((period) => day >= periods[period].from && day < periods[period].to)))
    return hit
  }
}
