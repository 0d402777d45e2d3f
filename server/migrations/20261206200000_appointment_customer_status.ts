import type { Knex } from 'knex'

/**
 * Issue 19, item 4: the conversion funnel's grouped read (docs/decisions/reports.md
 * "customer-conversion-funnel-reports") asks, for each patient registered in the period, whether
 * they have an appointment in some statuses (booked, then a visit): a probe of appointment
 * (companyId, customerId, start) that read each appointment's row for its status, one random
 * page of the largest table per appointment looked at. With the status at the end of that index
 * the probe is answered from the index alone (SQLite's covering index, PostgreSQL's index-only
 * scan), and so is "an earlier visit" (`earlierVisitOf`: the first visit ever of the summary, the
 * customers report and the visits rollups) up to its tie on the same start. The index replaces
 * the old one (the same leading columns serve every read that used it), so the table keeps one
 * index per patient.
 */
const OLD = ['companyId', 'customerId', 'start']
const NEW = 'appointment_customer_start_status'

export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('appointment', (table) => table.index([...OLD, 'status'], NEW))
  await db.schema.alterTable('appointment', (table) => table.dropIndex(OLD))
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('appointment', (table) => table.index(OLD))
  await db.schema.alterTable('appointment', (table) => table.dropIndex([...OLD, 'status'], NEW))
}
