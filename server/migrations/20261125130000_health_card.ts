import type { Knex } from 'knex'
import { recordColumns } from './20261121080000_identity'

/**
 * Issue 14, item 7: the patient's health card, one row per customer (the unique index), owned by
 * the `health-card` service; and the one non-clinical fact it lets out, the customer's
 * `medicalAlert`, stored on the customer so that lists and the calendar read it with the name
 * (docs/decisions/clinical-health-card.md). No foreign key to customers: a trashed customer comes
 * back with its card.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('health_cards', (table) => {
    recordColumns(table, db)
    table.string('customerId', 36).notNullable()
    // Lists as JSON text (allergies, diseases, medicines).
    table.text('allergies').notNullable().defaultTo('[]')
    table.text('diseases').notNullable().defaultTo('[]')
    table.text('medicines').notNullable().defaultTo('[]')
    table.boolean('pregnant').notNullable().defaultTo(false)
    table.integer('pregnancyWeek').nullable()
    table.text('anaesthesiaReactions').notNullable().defaultTo('')
    table.text('notes').notNullable().defaultTo('')
    table.timestamp('reviewedAt', { useTz: true }).nullable()
    table.string('reviewedBy', 36).nullable()
    table.unique(['companyId', 'customerId'])
  })
  await db.schema.alterTable('customers', (table) => {
    table.boolean('medicalAlert').notNullable().defaultTo(false)
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('customers', (table) => table.dropColumn('medicalAlert'))
  await db.schema.dropTable('health_cards')
}
