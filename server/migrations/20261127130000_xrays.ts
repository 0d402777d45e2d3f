import type { Knex } from 'knex'
import { recordColumns } from './20261121080000_identity'

/**
 * Issue 15, item 4: X-rays (the `xrays` service), one row per X-ray record of a patient. A
 * patient's X-rays are read newest first and their dose summed by (companyId, customerId, date).
 * The dose of one exposure is an integer of 0.1 µSv (domain/clinical/xrays.ts). No database
 * foreign keys to customers or appointments: a trashed patient comes back with their X-rays.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('xrays', (table) => {
    recordColumns(table, db)
    table.string('branchId', 36).notNullable()
    table.string('customerId', 36).notNullable()
    table.string('appointmentId', 36).nullable()
    table.string('doctorId', 36).notNullable()
    table.string('date', 10).notNullable()
    table.string('type', 32).notNullable()
    table.integer('dose').notNullable()
    table.integer('quantity').notNullable().defaultTo(1)
    table.text('teeth').notNullable().defaultTo('[]')
    table.text('findings').notNullable().defaultTo('')
    table.index(['companyId', 'customerId', 'date'], 'xrays_customer_date')
    table.index(['companyId', 'appointmentId'], 'xrays_appointment')
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('xrays')
}
