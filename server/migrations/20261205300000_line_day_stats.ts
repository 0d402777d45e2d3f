import type { Knex } from 'knex'
import { createMarkTriggers, dropMarkTriggers } from './mark-triggers'

/**
 * Issue 19, item 4: the services report's billed and revenue and the toppers' revenue lists
 * (doctors, services, sources; billing/service-report-reads.ts) read every invoice line of the
 * period joined to its invoice, the service's category and the patient's source. They are kept
 * per company-local day (the invoice's stored `issuedOn`), branch, the line's doctor, service
 * and the patient's source ('' for none) as a rollup (`line_day_stats`), on the pattern of the
 * other rollups (docs/decisions/reports.md, "Rollups"): triggers mark days stale in
 * `line_stats_dirty` whoever writes, a reader recomputes the stale days of its period with the
 * figure's own query (billing/line-stats.ts), then reads.
 *
 * What a write marks:
 * - invoices: the old and new `issuedOn` when a column the figures read changes (company, day,
 *   branch, patient, discount, cancelled);
 * - invoice_lines: their invoice's `issuedOn` (old and new invoice) when a column the figures
 *   read changes (company, invoice, service, copied name, doctor, quantity, amount);
 * - customers: a patient's source changes with no write to their invoices, so an insert, a
 *   delete and a change of `sourceId` (or of the company) mark the issue days of all the
 *   patient's invoices (index `invoices_customer_time`). A merge moves the invoices (their
 *   trigger) and may give the kept patient a source (this one).
 *
 * The category is not kept: it is the service's current one, joined when the rollup is read.
 * A line counts on the invoice's stored day, so a change of the company's zone changes nothing.
 * Existing invoices' days start stale.
 */
const WATCHED_INVOICE = '"companyId", "issuedOn", "branchId", "customerId", "discountPercent", "cancelledAt"'
const WATCHED_LINE = '"companyId", "invoiceId", "serviceId", "serviceName", "doctorId", "quantity", "amount"'
const SOURCE_CHANGED = {
  postgres: 'old."sourceId" is distinct from new."sourceId" or old."companyId" is distinct from new."companyId" or old."_id" is distinct from new."_id"',
  sqlite: 'old."sourceId" is not new."sourceId" or old."companyId" is not new."companyId" or old."_id" is not new."_id"'
}

const upsert = (postgres: boolean) => `on conflict ("companyId", "day") do update set "version" = ${postgres ? 'line_stats_dirty.' : ''}"version" + 1;`

/** Days selected from `source`, marked stale (or again). */
const markSelected = (source: string, postgres: boolean) =>
  `insert into line_stats_dirty ("companyId", "day", "version") select distinct i."companyId", i."issuedOn", 1 from ${source} ${upsert(postgres)}`

const MARKS = {
  invoices: (row: 'old' | 'new', postgres: boolean) => `insert into line_stats_dirty ("companyId", "day", "version") values (${row}."companyId", ${row}."issuedOn", 1) ${upsert(postgres)}`,
  invoice_lines: (row: 'old' | 'new', postgres: boolean) => markSelected(`invoices as i where i."_id" = ${row}."invoiceId" and i."companyId" = ${row}."companyId"`, postgres),
  customers: (row: 'old' | 'new', postgres: boolean) => markSelected(`invoices as i where i."companyId" = ${row}."companyId" and i."customerId" = ${row}."_id"`, postgres)
} as const
const TABLES = ['invoices', 'invoice_lines', 'customers'] as const

/** The update trigger's columns and, for the customers, its condition (only a real change of source marks). */
const UPDATE_OF = {
  invoices: { columns: WATCHED_INVOICE, when: null },
  invoice_lines: { columns: WATCHED_LINE, when: null },
  customers: { columns: '"sourceId", "companyId", "_id"', when: SOURCE_CHANGED }
} as const

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('line_day_stats', (table) => {
    table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
    table.string('day', 10).notNullable()
    table.string('branchId', 36).notNullable()
    // '' for none (a key column cannot be null): a line of no doctor, a service not from the catalogue, a patient of no source.
    table.string('doctorId', 36).notNullable()
    table.string('serviceId', 36).notNullable()
    table.string('sourceId', 36).notNullable()
    // The name the lines copied (the largest, as the raw read answers it): a service gone from the catalogue keeps it.
    table.string('serviceName').notNullable()
    table.bigInteger('billed').notNullable()
    table.bigInteger('revenue').notNullable()
    // A report reads the period's days (and a recompute replaces whole days): the key's order.
    table.primary(['companyId', 'day', 'branchId', 'doctorId', 'serviceId', 'sourceId'])
  })
  await db.schema.createTable('line_stats_dirty', (table) => {
    table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
    table.string('day', 10).notNullable()
    table.integer('version').notNullable()
    table.primary(['companyId', 'day'])
  })
  await createLineStatsTriggers(db)
  await markEveryInvoiceDay(db)
}

export async function down(db: Knex): Promise<void> {
  await dropLineStatsTriggers(db)
  for (const table of ['line_stats_dirty', 'line_day_stats']) await db.schema.dropTableIfExists(table)
}

/** Every day with an invoice marked stale (exported: the bench after its bulk load). */
export async function markEveryInvoiceDay(db: Knex): Promise<void> {
  await db.raw('insert into line_stats_dirty ("companyId", "day", "version") select distinct "companyId", "issuedOn", 1 from invoices where true on conflict ("companyId", "day") do nothing')
}

/** The triggers that mark days stale (exported: the bench drops them while it bulk-loads, then marks every day). */
export async function createLineStatsTriggers(db: Knex): Promise<void> {
  await createMarkTriggers(db, 'line_stats', TABLES.map((table) => ({ table, columns: UPDATE_OF[table].columns, when: UPDATE_OF[table].when, mark: MARKS[table] })))
}

export async function dropLineStatsTriggers(db: Knex): Promise<void> {
  await dropMarkTriggers(db, 'line_stats', TABLES)
}
