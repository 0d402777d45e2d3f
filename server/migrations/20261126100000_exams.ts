import type { Knex } from 'knex'
import { recordColumns } from './20261121080000_identity'

/**
 * Issue 14: dental exams (the `exam` service), one row per version. A patient's exams are read
 * newest first (companyId, customerId, date); the versions of one exam by their group, where
 * (examGroupId, version) is unique so that two amendments of one version cannot both be written.
 * No database foreign key to customers: a trashed patient comes back with their exams.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('exams', (table) => {
    recordColumns(table, db)
    table.string('customerId', 36).notNullable()
    table.string('appointmentId', 36).nullable()
    table.string('doctorId', 36).notNullable()
    table.string('date', 10).notNullable()
    table.text('complaints').notNullable()
    table.text('findings').notNullable()
    table.text('toothCodes').notNullable().defaultTo('[]')
    table.text('diagnoses').notNullable().defaultTo('[]')
    table.string('bite', 32).nullable()
    table.text('mucosa').notNullable()
    table.text('hygiene').notNullable()
    table.text('xrayNote').notNullable().defaultTo('')
    table.text('recommendations').notNullable().defaultTo('')
    table.string('status', 16).notNullable()
    table.integer('version').notNullable()
    table.string('examGroupId', 36).notNullable()
    table.string('previousVersionId', 36).nullable()
    table.timestamp('signedAt', { useTz: true }).nullable()
    table.string('signedBy', 36).nullable()
    table.index(['companyId', 'customerId', 'date'], 'exams_customer_date')
    table.index(['companyId', 'appointmentId'], 'exams_appointment')
    table.unique(['examGroupId', 'version'], { indexName: 'exams_group_version' })
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('exams')
}
