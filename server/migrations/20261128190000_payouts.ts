import type { Knex } from 'knex'
import { recordColumns } from './20261121080000_identity'

/**
 * Issue 16, item 6: doctors' payouts (docs/decisions/billing-payouts.md). A doctor's earnings are
 * computed on read from the ledger (invoice lines, allocations); these tables hold only what a
 * person decided: the overrides of a doctor's percent per service or category (`payout_rules`),
 * the closed periods (`payout_periods`) with the lines they froze (`payout_lines`), and the money
 * given to doctors (`payouts`). The doctor's default percent is the team member's existing
 * `percentOfRevenue` (whole percent, 0..100); the base (billed or paid) is the company setting
 * `settings.payoutBase` (JSON, absent = billed: no column needed). Money is bigint minor units.
 * Nothing is deleted by the clinic: a closed period and a payout stay as they were.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('payout_rules', (table) => {
    recordColumns(table, db)
    table.string('userId', 36).notNullable()
    table.string('serviceId', 36).nullable()
    table.string('categoryId', 36).nullable()
    /** Whole percent 0..100, or null when `amount` is set. */
    table.integer('percent').nullable()
    /** A fixed amount per unit (minor units), or null when `percent` is set. */
    table.bigInteger('amount').nullable()
    table.index(['companyId', 'userId'], 'payout_rules_user')
  })
  await db.schema.createTable('payout_periods', (table) => {
    recordColumns(table, db)
    table.string('userId', 36).notNullable()
    table.string('from', 10).notNullable()
    table.string('to', 10).notNullable()
    table.unique(['companyId', 'userId', 'to'], { indexName: 'payout_periods_user_to' })
  })
  await db.schema.createTable('payout_lines', (table) => {
    table.string('_id', 36).primary()
    table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
    table.string('periodId', 36).notNullable()
    table.string('userId', 36).notNullable()
    /** What the line comes from, unique per doctor: `bill:<line>`, `pay:<allocation>:<line>`, their `…-cancel` twins. */
    table.string('sourceKey', 120).notNullable()
    table.string('source', 24).notNullable()
    table.string('date', 10).notNullable()
    table.boolean('adjustment').notNullable().defaultTo(false)
    table.string('branchId', 36).nullable()
    table.string('customerId', 36).nullable()
    table.string('invoiceId', 36).nullable()
    table.string('invoiceNumber', 40).nullable()
    table.string('serviceId', 36).nullable()
    table.string('serviceName', 200).notNullable().defaultTo('')
    table.integer('quantity').notNullable().defaultTo(1)
    table.bigInteger('base').notNullable()
    table.integer('percent').nullable()
    table.bigInteger('fixedAmount').nullable()
    table.bigInteger('share').notNullable()
    table.unique(['companyId', 'userId', 'sourceKey'], { indexName: 'payout_lines_source' })
    table.index(['companyId', 'userId', 'date'], 'payout_lines_user_date')
  })
  await db.schema.createTable('payouts', (table) => {
    recordColumns(table, db)
    table.string('userId', 36).notNullable()
    table.string('branchId', 36).nullable()
    table.string('date', 10).notNullable()
    table.bigInteger('amount').notNullable()
    table.string('method', 16).notNullable()
    table.text('note').nullable()
    table.index(['companyId', 'userId', 'date'], 'payouts_user_date')
  })
}

export async function down(db: Knex): Promise<void> {
  for (const table of ['payouts', 'payout_lines', 'payout_periods', 'payout_rules']) await db.schema.dropTableIfExists(table)
}
