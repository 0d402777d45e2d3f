import type { Knex } from 'knex'

/**
 * Issue 17: a daily log 037/у is a doctor's day: its versions are per doctor (`sourceId`) and
 * day, so the day is a column of its own (null for every other kind).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('documents', (table) => {
    table.string('day', 10).nullable()
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('documents', (table) => {
    table.dropColumn('day')
  })
}
