import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { telegramApi } from '../../../providers/telegram/telegram'
import { messagingSettings, storeTelegramBot, type TelegramBotSettings } from '../integrations/integration-store'
import { telegramApiRootOf } from './telegram-bot'

export interface TelegramConnection {
  settings: TelegramBotSettings
  bot: { id: number; username: string; firstName: string }
  mode: 'webhook' | 'polling'
  webhookUrl: string | null
}

/** The webhook's address: the public URL's secret path; Telegram sends the header token with each update. */
export const telegramHookUrl = (app: Application, hookPath: string) => `${app.get('config').publicUrl.replace(/\/$/, '')}/hooks/telegram/${hookPath}`

/**
 * Connects the company's bot (the "test connection" button, and on first need): getMe tells the
 * bot's name, kept for deep links; then the webhook is set (with its secret token, only the
 * updates the bot handles) or, for long polling, deleted (getUpdates does not work while one is
 * set). Throws the Bot API's error when Telegram refuses the token or cannot be reached; null
 * when no token is set.
 */
export async function connectTelegramBot(app: Application, db: Knex, companyId: string): Promise<TelegramConnection | null> {
  const secret = app.get('config').authSecret
  const before = (await messagingSettings(db, companyId, secret)).telegram
  if (!before) return null
  const api = telegramApi({ token: before.token, apiRoot: telegramApiRootOf(app) })
  const me = await api.getMe()
  const { hookPath } = await storeTelegramBot(db, companyId, me.username)
  const settings = (await messagingSettings(db, companyId, secret)).telegram!
  let webhookUrl: string | null = null
  if (settings.mode === 'webhook') {
    webhookUrl = telegramHookUrl(app, hookPath)
    await api.setWebhook(webhookUrl, { secret_token: settings.hookToken!, allowed_updates: ['message', 'callback_query'], max_connections: 10 })
  } else await api.deleteWebhook()
  return { settings, bot: { id: me.id, username: me.username, firstName: me.first_name }, mode: settings.mode, webhookUrl }
}
