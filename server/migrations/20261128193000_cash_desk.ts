import type { Knex } from 'knex'
import { recordColumns } from './20261121080000_identity'

/**
 * Issue 16, item 4: the cash desk (`z-payments`, docs/decisions/billing-cash-desk.md).
 * `cash_shifts`: one shift of one desk of a branch, from its opening float to its Z-report. The
 * desk is a name (`desk`, '' = the branch's main desk) and `deskKey` its lower-cased form;
 * `openDesk` holds `deskKey` while the shift is open and null once closed, so the unique index
 * (companyId, branchId, openDesk) allows one open shift per desk on both engines (NULLs are
 * distinct in a unique index on SQLite and PostgreSQL alike) and any number of closed ones.
 * The closed shift's figures are frozen in its own columns and `totals` (JSON text).
 * `cash_movements`: cash put in or taken out of the drawer during a shift (not patient money).
 * `transactions.shiftId`: the shift a payment or refund was taken in (null: none was open).
 * Money is integer minor units (bigint).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('cash_shifts', (table) => {
    recordColumns(table, db)
    table.string('branchId', 36).notNullable()
    table.string('desk', 60).notNullable()
    table.string('deskKey', 60).notNullable()
    table.string('openDesk', 60).nullable()
    table.string('status', 16).notNullable()
    table.bigInteger('openingFloat').notNullable()
    table.timestamp('openedAt', { useTz: true }).notNullable()
    table.string('openedBy', 36).nullable()
    table.timestamp('closedAt', { useTz: true }).nullable()
    table.string('closedBy', 36).nullable()
    table.bigInteger('countedCash').nullable()
    table.bigInteger('expectedCash').nullable()
    table.bigInteger('overShort').nullable()
    table.text('totals').nullable()
    table.text('closeNote').nullable()
    table.unique(['companyId', 'branchId', 'openDesk'], { indexName: 'cash_shifts_one_open_per_desk' })
    table.index(['companyId', 'branchId', 'openedAt'], 'cash_shifts_branch_opened')
    table.index(['companyId', 'openedAt'], 'cash_shifts_company_opened')
  })
  await db.schema.createTable('cash_movements', (table) => {
    recordColumns(table, db)
    table.string('branchId', 36).notNullable()
    table.string('shiftId', 36).notNullable().references('_id').inTable('cash_shifts').onDelete('CASCADE')
    table.string('kind', 8).notNullable()
    table.bigInteger('amount').notNullable()
    table.text('note').notNullable()
    table.index(['companyId', 'shiftId'], 'cash_movements_shift')
  })
  await db.schema.alterTable('transactions', (table) => {
    table.string('shiftId', 36).nullable()
    table.index(['companyId', 'shiftId'], 'transactions_shift')
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('transactions', (table) => {
    table.dropIndex(['companyId', 'shiftId'], 'transactions_shift')
    table.dropColumn('shiftId')
  })
  await db.schema.dropTableIfExists('cash_movements')
  await db.schema.dropTableIfExists('cash_shifts')
}
