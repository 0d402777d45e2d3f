import type { Knex } from 'knex'
import { instantBounds, localDayCase, type ReportFilter, type RowsPage } from '../../report-filter'
import { countedMethods, methodsOfAction, type HistoryAction } from '../../../../../domain/reports/history-reports'
import { USER_ACTIVITIES_TABLE } from '../../../hooks/activity-log'

/**
 * The activity log's reads for the history report (`history-reports`, issue 19,
 * docs/decisions/reports.md): the changes people made (create, patch, update, remove; the log's
 * reads of clinical records are not changes), counted on the company-local day they were made,
 * per person, service and method, only about the services the reader may view. The grouped read
 * and the rows come from one shared query, so a count always equals its rows.
 */

/** A report's narrowing of the entries: a day of the period, a person, a service, an action. */
export interface ActivityNarrowing {
  day?: string
  userId?: string
  service?: string
  action?: HistoryAction
}

export interface ActivityGroup {
  day: string
  userId: string
  service: string
  method: string
  count: number
}

export interface ActivityReportRow {
  _id: string
  createdAt: string
  branchId: string | null
  userId: string
  service: string
  method: string
  recordId: string | null
}

/**
 * The entries of the period (or one day of it) about `services` (null: every service, for the
 * server's own calls). A branch list keeps the entries about records of those branches (an entry
 * about a record without a branch, a specialty or the company's settings, is then left out).
 */
function entriesOf(db: Knex, filter: ReportFilter, services: readonly string[] | null, narrow: ActivityNarrowing) {
  const [start, end] = instantBounds(filter, narrow.day)
  const query = db(`${USER_ACTIVITIES_TABLE} as a`)
    .where('a.companyId', filter.companyId)
    .where('a.createdAt', '>=', start)
    .where('a.createdAt', '<', end)
    .whereIn('a.method', narrow.action ? [...methodsOfAction[narrow.action]] : [...countedMethods])
  if (services) query.whereIn('a.service', [...services])
  if (filter.branchIds) query.whereIn('a.branchId', [...filter.branchIds])
  if (narrow.userId) query.where('a.userId', narrow.userId)
  if (narrow.service) query.where('a.service', narrow.service)
  return query
}

/** Changes per day, person, service and method: every table of the report is a sum of these. */
export async function activityGroups(db: Knex, filter: ReportFilter, services: readonly string[] | null, narrow: ActivityNarrowing = {}): Promise<ActivityGroup[]> {
  const day = localDayCase(db, '"a"."createdAt"', filter)
  // Grouped outside: PostgreSQL does not match a GROUP BY expression whose bindings are new parameters.
  const inner = entriesOf(db, filter, services, narrow).select(db.raw(`${day.sql} as "day"`, day.bindings), 'a.userId as userId', 'a.service as service', 'a.method as method')
  const rows = (await db
    .from(inner.as('x'))
    .groupBy('x.day', 'x.userId', 'x.service', 'x.method')
    .select('x.day', 'x.userId', 'x.service', 'x.method')
    .count({ count: '*' })
    .orderBy([{ column: 'x.day' }, { column: 'x.userId' }, { column: 'x.service' }, { column: 'x.method' }])) as Array<{ day: string; userId: string; service: string; method: string; count: unknown }>
  return rows.map((row) => ({ day: row.day, userId: row.userId, service: row.service, method: row.method, count: Number(row.count) }))
}

const instant = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value))

/** The entries behind a count, in the order they were made, one page of them (`RowsPage`); how many there are. */
export async function activityReportRows(db: Knex, filter: ReportFilter, services: readonly string[] | null, narrow: ActivityNarrowing, page: RowsPage): Promise<{ total: number; rows: ActivityReportRow[] }> {
  const base = entriesOf(db, filter, services, narrow)
  const [{ count }] = (await base.clone().count({ count: '*' })) as Array<{ count: unknown }>
  const rows = (await base
    .select('a._id', 'a.createdAt', 'a.branchId', 'a.userId', 'a.service', 'a.method', 'a.recordId')
    .orderBy([{ column: 'a.createdAt' }, { column: 'a._id' }])
    .limit(page.limit)
    .offset(page.skip ?? 0)) as Array<Record<string, unknown>>
  return {
    total: Number(count),
    rows: rows.map((row) => ({
      _id: String(row._id),
      createdAt: instant(row.createdAt),
      branchId: (row.branchId as string | null) ?? null,
      userId: String(row.userId),
      service: String(row.service),
      method: String(row.method),
      recordId: (row.recordId as string | null) ?? null
    }))
  }
}
