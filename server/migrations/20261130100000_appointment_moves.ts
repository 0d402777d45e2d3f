import type { Knex } from 'knex'

/**
 * Issue 19, the appointments report's "rescheduled": every move of a booked appointment (its
 * start changed while it held its slot) is one row, written in the patch's transaction by the
 * appointment service (appointment-patch-plan.ts). The status history records status changes
 * only and the activity log keeps changes as free JSON of another area, so neither says
 * "moved from this day" in a form a report can count on both engines. `fromDate` is the
 * company-local day of the old start (the report counts a move on the day the visit left);
 * `staffId` the doctor it was booked with before the move. Purged with its appointment.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('appointment_moves', (table) => {
    table.string('_id', 36).primary()
    table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
    table.string('appointmentId', 36).notNullable()
    table.string('branchId', 36).notNullable()
    table.string('staffId', 36).notNullable()
    table.timestamp('fromStart', { useTz: true }).notNullable()
    table.string('fromDate', 10).notNullable()
    table.timestamp('toStart', { useTz: true }).notNullable()
    table.timestamp('at', { useTz: true }).notNullable()
    table.string('by', 36).nullable()
    table.index(['companyId', 'fromDate'])
    table.index(['companyId', 'appointmentId'])
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('appointment_moves')
}
