import type { Knex } from 'knex'
import { createMarkTriggers, dropMarkTriggers } from './mark-triggers'
import { rebuildDebtSpans } from '../src/services/billing/debt-spans'

/**
 * Issue 19, item 4: the debtors report (`balance-reports`, billing/debt-report-reads.ts) is "as of
 * a day": an invoice's debt on day D is its total less the allocations of payments and refunds not
 * cancelled dated before D ends. Read from the rows, that is every invoice of the branch's history
 * with all its allocations, to find the few that owe on the day. So each invoice keeps the spans of
 * time during which it owes (`debt_spans`) and each patient the spans during which their prepaid
 * balance is above nothing (`balance_spans`), each with its amount; "owing on day D" is an indexed
 * read of the spans that hold at the instant D ends (docs/decisions/reports.md, "Rollups").
 *
 * A span holds for the instants E (the end of the day asked) with `fromAt < E <= untilAt`
 * (`fromAt` null: from the start): money dated `t` counts for E when `t < E`, so what was paid is
 * constant between two payment instants, the later one included. An invoice closed (written
 * off) at `closedAt` no longer owes for `E > closedAt`: `untilAt` is the earlier of the next
 * payment and the close. `untilAt` is never null: "for ever" is a far instant (`OPEN_END`).
 *
 * The pattern of the other rollups: the services never write the spans. Triggers mark the
 * invoices (`debt_spans_dirty`) and patients (`balance_spans_dirty`) whose spans a write can
 * change, whoever writes (the services, the trash, a merge, an import, a repair straight to the
 * table), each mark raising its `version`; the reader (billing/debt-spans.ts) recomputes the
 * marked ones from the rows with one statement and clears a mark only at the version it read.
 *
 * What a write marks:
 * - invoices: the invoice (insert, delete, a change of company, id, issue day, branch, patient,
 *   doctor, total, cancellation or close);
 * - transactions: the invoices its allocations go to; the patient whose balance its allocations
 *   to the balance fill; for a payment from the balance (method `balance`), its patient (insert,
 *   delete, a change of company, id, patient, date, method, amount, status);
 * - allocations: its invoice, or with none its patient's balance (insert, delete, a change of
 *   company, payment, invoice, patient, amount).
 * Existing invoices and patients are computed here, whole, one statement per company and table
 * (`rebuildDebtSpans`): marked instead, the first debtors report after the upgrade recomputed
 * them in rounds (23 min for 2.17 M invoices on PostgreSQL).
 */

const WATCHED = {
  invoices: '"companyId", "_id", "issuedOn", "branchId", "customerId", "doctorId", "total", "cancelledAt", "closedAt"',
  transactions: '"companyId", "_id", "customerId", "date", "method", "amount", "status"',
  allocations: '"companyId", "paymentId", "invoiceId", "customerId", "amount"'
} as const

const onConflict = (table: string, key: string, postgres: boolean) => `on conflict ("companyId", "${key}") do update set "version" = ${postgres ? `${table}.` : ''}"version" + 1;`
/** Marks the invoices (or patients) selected: `select companyId, id ... where ...` (a where clause: SQLite's upsert after a select needs one). */
const markDebt = (select: string, postgres: boolean) => `insert into debt_spans_dirty ("companyId", "invoiceId", "version") ${select} ${onConflict('debt_spans_dirty', 'invoiceId', postgres)}`
const markBalance = (select: string, postgres: boolean) => `insert into balance_spans_dirty ("companyId", "customerId", "version") ${select} ${onConflict('balance_spans_dirty', 'customerId', postgres)}`

const MARKS = {
  invoices: (row: 'old' | 'new', postgres: boolean) => markDebt(`select ${row}."companyId", ${row}."_id", 1 where true`, postgres),
  transactions: (row: 'old' | 'new', postgres: boolean) => [
    markDebt(`select distinct a."companyId", a."invoiceId", 1 from allocations as a where a."paymentId" = ${row}."_id" and a."invoiceId" is not null`, postgres),
    markBalance(`select distinct a."companyId", a."customerId", 1 from allocations as a where a."paymentId" = ${row}."_id" and a."invoiceId" is null`, postgres),
    markBalance(`select ${row}."companyId", ${row}."customerId", 1 where ${row}."method" = 'balance'`, postgres)
  ].join('\n'),
  allocations: (row: 'old' | 'new', postgres: boolean) => [
    markDebt(`select ${row}."companyId", ${row}."invoiceId", 1 where ${row}."invoiceId" is not null`, postgres),
    markBalance(`select ${row}."companyId", ${row}."customerId", 1 where ${row}."invoiceId" is null`, postgres)
  ].join('\n')
} as const
const TABLES = ['invoices', 'transactions', 'allocations'] as const

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('debt_spans', (table) => {
    table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
    table.string('invoiceId', 36).notNullable()
    // The invoice's own columns the report filters and groups by (a change marks it).
    table.string('branchId', 36).notNullable()
    table.string('customerId', 36).notNullable()
    table.string('doctorId', 36).nullable()
    table.string('issuedOn', 10).notNullable()
    table.timestamp('fromAt', { useTz: true }).nullable()
    table.timestamp('untilAt', { useTz: true }).notNullable()
    // Paid (payments less refunds) during the span, and what it still asks.
    table.bigInteger('paid').notNullable()
    table.bigInteger('value').notNullable()
    table.index(['companyId', 'invoiceId'], 'debt_spans_invoice')
    // The report of every branch and of one: the spans still holding at the day's end, a range. Every
    // branch's reads every owing invoice of the company (at the full size ~130,000): covering, no row
    // looked up (SQLite: 56 -> 15 ms for 9,300 spans on the small bench dataset). One branch's reads few.
    table.index(['companyId', 'untilAt', 'fromAt', 'issuedOn', 'branchId', 'customerId', 'doctorId', 'paid', 'value'], 'debt_spans_until')
    table.index(['companyId', 'branchId', 'untilAt'], 'debt_spans_branch_until')
  })
  await db.schema.createTable('debt_spans_dirty', (table) => {
    table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
    table.string('invoiceId', 36).notNullable()
    table.integer('version').notNullable()
    table.primary(['companyId', 'invoiceId'])
  })
  await db.schema.createTable('balance_spans', (table) => {
    table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
    table.string('customerId', 36).notNullable()
    // The span starts at a movement of the balance (the last one before the day's end: the report's "last movement").
    table.timestamp('fromAt', { useTz: true }).notNullable()
    table.timestamp('untilAt', { useTz: true }).notNullable()
    table.bigInteger('value').notNullable()
    table.index(['companyId', 'customerId'], 'balance_spans_customer')
    table.index(['companyId', 'untilAt', 'fromAt', 'customerId', 'value'], 'balance_spans_until')
  })
  await db.schema.createTable('balance_spans_dirty', (table) => {
    table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
    table.string('customerId', 36).notNullable()
    table.integer('version').notNullable()
    table.primary(['companyId', 'customerId'])
  })
  await createDebtSpansTriggers(db)
  for (const { _id } of (await db('companies').select('_id')) as Array<{ _id: string }>) await rebuildDebtSpans(db, _id)
}

export async function down(db: Knex): Promise<void> {
  await dropDebtSpansTriggers(db)
  for (const table of ['balance_spans_dirty', 'balance_spans', 'debt_spans_dirty', 'debt_spans']) await db.schema.dropTableIfExists(table)
}

/** Every invoice and every patient with money on a balance marked (for a test of readers recomputing them all at once). */
export async function markEveryDebt(db: Knex): Promise<void> {
  await db.raw('insert into debt_spans_dirty ("companyId", "invoiceId", "version") select "companyId", "_id", 1 from invoices where true on conflict ("companyId", "invoiceId") do nothing')
  await db.raw(`insert into balance_spans_dirty ("companyId", "customerId", "version")
    select distinct "companyId", "customerId", 1 from allocations where "invoiceId" is null
    union select distinct "companyId", "customerId", 1 from transactions where "method" = 'balance'
    on conflict ("companyId", "customerId") do nothing`)
}

/** The triggers that mark invoices and patients (exported: the bench drops them while it bulk-loads, then builds every span). */
export async function createDebtSpansTriggers(db: Knex): Promise<void> {
  await createMarkTriggers(db, 'debt_spans', TABLES.map((table) => ({ table, columns: WATCHED[table], mark: MARKS[table] })))
}

export async function dropDebtSpansTriggers(db: Knex): Promise<void> {
  await dropMarkTriggers(db, 'debt_spans', TABLES)
}
