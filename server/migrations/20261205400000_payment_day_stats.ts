import type { Knex } from 'knex'
import { markPayment } from './20261204400000_money_day_stats'

/**
 * Issue 19, item 4: the payments report's figures (collected, refunds, net, cancelled; billing/
 * payment-report-reads.ts) per company-local day and branch, and per method, per staff member
 * who took the money and per doctor of the invoices it went to, kept as a rollup
 * (`payment_day_stats`, docs/decisions/reports.md "Rollups") so a year of every branch reads
 * small rows instead of every payment and allocation of the year.
 *
 * It shares the money rollup's stale-day marks (`money_stats_dirty`) and computed days
 * (`money_stats_days`, the days follow the company's zone): billing/money-stats.ts recomputes
 * both rollups of a stale day in one transaction. The money triggers mark every day a write to
 * invoices, payments or allocations can change; this report also groups by who took a payment
 * (`createdBy`), which the money triggers do not watch, so one more trigger marks a payment's
 * days when it changes. Every computed day is forgotten here: the money rollup's days computed
 * before this migration have no payment rows.
 *
 * Rows: `doctorId` '' holds everyone's figures, a doctor's id what the report answers with that
 * doctor named (the money allocated to their invoices). `dimension` says what `key` is: 'method'
 * (the payment's method; the day and branch cells are the sums of these rows), 'cashier' (who
 * took it, '' for no one), 'doctor' (everyone's rows only: the invoice's doctor, 'balance' or
 * 'no-doctor'). A group the raw read answers with 0 is kept.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('payment_day_stats', (table) => {
    table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
    table.string('doctorId', 36).notNullable()
    table.string('day', 10).notNullable()
    table.string('branchId', 36).notNullable()
    table.string('dimension', 8).notNullable()
    table.string('key', 36).notNullable()
    for (const figure of ['collected', 'refunds', 'net', 'cancelled']) table.bigInteger(figure).notNullable()
    // A report reads everyone's (or one doctor's) rows over its days: the key's order.
    table.primary(['companyId', 'doctorId', 'day', 'branchId', 'dimension', 'key'])
    // A recompute replaces whole days.
    table.index(['companyId', 'day'], 'payment_day_stats_day')
  })
  await createPaymentStatsTriggers(db)
  await db('money_stats_days').del()
}

export async function down(db: Knex): Promise<void> {
  await dropPaymentStatsTriggers(db)
  await db.schema.dropTableIfExists('payment_day_stats')
}

/**
 * Marks a payment's days when who took it changes (exported: the bench drops it while it
 * bulk-loads; on PostgreSQL it runs the money rollup's function, so it is created after the money
 * triggers and dropped before them).
 */
export async function createPaymentStatsTriggers(db: Knex): Promise<void> {
  if (db.client.config.client === 'pg') {
    await db.raw(`create trigger payment_stats_transactions_cashier after update of "createdBy" on transactions for each row execute function money_stats_transactions_mark()`)
    return
  }
  await db.raw(`create trigger payment_stats_transactions_cashier after update of "createdBy" on transactions begin
    ${markPayment('old', false)}
    ${markPayment('new', false)}
  end`)
}

export async function dropPaymentStatsTriggers(db: Knex): Promise<void> {
  await db.raw(`drop trigger if exists payment_stats_transactions_cashier${db.client.config.client === 'pg' ? ' on transactions' : ''}`)
}
