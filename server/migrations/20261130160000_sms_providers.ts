import type { Knex } from 'knex'

/**
 * Issue 18, item 2 (docs/decisions/messaging.md): the company chooses its SMS provider (Eskiz,
 * Play Mobile or SMS.ru), whose credentials are kept sealed like Eskiz's; each provider that posts
 * delivery reports to an address the clinic registers gets its own secret path segment. An outbox
 * message sent because an earlier one could not reach the patient (the channel order's fallback)
 * names that earlier message.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('messaging_settings', (table) => {
    table.string('smsProvider', 16).notNullable().defaultTo('eskiz')
    table.text('playmobile').notNullable().defaultTo('{}')
    table.text('smsru').notNullable().defaultTo('{}')
    /** `/hooks/playmobile/<path>` and `/hooks/smsru/<path>`: made when the account is first saved. */
    table.string('playmobileHookPath', 64).nullable().unique()
    table.string('smsruHookPath', 64).nullable().unique()
  })
  await db.schema.alterTable('outbox_messages', (table) => {
    table.string('fallbackOf', 36).nullable()
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('outbox_messages', (table) => {
    table.dropColumn('fallbackOf')
  })
  await db.schema.alterTable('messaging_settings', (table) => {
    table.dropUnique(['playmobileHookPath'])
    table.dropUnique(['smsruHookPath'])
    table.dropColumn('smsProvider')
    table.dropColumn('playmobile')
    table.dropColumn('smsru')
    table.dropColumn('playmobileHookPath')
    table.dropColumn('smsruHookPath')
  })
}
