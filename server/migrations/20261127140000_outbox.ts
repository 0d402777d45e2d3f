import type { Knex } from 'knex'
import { recordColumns } from './20261121080000_identity'

/**
 * Issue 18, first slice: the message outbox, the clinic's notification templates, its messaging
 * settings (which events send, quiet hours, provider credentials) and the one-time links a
 * patient confirms or cancels a visit with. No database foreign keys to customers or
 * appointments: a trashed patient or visit comes back with its messages.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('outbox_messages', (table) => {
    recordColumns(table, db)
    table.string('branchId', 36).nullable()
    table.string('customerId', 36).nullable()
    table.string('appointmentId', 36).nullable()
    table.string('channel', 16).notNullable()
    table.string('provider', 16).notNullable().defaultTo('')
    table.string('event', 32).notNullable()
    table.string('locale', 8).notNullable()
    /** What collapses with it: a booking notice and a move of the same visit are one message. */
    table.string('collapseKey', 80).nullable()
    table.string('phone', 32).nullable()
    table.string('email', 254).nullable()
    table.text('params').notNullable().defaultTo('{}')
    table.string('subject', 300).notNullable().defaultTo('')
    table.text('text').notNullable().defaultTo('')
    table.integer('segments').notNullable().defaultTo(0)
    table.boolean('automated').notNullable().defaultTo(true)
    table.boolean('promotional').notNullable().defaultTo(false)
    table.string('state', 16).notNullable()
    table.timestamp('dueAt', { useTz: true }).notNullable()
    table.integer('attempts').notNullable().defaultTo(0)
    table.string('claimedBy', 64).nullable()
    table.timestamp('claimedAt', { useTz: true }).nullable()
    table.string('providerMessageId', 100).nullable()
    /** What the provider charged, in its units (Eskiz: sum per part); null until it says. */
    table.integer('cost').nullable()
    table.string('error', 500).nullable()
    table.timestamp('sentAt', { useTz: true }).nullable()
    table.timestamp('deliveredAt', { useTz: true }).nullable()
    table.timestamp('checkedAt', { useTz: true }).nullable()
    table.index(['state', 'dueAt'], 'outbox_due')
    table.index(['companyId', 'customerId', 'createdAt'], 'outbox_customer_time')
    table.index(['companyId', 'createdAt'], 'outbox_company_time')
    table.index(['appointmentId'], 'outbox_appointment')
    table.index(['provider', 'providerMessageId'], 'outbox_provider_id')
  })
  await db.schema.createTable('notification_templates', (table) => {
    recordColumns(table, db)
    table.string('event', 32).notNullable()
    table.string('channel', 16).notNullable()
    table.string('locale', 8).notNullable()
    table.string('subject', 300).notNullable().defaultTo('')
    table.text('body').notNullable()
    table.unique(['companyId', 'event', 'channel', 'locale'], { indexName: 'notification_templates_key' })
  })
  await db.schema.createTable('messaging_settings', (table) => {
    recordColumns(table, db)
    table.unique(['companyId'], { indexName: 'messaging_settings_company' })
    table.text('rules').notNullable().defaultTo('{}')
    table.text('eskiz').notNullable().defaultTo('{}')
    table.text('smtp').notNullable().defaultTo('{}')
    /** The secret path segment Eskiz posts delivery reports to. */
    table.string('callbackSecret', 64).notNullable().unique()
    table.text('eskizToken').nullable()
    table.timestamp('eskizTokenAt', { useTz: true }).nullable()
  })
  await db.schema.createTable('appointment_links', (table) => {
    table.string('tokenHash', 64).primary()
    table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
    table.string('appointmentId', 36).notNullable()
    table.string('locale', 8).notNullable()
    table.timestamp('expiresAt', { useTz: true }).notNullable()
    table.timestamp('usedAt', { useTz: true }).nullable()
    table.string('action', 16).nullable()
    table.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(db.fn.now())
    table.index(['appointmentId'], 'appointment_links_appointment')
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('appointment_links')
  await db.schema.dropTableIfExists('messaging_settings')
  await db.schema.dropTableIfExists('notification_templates')
  await db.schema.dropTableIfExists('outbox_messages')
}
