import type { Knex } from 'knex'

/**
 * Issue 19, the expenses report's net (docs/decisions/reports.md): the payouts of a period for
 * every doctor go by day, which `payouts(companyId, userId, date)` does not serve. Expenses
 * already have `(companyId, date)` and `(companyId, branchId, date)`.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('payouts', (table) => table.index(['companyId', 'date'], 'payouts_company_date'))
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('payouts', (table) => table.dropIndex(['companyId', 'date'], 'payouts_company_date'))
}
