import type { Knex } from 'knex'
import { recordColumns } from './20261121080000_identity'

/**
 * Issue 14: the dental chart's events (the `tooth` service). Rows are only ever inserted; a
 * patient's chart is read as all their events, oldest first, so the index leads with
 * (companyId, customerId, createdAt). No database foreign key to customers: a trashed patient
 * comes back with their chart.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('tooth_events', (table) => {
    recordColumns(table, db)
    table.string('customerId', 36).notNullable()
    table.integer('tooth').notNullable()
    table.string('action', 8).notNullable()
    table.string('code', 4).nullable()
    table.string('condition', 32).nullable()
    table.string('status', 16).nullable()
    table.text('surfaces').notNullable().defaultTo('[]')
    table.integer('degree').nullable()
    table.text('note').nullable()
    table.string('appointmentId', 36).nullable()
    table.string('endsEventId', 36).nullable()
    table.index(['companyId', 'customerId', 'createdAt'], 'tooth_events_customer_time')
    table.index(['endsEventId'], 'tooth_events_ends')
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('tooth_events')
}
