import type { Knex } from 'knex'
import { recordColumns } from './20261121080000_identity'

/**
 * Issue 15, item 3: bundles (`bundle`, a named set of catalogue services with quantities) and
 * treatment templates (`treatment-templates`, per specialty: the diagnoses they are for and
 * ordered phases of services or bundles). The lines are JSON text, as presets keep their lists:
 * they are always read and written whole with their record. A name is unique per company
 * regardless of case (`searchName`, the name normalised as the catalogue's search does), which
 * also serves the prefix search. No database foreign keys to services, specialties or bundles:
 * a trashed one comes back and is found again.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('bundles', (table) => {
    recordColumns(table, db)
    table.string('name', 200).notNullable()
    table.string('searchName', 200).notNullable()
    table.string('specialtyId', 36).nullable()
    table.text('items').notNullable().defaultTo('[]')
    table.boolean('archived').notNullable().defaultTo(false)
    table.unique(['companyId', 'searchName'], { indexName: 'bundles_company_name' })
    table.index(['companyId', 'specialtyId'], 'bundles_specialty')
  })

  await db.schema.createTable('treatment_templates', (table) => {
    recordColumns(table, db)
    table.string('name', 200).notNullable()
    table.string('searchName', 200).notNullable()
    table.string('specialtyId', 36).nullable()
    table.text('icd').notNullable().defaultTo('[]')
    table.text('phases').notNullable().defaultTo('[]')
    table.boolean('archived').notNullable().defaultTo(false)
    table.unique(['companyId', 'searchName'], { indexName: 'treatment_templates_company_name' })
    table.index(['companyId', 'specialtyId'], 'treatment_templates_specialty')
  })
}

export async function down(db: Knex): Promise<void> {
  for (const table of ['treatment_templates', 'bundles']) await db.schema.dropTableIfExists(table)
}
