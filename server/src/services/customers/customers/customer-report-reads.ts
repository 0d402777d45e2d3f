import type { Knex } from 'knex'
import { instantBounds, localDayCase, type ReportFilter, type RowsPage } from '../../report-filter'
import { customerNameRows } from './customer-contact'

/**
 * The customers area's reads for the customers report and the conversion funnel (issue 19,
 * docs/decisions/reports.md):
 * - registered: customers created in the period (their `createdAt` on the company-local day), in
 *   their branch, with their source; a record merged into another (`mergedInto`) is the same
 *   person as the kept one and does not count. The funnel's "entered" is the same set.
 * A figure and its rows come from one query (`registeredIn`). Index: customers (companyId, createdAt,
 * branchId, sourceId, mergedInto), read alone (migration 20261206110000).
 */

/** The report filter and the source (undefined any, null none recorded). Customers have no doctor. */
export type RegisteredFilter = Omit<ReportFilter, 'doctorId'> & { sourceId?: string | null }

export interface RegisteredGroup {
  day: string
  branchId: string
  sourceId: string | null
  value: number
}

export interface RegisteredRow {
  _id: string
  day: string
  branchId: string
  sourceId: string | null
  value: number
}

/** The customers registered in the period (or on one day of it), aliased `c`: the figure's and the funnel's one query. */
export function registeredIn(db: Knex, filter: RegisteredFilter, day?: string) {
  const [start, end] = instantBounds(filter as ReportFilter, day)
  const query = db('customers as c').where('c.companyId', filter.companyId).where('c.createdAt', '>=', start).where('c.createdAt', '<', end).whereNull('c.mergedInto')
  if (filter.branchIds) query.whereIn('c.branchId', [...filter.branchIds])
  if (filter.sourceId === null) query.whereNull('c.sourceId')
  else if (filter.sourceId !== undefined) query.where('c.sourceId', filter.sourceId)
  return query
}

/** The registered customers with their company-local day, as an inner query grouped or listed outside. */
function withDay(db: Knex, filter: RegisteredFilter, day?: string) {
  const local = localDayCase(db, '"c"."createdAt"', filter as ReportFilter)
  return registeredIn(db, filter, day).select('c._id', 'c.branchId', 'c.sourceId', 'c.createdAt', db.raw(`${local.sql} as "day"`, local.bindings))
}

/** Customers registered per day, branch and source. */
export async function registeredFigure(db: Knex, filter: RegisteredFilter): Promise<RegisteredGroup[]> {
  // Grouped outside: PostgreSQL does not match a GROUP BY expression whose bindings are new parameters.
  const rows = (await db.from(withDay(db, filter).as('x')).groupBy('x.day', 'x.branchId', 'x.sourceId').select('x.day', 'x.branchId', 'x.sourceId').count({ value: '*' })) as Array<{ day: string; branchId: string; sourceId: string | null; value: unknown }>
  return rows.map((row) => ({ day: row.day, branchId: row.branchId, sourceId: row.sourceId ?? null, value: Number(row.value) }))
}

/** The customers behind the figure (or one day of it), earliest first, one page of them (`RowsPage`; none: all); and how many there are. */
export async function registeredRows(db: Knex, filter: RegisteredFilter, day: string | undefined, page?: RowsPage): Promise<{ total: number; rows: RegisteredRow[] }> {
  const [{ count }] = (await registeredIn(db, filter, day).count({ count: '*' })) as Array<{ count: unknown }>
  const listed = db.from(withDay(db, filter, day).as('x')).select('x._id', 'x.day', 'x.branchId', 'x.sourceId').orderBy([{ column: 'x.createdAt' }, { column: 'x._id' }])
  if (page !== undefined) listed.limit(page.limit).offset(page.skip ?? 0)
  const rows = (await listed) as Array<{ _id: string; day: string; branchId: string; sourceId: string | null }>
  return { total: Number(count), rows: rows.map((row) => ({ _id: row._id, day: row.day, branchId: row.branchId, sourceId: row.sourceId ?? null, value: 1 })) }
}

/** Names ("Last First") and phones of these customers of the company, for a report's rows; a customer not of the company is missing. */
export async function customerNamesAndPhones(db: Knex, companyId: string, customerIds: readonly string[]): Promise<Map<string, { name: string; phone: string }>> {
  return new Map((await customerNameRows(db, companyId, customerIds)).map((row) => [row._id, { name: row.name, phone: row.phone }]))
}
