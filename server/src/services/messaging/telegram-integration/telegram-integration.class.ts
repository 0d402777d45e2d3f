import { BadRequest } from '@feathersjs/errors'
import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { clinicError } from '../../../errors'
import { dbOf } from '../../../hooks/call-transaction'
import { connectTelegramBot } from '../telegram/telegram-connect'
import type { TelegramCheck } from './telegram-integration.shared'

/**
 * The Telegram integration's "test connection": connects the company's bot (getMe, then the
 * webhook set or deleted by the mode) and answers the bot's name; "Telegram integration is not
 * configured" without a token; a refused token or an unreachable Telegram: its own message.
 */
export class TelegramIntegrationService {
  constructor(private readonly app: Application) {}

  async create(_data: Record<string, never>, params: Params = {}): Promise<TelegramCheck> {
    const companyId = params.identity?.user.companyId ?? ((params.query as Record<string, unknown> | undefined)?.companyId as string)
    let connection
    try {
      connection = await connectTelegramBot(this.app, dbOf(this.app, params), companyId)
    } catch (error) {
      const said = (error as { description?: string; message?: string }).description ?? (error as Error).message
      throw clinicError(BadRequest, 'telegram-connection-failed', undefined, { detail: String(said ?? '').slice(0, 200) })
    }
    if (!connection) throw clinicError(BadRequest, 'telegram-not-configured')
    return { username: connection.bot.username, firstName: connection.bot.firstName, mode: connection.mode, webhookUrl: connection.webhookUrl }
  }
}
