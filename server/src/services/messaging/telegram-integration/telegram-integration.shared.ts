import { clientService } from '../../../client-service'
import type { TelegramIntegrationService } from './telegram-integration.class'

/** `telegram-integration`: tests (and applies) the company's bot settings; create {} answers the bot's name. */
export const telegramIntegrationPath = 'telegram-integration'
export const telegramIntegrationMethods = ['create'] as const
export interface TelegramCheck {
  username: string
  firstName: string
  mode: 'webhook' | 'polling'
  /** Where Telegram posts updates (webhook mode). */
  webhookUrl: string | null
}
export type TelegramIntegrationClientService = Pick<TelegramIntegrationService, (typeof telegramIntegrationMethods)[number]>
export const telegramIntegrationClient = clientService<TelegramIntegrationClientService>()(telegramIntegrationPath, telegramIntegrationMethods)
