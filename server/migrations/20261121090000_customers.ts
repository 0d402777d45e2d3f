import type { Knex } from 'knex'
import { recordColumns } from './20261121080000_identity'

/**
 * A search column: normalised, lower-cased text compared as a range (prefix search). On
 * PostgreSQL it is COLLATE "C" so ranges compare bytewise (code points) like SQLite's BINARY,
 * whatever the database's locale; a linguistic collation would make the range wrong.
 */
function searchColumn(table: Knex.CreateTableBuilder, db: Knex, name: string, length: number) {
  if (db.client.config.client === 'pg') table.specificType(name, `varchar(${length}) collate "C"`).notNullable().defaultTo('')
  else table.string(name, length).notNullable().defaultTo('')
}

/** A company's list of short labels (tags, customer sources). */
function labelTable(db: Knex, name: string) {
  return db.schema.createTable(name, (table) => {
    recordColumns(table, db)
    table.string('name', 100).notNullable()
    table.string('color', 7).nullable()
    table.unique(['companyId', 'name'])
  })
}

export async function up(db: Knex): Promise<void> {
  await labelTable(db, 'tags')
  await labelTable(db, 'sources')

  await db.schema.createTable('customers', (table) => {
    recordColumns(table, db)
    // No foreign keys to branches or sources: a trashed source or branch can come back, and
    // customers keep pointing at it (ARCHITECTURE.md, trash).
    table.string('branchId', 36).notNullable()
    table.string('first_name', 100).notNullable()
    table.string('last_name', 100).notNullable()
    table.string('middle_name', 100).notNullable().defaultTo('')
    table.string('gender', 8).nullable()
    // 'YYYY-MM-DD' as text: a calendar date, no time zone, alike on both engines.
    table.string('birthdate', 10).nullable()
    table.string('phone', 15).notNullable().defaultTo('')
    table.string('email', 254).notNullable().defaultTo('')
    table.string('address', 500).notNullable().defaultTo('')
    table.string('passportNumber', 50).notNullable().defaultTo('')
    table.string('passportIssuer', 300).notNullable().defaultTo('')
    table.string('profession', 200).notNullable().defaultTo('')
    table.boolean('blacklisted').notNullable().defaultTo(false)
    table.boolean('smsConsent').notNullable().defaultTo(true)
    table.boolean('promoSmsConsent').notNullable().defaultTo(false)
    table.string('sourceId', 36).nullable()
    table.json('tagIds').notNullable()
    table.string('serviceLanguage', 16).nullable()
    table.json('notificationChannels').notNullable()
    table.string('telegramAccount', 100).notNullable().defaultTo('')
    table.integer('discount').notNullable().defaultTo(0)
    table.bigInteger('balance').notNullable().defaultTo(0)
    table.bigInteger('debt').notNullable().defaultTo(0)
    table.boolean('archived').notNullable().defaultTo(false)
    table.string('mergedInto', 36).nullable()
    table.string('color', 7).notNullable()
    table.json('customFields').notNullable()
    // Hidden search columns (never leave the server): see domain/customers/search-terms.ts.
    searchColumn(table, db, 'searchFirst', 100)
    searchColumn(table, db, 'searchLast', 100)
    searchColumn(table, db, 'searchMiddle', 100)
    // The phone's digits reversed: a suffix search (local number, last digits) as a prefix range.
    searchColumn(table, db, 'phoneReversed', 15)

    // Search indexes; branchId last, so a search confined to some branches is checked in the
    // index rather than in each matching row.
    table.index(['companyId', 'searchLast', 'branchId'], 'customers_search_last')
    table.index(['companyId', 'searchFirst', 'branchId'], 'customers_search_first')
    table.index(['companyId', 'searchMiddle', 'branchId'], 'customers_search_middle')
    table.index(['companyId', 'phone', 'branchId'], 'customers_phone')
    table.index(['companyId', 'phoneReversed', 'branchId'], 'customers_phone_reversed')
    // The list's usual orders: newest first, and by name.
    table.index(['companyId', 'createdAt'], 'customers_created')
    table.index(['companyId', 'last_name', 'first_name'], 'customers_name')
    table.index(['branchId'], 'customers_branch')
  })
}

export async function down(db: Knex): Promise<void> {
  for (const table of ['customers', 'sources', 'tags']) await db.schema.dropTableIfExists(table)
}
