import type { Knex } from 'knex'
import { recordColumns } from './20261121080000_identity'

/** What every dictionary entry has: its text, a shipped entry's titles (JSON text) and key, visibility, place. */
function shippedEntryColumns(table: Knex.CreateTableBuilder): void {
  table.string('name', 500).notNullable()
  table.text('titles').nullable()
  table.string('shippedKey', 100).nullable()
  table.boolean('hidden').notNullable().defaultTo(false)
  table.integer('rank').notNullable().defaultTo(0)
}

/**
 * Issue 14's clinical dictionaries: objective findings (odb, a tree), per-tooth findings
 * (diagnose-objectively), manipulations and exam presets. The shipped entries are each
 * company's own rows, written when it first lists a dictionary; (companyId, shippedKey) is unique
 * so writing them twice adds nothing (the company's own entries have no key: NULLs never clash).
 * Lists are read per company in rank order, so every index starts with companyId.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('odb_entries', (table) => {
    recordColumns(table, db)
    // No database foreign key: a trashed part can come back and find its entries.
    table.string('parentId', 36).nullable()
    shippedEntryColumns(table)
    table.unique(['companyId', 'shippedKey'])
    table.index(['companyId', 'parentId', 'rank'], 'odb_entries_parent_rank')
  })

  await db.schema.createTable('tooth_findings', (table) => {
    recordColumns(table, db)
    shippedEntryColumns(table)
    table.string('conditionCode', 4).nullable()
    table.string('icdCode', 8).nullable()
    table.unique(['companyId', 'shippedKey'])
    table.index(['companyId', 'rank'], 'tooth_findings_rank')
  })

  await db.schema.createTable('manipulations', (table) => {
    recordColumns(table, db)
    shippedEntryColumns(table)
    table.string('code', 50).nullable()
    // Labour units (УЕТ) in hundredths.
    table.integer('uet').nullable()
    table.unique(['companyId', 'shippedKey'])
    table.index(['companyId', 'rank'], 'manipulations_rank')
  })

  await db.schema.createTable('presets', (table) => {
    recordColumns(table, db)
    // No database foreign key: a trashed specialty can come back and find its presets.
    table.string('specialtyId', 36).nullable()
    table.string('name', 200).notNullable()
    for (const list of ['cdb', 'odb', 'icd', 'diagnosis', 'diagnosisFinal', 'treatments']) table.text(list).notNullable().defaultTo('[]')
    table.integer('rank').notNullable().defaultTo(0)
    table.index(['companyId', 'specialtyId', 'rank'], 'presets_specialty_rank')
  })
}

export async function down(db: Knex): Promise<void> {
  for (const table of ['presets', 'manipulations', 'tooth_findings', 'odb_entries']) await db.schema.dropTableIfExists(table)
}
