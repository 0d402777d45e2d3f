/* eslint-disable @typescript-eslint/no-explicit-any */
import { BadRequest } from '@feathersjs/errors'
import type { Application } from '../../../declarations'
import { clinicError } from '../../../errors'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import { templateLocaleOf } from '../../../../../domain/messaging/templates'
import { customerContact } from '../../customers/customers/customer-contact'
import { companyContact } from '../../company/company/company-reads'
import { messagingSettings } from '../integrations/integration-store'
import { mintDeepLink } from './telegram-bot'
import { connectTelegramBot } from './telegram-connect'
import { TELEGRAM_LINKS_TABLE } from './telegram-store'
import type { TelegramDeepLink, TelegramDeepLinkData, TelegramLink, TelegramLinkQuery } from './telegram.schema'

export type { TelegramDeepLink, TelegramDeepLinkData, TelegramLink, TelegramLinkQuery }
export type TelegramParams = RecordParams & { query?: TelegramLinkQuery }

/**
 * `telegram`: the patients' linked Telegram chats. find / get / remove (unlink) the rows the
 * bot made; create mints a one-time deep link for a patient (t.me/<bot>?start=<token>), which
 * needs the company's bot ("Telegram integration is not configured" otherwise).
 */
export class TelegramService extends RecordService<TelegramLink, TelegramDeepLinkData, TelegramParams, never> {
  override async _create(data: any, params?: TelegramParams): Promise<any> {
    const companyId = (params?.query as Record<string, unknown> | undefined)?.companyId as string
    const db = this.knexOf(params)
    const app = this.app!
    let settings = (await messagingSettings(db, companyId, app.get('config').authSecret)).telegram
    if (settings && !settings.username) settings = (await connectTelegramBot(app, db, companyId).catch(() => null))?.settings ?? null
    if (!settings?.username) throw clinicError(BadRequest, 'telegram-not-configured')
    const customer = await customerContact(db, companyId, data.customerId)
    if (!customer) throw clinicError(BadRequest, 'invalid-request', 'customerId')
    const locale = templateLocaleOf(customer.serviceLanguage, (await companyContact(db, companyId))?.locale)
    const link = await mintDeepLink(app, db, companyId, customer._id, settings.username, locale)
    return { customerId: customer._id, botUsername: settings.username, ...link } satisfies TelegramDeepLink
  }
}

export const telegramServiceOptions = (app: Application) => recordOptions(app, TELEGRAM_LINKS_TABLE, { trash: false })
