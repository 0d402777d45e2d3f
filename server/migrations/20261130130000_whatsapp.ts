import type { Knex } from 'knex'

/**
 * Issue 18, WhatsApp Cloud API (docs/decisions/whatsapp.md): the company's WhatsApp number in its
 * messaging settings (access token, app secret and verify token sealed; the phone number id and
 * template names plain) and the webhook's secret path; and, per WhatsApp number that wrote to the
 * clinic, when it last did (`whatsapp_windows`, owned by `whatsapp-integration`): free-form text
 * may go only within 24 hours of it, else an approved template. An outbox message may now go by
 * WhatsApp (channel `whatsapp`, provider `whatsapp`, to the patient's phone).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('messaging_settings', (table) => {
    table.text('whatsapp').notNullable().defaultTo('{}')
    /** The webhook's secret path segment (`/hooks/whatsapp/<path>`), made on the first connection test. */
    table.string('whatsappHookPath', 64).nullable().unique()
  })
  await db.schema.createTable('whatsapp_windows', (table) => {
    table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
    /** The WhatsApp id of the sender (their number's digits, as WhatsApp gives it). */
    table.string('waId', 20).notNullable()
    table.timestamp('lastInboundAt', { useTz: true }).notNullable()
    table.primary(['companyId', 'waId'])
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('whatsapp_windows')
  await db.schema.alterTable('messaging_settings', (table) => {
    table.dropUnique(['whatsappHookPath'])
    table.dropColumn('whatsappHookPath')
    table.dropColumn('whatsapp')
  })
}
