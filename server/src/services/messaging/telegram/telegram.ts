import { hooks as schemaHooks } from '@feathersjs/schema'
import type { Application, HookContext } from '../../../declarations'
import { registerService } from '../../register-service'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { findOfVisibleCustomer, ofVisibleCustomer, visibleCustomer } from '../../../hooks/customer-visibility'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'
import { patientAudience } from '../../customers/customers/patient-audience'
import { TelegramService, telegramServiceOptions, type TelegramLink } from './telegram.class'
import { telegramDeepLinkDataSchema, telegramDeepLinkDataValidator, telegramLinkExternalResolver, telegramLinkQueryValidator, telegramLinkResolver } from './telegram.schema'
import { TELEGRAM_LINKS_TABLE, TELEGRAM_TOKENS_TABLE } from './telegram-store'
import { telegramMethods, telegramPath } from './telegram.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [telegramPath]: TelegramService
  }
}

async function forVisibleCustomer(context: HookContext) {
  await visibleCustomer(context, (context.data as { customerId: string }).customerId)
}

/**
 * Those who see the patient hear of their Telegram being linked or unlinked; a deep link (the
 * answer of a create) is a credential and goes to no one: the screen shows its own answer.
 */
const publishTelegram = (app: Application) => async (data: unknown, context?: HookContext) => {
  const link = data as TelegramLink
  if (!link?._id || !link.chatId) return undefined
  return (await patientAudience(app, link, 'customers', context)).send(link)
}

/**
 * `telegram` (issue 18): the patients' Telegram chats, linked by a one-time deep link and the
 * patient's shared phone (telegram-bot.ts). Reading needs `customers: view`, minting a deep link
 * and unlinking `customers: edit`, and only for patients the caller sees.
 */
export function telegram(app: Application) {
  registerService(app, telegramPath, new TelegramService(telegramServiceOptions(app)), {
    methods: [...telegramMethods],
    tables: [TELEGRAM_LINKS_TABLE, TELEGRAM_TOKENS_TABLE],
    customerRows: [
      { table: TELEGRAM_LINKS_TABLE, column: 'customerId' },
      { table: TELEGRAM_TOKENS_TABLE, column: 'customerId' }
    ],
    activity: { recordId: (context) => (context.method === 'create' ? ((context.data as { customerId?: string })?.customerId ?? null) : String(context.id ?? '')) || null },
    access: {
      data: { create: telegramDeepLinkDataSchema },
      methods: {
        find: { resource: 'customers', flag: 'view' },
        get: { resource: 'customers', flag: 'view' },
        create: { resource: 'customers', flag: 'edit' },
        remove: { resource: 'customers', flag: 'edit' }
      },
      refuses: {
        update: 'a link is made by the bot when the patient shares their phone',
        patch: 'a link is made by the bot when the patient shares their phone'
      }
    },
    hooks: {
      around: { all: [resolveExternal(telegramLinkExternalResolver), resolveResult(telegramLinkResolver)] },
      before: {
        all: [checkId(), schemaHooks.validateQuery(telegramLinkQueryValidator), companyScope],
        find: [findOfVisibleCustomer({ createdAt: -1 })],
        get: [ofVisibleCustomer],
        create: [schemaHooks.validateData(telegramDeepLinkDataValidator), forVisibleCustomer],
        remove: [ofVisibleCustomer]
      }
    },
    publish: publishTelegram(app)
  })
}
