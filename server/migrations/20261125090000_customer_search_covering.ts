import type { Knex } from 'knex'

/**
 * The name search indexes carry all three search columns (issue 12, search at a million
 * customers). A term of several words ("karimov alisher") is read from the index of one word
 * and the other words are checked in the same index entry, instead of reading the customer's
 * row for each candidate. Each index keeps its leading (companyId, column, branchId), so single
 * words and branch-confined searches read them as before. On PostgreSQL the other columns and
 * `_id` are INCLUDEd (carried, not sorted): its count and the ids of a page are then index-only
 * scans (customer-search.ts). SQLite's entries carry the rowid already.
 */
const NAME_COLUMNS = ['searchLast', 'searchFirst', 'searchMiddle'] as const
const indexName = (column: string) => `customers_search_${column.slice('search'.length).toLowerCase()}`

async function replaceIndex(db: Knex, column: string, carried: string[]) {
  await db.schema.alterTable('customers', (table) => table.dropIndex([], indexName(column)))
  if (db.client.config.client === 'pg') {
    await db.raw(`create index ?? on customers (??, ??, ??) include (${carried.map(() => '??').join(', ')})`, [indexName(column), 'companyId', column, 'branchId', ...carried])
  } else {
    await db.schema.alterTable('customers', (table) => table.index(['companyId', column, 'branchId', ...carried], indexName(column)))
  }
}

export async function up(db: Knex): Promise<void> {
  const postgres = db.client.config.client === 'pg'
  for (const column of NAME_COLUMNS) {
    const others = NAME_COLUMNS.filter((other) => other !== column)
    await replaceIndex(db, column, postgres ? [...others, '_id'] : others)
  }
  // New indexes have no statistics yet; without them SQLite's planner may read a whole index.
  await db.raw('analyze customers')
}

export async function down(db: Knex): Promise<void> {
  for (const column of NAME_COLUMNS) {
    await db.schema.alterTable('customers', (table) => {
      table.dropIndex([], indexName(column))
      table.index(['companyId', column, 'branchId'], indexName(column))
    })
  }
}
