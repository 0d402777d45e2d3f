import type { Knex } from 'knex'
import { INVOICES_TABLE } from './invoices/invoice-rows'
import { ALLOCATIONS_TABLE, TRANSACTIONS_TABLE } from './transactions/transaction-rows'
import { refreshMarkedKeys } from '../rollup-marks'

/**
 * The debtors report's spans (migration 20261206300000_debt_spans, docs/decisions/reports.md
 * "Rollups", "balance-reports: debtors"): per invoice the spans of time during which it owes,
 * with what it was paid and still asks, and per patient the spans during which their prepaid
 * balance is above nothing, with the balance. A span holds for the end of a day E with
 * `fromAt < E <= untilAt` (`fromAt` null: from the start). "What is owed as of D" is then an
 * indexed read of the spans still holding at D's end (debt-report-reads.ts), not the whole history.
 *
 * Triggers on invoices, transactions and allocations mark the invoices and patients a write can
 * change (`debt_spans_dirty`, `balance_spans_dirty`, a `version` raised per mark); a report first
 * recomputes the marked ones here, a batch per transaction with the event loop turning between
 * them, each from the rows by one statement (the raw definition's own conditions, cut at every
 * instant money moved), and clears a mark only at the version it read. Both engines.
 */
export const DEBT_SPANS_TABLE = 'debt_spans'
export const DEBT_SPANS_DIRTY_TABLE = 'debt_spans_dirty'
export const BALANCE_SPANS_TABLE = 'balance_spans'
export const BALANCE_SPANS_DIRTY_TABLE = 'balance_spans_dirty'

const I = INVOICES_TABLE
const T = TRANSACTIONS_TABLE
const A = ALLOCATIONS_TABLE

/** Invoices (or patients) recomputed per transaction: a short write, whatever was marked. */
const PER_ROUND = 1000

/** "For ever": the far instant an open span ends at (a column that is never null reads as one index range). */
export const OPEN_END = { postgres: 'infinity', sqlite: '9999-12-31T23:59:59.999Z' } as const
export const openEnd = (db: Knex) => (db.client.config.client === 'pg' ? OPEN_END.postgres : OPEN_END.sqlite)

const placeholders = (count: number) => Array.from({ length: count }, () => '?').join(', ')

// Where a statement takes a list of ids, `"companyId" || '' = ?` keeps the planner on the primary key: SQLite's
// sampled statistics (`analysis_limit`) put ~1,000 rows under any company, and it read every invoice of the
// company through (companyId, issuedOn) to pick a thousand (a round 0.19 -> 0.05 s on the small bench dataset).

/**
 * The spans of some invoices, recomputed: the allocations to each of payments and refunds not
 * cancelled, summed per instant, in order; between two instants (the later included) the invoice
 * was paid their running sum. An invoice never cancelled owes in a span where its total is more
 * than that, up to its close (written off) if that comes first.
 */
async function recomputeInvoices(trx: Knex, companyId: string, ids: readonly string[] | null) {
  const spans = trx(DEBT_SPANS_TABLE).where('companyId', companyId)
  await (ids ? spans.whereIn('invoiceId', [...ids]) : spans).del()
  // Some invoices by id, or (null) every invoice of the company: the first build at the upgrade.
  const inIds = (column: string) => (ids ? `and ${column} in (${placeholders(ids.length)})` : '')
  const idBindings = ids ?? []
  await trx.raw(
    `with "ev" as (
      select "a"."invoiceId" as "invoiceId", "t"."date" as "at", sum("a"."amount") as "amount"
      from ${A} as "a" join ${T} as "t" on "t"."_id" = "a"."paymentId"
      where "a"."companyId" = ? ${inIds('"a"."invoiceId"')} and not "t"."status" = 'cancelled' and "t"."date" is not null
      group by "a"."invoiceId", "t"."date"
    ), "steps" as (
      select "invoiceId", "at" as "fromAt", lead("at") over (partition by "invoiceId" order by "at") as "nextAt",
        sum("amount") over (partition by "invoiceId" order by "at" rows between unbounded preceding and current row) as "paid"
      from "ev"
      union all
      select "i"."_id", null, "f"."at", 0
      from ${I} as "i" left join (select "invoiceId", min("at") as "at" from "ev" group by "invoiceId") as "f" on "f"."invoiceId" = "i"."_id"
      where "i"."companyId" || '' = ? ${inIds('"i"."_id"')}
    )
    insert into ${DEBT_SPANS_TABLE} ("companyId", "invoiceId", "branchId", "customerId", "doctorId", "issuedOn", "fromAt", "untilAt", "paid", "value")
    select "s"."companyId", "s"."invoiceId", "s"."branchId", "s"."customerId", "s"."doctorId", "s"."issuedOn", "s"."fromAt", coalesce("s"."untilAt", ?), "s"."paid", "s"."total" - "s"."paid"
    from (
      select "i"."companyId", "i"."_id" as "invoiceId", "i"."branchId", "i"."customerId", "i"."doctorId", "i"."issuedOn", "i"."total", "st"."fromAt", "st"."paid",
        case when "st"."nextAt" is null then "i"."closedAt" when "i"."closedAt" is null then "st"."nextAt" when "i"."closedAt" < "st"."nextAt" then "i"."closedAt" else "st"."nextAt" end as "untilAt"
      from "steps" as "st" join ${I} as "i" on "i"."_id" = "st"."invoiceId"
      where "i"."companyId" || '' = ? and "i"."cancelledAt" is null
    ) as "s"
    where "s"."total" - "s"."paid" > 0 and ("s"."fromAt" is null or "s"."untilAt" is null or "s"."fromAt" < "s"."untilAt")`,
    [companyId, ...idBindings, companyId, ...idBindings, openEnd(trx), companyId]
  )
}

/**
 * The balance spans of some patients, recomputed: + allocations to the balance, − payments from
 * the balance, of payments and refunds not cancelled, summed per instant, in order; between two
 * instants (the later included) the balance is their running sum. Spans above nothing are kept;
 * each starts at the balance's last movement before it.
 */
async function recomputeBalances(trx: Knex, companyId: string, ids: readonly string[] | null) {
  const spans = trx(BALANCE_SPANS_TABLE).where('companyId', companyId)
  await (ids ? spans.whereIn('customerId', [...ids]) : spans).del()
  // Some patients by id, or (null) every patient of the company: the first build at the upgrade.
  const inIds = (column: string) => (ids ? `and ${column} in (${placeholders(ids.length)})` : '')
  const idBindings = ids ?? []
  await trx.raw(
    `with "mv" as (
      select "a"."customerId" as "customerId", "t"."date" as "at", "a"."amount" as "amount"
      from ${A} as "a" join ${T} as "t" on "t"."_id" = "a"."paymentId"
      where "a"."companyId" = ? ${inIds('"a"."customerId"')} and "a"."invoiceId" is null and not "t"."status" = 'cancelled'
      union all
      select "t"."customerId", "t"."date", -"t"."amount"
      from ${T} as "t"
      where "t"."companyId" = ? ${inIds('"t"."customerId"')} and "t"."method" = 'balance' and not "t"."status" = 'cancelled'
    ), "ev" as (
      select "customerId", "at", sum("amount") as "amount" from "mv" where "at" is not null group by "customerId", "at"
    )
    insert into ${BALANCE_SPANS_TABLE} ("companyId", "customerId", "fromAt", "untilAt", "value")
    select ?, "s"."customerId", "s"."fromAt", coalesce("s"."nextAt", ?), "s"."value"
    from (
      select "customerId", "at" as "fromAt", lead("at") over (partition by "customerId" order by "at") as "nextAt",
        sum("amount") over (partition by "customerId" order by "at" rows between unbounded preceding and current row) as "value"
      from "ev"
    ) as "s"
    where "s"."value" > 0`,
    [companyId, ...idBindings, companyId, ...idBindings, companyId, openEnd(trx)]
  )
}

/** Brings the company's debt and balance spans up to date: the invoices and patients a write marked since (existing ones start marked). */
export async function refreshDebtSpans(db: Knex, companyId: string): Promise<void> {
  await refreshMarkedKeys(db, DEBT_SPANS_DIRTY_TABLE, 'invoiceId', companyId, PER_ROUND, recomputeInvoices)
  await refreshMarkedKeys(db, BALANCE_SPANS_DIRTY_TABLE, 'customerId', companyId, PER_ROUND, recomputeBalances)
}

/**
 * Every span of the company computed whole, in one transaction, its marks cleared: the first
 * build at the upgrade (the migration) and after the bench's bulk load. Marking every invoice
 * instead left it to the first debtors report: 23 min for 2.17 M invoices on PostgreSQL in rounds
 * of a thousand, inside that report's call.
 */
export async function rebuildDebtSpans(db: Knex, companyId: string): Promise<void> {
  await db.transaction(async (trx) => {
    await trx(DEBT_SPANS_DIRTY_TABLE).where({ companyId }).del()
    await trx(BALANCE_SPANS_DIRTY_TABLE).where({ companyId }).del()
    await recomputeInvoices(trx, companyId, null)
    await recomputeBalances(trx, companyId, null)
  })
  // PostgreSQL's statistics of the new rows, as after any bulk load.
  if (db.client.config.client === 'pg') for (const table of [DEBT_SPANS_TABLE, BALANCE_SPANS_TABLE]) await db.raw(`analyze ${table}`)
}
