import type { Knex } from 'knex'
import type { ReportFilter } from './report-filter'

/**
 * What the reports' rollups share (docs/decisions/reports.md "Rollups"; visit-stats.ts,
 * money-stats.ts): the stale-day marks triggers leave in a `(companyId, day, version)` table,
 * read for a period, cleared only at the version read, and stale days recomputed a few weeks per
 * transaction so no write waits long behind a recompute, the event loop turning between them.
 */
export interface StaleDay {
  day: string
  /** The mark's version read; null: not marked (stale for another reason). */
  version: number | null
}

/** What the marks of a period are read by: a company and its company-local days `[from, to)`. */
export type PeriodOfCompany = Pick<ReportFilter, 'companyId' | 'from' | 'to'>

/**
 * Stale days recomputed per transaction. A week: on SQLite the statements run on the server's one
 * thread, so a round is time no other call is served (a month of 300 branches' money took ~10 s).
 */
const DAYS_PER_ROUND = 7

/**
 * Lets the server's other work run between rounds. On SQLite each statement is synchronous and
 * knex resolves it in a microtask, so a chain of rounds never gave the event loop a turn: a year
 * recomputed at full size held every socket for minutes, long enough for socket.io's ping timeout
 * to drop the connections (the caller's own included, whose answer then never came).
 */
export const letOtherCallsRun = () => new Promise<void>((resolve) => setImmediate(resolve))

/** The marks of the period's days: day → version. */
export async function markedDays(db: Knex, marksTable: string, filter: PeriodOfCompany): Promise<Map<string, number>> {
  const marks = (await db(marksTable).where('companyId', filter.companyId).where('day', '>=', filter.from).where('day', '<', filter.to).select('day', 'version')) as Array<{ day: string; version: number }>
  return new Map(marks.map((mark) => [mark.day, Number(mark.version)]))
}

/** Clears the marks of days just recomputed, each only if no write marked it again since it was read. */
export async function clearMarks(trx: Knex, marksTable: string, companyId: string, stale: readonly StaleDay[]): Promise<void> {
  for (const entry of stale) if (entry.version !== null) await trx(marksTable).where({ companyId, day: entry.day, version: entry.version }).del()
}

/** The period's marked days with their versions, as `inRounds` takes them. */
export async function markedStaleDays(db: Knex, marksTable: string, filter: PeriodOfCompany): Promise<StaleDay[]> {
  return [...(await markedDays(db, marksTable, filter))].map(([day, version]) => ({ day, version }))
}

/**
 * Replaces a rollup's rows of some days with their recomputed rows (inside the recompute's
 * transaction), in batches that stay under the engines' bound-parameter limits. An upsert: another
 * reader may recompute the same day at the same moment (PostgreSQL) and writes the same numbers.
 */
export async function replaceDays(trx: Knex, table: string, companyId: string, days: readonly string[], rows: readonly object[], keys: readonly string[]): Promise<void> {
  for (let at = 0; at < days.length; at += 500) await trx(table).where('companyId', companyId).whereIn('day', days.slice(at, at + 500)).del()
  await upsertRows(trx, table, rows, keys)
}

/**
 * SQLite writes a many-row insert with `on conflict` as one compound SELECT (`select … union all
 * select …`), and refuses more than 500 terms in one (SQLITE_MAX_COMPOUND_SELECT).
 */
const MAX_ROWS_PER_INSERT = 500

/**
 * A rollup's rows written by their key (see `replaceDays`), batched under the bound-parameter
 * limit (4,000 values) and SQLite's compound SELECT limit (500 rows).
 */
export async function upsertRows(trx: Knex, table: string, rows: readonly object[], keys: readonly string[]): Promise<void> {
  const batch = Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(4000 / (rows.length ? Object.keys(rows[0]).length : 1))))
  for (let at = 0; at < rows.length; at += batch) await trx(table).insert(rows.slice(at, at + batch)).onConflict([...keys]).merge()
}

/** Recomputes stale days a round at a time, in the period's order. */
export async function inRounds(stale: readonly StaleDay[], recompute: (round: StaleDay[]) => Promise<void>): Promise<void> {
  const ordered = [...stale].sort((a, b) => a.day.localeCompare(b.day))
  for (let at = 0; at < ordered.length; at += DAYS_PER_ROUND) {
    if (at > 0) await letOtherCallsRun()
    await recompute(ordered.slice(at, at + DAYS_PER_ROUND))
  }
}

/**
 * Recomputes every key marked in a `(companyId, <key>, version)` marks table (the debtors' invoices
 * and balances, the funnel's patients): `perRound` keys per transaction in keyset order, the event
 * loop turning between rounds, each mark cleared only at the version read (a write during the
 * round marks again and is recomputed by the next reader). Both engines.
 */
export async function refreshMarkedKeys(
  db: Knex,
  marksTable: string,
  key: 'invoiceId' | 'customerId',
  companyId: string,
  perRound: number,
  recompute: (trx: Knex, companyId: string, ids: readonly string[]) => Promise<void>
): Promise<void> {
  let after: string | null = null
  for (let round = 0; ; round++) {
    const query = db(marksTable).where('companyId', companyId).orderBy(key).limit(perRound).select(key, 'version')
    if (after !== null) query.where(key, '>', after)
    const marks = (await query) as Array<Record<string, string | number>>
    if (marks.length === 0) return
    if (round > 0) await letOtherCallsRun()
    await db.transaction(async (trx) => {
      // Two readers recomputing the same keys at once (PostgreSQL): a recompute that deletes and inserts has no key to
      // upsert by, so the second waits for the first's round, then its delete sees (and replaces) what the first inserted.
      if (trx.client.config.client === 'pg') await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`${marksTable}:${companyId}`])
      await recompute(trx, companyId, marks.map((mark) => String(mark[key])))
      // Each mark cleared only at the version read (one statement per version: nearly always one).
      const byVersion = new Map<number, string[]>()
      for (const mark of marks) byVersion.set(Number(mark.version), [...(byVersion.get(Number(mark.version)) ?? []), String(mark[key])])
      for (const [version, ids] of byVersion) await trx(marksTable).where({ companyId, version }).whereIn(key, ids).del()
    })
    after = String(marks[marks.length - 1][key])
    if (marks.length < perRound) return
  }
}
