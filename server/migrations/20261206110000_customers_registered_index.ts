import type { Knex } from 'knex'

/**
 * Issue 19, item 4: the customers report's registered patients (customers/customers/
 * customer-report-reads.ts, `registeredIn`) read customers by (companyId, createdAt) and then
 * each row for its branch, source and merge: at a million customers a year of registrations is
 * ~130,000 rows scattered over the table. This index carries those columns, so the read is one
 * range of the index alone (docs/decisions/reports.md, "customers report"). It ends in `_id` for
 * the conversion funnel, whose cohort is the same registered patients by id (SQLite's secondary
 * indexes hold the rowid, not the text primary key). The company-local day
 * is computed from `createdAt` by a CASE of one arm per stretch of days with one offset
 * (`localDayCase`), cheap beside the reads.
 */
const INDEX = 'customers_registered'

export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('customers', (table) => table.index(['companyId', 'createdAt', 'branchId', 'sourceId', 'mergedInto', '_id'], INDEX))
  // The old index is a prefix of this one.
  await db.schema.alterTable('customers', (table) => table.dropIndex([], 'customers_created'))
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('customers', (table) => table.index(['companyId', 'createdAt'], 'customers_created'))
  await db.schema.alterTable('customers', (table) => table.dropIndex([], INDEX))
}
