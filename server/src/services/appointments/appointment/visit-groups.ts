import type { Knex } from 'knex'
import { customerSourcesTable } from '../../customers/customers/customer-sources'
import type { FigureRow, ReportFilter, RowsPage } from '../../report-filter'
import { whereKey } from '../../service-report-filter'
import { visitsIn, type VisitFigure } from './visit-reads'
import { visitGroupsFromStats } from './source-stats-reads'

/**
 * The summary's visits and new patients (visit-reads.ts, same definitions and the same query)
 * per doctor (`staffId`) and per the patient's source, for the toppers (issue 19,
 * docs/decisions/reports.md). A patient removed or with none recorded has no source.
 */
export type VisitGrain = 'doctor' | 'source'

function visitsBy(db: Knex, filter: ReportFilter, figure: VisitFigure, sourceId: string | undefined, withSource: boolean) {
  const query = visitsIn(db, filter, figure, {})
  if (withSource) query.leftJoin(customerSourcesTable(db, filter.companyId).as('cs'), 'cs._id', 'v.customerId')
  whereKey(query, 'cs.sourceId', sourceId)
  return query
}

/** Visits or new patients per doctor or per the patient's source (key null: no source), from the visits by source rollup (visit-source-stats.ts). */
export async function visitFigureBy(db: Knex, filter: ReportFilter, figure: VisitFigure, grain: VisitGrain): Promise<Array<{ key: string | null; value: number }>> {
  return visitGroupsFromStats(db, filter, figure === 'noShows' ? 'noShow' : figure, grain)
}

/** The same, counted from the appointments (the definition the rollup is tested against). */
export async function visitFigureByFromAppointments(db: Knex, filter: ReportFilter, figure: VisitFigure, grain: VisitGrain): Promise<Array<{ key: string | null; value: number }>> {
  const key = grain === 'doctor' ? 'v.staffId' : 'cs.sourceId'
  const rows = (await visitsBy(db, filter, figure, undefined, grain === 'source').groupBy(key).select({ key }).count({ value: '*' })) as Array<{ key: string | null; value: unknown }>
  return rows.map((row) => ({ key: row.key ?? null, value: Number(row.value) }))
}

/** The visits behind one doctor's (the filter's) or one source's number, earliest first, one page of them (`RowsPage`). */
export async function visitFigureRowsBy(db: Knex, filter: ReportFilter, figure: VisitFigure, sourceId: string | undefined, page: RowsPage): Promise<{ total: number; rows: FigureRow[] }> {
  const base = visitsBy(db, filter, figure, sourceId, sourceId !== undefined)
  const [{ count }] = (await base.clone().count({ count: '*' })) as Array<{ count: unknown }>
  const rows = (await base.select('v._id', 'v.date', 'v.time', 'v.branchId', 'v.customerId', 'v.staffId').orderBy([{ column: 'v.start' }, { column: 'v._id' }]).limit(page.limit)
    .offset(page.skip ?? 0)) as Array<Record<string, unknown>>
  return {
    total: Number(count),
    rows: rows.map((row) => ({ _id: String(row._id), day: String(row.date), branchId: String(row.branchId), customerId: String(row.customerId), doctorId: String(row.staffId), label: String(row.time), value: 1 }))
  }
}
