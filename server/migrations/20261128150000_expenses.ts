import type { Knex } from 'knex'
import { recordColumns } from './20261121080000_identity'

/**
 * Issue 16, item 7: expenses (`expense`), money a branch spent. `amount` is integer minor units
 * of the company currency; `date` the company-local day as 'YYYY-MM-DD' (text sorts and ranges
 * like the day it names, on both engines); `category` one key of a fixed list; `supplier` free
 * text until the stock area's suppliers exist, with `searchSupplier` (normalised) for the search.
 * Indexes serve the list and the expense report: the company's days, a branch's days, a
 * category's days. No database foreign key to branches: a trashed branch comes back with its
 * expenses found again.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('expenses', (table) => {
    recordColumns(table, db)
    table.string('branchId', 36).notNullable()
    table.string('category', 32).notNullable()
    table.string('supplier', 200).nullable()
    table.string('searchSupplier', 200).nullable()
    table.string('documentNumber', 100).nullable()
    table.bigInteger('amount').notNullable()
    table.string('date', 10).notNullable()
    table.text('note').nullable()
    table.index(['companyId', 'date'], 'expenses_company_date')
    table.index(['companyId', 'branchId', 'date'], 'expenses_branch_date')
    table.index(['companyId', 'category', 'date'], 'expenses_category_date')
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('expenses')
}
