import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { InstantSchema, strictQuery } from '../../../schema/query'
import { recordProperties } from '../../../schema/record'
import { ref } from '../../../schema/references'

/** A patient's linked Telegram chat (spec Customer: Telegram user/account). */
export const telegramLinkSchema = Type.Object(
  {
    ...recordProperties,
    customerId: ref('customers'),
    telegramUserId: Type.String(),
    chatId: Type.String(),
    username: Type.String(),
    /** The phone the patient shared (digits), which matched their card. */
    phone: Type.String()
  },
  { $id: 'TelegramLink', additionalProperties: false }
)
export type TelegramLink = Static<typeof telegramLinkSchema>
export const telegramLinkResolver = resolve<TelegramLink, HookContext>({})
export const telegramLinkExternalResolver = resolve<TelegramLink, HookContext>({})

/** A create asks for a one-time deep link for the patient (the link row itself is made by the bot). */
export const telegramDeepLinkDataSchema = Type.Object({ customerId: ref('customers') }, { $id: 'TelegramDeepLinkData', additionalProperties: false })
export type TelegramDeepLinkData = Static<typeof telegramDeepLinkDataSchema>
export const telegramDeepLinkDataValidator = getValidator(telegramDeepLinkDataSchema, dataValidator)

/** What a create answers: the t.me link to print or show as a QR code, until when it works. */
export const telegramDeepLinkSchema = Type.Object({ customerId: Type.String(), url: Type.String(), botUsername: Type.String(), expiresAt: InstantSchema }, { $id: 'TelegramDeepLink', additionalProperties: false })
export type TelegramDeepLink = Static<typeof telegramDeepLinkSchema>

export const telegramLinkQuerySchema = strictQuery(Type.Pick(telegramLinkSchema, ['_id', 'companyId', 'customerId', 'createdAt']))
export type TelegramLinkQuery = Static<typeof telegramLinkQuerySchema>
export const telegramLinkQueryValidator = getValidator(telegramLinkQuerySchema, queryValidator)
