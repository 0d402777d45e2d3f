import type { Knex } from 'knex'
import { recordColumns } from './20261121080000_identity'

/**
 * Issue 18, item 7: the patients' conversations (docs/decisions/telegram.md, "Chat"), owned by
 * `customer-chat-messages`. `customer_chat_messages`: what a patient wrote to the clinic (one row
 * per message, its channel; a provider's message id is stored once, so a repeated webhook adds
 * nothing). `customer_chats`: one row per patient who has a conversation: its last message, when,
 * and the company's read marker with the count of messages after it (the inbox reads only this).
 * Replies are outbox rows (`outbox_messages`, event `chatReply`).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('customer_chat_messages', (table) => {
    recordColumns(table, db)
    table.string('customerId', 36).notNullable()
    table.string('channel', 16).notNullable()
    table.text('text').notNullable()
    /** The provider's id of the message (Telegram: `<chat>:<message id>`). */
    table.string('providerMessageId', 100).nullable()
    /** Who wrote, as the provider names them (a Telegram username). */
    table.string('sender', 200).notNullable().defaultTo('')
    table.unique(['companyId', 'channel', 'providerMessageId'], { indexName: 'customer_chat_messages_provider_id' })
    table.index(['companyId', 'customerId', 'createdAt'], 'customer_chat_messages_customer_time')
  })
  await db.schema.createTable('customer_chats', (table) => {
    recordColumns(table, db)
    table.string('customerId', 36).notNullable()
    /** The conversation's last message: a patient's (customer_chat_messages) or a reply (outbox_messages). */
    table.string('lastMessageId', 36).notNullable()
    table.timestamp('lastAt', { useTz: true }).notNullable()
    /** The company's read marker: messages of the patient after it are unread, `unread` of them. */
    table.timestamp('readAt', { useTz: true }).nullable()
    table.string('readBy', 36).nullable()
    table.integer('unread').notNullable().defaultTo(0)
    table.unique(['companyId', 'customerId'], { indexName: 'customer_chats_customer' })
    table.index(['companyId', 'lastAt'], 'customer_chats_company_last')
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('customer_chats')
  await db.schema.dropTableIfExists('customer_chat_messages')
}
