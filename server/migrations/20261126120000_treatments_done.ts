import type { Knex } from 'knex'
import { recordColumns } from './20261121080000_identity'

/**
 * Issue 14, item 5: treatments done (the `treatment` service), one row per line of a visit.
 * A patient's lines are read newest visit first by (companyId, customerId, createdAt); a visit's
 * lines (the completion dialog, billing) by appointmentId. Prices are integer minor units
 * (bigint, as the catalogue stores them). No database foreign keys to customers or appointments:
 * a trashed patient or visit comes back with its lines.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('treatments', (table) => {
    recordColumns(table, db)
    table.string('branchId', 36).notNullable()
    table.string('customerId', 36).notNullable()
    table.string('appointmentId', 36).notNullable()
    table.string('visitDate', 10).notNullable()
    table.text('teeth').notNullable().defaultTo('[]')
    table.string('serviceId', 36).notNullable()
    table.string('serviceName', 200).notNullable()
    table.string('serviceCode', 50).nullable()
    table.integer('serviceDuration').notNullable().defaultTo(0)
    table.bigInteger('listPrice').notNullable().defaultTo(0)
    table.integer('quantity').notNullable().defaultTo(1)
    table.bigInteger('price').notNullable().defaultTo(0)
    table.string('icdCode', 8).nullable()
    table.string('doctorId', 36).notNullable()
    table.string('assistantId', 36).nullable()
    table.text('materials').notNullable().defaultTo('')
    table.string('invoiceId', 36).nullable()
    table.string('searchName', 200).notNullable().defaultTo('')
    table.index(['companyId', 'customerId', 'createdAt'], 'treatments_customer_time')
    table.index(['appointmentId'], 'treatments_appointment')
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('treatments')
}
