import type { Knex } from 'knex'
import { recordColumns } from './20261121080000_identity'

/**
 * Issue 14, item 6: perio charts (the `perio` service). A patient's charts are listed by day,
 * newest first, so the index leads with (companyId, customerId, date). `teeth` is the chart as
 * JSON text; CAL and the indices are computed from it, never stored. No database foreign key to
 * customers: a trashed patient comes back with their charts.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('perio_charts', (table) => {
    recordColumns(table, db)
    table.string('customerId', 36).notNullable()
    table.string('doctorId', 36).notNullable()
    table.string('appointmentId', 36).nullable()
    table.string('date', 10).notNullable()
    table.string('status', 8).notNullable().defaultTo('draft')
    table.text('teeth').notNullable().defaultTo('[]')
    table.text('note').notNullable().defaultTo('')
    table.timestamp('closedAt', { useTz: true }).nullable()
    table.string('closedBy', 36).nullable()
    table.index(['companyId', 'customerId', 'date'], 'perio_charts_customer_date')
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('perio_charts')
}
