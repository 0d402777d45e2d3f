import type { Knex } from 'knex'

/**
 * Issue 16, item 7: an expense's attachments are media rows too (docs/decisions/media.md,
 * docs/decisions/billing-expenses.md). An expense has no patient, so `media.customerId` becomes
 * nullable: a row without a patient is an expense's file, scoped by the expense's branch (its
 * `branchId`). Patient rows are untouched. SQLite rebuilds the table (knex copies the rows and
 * keeps the indexes); PostgreSQL only drops the NOT NULL.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('media', (table) => {
    table.string('customerId', 36).nullable().alter({ alterType: false })
  })
}

/** Back: expense files cannot stay without a patient, so their rows go (their bytes stay in the store). */
export async function down(db: Knex): Promise<void> {
  await db('media').whereNull('customerId').delete()
  await db.schema.alterTable('media', (table) => {
    table.string('customerId', 36).notNullable().alter({ alterType: false })
  })
}
