import { randomBytes } from 'node:crypto'
import type { Knex } from 'knex'
import { RowCodec } from '../../row-codec'
import { newId, now } from '../../../hooks/ids'
import { defaultQuietHours } from '../../../../../domain/messaging/quiet-hours'
import { appointmentEvents } from '../../../../../domain/messaging/templates'
import { open, seal } from './secret-box'
import type { MessagingRules, SmsProviderName, StoredEskiz, StoredPlayMobile, StoredSmsRu, StoredSmtp, StoredTelegram, StoredWhatsapp } from './integrations.schema'

/**
 * The messaging settings of a company (table `messaging_settings`, owned by `integrations`), for
 * the outbox: the rules, and the providers' credentials opened. One row per company, made on
 * first need.
 */
export const MESSAGING_SETTINGS_TABLE = 'messaging_settings'
export const integrationRowShape = {
  json: ['rules', 'eskiz', 'smtp', 'telegram', 'playmobile', 'smsru', 'whatsapp'],
  instant: ['eskizTokenAt'],
  hidden: ['eskizToken', 'callbackSecret', 'telegramHookPath', 'telegramHookToken', 'telegramOffset', 'playmobileHookPath', 'smsruHookPath', 'whatsappHookPath']
}
const codec = new RowCodec({ json: ['rules', 'eskiz', 'smtp', 'telegram', 'playmobile', 'smsru', 'whatsapp'], instant: ['eskizTokenAt'] })

export const defaultMessagingRules: MessagingRules = {
  events: Object.fromEntries(appointmentEvents.map((event) => [event, { sms: true, email: true }])) as MessagingRules['events'],
  quietHours: { ...defaultQuietHours },
  graceMinutes: 3,
  reminder: { amount: 1, unit: 'days' }
}

/** The company's row, made with the defaults when it has none (safe when two make it at once). */
export async function ensureSettingsRow(db: Knex, companyId: string): Promise<void> {
  const existing = await db(MESSAGING_SETTINGS_TABLE).where({ companyId }).first('_id')
  if (existing) return
  await db(MESSAGING_SETTINGS_TABLE)
    .insert(
      codec.toDb({ _id: newId(), companyId, createdAt: now(), updatedAt: now(), createdBy: null, rules: defaultMessagingRules, eskiz: {}, smtp: {}, telegram: {}, playmobile: {}, smsru: {}, whatsapp: {}, callbackSecret: randomBytes(24).toString('hex') })
    )
    .onConflict('companyId')
    .ignore()
}

export interface EskizCredentials { email: string; password: string; from: string }
export interface SmtpCredentials { host: string; port: number; secure: boolean; user: string; password: string; from: string }
export interface PlayMobileCredentials { login: string; password: string; originator: string }
export interface SmsRuCredentials { apiId: string; from: string }
export interface TelegramBotSettings { token: string; mode: 'webhook' | 'polling'; username: string; hookPath: string | null; hookToken: string | null; offset: number | null }
export interface WhatsappSettings {
  accessToken: string
  phoneNumberId: string
  /** Null until set: the webhook refuses every POST (it cannot check a signature) and every verification. */
  appSecret: string | null
  verifyToken: string | null
  /** The approved template's name per visit event; an event without one goes only inside the 24-hour window. */
  templates: Partial<Record<string, string>>
  hookPath: string | null
}

export interface MessagingSettings {
  companyId: string
  rules: MessagingRules
  eskiz: EskizCredentials | null
  smtp: SmtpCredentials | null
  callbackSecret: string
  eskizToken: string | null
  eskizTokenAt: string | null
  /** The clinic's Telegram bot; null when no token is set (or it was sealed under another secret). */
  telegram: TelegramBotSettings | null
  /** The clinic's WhatsApp Cloud API number; null without an access token and a phone number id. */
  whatsapp: WhatsappSettings | null
  /** Which SMS provider sends the company's SMS (its account below must be set up). */
  smsProvider: SmsProviderName
  playmobile: PlayMobileCredentials | null
  smsru: SmsRuCredentials | null
}

/** Whether the company's chosen SMS provider has an account to send through. */
export function smsReady(settings: MessagingSettings): boolean {
  return Boolean(settings[settings.smsProvider])
}

/** The settings with the credentials opened (null for a provider not set up). */
export async function messagingSettings(db: Knex, companyId: string, secret: string): Promise<MessagingSettings> {
  let row = await db(MESSAGING_SETTINGS_TABLE).where({ companyId }).first()
  if (!row) {
    await ensureSettingsRow(db, companyId)
    row = await db(MESSAGING_SETTINGS_TABLE).where({ companyId }).first()
  }
  const decoded = codec.fromDb<{
    rules: MessagingRules; eskiz: StoredEskiz; smtp: StoredSmtp; telegram: StoredTelegram | null; callbackSecret: string; eskizToken: string | null; eskizTokenAt: string | null
    telegramHookPath: string | null; telegramHookToken: string | null; telegramOffset: number | string | null
    smsProvider: string | null; playmobile: StoredPlayMobile | null; smsru: StoredSmsRu | null
    whatsapp: StoredWhatsapp | null; whatsappHookPath: string | null
  }>(row)
  const playmobilePassword = open(decoded.playmobile?.password, secret)
  const smsruApiId = open(decoded.smsru?.apiId, secret)
  const whatsapp = decoded.whatsapp ?? {}
  const whatsappToken = open(whatsapp.accessToken, secret)
  const telegramToken = open(decoded.telegram?.token, secret)
  const eskizPassword = open(decoded.eskiz.password, secret)
  const smtpPassword = open(decoded.smtp.password, secret)
  return {
    companyId,
    rules: { ...defaultMessagingRules, ...decoded.rules },
    eskiz: decoded.eskiz.email && eskizPassword ? { email: decoded.eskiz.email, password: eskizPassword, from: decoded.eskiz.from || '4546' } : null,
    smtp: decoded.smtp.host ? { host: decoded.smtp.host, port: decoded.smtp.port ?? 587, secure: decoded.smtp.secure ?? false, user: decoded.smtp.user ?? '', password: smtpPassword ?? '', from: decoded.smtp.from ?? '' } : null,
    callbackSecret: decoded.callbackSecret,
    eskizToken: open(decoded.eskizToken, secret),
    eskizTokenAt: decoded.eskizTokenAt,
    telegram: telegramToken
      ? {
          token: telegramToken,
          mode: decoded.telegram?.mode === 'polling' ? 'polling' : 'webhook',
          username: decoded.telegram?.username ?? '',
          hookPath: decoded.telegramHookPath ?? null,
          hookToken: decoded.telegramHookToken ?? null,
          offset: decoded.telegramOffset === null || decoded.telegramOffset === undefined ? null : Number(decoded.telegramOffset)
        }
      : null,
    smsProvider: decoded.smsProvider === 'playmobile' || decoded.smsProvider === 'smsru' ? decoded.smsProvider : 'eskiz',
    playmobile: decoded.playmobile?.login && playmobilePassword ? { login: decoded.playmobile.login, password: playmobilePassword, originator: decoded.playmobile.originator || '3700' } : null,
    smsru: smsruApiId ? { apiId: smsruApiId, from: decoded.smsru?.from ?? '' } : null,
    whatsapp:
      whatsappToken && whatsapp.phoneNumberId
        ? {
            accessToken: whatsappToken,
            phoneNumberId: whatsapp.phoneNumberId,
            appSecret: open(whatsapp.appSecret, secret),
            verifyToken: open(whatsapp.verifyToken, secret),
            templates: Object.fromEntries(Object.entries(whatsapp.templates ?? {}).filter(([, name]) => Boolean(name))),
            hookPath: decoded.whatsappHookPath ?? null
          }
        : null
  }
}

/** The company whose WhatsApp webhook is at this secret path segment, with its settings; null when none (or WhatsApp is not set up). */
export async function companyOfWhatsappHook(db: Knex, hookPath: string, secret: string): Promise<{ companyId: string; whatsapp: WhatsappSettings } | null> {
  if (!/^[0-9a-f]{48}$/.test(hookPath)) return null
  const companyId = (await db(MESSAGING_SETTINGS_TABLE).where({ whatsappHookPath: hookPath }).first('companyId'))?.companyId as string | undefined
  if (!companyId) return null
  const whatsapp = (await messagingSettings(db, companyId, secret)).whatsapp
  return whatsapp ? { companyId, whatsapp } : null
}

/** Keeps what the connection test learnt of the number and makes the webhook's secret path on first need. */
export async function storeWhatsappNumber(db: Knex, companyId: string, number: { displayPhoneNumber: string; verifiedName: string }): Promise<{ hookPath: string }> {
  const row = await db(MESSAGING_SETTINGS_TABLE).where({ companyId }).first('whatsapp', 'whatsappHookPath')
  const stored = (codec.fromDb<{ whatsapp: StoredWhatsapp | null }>(row).whatsapp ?? {}) as StoredWhatsapp
  const hookPath = (row.whatsappHookPath as string | null) ?? randomBytes(24).toString('hex')
  await db(MESSAGING_SETTINGS_TABLE)
    .where({ companyId })
    .update({ ...codec.toDb({ whatsapp: { ...stored, ...number } }), whatsappHookPath: hookPath })
  return { hookPath }
}

/** The company whose Play Mobile or SMS.ru delivery reports arrive at this secret path segment; null when none. */
export async function companyOfReportPath(db: Knex, provider: 'playmobile' | 'smsru', hookPath: string): Promise<string | null> {
  if (!/^[0-9a-f]{48}$/.test(hookPath)) return null
  const column = provider === 'playmobile' ? 'playmobileHookPath' : 'smsruHookPath'
  return (await db(MESSAGING_SETTINGS_TABLE).where({ [column]: hookPath }).first('companyId'))?.companyId ?? null
}

/** The company whose Telegram webhook is at this secret path segment; null when none. */
export async function companyOfTelegramHook(db: Knex, hookPath: string): Promise<string | null> {
  if (!/^[0-9a-f]{48}$/.test(hookPath)) return null
  return (await db(MESSAGING_SETTINGS_TABLE).where({ telegramHookPath: hookPath }).first('companyId'))?.companyId ?? null
}

/** The companies whose bot takes its updates by long polling. */
export async function pollingTelegramCompanies(db: Knex): Promise<string[]> {
  const rows = await db(MESSAGING_SETTINGS_TABLE).whereNotNull('telegram').andWhere('telegram', 'like', '%"mode":"polling"%').select('companyId')
  return rows.map((row: { companyId: string }) => row.companyId)
}

/**
 * Moves the long-polling offset forward, only from the value read (another instance that polled
 * the same updates meanwhile wins, and this one drops them): true when this one won.
 */
export async function advanceTelegramOffset(db: Knex, companyId: string, from: number | null, to: number): Promise<boolean> {
  const query = db(MESSAGING_SETTINGS_TABLE).where({ companyId })
  if (from === null) query.whereNull('telegramOffset')
  else query.andWhere('telegramOffset', from)
  return Number(await query.update({ telegramOffset: to })) === 1
}

/** Keeps the bot's name (from getMe) and makes the webhook's secrets on first need. */
export async function storeTelegramBot(db: Knex, companyId: string, username: string): Promise<{ hookPath: string; hookToken: string }> {
  const row = await db(MESSAGING_SETTINGS_TABLE).where({ companyId }).first('telegram', 'telegramHookPath', 'telegramHookToken')
  const stored = (codec.fromDb<{ telegram: StoredTelegram | null }>(row).telegram ?? {}) as StoredTelegram
  const hookPath = row.telegramHookPath ?? randomBytes(24).toString('hex')
  const hookToken = row.telegramHookToken ?? randomBytes(24).toString('hex')
  await db(MESSAGING_SETTINGS_TABLE)
    .where({ companyId })
    .update({ ...codec.toDb({ telegram: { ...stored, username } }), telegramHookPath: hookPath, telegramHookToken: hookToken })
  return { hookPath, hookToken }
}

/** The company whose Eskiz delivery reports arrive at this secret path segment; null when none. */
export async function companyOfCallbackSecret(db: Knex, callbackSecret: string): Promise<string | null> {
  if (!/^[0-9a-f]{48}$/.test(callbackSecret)) return null
  return (await db(MESSAGING_SETTINGS_TABLE).where({ callbackSecret }).first('companyId'))?.companyId ?? null
}

/** Keeps the Eskiz bearer token (sealed) so that every send does not log in again. */
export async function storeEskizToken(db: Knex, companyId: string, token: string | null, secret: string): Promise<void> {
  await db(MESSAGING_SETTINGS_TABLE).where({ companyId }).update({ eskizToken: token ? seal(token, secret) : null, eskizTokenAt: token ? new Date() : null })
}

/** A patch's provider fields merged into the stored ones: a password given is sealed, '' clears it, absent keeps it. */
export function mergeCredentials<T extends { password?: string | null }>(stored: T, given: Partial<T> | undefined, secret: string): T {
  if (!given) return stored
  const { password, ...rest } = given
  const merged = { ...stored, ...rest } as T
  if (typeof password === 'string') merged.password = password === '' ? null : seal(password, secret)
  return merged
}
