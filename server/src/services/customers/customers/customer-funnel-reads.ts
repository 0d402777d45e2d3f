import type { Knex } from 'knex'
import { localDayCase, type ReportFilter, type RowsPage } from '../../report-filter'
import { registeredIn, type RegisteredFilter, type RegisteredRow } from './customer-report-reads'

/**
 * The conversion funnel's grouped read (docs/decisions/reports.md "customer-conversion-funnel-reports"):
 * the registered customers (the same `registeredIn`), each with `reached`, the number of `steps`
 * in a row it passes. A step is another area's subquery of one patient, given the outer column of
 * the patient's id (`c._id`; `exists` over it is the step), so each area still names only its own
 * tables; the database checks a step only for the patients who passed the one before (a `case`
 * stops at its first true `when`), one indexed probe each, and no patient leaves it.
 * `entry`: a subquery of patient ids the funnel is narrowed to (with a doctor, their patients).
 */
export type PatientStep = (customerColumn: string) => Knex.QueryBuilder

export interface RegisteredStepGroup {
  branchId: string
  sourceId: string | null
  /** How many steps in a row these customers passed (0: none). */
  reached: number
  value: number
}

function registeredWithSteps(db: Knex, filter: RegisteredFilter, steps: readonly PatientStep[], entry: Knex.QueryBuilder | undefined) {
  const cases = steps.map((_step, index) => `when not exists ? then ${index}`).join(' ')
  const reached = db.raw(`case ${cases} else ${steps.length} end as "reached"`, steps.map((step) => step('c._id')))
  const query = registeredIn(db, filter).select('c._id', 'c.branchId', 'c.sourceId', 'c.createdAt', reached)
  if (entry) query.whereIn('c._id', entry)
  return query
}

/** The registered customers per branch, source and number of steps passed: one statement. */
export async function registeredStepGroups(db: Knex, filter: RegisteredFilter, steps: readonly PatientStep[], entry?: Knex.QueryBuilder): Promise<RegisteredStepGroup[]> {
  const rows = (await db
    .from(registeredWithSteps(db, filter, steps, entry).as('x'))
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
  steps: readonly PatientStep[],
  entry: Knex.QueryBuilder | undefined,
  atLeast: number,
  page?: RowsPage
): Promise<{ total: number; rows: RegisteredRow[] }> {
  const total = (await registeredStepGroups(db, filter, steps, entry)).filter((group) => group.reached >= atLeast).reduce((sum, group) => sum + group.value, 0)
  const local = localDayCase(db, '"x"."createdAt"', filter as ReportFilter)
  const listed = db
    .from(registeredWithSteps(db, filter, steps, entry).as('x'))
    .where('x.reached', '>=', atLeast)
    .select('x._id', 'x.branchId', 'x.sourceId', db.raw(`${local.sql} as "day"`, local.bindings))
    .orderBy([{ column: 'x.createdAt' }, { column: 'x._id' }])
  if (page !== undefined) listed.limit(page.limit).offset(page.skip ?? 0)
  const rows = (await listed) as Array<{ _id: string; day: string; branchId: string; sourceId: string | null }>
  return { total, rows: rows.map((row) => ({ _id: row._id, day: row.day, branchId: row.branchId, sourceId: row.sourceId ?? null, value: 1 })) }
}
