import type { Knex } from 'knex'
import { createMarkTriggers, dropMarkTriggers } from './mark-triggers'

/**
 * Issue 19, item 4 (reports at ten million visits): the summary's money figures (billed, debt
 * created, collected by method, refunds, prepayments; billing/report-reads.ts) of each
 * company-local day, branch, doctor and method, kept as a rollup (`money_day_stats`) so a year
 * of every branch reads a few hundred thousand small rows instead of millions of invoices,
 * payments and allocations (docs/decisions/reports.md, "Rollups"). The pattern of the visits
 * rollup (20261204200000_visit_day_stats):
 *
 * - The rollup is never written by the services. The database marks a day stale
 *   (`money_stats_dirty`, its `version` raised on every mark) from triggers on `invoices`,
 *   `transactions` and `allocations`, whatever writes them: an invoice marks its `issuedOn`
 *   (old and new) and the days of the payments allocated to it (money counted through its
 *   doctor); a payment or refund marks the days its `date` can fall on, and the `issuedOn` of
 *   the invoices it is allocated to (their debt created); an allocation marks both.
 * - A payment's `date` is an instant and a trigger does not know the company's zone: it marks
 *   the UTC date and the days before and after (every offset is within ±14 h).
 * - A report recomputes the stale days of its period (billing/money-stats.ts) and clears a mark
 *   only if its version is the one it read.
 * - Unlike a visit (counted on its stored day), a payment counts on its local day in the
 *   company's zone as it is now: `money_stats_days` keeps, per day computed, the instants the
 *   day was read between; a day whose bounds differ from the report's (the zone changed) or that
 *   was never computed is stale like a marked one. So existing rows need no mark: no day of them
 *   has been computed yet.
 *
 * `doctorId` '' holds the figure of everyone (no doctor asked); a doctor's id holds what the
 * report answers with that doctor. `method` '' for the figures not split by method.
 */
const WATCHED = {
  invoices: '"companyId", "issuedOn", "branchId", "doctorId", "total", "cancelledAt"',
  transactions: '"companyId", "date", "kind", "method", "amount", "status", "branchId"',
  allocations: '"companyId", "paymentId", "invoiceId", "amount"'
} as const

const onConflict = (postgres: boolean) => `on conflict ("companyId", "day") do update set "version" = ${postgres ? 'money_stats_dirty.' : ''}"version" + 1;`

/** Days (each a 'YYYY-MM-DD' expression) selected from `source`, marked stale. */
const markSelected = (companyId: string, day: string, source: string, postgres: boolean) =>
  `insert into money_stats_dirty ("companyId", "day", "version") select distinct ${companyId}, ${day}, 1 from ${source} ${onConflict(postgres)}`

/** The company-local days an instant can fall on, whatever the zone: its UTC date and the days either side. */
const daysAround = (instant: string, postgres: boolean) =>
  [-1, 0, 1].map((shift) => (postgres ? `to_char((${instant} at time zone 'UTC')::date + ${shift}, 'YYYY-MM-DD')` : `date(${instant}, '${shift >= 0 ? '+' : ''}${shift} day')`))

/** An invoice's issue day and the days of the payments allocated to it. */
const markInvoice = (row: 'old' | 'new', postgres: boolean) => [
  `insert into money_stats_dirty ("companyId", "day", "version") values (${row}."companyId", ${row}."issuedOn", 1) ${onConflict(postgres)}`,
  ...daysAround('t."date"', postgres).map((day) =>
    markSelected('t."companyId"', day, `allocations as a join transactions as t on t."_id" = a."paymentId" where a."companyId" = ${row}."companyId" and a."invoiceId" = ${row}."_id"`, postgres))
].join('\n')

/** A payment's days and the issue days of the invoices it is allocated to (exported: 20261205400000_payment_day_stats marks them on a change of who took it). */
export const markPayment = (row: 'old' | 'new', postgres: boolean) => [
  ...daysAround(`${row}."date"`, postgres).map((day) => `insert into money_stats_dirty ("companyId", "day", "version") values (${row}."companyId", ${day}, 1) ${onConflict(postgres)}`),
  markSelected('i."companyId"', 'i."issuedOn"', `allocations as a join invoices as i on i."_id" = a."invoiceId" where a."paymentId" = ${row}."_id" and i."companyId" = ${row}."companyId"`, postgres)
].join('\n')

/** An allocation's payment days and its invoice's issue day. */
const markAllocation = (row: 'old' | 'new', postgres: boolean) => [
  ...daysAround('t."date"', postgres).map((day) => markSelected('t."companyId"', day, `transactions as t where t."_id" = ${row}."paymentId" and t."companyId" = ${row}."companyId"`, postgres)),
  markSelected('i."companyId"', 'i."issuedOn"', `invoices as i where i."_id" = ${row}."invoiceId" and i."companyId" = ${row}."companyId"`, postgres)
].join('\n')

const MARKS = { invoices: markInvoice, transactions: markPayment, allocations: markAllocation } as const
const TABLES = ['invoices', 'transactions', 'allocations'] as const

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('money_day_stats', (table) => {
    table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
    table.string('figure', 16).notNullable()
    table.string('doctorId', 36).notNullable()
    table.string('day', 10).notNullable()
    table.string('branchId', 36).notNullable()
    table.string('method', 16).notNullable()
    table.bigInteger('value').notNullable()
    // A report reads one figure of everyone (or of one doctor) over its days: the key's order.
    table.primary(['companyId', 'figure', 'doctorId', 'day', 'branchId', 'method'])
    // A recompute replaces whole days.
    table.index(['companyId', 'day'], 'money_day_stats_day')
  })
  await db.schema.createTable('money_stats_dirty', (table) => {
    table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
    table.string('day', 10).notNullable()
    table.integer('version').notNullable()
    table.primary(['companyId', 'day'])
  })
  await db.schema.createTable('money_stats_days', (table) => {
    table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
    table.string('day', 10).notNullable()
    table.string('startsAt', 40).notNullable()
    table.string('endsAt', 40).notNullable()
    table.primary(['companyId', 'day'])
  })
  await createMoneyStatsTriggers(db)
}

export async function down(db: Knex): Promise<void> {
  await dropMoneyStatsTriggers(db)
  for (const table of ['money_stats_days', 'money_stats_dirty', 'money_day_stats']) await db.schema.dropTableIfExists(table)
}

/** The triggers that mark days stale (exported: the bench drops them while it bulk-loads, then forgets every computed day). */
export async function createMoneyStatsTriggers(db: Knex): Promise<void> {
  await createMarkTriggers(db, 'money_stats', TABLES.map((table) => ({ table, columns: WATCHED[table], mark: MARKS[table] })))
}

export async function dropMoneyStatsTriggers(db: Knex): Promise<void> {
  await dropMarkTriggers(db, 'money_stats', TABLES)
}
