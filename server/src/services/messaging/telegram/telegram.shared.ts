import { clientService } from '../../../client-service'
import type { TelegramDeepLink, TelegramDeepLinkData, TelegramLink, TelegramLinkQuery, TelegramService } from './telegram.class'

export type { TelegramDeepLink, TelegramDeepLinkData, TelegramLink, TelegramLinkQuery }

export const telegramPath = 'telegram'
/** Links are made by the bot when the patient shares their phone: create mints a deep link, remove unlinks. */
export const telegramMethods = ['find', 'get', 'create', 'remove'] as const
export type TelegramClientService = Pick<TelegramService, (typeof telegramMethods)[number]>
export const telegramClient = clientService<TelegramClientService>()(telegramPath, telegramMethods)
