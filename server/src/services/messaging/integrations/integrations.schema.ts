import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { strictQuery } from '../../../schema/query'
import { recordProperties } from '../../../schema/record'
import { appointmentEvents } from '../../../../../domain/messaging/templates'
import { reminderUnits } from '../../appointments/appointment/appointment.shared'
import { WHATSAPP_TEMPLATE_NAME } from '../../../../../domain/messaging/whatsapp'
import { orderedChannels } from '../../../../../domain/messaging/channel-order'

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))
const LocalTime = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' })
/** `telegram`, `whatsapp` absent: on (settings saved before they existed). */
const channelSwitches = Type.Object(
  { sms: Type.Boolean(), email: Type.Boolean(), telegram: Type.Optional(Type.Boolean()), whatsapp: Type.Optional(Type.Boolean()) },
  { additionalProperties: false }
)
/** Which of Telegram, WhatsApp and SMS a visit message tries first (the next ones are the fallback). */
const channelOrder = Type.Array(literals(orderedChannels), { minItems: 1, maxItems: 3, uniqueItems: true })


/** Which events send by which channel, quiet hours, the grace period and the default reminder. */
export const messagingRulesSchema = Type.Object(
  {
    events: Type.Object(Object.fromEntries(appointmentEvents.map((event) => [event, channelSwitches])) as Record<(typeof appointmentEvents)[number], typeof channelSwitches>, {
      additionalProperties: false
    }),
    quietHours: Type.Object({ start: LocalTime, end: LocalTime }, { additionalProperties: false }),
    /** Minutes a booking or move notice waits, so a quick change sends one message. */
    graceMinutes: Type.Integer({ minimum: 0, maximum: 60 }),
    /** The reminder of a visit booked without its own (null: none). */
    reminder: Type.Union([Type.Object({ amount: Type.Integer({ minimum: 1, maximum: 1000 }), unit: literals(reminderUnits) }, { additionalProperties: false }), Type.Null()]),
    /** Telegram, WhatsApp, then SMS unless said otherwise; a branch may have its own order (by branch id). */
    channelOrder: Type.Optional(channelOrder),
    branchChannelOrder: Type.Optional(Type.Record(Type.String({ maxLength: 36 }), channelOrder))
  },
  { additionalProperties: false }
)
export type MessagingRules = Static<typeof messagingRulesSchema>

/** What a client sees of provider credentials: never the password, only whether one is set. */
const eskizView = Type.Object({ email: Type.String(), from: Type.String(), passwordSet: Type.Boolean() }, { additionalProperties: false })
const smtpView = Type.Object(
  { host: Type.String(), port: Type.Integer(), secure: Type.Boolean(), user: Type.String(), from: Type.String(), passwordSet: Type.Boolean() },
  { additionalProperties: false }
)

const telegramModes = ['webhook', 'polling'] as const
const telegramView = Type.Object({ mode: literals(telegramModes), username: Type.String(), tokenSet: Type.Boolean() }, { additionalProperties: false })

/** The approved template's name per visit event ('' none: that event goes by WhatsApp only inside the 24-hour window). */
const whatsappTemplates = Type.Object(
  Object.fromEntries(appointmentEvents.map((event) => [event, Type.String({ maxLength: 512 })])) as Record<(typeof appointmentEvents)[number], ReturnType<typeof Type.String>>,
  { additionalProperties: false }
)
const whatsappView = Type.Object(
  {
    phoneNumberId: Type.String(),
    /** What the connection test learnt of the number. */
    displayPhoneNumber: Type.String(),
    verifiedName: Type.String(),
    accessTokenSet: Type.Boolean(),
    appSecretSet: Type.Boolean(),
    verifyTokenSet: Type.Boolean(),
    templates: whatsappTemplates
  },
  { additionalProperties: false }
)

/** The SMS providers a company chooses between (one sends all its SMS). */
export const smsProviders = ['eskiz', 'playmobile', 'smsru'] as const
export type SmsProviderName = (typeof smsProviders)[number]
/**
 * Play Mobile and SMS.ru post delivery reports to an address the clinic registers with them
 * (Play Mobile's support, SMS.ru's cabinet): `reportUrl`, shown to those who manage the settings;
 * '' until the account is first saved.
 */
const playmobileView = Type.Object({ login: Type.String(), originator: Type.String(), passwordSet: Type.Boolean(), reportUrl: Type.String() }, { additionalProperties: false })
const smsruView = Type.Object({ from: Type.String(), apiIdSet: Type.Boolean(), reportUrl: Type.String() }, { additionalProperties: false })

export const integrationSchema = Type.Object(
  {
    ...recordProperties,
    rules: messagingRulesSchema,
    smsProvider: literals(smsProviders),
    eskiz: eskizView,
    playmobile: playmobileView,
    smsru: smsruView,
    smtp: smtpView,
    telegram: telegramView,
    whatsapp: whatsappView
  },
  { $id: 'Integration', additionalProperties: false }
)
export type Integration = Static<typeof integrationSchema>

/** Stored provider settings: the password sealed (secret-box.ts). */
export interface StoredEskiz { email?: string; from?: string; password?: string | null }
export interface StoredSmtp { host?: string; port?: number; secure?: boolean; user?: string; from?: string; password?: string | null }
export interface StoredTelegram { token?: string | null; mode?: 'webhook' | 'polling'; username?: string }
/** The access token, app secret and verify token sealed; the phone number id and template names plain. */
export interface StoredWhatsapp {
  accessToken?: string | null
  appSecret?: string | null
  verifyToken?: string | null
  phoneNumberId?: string
  displayPhoneNumber?: string
  verifiedName?: string
  templates?: Partial<Record<(typeof appointmentEvents)[number], string>>
}
/** `hookPath`: the secret path segment of its delivery reports (also a column, to find the company by). */
export interface StoredPlayMobile { login?: string; originator?: string; password?: string | null; hookPath?: string }
export interface StoredSmsRu { apiId?: string | null; from?: string; hookPath?: string }

const reportUrlOf = (context: HookContext, provider: string, hookPath: string | undefined) =>
  hookPath ? `${context.app.get('config').publicUrl.replace(/\/$/, '')}/hooks/${provider}/${hookPath}` : ''

const masked = <T extends { password?: string | null }>(value: T | undefined) => {
  const { password, ...rest } = (value ?? {}) as T
  return { ...rest, passwordSet: Boolean(password) }
}

/** Every read (internal ones too) shows credentials masked; the worker reads them through integration-store.ts. */
export const integrationResolver = resolve<Integration, HookContext>({
  eskiz: async (value) => ({ email: '', from: '', ...masked(value as StoredEskiz) }) as Integration['eskiz'],
  smtp: async (value) => ({ host: '', port: 587, secure: false, user: '', from: '', ...masked(value as StoredSmtp) }) as Integration['smtp'],
  telegram: async (value) => {
    const stored = (value ?? {}) as StoredTelegram
    return { mode: stored.mode ?? 'webhook', username: stored.username ?? '', tokenSet: Boolean(stored.token) }
  },
  whatsapp: async (value) => {
    const stored = (value ?? {}) as StoredWhatsapp
    return {
      phoneNumberId: stored.phoneNumberId ?? '',
      displayPhoneNumber: stored.displayPhoneNumber ?? '',
      verifiedName: stored.verifiedName ?? '',
      accessTokenSet: Boolean(stored.accessToken),
      appSecretSet: Boolean(stored.appSecret),
      verifyTokenSet: Boolean(stored.verifyToken),
      templates: Object.fromEntries(appointmentEvents.map((event) => [event, stored.templates?.[event] ?? ''])) as Integration['whatsapp']['templates']
    }
  },
  smsProvider: async (value) => (smsProviders.includes(value as SmsProviderName) ? value : 'eskiz') as SmsProviderName,
  playmobile: async (value, _row, context) => {
    const stored = (value ?? {}) as StoredPlayMobile
    return { login: stored.login ?? '', originator: stored.originator ?? '', passwordSet: Boolean(stored.password), reportUrl: reportUrlOf(context, 'playmobile', stored.hookPath) }
  },
  smsru: async (value, _row, context) => {
    const stored = (value ?? {}) as StoredSmsRu
    return { from: stored.from ?? '', apiIdSet: Boolean(stored.apiId), reportUrl: reportUrlOf(context, 'smsru', stored.hookPath) }
  }
})
export const integrationExternalResolver = resolve<Integration, HookContext>({})

const text = (maxLength: number) => Type.String({ maxLength })
/** A patch: the rules whole, and provider fields one by one; a password '' clears it, absent keeps it. */
export const integrationPatchSchema = Type.Object(
  {
    rules: Type.Optional(messagingRulesSchema),
    smsProvider: Type.Optional(literals(smsProviders)),
    /** Play Mobile: the account's login and password (HTTP Basic) and the originator (sender) approved for it. */
    playmobile: Type.Optional(Type.Partial(Type.Object({ login: text(100), originator: text(32), password: text(200) }), { additionalProperties: false })),
    /** SMS.ru: the api_id ('' clears it, absent keeps it) and the approved sender name ('' = the account's default). */
    smsru: Type.Optional(Type.Partial(Type.Object({ apiId: Type.String({ maxLength: 100, pattern: '^[A-Za-z0-9-]*$' }), from: text(32) }), { additionalProperties: false })),
    eskiz: Type.Optional(Type.Partial(Type.Object({ email: text(254), from: text(32), password: text(200) }), { additionalProperties: false })),
    smtp: Type.Optional(
      Type.Partial(
        Type.Object({ host: text(253), port: Type.Integer({ minimum: 1, maximum: 65535 }), secure: Type.Boolean(), user: text(254), from: text(254), password: text(200) }),
        { additionalProperties: false }
      )
    ),
    /** The bot's token from @BotFather ('' clears it, absent keeps it) and how updates arrive. */
    telegram: Type.Optional(
      Type.Partial(Type.Object({ token: Type.String({ maxLength: 100, pattern: '^(|\\d{3,20}:[A-Za-z0-9_-]{20,80})$' }), mode: literals(telegramModes) }), { additionalProperties: false })
    ),
    /**
     * The WhatsApp Cloud API number: a secret given is sealed, '' clears it, absent keeps it; the
     * templates whole ('' for an event without one).
     */
    whatsapp: Type.Optional(
      Type.Partial(
        Type.Object({
          accessToken: Type.String({ maxLength: 1000, pattern: '^[A-Za-z0-9_.|-]*$' }),
          appSecret: Type.String({ maxLength: 200, pattern: '^[A-Za-z0-9]*$' }),
          verifyToken: Type.String({ maxLength: 200, pattern: '^[\\x21-\\x7e]*$' }),
          phoneNumberId: Type.String({ maxLength: 20, pattern: '^\\d*$' }),
          templates: Type.Object(
            Object.fromEntries(appointmentEvents.map((event) => [event, Type.String({ maxLength: 512, pattern: `^(|${WHATSAPP_TEMPLATE_NAME.source.slice(1, -1)})$` })])) as Record<
              (typeof appointmentEvents)[number],
              ReturnType<typeof Type.String>
            >,
            { additionalProperties: false }
          )
        }),
        { additionalProperties: false }
      )
    )
  },
  { $id: 'IntegrationPatch', additionalProperties: false }
)
export type IntegrationPatch = Static<typeof integrationPatchSchema>
export const integrationPatchValidator = getValidator(integrationPatchSchema, dataValidator)

export const integrationQuerySchema = strictQuery(Type.Pick(integrationSchema, ['_id', 'companyId']))
export type IntegrationQuery = Static<typeof integrationQuerySchema>
export const integrationQueryValidator = getValidator(integrationQuerySchema, queryValidator)
