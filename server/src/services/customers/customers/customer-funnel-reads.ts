import type { Knex } from 'knex'
import { localDayCase, type ReportFilter, type RowsPage } from '../../report-filter'
import { registeredIn, type RegisteredFilter, type RegisteredRow } from './customer-report-reads'
import { FUNNEL_REACH_TABLE, reachedCase, type PatientStep } from './customer-funnel-reach'

export type { PatientStep } from './customer-funnel-reach'

/**
 * The conversion funnel's grouped read (docs/decisions/reports.md "customer-conversion-funnel-reports"):
 * the registered customers (the same `registeredIn`), each with `reached`, the number of steps in
 * a row it passes, read one of two ways:
 * - `'stored'`: from the kept reach (customer-funnel-reach.ts, brought up to date by the caller),
 *   one join by primary key; a patient with no row reached nothing;
 * - `{ steps, entry }`: asked of the steps, each another area's subquery of one patient given the
 *   outer column of the patient's id (`c._id`; `exists` over it is the step), so each area still
 *   names only its own tables; one indexed probe per step and patient, and no patient leaves the
 *   database. `entry`: a subquery of patient ids the funnel is narrowed to (with a doctor, their patients).
 */
export type FunnelReach = 'stored' | { steps: readonly PatientStep[]; entry?: Knex.QueryBuilder }

export interface RegisteredStepGroup {
  branchId: string
  sourceId: string | null
  /** How many steps in a row these customers passed (0: none). */
  reached: number
  value: number
}

function registeredWithReach(db: Knex, filter: RegisteredFilter, reach: FunnelReach) {
  const query = registeredIn(db, filter).select('c._id', 'c.branchId', 'c.sourceId', 'c.createdAt')
  if (reach === 'stored') return query.leftJoin(`${FUNNEL_REACH_TABLE} as r`, 'r.customerId', 'c._id').select(db.raw('coalesce("r"."reached", 0) as "reached"'))
  query.select(db.raw('? as "reached"', [reachedCase(db, reach.steps)]))
  if (reach.entry) query.whereIn('c._id', reach.entry)
  return query
}

/** The registered customers per branch, source and number of steps passed: one statement. */
export async function registeredStepGroups(db: Knex, filter: RegisteredFilter, reach: FunnelReach): Promise<RegisteredStepGroup[]> {
  const rows = (await db
    .from(registeredWithReach(db, filter, reach).as('x'))
    .groupBy('x.branchId', 'x.sourceId', 'x.reached')
    .select('x.branchId', 'x.sourceId', 'x.reached')
    .count({ value: '*' })) as Array<{ branchId: string; sourceId: string | null; reached: unknown; value: unknown }>
  return rows.map((row) => ({ branchId: row.branchId, sourceId: row.sourceId ?? null, reached: Number(row.reached), value: Number(row.value) }))
}

/**
 * The registered customers who passed at least `atLeast` steps, earliest registered first, one page
 * (none: all), with their company-local day; and how many there are (from the grouped read, so the
 * rows and the counts are the one statement's).
 */
export async function registeredStepRows(
  db: Knex,
  filter: RegisteredFilter,
  reach: FunnelReach,
  atLeast: number,
  page?: RowsPage
): Promise<{ total: number; rows: RegisteredRow[] }> {
  const total = (await registeredStepGroups(db, filter, reach)).filter((group) => group.reached >= atLeast).reduce((sum, group) => sum + group.value, 0)
  const local = localDayCase(db, '"x"."createdAt"', filter as ReportFilter)
  const listed = db
    .from(registeredWithReach(db, filter, reach).as('x'))
    .where('x.reached', '>=', atLeast)
    .select('x._id', 'x.branchId', 'x.sourceId', db.raw(`${local.sql} as "day"`, local.bindings))
    .orderBy([{ column: 'x.createdAt' }, { column: 'x._id' }])
  if (page !== undefined) listed.limit(page.limit).offset(page.skip ?? 0)
  const rows = (await listed) as Array<{ _id: string; day: string; branchId: string; sourceId: string | null }>
  return { total, rows: rows.map((row) => ({ _id: row._id, day: row.day, branchId: row.branchId, sourceId: row.sourceId ?? null, value: 1 })) }
}
