import type { Knex } from 'knex'
import { databaseEngine } from '../db'

/**
 * What a report asks of the areas whose rows it sums (issue 19). The reports area owns no table:
 * each area exports its figures as grouped reads taking this filter (billing's
 * `billing/report-reads.ts`, appointments' `appointments/appointment/visit-reads.ts`), so the
 * SQL over a table stays in its owner's folder.
 */
export interface ReportFilter {
  companyId: string
  /** Company-local days of the period: `[from, to)`. */
  from: string
  to: string
  /** Every day of the period in order, and the instant each one starts (one more: the end). */
  days: readonly string[]
  dayStarts: readonly string[]
  /** The branches summed; null: every branch. */
  branchIds: readonly string[] | null
  /** One doctor's figures only; null: everyone's. */
  doctorId: string | null
}

/** One group of a figure: a day, a branch, and for money taken the payment method. */
export interface FigureGroup {
  day: string
  branchId: string
  method?: string
  value: number
}

/** One row behind a figure: the record, the day and branch it counts on, and what it adds. */
export interface FigureRow {
  _id: string
  day: string
  branchId: string
  customerId: string | null
  doctorId: string | null
  method?: string
  /** A visit's time, an invoice's number. */
  label?: string
  value: number
}

/**
 * A page of a drill-down's rows: at most `limit`, after skipping `skip` in the read's fixed order.
 * The screens read the first page (`$limit`, at most 1000); a background export
 * (report-exports) reads every page with `$skip`. Totals and sums are over every row regardless.
 */
export interface RowsPage {
  limit: number
  skip?: number
}

/** A rows read narrowed to one cell of the table (a day, a branch, a method). */
export interface RowsNarrowing {
  day?: string
  branchId?: string
  method?: string
}

const DAY_MS = 24 * 60 * 60 * 1000

/** Minutes the company's clock is ahead of UTC at the start of the period's `index`-th day. */
const offsetAt = (filter: ReportFilter, index: number) => (Date.parse(`${filter.days[index]}T00:00:00Z`) - Date.parse(filter.dayStarts[index])) / 60_000
const lengthOf = (filter: ReportFilter, index: number) => Date.parse(filter.dayStarts[index + 1]) - Date.parse(filter.dayStarts[index])

/** The company-local day of an instant column, given the clock's offset (whole minutes), as 'YYYY-MM-DD'. */
function shiftedDay(db: Knex, column: string, minutes: number): string {
  // `minutes` is a number this module computed, safe as a literal.
  const shift = `${minutes >= 0 ? '+' : '-'}${Math.abs(minutes)} minutes`
  return databaseEngine(db) === 'postgres' ? `to_char((${column} at time zone 'UTC') + interval '${shift}', 'YYYY-MM-DD')` : `date(${column}, '${shift}')`
}

/**
 * The company-local day of an instant column within the period, for grouping by day: a CASE with
 * one arm per stretch of days on which the company's clock keeps one offset from UTC (the day is
 * the instant moved by that offset), and one arm per day the clock changes (23 or 25 hours long,
 * named outright). A year in a zone without daylight saving is one arm; with it, five. (It was
 * one arm per day: 365 comparisons for each row of a year, most of a year's report time.)
 * Rows before the period's start are the caller's to leave out; after its end the CASE is null.
 */
export function localDayCase(db: Knex, column: string, filter: ReportFilter): { sql: string; bindings: string[] } {
  const parts: string[] = []
  const bindings: string[] = []
  for (let index = 0; index < filter.days.length; ) {
    if (lengthOf(filter, index) !== DAY_MS) {
      // Days are validated 'YYYY-MM-DD' (domain/reports/periods.ts), safe as literals.
      parts.push(`when ${column} < ? then '${filter.days[index]}'`)
      bindings.push(filter.dayStarts[index + 1])
      index += 1
      continue
    }
    const offset = offsetAt(filter, index)
    let next = index + 1
    while (next < filter.days.length && lengthOf(filter, next) === DAY_MS && offsetAt(filter, next) === offset) next += 1
    parts.push(`when ${column} < ? then ${shiftedDay(db, column, offset)}`)
    bindings.push(filter.dayStarts[next])
    index = next
  }
  return { sql: `case ${parts.join(' ')} end`, bindings }
}

/** The instants that bound a day of the period (or the whole period). */
export function instantBounds(filter: ReportFilter, day?: string): [string, string] {
  if (!day) return [filter.dayStarts[0], filter.dayStarts[filter.days.length]]
  const index = filter.days.indexOf(day)
  return [filter.dayStarts[index], filter.dayStarts[index + 1]]
}

/**
 * The grains a report sums a period's groups to: per day and branch (`cell`), per day over every
 * branch (`day`), per branch over every day (`branch`). A year of 300 branches is 110,000 cells
 * but 365 days and 300 branches: reports answer the cells only when asked (docs/decisions/reports.md,
 * "Answers of long periods of many branches").
 */
export type Grain = 'cell' | 'day' | 'branch'
/** A grain's sums: `day` is '' in the branch grain, `branchId` '' in the day grain. */
export type GrainSums<V extends string> = { grain: Grain; day: string; branchId: string; method?: string } & Record<V, number>

/**
 * Sums a read into each grain asked for, in one statement: `inner` selects `day`, `branchId`,
 * `method` when `byMethod`, and the `values` columns; it is a common table expression (both
 * engines materialize one that is used more than once) grouped once per grain, the grains joined
 * by UNION ALL. The rows read are summed in the database, whatever their number; only the
 * grains' sums leave it.
 */
export async function sumByGrains<V extends string>(db: Knex, inner: Knex.QueryBuilder, grains: readonly Grain[], values: readonly V[], byMethod = false): Promise<Array<GrainSums<V>>> {
  if (grains.length === 0) return []
  const member = (grain: Grain) => {
    const keys = grain === 'cell' ? ['day', 'branchId'] : [grain === 'day' ? 'day' : 'branchId']
    const query = db.from('g').select(db.raw(`'${grain}' as ??`, ['grain']))
    query.select(grain === 'branch' ? db.raw(`'' as ??`, ['day']) : 'day', grain === 'day' ? db.raw(`'' as ??`, ['branchId']) : 'branchId')
    if (byMethod) query.select('method')
    for (const value of values) query.sum({ [value]: value })
    return query.groupBy([...keys, ...(byMethod ? ['method'] : [])])
  }
  // Each grain a subquery of its own: knex writes a member's GROUP BY after the UNION otherwise.
  const [first, ...rest] = grains
  const query = db.with('g', inner).select('*').from(member(first!).as('m0'))
  rest.forEach((grain, index) => query.unionAll(db.select('*').from(member(grain).as(`m${index + 1}`))))
  const rows = (await query) as Array<Record<string, unknown>>
  return rows.map((row) => {
    const sums = { grain: row.grain as Grain, day: String(row.day ?? ''), branchId: String(row.branchId ?? ''), ...(byMethod ? { method: String(row.method ?? '') } : {}) } as GrainSums<V>
    for (const value of values) (sums as Record<string, unknown>)[value] = Number(row[value] ?? 0)
    return sums
  })
}
