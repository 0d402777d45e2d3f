import type { Knex } from 'knex'

/**
 * Issue 16: each branch numbers its invoices with its own prefix (spec: invoice prefix and
 * counter), so two branches' first invoices are not both "INV-1". The counter stays one per branch
 * (`invoice_counters`); changing the prefix goes on counting, so numbers never repeat.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('branches', (table) => {
    table.string('invoicePrefix', 10).notNullable().defaultTo('INV')
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('branches', (table) => {
    table.dropColumn('invoicePrefix')
  })
}
