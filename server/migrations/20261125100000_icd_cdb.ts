import type { Knex } from 'knex'
import { shippedIcdRows } from '../src/services/clinical/icd/shipped-icd-rows'
import { shippedCdbRows } from '../src/services/clinical/cdb/shipped-cdb-rows'

/** The columns of a shipped-or-own entry: like recordColumns, but the company may be none. */
function entryColumns(table: Knex.CreateTableBuilder, db: Knex) {
  table.string('_id', 36).primary()
  // Null: shipped with the program, every company's. Otherwise the company's own entry.
  table.string('companyId', 36).nullable().references('_id').inTable('companies').onDelete('CASCADE')
  table.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(db.fn.now())
  table.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(db.fn.now())
  table.string('createdBy', 36).nullable()
  table.text('titles').notNullable()
  // Hidden: the code and every title lower-cased, for the search box (domain/clinical/codes/titles.ts).
  table.text('search').notNullable().defaultTo('')
}

/**
 * Issue 14, item 4: the ICD-10 codes (`icd`) and the complaints list (`cdb`), each holding the
 * entries shipped with the program (companyId null) and every company's own. The shipped rows are
 * written here from domain/clinical/codes; a release that changes them adds a migration that
 * updates them by their stable ids (server/src/services/clinical/icd/shipped-icd-rows.ts).
 *
 * Indexes: the tree is read by (companyId, parentId) in code order, and a code by (companyId,
 * system, code): the shipped rows (companyId null) and the company's own are two ranges of one
 * index on either engine. Word search reads the `search` column of those rows (a few hundred).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('icd', (table) => {
    entryColumns(table, db)
    table.string('system', 16).notNullable()
    table.string('code', 20).notNullable()
    table.string('kind', 12).notNullable()
    table.string('parentId', 36).nullable()
    table.unique(['companyId', 'system', 'code'])
    table.index(['companyId', 'parentId', 'code'], 'icd_tree')
    table.index(['parentId'], 'icd_parent')
  })
  await db.schema.createTable('cdb', (table) => {
    entryColumns(table, db)
    table.string('key', 64).nullable()
    table.integer('rank').notNullable().defaultTo(0)
    table.text('icdCodes').notNullable()
    // Hidden: the ICD codes as `|K02|K04.0|`, so one LIKE finds the complaints of a code.
    table.string('icdKey', 1000).notNullable().defaultTo('')
    table.index(['companyId', 'rank'], 'cdb_rank')
  })
  await db.batchInsert('icd', shippedIcdRows(), 100)
  await db.batchInsert('cdb', shippedCdbRows(), 100)
}

export async function down(db: Knex): Promise<void> {
  for (const table of ['cdb', 'icd']) await db.schema.dropTableIfExists(table)
}
