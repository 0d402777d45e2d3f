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

/** The period's days as a CASE over an instant column, for grouping by company-local day. */
export function localDayCase(column: string, filter: ReportFilter): { sql: string; bindings: string[] } {
  const parts: string[] = []
  const bindings: string[] = []
  filter.days.forEach((day, index) => {
    // Days are validated 'YYYY-MM-DD' (domain/reports/periods.ts), safe as literals.
    parts.push(`when ${column} < ? then '${day}'`)
    bindings.push(filter.dayStarts[index + 1])
  })
  return { sql: `case ${parts.join(' ')} end`, bindings }
}

/** The instants that bound a day of the period (or the whole period). */
export function instantBounds(filter: ReportFilter, day?: string): [string, string] {
  if (!day) return [filter.dayStarts[0], filter.dayStarts[filter.days.length]]
  const index = filter.days.indexOf(day)
  return [filter.dayStarts[index], filter.dayStarts[index + 1]]
}
