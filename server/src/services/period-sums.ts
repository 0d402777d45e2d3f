import type { Knex } from 'knex'
import type { DayRange } from '../../../domain/reports/periods'

/**
 * Sums of a rollup over several periods of days in one grouped read: for each period and each
 * measure, `sum(case when day in the period then <measure> else 0 end)`. The director's home asks
 * four overlapping periods (today, yesterday, this month, the previous month to the same day) of
 * every branch: summed in the database, a branch is one row instead of one per day (300 branches
 * × 62 days of rows read into the server and summed there before).
 */
export interface PeriodMeasure<M extends string = string> {
  name: M
  /** An SQL expression over the rollup's columns (quoted), with its bindings. */
  sql: string
  bindings?: readonly Knex.Value[]
}

export type PeriodSums<P extends string, M extends string> = Record<P, Record<M, number>>

const alias = (period: number, measure: number) => `s${period}_${measure}`

/** The select list: one sum per period and measure, over the rollup's `dayColumn`. */
export function periodSumSelects<P extends string>(db: Knex, dayColumn: string, periods: Readonly<Record<P, DayRange>>, measures: readonly PeriodMeasure[]): Knex.Raw[] {
  return (Object.values(periods) as DayRange[]).flatMap((range, period) =>
    measures.map((measure, index) =>
      db.raw(`sum(case when ?? >= ? and ?? < ? then ${measure.sql} else 0 end) as "${alias(period, index)}"`, [dayColumn, range.from, dayColumn, range.to, ...(measure.bindings ?? [])])
    )
  )
}

/** A row of `periodSumSelects` read back as numbers per period and measure. */
export function periodSumsOf<P extends string, M extends string>(row: Record<string, unknown>, periods: Readonly<Record<P, DayRange>>, measures: ReadonlyArray<PeriodMeasure<M>>): PeriodSums<P, M> {
  return Object.fromEntries(
    (Object.keys(periods) as P[]).map((period, periodIndex) => [period, Object.fromEntries(measures.map((measure, index) => [measure.name, Number(row[alias(periodIndex, index)] ?? 0)]))])
  ) as PeriodSums<P, M>
}

/** The window that holds every period: the rows a period-sums read has to look at. */
export function windowOf<P extends string>(periods: Readonly<Record<P, DayRange>>): DayRange {
  const ranges: DayRange[] = Object.values(periods)
  return { from: ranges.reduce((first, range) => (range.from < first ? range.from : first), ranges[0].from), to: ranges.reduce((last, range) => (range.to > last ? range.to : last), ranges[0].to) }
}
