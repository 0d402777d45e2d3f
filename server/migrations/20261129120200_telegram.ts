import type { Knex } from 'knex'
import { recordColumns } from './20261121080000_identity'

/**
 * Issue 18, Telegram (docs/decisions/telegram.md): the company's bot in its messaging settings
 * (token sealed, mode, the webhook's secret path and header token, the long-polling offset), the
 * patients' linked chats (`telegram_links`, owned by `telegram`) and the one-time deep-link
 * tokens that link them (`telegram_link_tokens`, only a hash kept). An outbox message may now
 * go by Telegram (channel `telegram`; the chat is looked up at sending time).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('messaging_settings', (table) => {
    table.text('telegram').notNullable().defaultTo('{}')
    /** The webhook's secret path segment (`/hooks/telegram/<path>`), and the token Telegram sends in X-Telegram-Bot-Api-Secret-Token. */
    table.string('telegramHookPath', 64).nullable().unique()
    table.string('telegramHookToken', 64).nullable()
    /** Long polling: the next update id to ask for. */
    table.bigInteger('telegramOffset').nullable()
  })
  await db.schema.createTable('telegram_links', (table) => {
    recordColumns(table, db)
    table.string('customerId', 36).notNullable()
    table.string('telegramUserId', 32).notNullable()
    table.string('chatId', 32).notNullable()
    table.string('username', 64).notNullable().defaultTo('')
    table.string('phone', 32).notNullable().defaultTo('')
    table.unique(['companyId', 'chatId'], { indexName: 'telegram_links_company_chat' })
    table.index(['companyId', 'customerId'], 'telegram_links_company_customer')
  })
  await db.schema.createTable('telegram_link_tokens', (table) => {
    table.string('tokenHash', 64).primary()
    table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
    table.string('customerId', 36).notNullable()
    table.string('locale', 8).notNullable()
    table.timestamp('createdAt', { useTz: true }).notNullable()
    table.timestamp('expiresAt', { useTz: true }).notNullable()
    /** The chat that opened the deep link and was asked for its phone. */
    table.string('chatId', 32).nullable()
    table.timestamp('startedAt', { useTz: true }).nullable()
    table.timestamp('usedAt', { useTz: true }).nullable()
    table.index(['companyId', 'chatId'], 'telegram_link_tokens_company_chat')
    table.index(['companyId', 'customerId'], 'telegram_link_tokens_company_customer')
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('telegram_link_tokens')
  await db.schema.dropTableIfExists('telegram_links')
  await db.schema.alterTable('messaging_settings', (table) => {
    table.dropColumn('telegram')
    table.dropUnique(['telegramHookPath'])
    table.dropColumn('telegramHookPath')
    table.dropColumn('telegramHookToken')
    table.dropColumn('telegramOffset')
  })
}
