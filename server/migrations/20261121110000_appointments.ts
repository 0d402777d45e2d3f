import type { Knex } from 'knex'
import { recordColumns } from './20261121080000_identity'

/**
 * Appointments, their status history and the waiting list. None has a database foreign key to
 * customers, doctors or each other: a trashed appointment or customer can come back, and the
 * history outlives the appointment in trash (it is purged with it: trash-dependents.ts).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('appointment', (table) => {
    recordColumns(table, db)
    table.string('branchId', 36).notNullable()
    table.string('customerId', 36).notNullable()
    table.string('staffId', 36).notNullable()
    table.string('workPlaceId', 36).nullable()
    table.timestamp('start', { useTz: true }).notNullable()
    table.timestamp('end', { useTz: true }).notNullable()
    /** Hidden: end plus the services' buffer time, what double booking compares against. */
    table.timestamp('blockedUntil', { useTz: true }).notNullable()
    table.integer('duration').notNullable()
    /** Company-local date and time of start, computed on every write (lists filter by day). */
    table.string('date', 10).notNullable()
    table.string('time', 5).notNullable()
    table.string('status', 16).notNullable()
    table.json('services').notNullable()
    table.json('repeat').nullable()
    table.string('seriesId', 36).nullable()
    table.integer('seriesIndex').nullable()
    table.boolean('notifyClient').notNullable().defaultTo(false)
    table.json('reminder').nullable()
    table.text('notes').nullable()
    table.string('color', 9).nullable()
    table.timestamp('statusChangedAt', { useTz: true }).nullable()
    table.string('statusChangedBy', 36).nullable()
    // A branch's calendar, a doctor's and a chair's day (and their double-booking checks), a
    // customer's visits: each reads one range of one index ending in start.
    table.index(['companyId', 'branchId', 'start'])
    table.index(['companyId', 'staffId', 'start'])
    table.index(['companyId', 'workPlaceId', 'start'])
    table.index(['companyId', 'customerId', 'start'])
    table.index(['seriesId'])
  })

  await db.schema.createTable('appointment_status_history', (table) => {
    table.string('_id', 36).primary()
    table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
    table.string('appointmentId', 36).notNullable()
    /** null for the status an appointment was created in. */
    table.string('from', 16).nullable()
    table.string('to', 16).notNullable()
    table.timestamp('at', { useTz: true }).notNullable()
    table.string('by', 36).nullable()
    table.index(['companyId', 'appointmentId', 'at'])
  })

  await db.schema.createTable('waiting_list', (table) => {
    recordColumns(table, db)
    table.string('branchId', 36).notNullable()
    table.string('customerId', 36).notNullable()
    table.string('staffId', 36).nullable()
    table.json('serviceIds').notNullable()
    table.string('dateFrom', 10).notNullable()
    table.string('dateTo', 10).notNullable()
    table.json('days').notNullable()
    table.string('timeFrom', 5).notNullable()
    table.string('timeTo', 5).notNullable()
    table.integer('duration').notNullable()
    table.text('notes').nullable()
    table.string('status', 16).notNullable()
    table.string('appointmentId', 36).nullable()
    table.index(['companyId', 'branchId', 'status', 'dateTo'])
    table.index(['companyId', 'customerId'])
  })
}

export async function down(db: Knex): Promise<void> {
  for (const table of ['waiting_list', 'appointment_status_history', 'appointment']) await db.schema.dropTableIfExists(table)
}
