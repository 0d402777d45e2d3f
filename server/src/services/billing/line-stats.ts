import type { Knex } from 'knex'
import { lineGroupsOnDays, type LineFigure } from './service-report-reads'
import { serviceCategoriesTable } from '../catalogue/service/service-rows'
import type { ReportFilter } from '../report-filter'
import type { ServiceGrain, ServiceGroup } from '../service-report-filter'
import { clearMarks, inRounds, markedDays, type StaleDay } from '../rollup-marks'

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
    await trx(LINE_STATS_TABLE).where('companyId', filter.companyId).whereIn('day', days).del()
    for (let at = 0; at < rows.length; at += 400) {
      // Another reader may recompute the same day at the same moment (PostgreSQL): the same numbers.
      await trx(LINE_STATS_TABLE).insert(rows.slice(at, at + 400)).onConflict(KEYS).merge()
    }
    await clearMarks(trx, LINE_STATS_DIRTY_TABLE, filter.companyId, stale)
  })
}

/** Brings the rollup of the period's days up to date: the days a write marked since (existing invoices' days start marked). */
export async function refreshLineStats(db: Knex, filter: ReportFilter): Promise<void> {
  const versions = await markedDays(db, LINE_STATS_DIRTY_TABLE, filter)
  await inRounds([...versions].map(([day, version]) => ({ day, version })), (round) => recompute(db, filter, round))
}

const COLUMN: Record<ServiceGrain, string> = { service: 'serviceId', doctor: 'doctorId', source: 'sourceId' }

/**
 * A figure per service (with its category and the name its lines copied), per the line's doctor
 * or per the patient's source, from the rollup as it stands (call `refreshLineStats` first):
 * what `lineFigureFromLines` answers. A group is there when a line is, whatever its value.
 */
export async function readLineStats(db: Knex, filter: ReportFilter, figure: LineFigure, grain: ServiceGrain): Promise<ServiceGroup[]> {
  const inner = db(LINE_STATS_TABLE)
    .where('companyId', filter.companyId)
    .where('day', '>=', filter.from)
    .where('day', '<', filter.to)
    .select({ key: COLUMN[grain] })
    .max({ name: 'serviceName' })
    .sum({ value: figure })
    .groupBy(COLUMN[grain])
  if (filter.branchIds) inner.whereIn('branchId', [...filter.branchIds])
  if (filter.doctorId) inner.where('doctorId', filter.doctorId)
  // The category is the service's current one, as the raw read joins it.
  const query = grain === 'service'
    ? db.from(inner.as('x')).leftJoin(serviceCategoriesTable(db, filter.companyId).as('sc'), 'sc._id', 'x.key').select('x.key', 'x.name', 'x.value', 'sc.categoryId')
    : inner
  const rows = (await query) as Array<{ key: string; categoryId?: string | null; name: string | null; value: unknown }>
  return rows.map((row) => ({ key: row.key === '' ? null : row.key, categoryId: row.categoryId ?? null, name: grain === 'service' ? (row.name ?? '') : '', value: Number(row.value ?? 0) }))
}

/** The same, the period's stale days recomputed first. */
export async function lineFigure(db: Knex, filter: ReportFilter, figure: LineFigure, grain: ServiceGrain): Promise<ServiceGroup[]> {
  await refreshLineStats(db, filter)
  return readLineStats(db, filter, figure, grain)
}
