import type { Knex } from 'knex'
import { recordColumns } from './20261121080000_identity'

/** A normalised search column compared as a range (see the customers migration): bytewise on both engines. */
function searchColumn(table: Knex.CreateTableBuilder, db: Knex, name: string, length: number) {
  if (db.client.config.client === 'pg') table.specificType(name, `varchar(${length}) collate "C"`).notNullable().defaultTo('')
  else table.string(name, length).notNullable().defaultTo('')
}

/**
 * The catalogue of issue 5: service categories, services (treatments with duration, buffer and
 * price), work places (chairs and rooms of a branch) and time templates. Services point at their
 * category without a database foreign key: a trashed category can come back and find them.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('service_categories', (table) => {
    recordColumns(table, db)
    table.string('name', 100).notNullable()
    table.integer('rank').notNullable().defaultTo(0)
    table.unique(['companyId', 'name'])
    table.index(['companyId', 'rank'], 'service_categories_rank')
  })

  await db.schema.createTable('services', (table) => {
    recordColumns(table, db)
    table.string('categoryId', 36).nullable()
    table.string('name', 200).notNullable()
    table.string('code', 50).nullable()
    table.text('description').nullable()
    table.integer('duration').notNullable()
    table.integer('bufferTime').notNullable().defaultTo(0)
    // Minor units of the company currency.
    table.bigInteger('price').notNullable().defaultTo(0)
    table.boolean('public').notNullable().defaultTo(true)
    table.boolean('staticPrice').notNullable().defaultTo(false)
    table.boolean('staticDuration').notNullable().defaultTo(false)
    table.integer('rank').notNullable().defaultTo(0)
    table.string('color', 7).nullable()
    table.boolean('archived').notNullable().defaultTo(false)
    // Hidden search columns: the name and the code normalised (domain/catalogue/search.ts).
    searchColumn(table, db, 'searchName', 200)
    searchColumn(table, db, 'searchCode', 50)
    table.index(['companyId', 'rank'], 'services_rank')
    table.index(['companyId', 'categoryId', 'rank'], 'services_category_rank')
    table.index(['companyId', 'name'], 'services_name')
    table.index(['companyId', 'searchName'], 'services_search_name')
    table.index(['companyId', 'searchCode'], 'services_search_code')
  })

  await db.schema.createTable('work_places', (table) => {
    recordColumns(table, db)
    table.string('branchId', 36).notNullable()
    table.string('name', 100).notNullable()
    table.string('kind', 8).notNullable().defaultTo('chair')
    table.string('color', 7).nullable()
    table.integer('rank').notNullable().defaultTo(0)
    table.boolean('active').notNullable().defaultTo(true)
    table.unique(['companyId', 'branchId', 'name'])
    table.index(['companyId', 'branchId', 'rank'], 'work_places_branch_rank')
  })

  await db.schema.createTable('time_templates', (table) => {
    recordColumns(table, db)
    table.string('name', 100).notNullable()
    table.json('intervals').notNullable()
    table.unique(['companyId', 'name'])
  })
}

export async function down(db: Knex): Promise<void> {
  for (const table of ['time_templates', 'work_places', 'services', 'service_categories']) await db.schema.dropTableIfExists(table)
}
