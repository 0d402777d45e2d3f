import type { Knex } from 'knex'

/**
 * Issue 19, the summary report (docs/decisions/reports.md): its reads over every branch of a
 * company go by day, which the branch-first indexes do not serve. Visits by start, payments by
 * date, invoices by the day issued, each with the company first.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('appointment', (table) => table.index(['companyId', 'start'], 'appointment_company_start'))
  await db.schema.alterTable('transactions', (table) => table.index(['companyId', 'date'], 'transactions_company_date'))
  await db.schema.alterTable('invoices', (table) => table.index(['companyId', 'issuedOn'], 'invoices_company_day'))
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('invoices', (table) => table.dropIndex(['companyId', 'issuedOn'], 'invoices_company_day'))
  await db.schema.alterTable('transactions', (table) => table.dropIndex(['companyId', 'date'], 'transactions_company_date'))
  await db.schema.alterTable('appointment', (table) => table.dropIndex(['companyId', 'start'], 'appointment_company_start'))
}
