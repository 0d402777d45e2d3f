import type { Knex } from 'knex'
import { recordColumns } from './20261121080000_identity'

/**
 * Issue 17: the clinic's own texts of its print templates, and the documents printed for
 * patients (kept as printed: the PDF's hash and the snapshot it was rendered from). No foreign
 * keys to customers: a patient in the trash comes back with their documents.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('print_templates', (table) => {
    recordColumns(table, db)
    table.string('kind', 32).notNullable()
    table.string('language', 8).notNullable()
    table.string('title', 300).notNullable()
    table.text('intro').notNullable()
    table.text('closing').notNullable()
    table.text('signatures').notNullable().defaultTo('[]')
    table.unique(['companyId', 'kind', 'language'], { indexName: 'print_templates_key' })
  })
  await db.schema.createTable('documents', (table) => {
    recordColumns(table, db)
    table.string('branchId', 36).notNullable()
    table.string('customerId', 36).nullable()
    table.string('kind', 32).notNullable()
    table.string('language', 8).notNullable()
    table.string('title', 400).notNullable()
    table.integer('version').notNullable()
    table.boolean('copy').notNullable().defaultTo(false)
    table.string('copyOf', 36).nullable()
    table.string('sourceId', 36).nullable()
    table.string('paper', 8).notNullable()
    table.string('sha256', 64).notNullable()
    table.integer('size').notNullable()
    table.string('status', 16).notNullable().defaultTo('printed')
    table.text('context').notNullable()
    table.text('texts').notNullable()
    // The patient's documents, newest first; the versions of one document.
    table.index(['companyId', 'customerId', 'createdAt'], 'documents_customer')
    table.index(['companyId', 'customerId', 'kind', 'sourceId', 'language', 'version'], 'documents_versions')
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('documents')
  await db.schema.dropTableIfExists('print_templates')
}
