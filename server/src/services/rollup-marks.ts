import type { Knex } from 'knex'
import type { ReportFilter } from './report-filter'

/**
 * What the reports' rollups share (docs/decisions/reports.md "Rollups"; visit-stats.ts,
 * money-stats.ts): the stale-day marks triggers leave in a `(companyId, day, version)` table,
 * read for a period, cleared only at the version read, and stale days recomputed a few weeks per
 * transaction so no write waits long behind a recompute.
 */
export interface StaleDay {
  day: string
  /** The mark's version read; null: not marked (stale for another reason). */
  version: number | null
}

/** Stale days recomputed per transaction. */
const DAYS_PER_ROUND = 31

/** The marks of the period's days: day → version. */
export async function markedDays(db: Knex, marksTable: string, filter: ReportFilter): Promise<Map<string, number>> {
  const marks = (await db(marksTable).where('companyId', filter.companyId).where('day', '>=', filter.from).where('day', '<', filter.to).select('day', 'version')) as Array<{ day: string; version: number }>
  return new Map(marks.map((mark) => [mark.day, Number(mark.version)]))
}

/** Clears the marks of days just recomputed, each only if no write marked it again since it was read. */
export async function clearMarks(trx: Knex, marksTable: string, companyId: string, stale: readonly StaleDay[]): Promise<void> {
  for (const entry of stale) if (entry.version !== null) await trx(marksTable).where({ companyId, day: entry.day, version: entry.version }).del()
}

/** Recomputes stale days a round at a time, in the period's order. */
export async function inRounds(stale: readonly StaleDay[], recompute: (round: StaleDay[]) => Promise<void>): Promise<void> {
  const ordered = [...stale].sort((a, b) => a.day.localeCompare(b.day))
  for (let at = 0; at < ordered.length; at += DAYS_PER_ROUND) await recompute(ordered.slice(at, at + DAYS_PER_ROUND))
}
