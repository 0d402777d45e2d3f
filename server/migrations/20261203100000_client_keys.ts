import type { Knex } from 'knex'

/**
 * Issue 20, item 2 (offline day mode): the client keys of creates sent with one (`appointment`,
 * `customers`, `notes`; docs/decisions/offline-day.md). One row per company and key, written in
 * the create's own transaction: a create sent again with the key answers `recordId` instead of
 * making a second record; `bodyHash` tells a retry from another create under the same key.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('client_keys', (table) => {
    table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
    table.string('clientKey', 64).notNullable()
    table.string('service', 64).notNullable()
    table.string('recordId', 36).nullable()
    table.string('bodyHash', 64).notNullable()
    table.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(db.fn.now())
    table.primary(['companyId', 'clientKey'])
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('client_keys')
}
