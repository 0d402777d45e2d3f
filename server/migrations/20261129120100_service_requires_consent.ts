import type { Knex } from 'knex'

/**
 * Issue 17, item 2 (last sentence): a catalogue service may require a signed consent before it
 * is marked done (docs/decisions/documents-consent-required.md). Off for every existing service.
 * A patient's consent for a service is a `documents` row (kind consent, sourceId = the service),
 * read by the existing `documents_versions` index (companyId, customerId, kind, sourceId, ...).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('services', (table) => {
    table.boolean('requiresConsent').notNullable().defaultTo(false)
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('services', (table) => {
    table.dropColumn('requiresConsent')
  })
}
