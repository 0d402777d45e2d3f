import type { Knex } from 'knex'
import { lineGroupsOnDays, type LineFigure } from './service-report-reads'
import { serviceCategoriesTable } from '../catalogue/service/service-rows'
import type { ReportFilter } from '../report-filter'
import type { ServiceGrain, ServiceGroup } from '../service-report-filter'
import { clearMarks, inRounds, markedStaleDays, replaceDays, type StaleDay } from '../rollup-marks'

/**
 * The invoice lines' rollup (migration 20261205300000_line_day_stats, docs/decisions/reports.md
 * "Rollups"): billed and revenue per company-local day (the invoice's stored `issuedOn`),
 * branch, the line's doctor, service and the patient's source, computed by the figures' own
 * query (`lineGroupsOnDays`, service-report-reads.ts) restricted to the days being recomputed.
 * Triggers on invoices, their lines and the customers mark the days a write touches stale; a
 * report first recomputes the stale days of its period here, then reads the rollup. A line
 * counts on its stored day: a change of the company's zone changes nothing. Both engines.
 */
export const LINE_STATS_TABLE = 'line_day_stats'
export const LINE_STATS_DIRTY_TABLE = 'line_stats_dirty'

const KEYS = ['companyId', 'day', 'branchId', 'doctorId', 'serviceId', 'sourceId']

/** Recomputes the rollup of `stale` (days of the period) and clears the marks still at the version read. */
async function recompute(db: Knex, filter: ReportFilter, stale: StaleDay[]) {
  const days = stale.map((entry) => entry.day)
  await db.transaction(async (trx) => {
    const rows = (await lineGroupsOnDays(trx, filter, days)).map((group) => ({ companyId: filter.companyId, ...group }))
    await replaceDays(trx, LINE_STATS_TABLE, filter.companyId, days, rows, KEYS)
    await clearMarks(trx, LINE_STATS_DIRTY_TABLE, filter.companyId, stale)
  })
}

/** Brings the rollup of the period's days up to date: the days a write marked since (existing invoices' days start marked). */
export async function refreshLineStats(db: Knex, filter: ReportFilter): Promise<void> {
  await inRounds(await markedStaleDays(db, LINE_STATS_DIRTY_TABLE, filter), (round) => recompute(db, filter, round))
}

const COLUMN: Record<ServiceGrain, 'serviceId' | 'doctorId' | 'sourceId'> = { service: 'serviceId', doctor: 'doctorId', source: 'sourceId' }

/** Both figures of one group of a grain. */
export type LineGroup = Omit<ServiceGroup, 'value'> & Record<LineFigure, number>

/**
 * Billed and revenue per service (with its category and the name its lines copied), per the
 * line's doctor and per the patient's source, from the rollup as it stands (call
 * `refreshLineStats` first), every grain asked from one read of the period's rows: what
 * `lineFigureFromLines` answers per figure and grain. A group is there when a line is, whatever
 * its value.
 */
export async function readLineStatsBy(db: Knex, filter: ReportFilter, grains: readonly ServiceGrain[]): Promise<Record<ServiceGrain, LineGroup[]>> {
  const columns = [...new Set(grains.map((grain) => COLUMN[grain]))]
  const query = db(LINE_STATS_TABLE)
    .where('companyId', filter.companyId)
    .where('day', '>=', filter.from)
    .where('day', '<', filter.to)
    .select(columns)
    .sum({ billed: 'billed', revenue: 'revenue' })
    .groupBy(columns)
  if (filter.branchIds) query.whereIn('branchId', [...filter.branchIds])
  if (filter.doctorId) query.where('doctorId', filter.doctorId)
  // A service's copied name is the largest of its lines' (the raw read's max), by the database's own ordering.
  if (grains.includes('service')) query.select(db.raw('max(max("serviceName")) over (partition by "serviceId") as "name"'))
  const rows = (await query) as Array<Record<string, unknown>>
  const serviceIds = grains.includes('service') ? [...new Set(rows.map((row) => String(row.serviceId)).filter((id) => id !== ''))] : []
  // The category is the service's current one, as the raw read joins it.
  const categories = new Map<string, string | null>()
  for (let at = 0; at < serviceIds.length; at += 500) {
    const found = (await serviceCategoriesTable(db, filter.companyId).whereIn('_id', serviceIds.slice(at, at + 500))) as Array<{ _id: string; categoryId: string | null }>
    for (const service of found) categories.set(service._id, service.categoryId ?? null)
  }
  const answer = {} as Record<ServiceGrain, LineGroup[]>
  for (const grain of grains) {
    const groups = new Map<string, LineGroup>()
    for (const row of rows) {
      const key = String(row[COLUMN[grain]])
      let group = groups.get(key)
      if (!group) {
        const name = grain === 'service' ? String(row.name ?? '') : ''
        groups.set(key, (group = { key: key === '' ? null : key, categoryId: grain === 'service' ? (categories.get(key) ?? null) : null, name, billed: 0, revenue: 0 }))
      }
      group.billed += Number(row.billed ?? 0)
      group.revenue += Number(row.revenue ?? 0)
    }
    answer[grain] = [...groups.values()]
  }
  return answer
}

/** One figure of groups read by `readLineStatsBy`. */
export const figureOf = (groups: readonly LineGroup[], figure: LineFigure): ServiceGroup[] =>
  groups.map((group) => ({ key: group.key, categoryId: group.categoryId, name: group.name, value: group[figure] }))

/** The grains asked, the period's stale days recomputed first (what the services report and the toppers read). */
export async function lineStatsBy(db: Knex, filter: ReportFilter, grains: readonly ServiceGrain[]): Promise<Record<ServiceGrain, LineGroup[]>> {
  await refreshLineStats(db, filter)
  return readLineStatsBy(db, filter, grains)
}
