import type { Knex } from 'knex'
import { recordColumns } from './20261121080000_identity'

/**
 * Issue 17, item 4: text templates (`text-templates`), the company's titled snippets inserted
 * into long text fields. A title is unique per company regardless of case (`searchTitle`, the
 * title normalised as the catalogue's search does), which also serves the picker's prefix
 * search; `offeredIn` narrows where the picker offers one.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('text_templates', (table) => {
    recordColumns(table, db)
    table.string('title', 100).notNullable()
    table.string('searchTitle', 100).notNullable()
    table.text('content').notNullable()
    table.string('offeredIn', 16).notNullable().defaultTo('any')
    table.unique(['companyId', 'searchTitle'], { indexName: 'text_templates_company_title' })
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('text_templates')
}
