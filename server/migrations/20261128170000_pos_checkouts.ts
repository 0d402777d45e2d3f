import type { Knex } from 'knex'
import { recordColumns } from './20261121080000_identity'

/**
 * Issue 16, item 5: the cash desk's checkouts (`cart` create). One row per checkout, kept for its
 * client key: a retry with the same key answers `result` (the first answer, JSON) instead of
 * invoicing and paying again; `bodyHash` tells a retry from another checkout under the same key.
 * The money itself is in invoices, transactions and allocations (the ledger); this row holds none.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('pos_checkouts', (table) => {
    recordColumns(table, db)
    table.string('branchId', 36).notNullable()
    table.string('customerId', 36).notNullable()
    table.string('clientKey', 64).notNullable()
    table.string('bodyHash', 64).notNullable()
    table.text('result').notNullable()
    table.unique(['companyId', 'clientKey'], { indexName: 'pos_checkouts_client_key' })
    table.index(['companyId', 'customerId'], 'pos_checkouts_customer')
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('pos_checkouts')
}
