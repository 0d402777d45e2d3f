import os from 'node:os'
import { randomBytes } from 'node:crypto'
import type { Knex } from 'knex'
import type { Application } from '../declarations'
import type { ChannelProvider, OutgoingMessage, SendOutcome } from '../providers/channel'
import { TelegramBotChannel, visitButtonData } from '../providers/telegram/telegram'
import { botText, telegramApiRootOf } from '../services/messaging/telegram/telegram-bot'
import { chatOfCustomer } from '../services/messaging/telegram/telegram-store'
import { ESKIZ_DEFAULT_URL, EskizSms } from '../providers/sms/eskiz'
import { PLAYMOBILE_DEFAULT_URL, PlayMobileSms } from '../providers/sms/playmobile'
import { SMSRU_DEFAULT_URL, SmsRuSms } from '../providers/sms/smsru'
import { SmtpEmail } from '../providers/email/smtp'
import { whatsappButtonData } from '../providers/whatsapp/whatsapp'
import { whatsappClient } from '../services/messaging/whatsapp-integration/whatsapp-connect'
import { lastInbound } from '../services/messaging/whatsapp-integration/whatsapp-store'
import { insideWindow, whatsappButtonEvents, whatsappTemplateParameters } from '../../../domain/messaging/whatsapp'
import type { AppointmentEvent } from '../../../domain/messaging/templates'
import { clockOf, fallBackIfFailed } from '../services/messaging/communications/appointment-messages'
import { awaitingReport, claimDue, giveUpSending, markChecked, postponeClaimed, settleClaimed, settleDelivery, type OutboxRow } from '../services/messaging/communications/outbox-store'
import { messagingSettings, storeEskizToken, type MessagingSettings } from '../services/messaging/integrations/integration-store'
import { PollingLoop } from './polling-loop'
import { companyContact } from '../services/company/company/company-reads'
import { nextSendingTime } from '../../../domain/messaging/quiet-hours'
import { defaultSendsPerSecond } from '../../../domain/messaging/dispatch'
import { LocalPaceSlots } from './send-pace'

declare module '../declarations' {
  interface AppSettings {
    /** The Eskiz API root (tests: a local server speaking its protocol). */
    eskizBaseUrl?: string
    /** The Play Mobile and SMS.ru roots (tests); else PLAYMOBILE_BASE_URL / SMSRU_BASE_URL, else the providers' own. */
    playmobileBaseUrl?: string
    smsruBaseUrl?: string
  }
}

export interface OutboxWorkerOptions {
  /** How often an idle worker looks for due messages. */
  pollMs?: number
  /** Messages claimed per round. */
  batch?: number
  /** Sends in flight at once per worker. */
  concurrency?: number
  /** A message in `sending` longer than this was interrupted: it becomes `unknown`. */
  sendingTimeoutMs?: number
  /** A sent SMS without a delivery report is asked about after this long, then every so often. */
  checkAfterMs?: number
  /**
   * Sends started per second at most, per company and provider (a provider's own limit; with
   * Redis, by all the instances together): one number for every provider, or one per provider;
   * Infinity: no limit. Unset: the company's own SMS rate (messaging settings
   * `smsSendsPerSecond`), else the provider's default (domain/messaging/dispatch.ts
   * `defaultSendsPerSecond`).
   */
  sendsPerSecond?: number | Partial<Record<string, number>>
}

/** Retries of a message the provider said it did not send: after 1, 2, 4, 8 minutes; then failed. */
export const MAX_ATTEMPTS = 5
const retryDelayMs = (attempts: number) => 60_000 * 2 ** Math.max(0, attempts - 1)
const iso = (ms: number) => new Date(ms).toISOString()

/**
 * The outbox worker (docs/decisions/messaging.md): one knex loop for both databases. Each round
 * it gives up on interrupted sends (`unknown`, never resent), claims due messages (one worker
 * per message, across instances: outbox-store.ts `claimDue`), sends each through its channel's
 * adapter, records the outcome, and asks the provider about sent messages no callback reported.
 * Every state change is announced on `communications`, so the patient card updates live.
 */
export class OutboxWorker {
  readonly instance = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`
  private readonly loop: PollingLoop
  private readonly options: Required<OutboxWorkerOptions>

  constructor(private readonly app: Application, options: OutboxWorkerOptions = {}) {
    this.options = { pollMs: 1000, batch: 50, concurrency: 8, sendingTimeoutMs: 10 * 60_000, checkAfterMs: 5 * 60_000, sendsPerSecond: {}, ...options }
    this.loop = new PollingLoop(() => this.tick(), { pollMs: this.options.pollMs, batch: this.options.batch, onError: (error) => this.app.get('logger').error({ err: error, msg: 'outbox round failed' }) })
  }

  /**
   * Spaces the starts of sends evenly, per company and provider (each company has its own
   * provider account): each takes the next free start of 1/rate seconds. The starts are the
   * app's `paceSlots` (shared by every instance with Redis), else this worker's own.
   */
  private readonly ownSlots = new LocalPaceSlots()

  private async paced(row: OutboxRow, providers: ProviderCache): Promise<void> {
    const option = this.options.sendsPerSecond
    const own = row.channel === 'sms' ? (await providers.settingsOf(row.companyId)).rules.smsSendsPerSecond : undefined
    const rate = typeof option === 'number' ? option : (option[row.provider] ?? own ?? defaultSendsPerSecond[row.provider] ?? Infinity)
    if (!Number.isFinite(rate)) return
    const slots = this.app.get('paceSlots') ?? this.ownSlots
    const waitMs = await slots.reserve(`${row.companyId}:${row.provider}`, 1000 / rate)
    if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs))
  }

  private get db(): Knex {
    return this.app.get('db')
  }

  /**
   * After a restart: a message left in `sending` may have gone. With SQLite this process is the
   * only writer, so every such message was ours: all become unknown. With PostgreSQL other
   * instances may be sending right now: only those past the timeout.
   */
  async recover(): Promise<OutboxRow[]> {
    const nowMs = clockOf(this.app)
    const single = this.db.client.config.client !== 'pg'
    const rows = await giveUpSending(this.db, nowMs, single ? null : nowMs - this.options.sendingTimeoutMs)
    this.announce(rows)
    return rows
  }

  async start(): Promise<void> {
    await this.recover()
    this.loop.start()
  }

  stop(): Promise<void> {
    return this.loop.stop()
  }

  /** One round; how many messages it claimed. */
  async tick(): Promise<number> {
    const nowMs = clockOf(this.app)
    this.announce(await giveUpSending(this.db, nowMs, nowMs - this.options.sendingTimeoutMs))
    const claimed = await claimDue(this.db, nowMs, this.instance, this.options.batch)
    this.announce(claimed)
    const providers = new ProviderCache(this.app)
    try {
      let next = 0
      const lane = async () => {
        while (next < claimed.length) {
          const row = claimed[next++]
          if (row.promotional && (await this.postponed(row, providers))) continue
          await this.paced(row, providers)
          await this.deliver(row, providers)
        }
      }
      await Promise.all(Array.from({ length: Math.min(this.options.concurrency, claimed.length) }, lane))
      await this.checkReports(providers, nowMs)
    } finally {
      providers.close()
    }
    return claimed.length
  }

  private async deliver(row: OutboxRow, providers: ProviderCache) {
    let outcome: SendOutcome
    // An SMS goes by the provider the company has chosen when it goes (it may have changed since it was scheduled).
    const providerName = row.channel === 'sms' ? await providers.smsProviderOf(row.companyId).catch(() => row.provider) : row.provider
    try {
      const provider = await providers.of(row.companyId, providerName)
      const to = row.channel === 'telegram' ? await chatOfCustomer(this.db, row.companyId, row.customerId ?? '') : (row.channel === 'sms' || row.channel === 'whatsapp' ? row.phone : row.email)
      outcome = !provider
        ? { kind: 'not-sent', error: row.channel === 'telegram' ? 'telegram: Telegram integration is not configured' : `${row.channel}: no account set up for the company`, retry: false }
        : row.channel === 'telegram' && !to
          ? { kind: 'not-sent', error: 'telegram: Telegram user is not found (the patient is no longer linked)', retry: false }
          : await provider.send({ id: row._id, to: to ?? '', subject: row.subject, text: row.text, buttons: this.buttonsOf(row), ...(row.channel === 'whatsapp' ? await this.whatsappForm(row, providers) : {}) })
    } catch (error) {
      outcome = { kind: 'unknown', error: String((error as Error)?.message ?? error).slice(0, 500) }
    }
    const nowMs = clockOf(this.app)
    const base = { updatedAt: iso(nowMs), provider: providerName }
    let changes: Partial<OutboxRow> & { state: OutboxRow['state'] }
    if (outcome.kind === 'sent') changes = { ...base, state: 'sent', providerMessageId: outcome.providerMessageId, cost: outcome.cost ?? null, sentAt: iso(nowMs), error: null }
    else if (outcome.kind === 'unknown') changes = { ...base, state: 'unknown', error: outcome.error }
    else if (outcome.retry && row.attempts < MAX_ATTEMPTS)
      changes = { ...base, state: 'scheduled', dueAt: iso(nowMs + Math.max(retryDelayMs(row.attempts), outcome.retryAfterMs ?? 0)), error: outcome.error, claimedBy: null }
    else changes = { ...base, state: 'failed', error: outcome.error }
    const settled = await settleClaimed(this.db, row._id, this.instance, changes)
    if (!settled) return
    this.announce([settled])
    // Definitively not sent (never after `unknown`): the next channel of the order, if one reaches the patient.
    await fallBackIfFailed(this.app, settled)
  }

  /**
   * Quiet hours hold at the send too for a broadcast's messages: a long broadcast that reaches the
   * evening waits for the morning (a visit's messages were timed when they were scheduled).
   */
  private async postponed(row: OutboxRow, providers: ProviderCache): Promise<boolean> {
    const nowMs = clockOf(this.app)
    const { rules } = await providers.settingsOf(row.companyId)
    const opening = nextSendingTime(nowMs, await providers.timeZoneOf(row.companyId), rules.quietHours)
    if (opening <= nowMs) return false
    const postponed = await postponeClaimed(this.db, row._id, this.instance, opening, nowMs)
    if (postponed) this.announce([postponed])
    return true
  }

  /** Confirm / Cancel under a Telegram or WhatsApp message about a visit the patient can still answer (signed callback data / payload). */
  private buttonsOf(row: OutboxRow): OutgoingMessage['buttons'] {
    if ((row.channel !== 'telegram' && row.channel !== 'whatsapp') || !row.appointmentId || !whatsappButtonEvents.includes(row.event as AppointmentEvent)) return undefined
    const secret = this.app.get('config').authSecret
    const data = row.channel === 'telegram' ? visitButtonData : whatsappButtonData
    return (['confirm', 'cancel'] as const).map((action) => ({ text: botText(row.locale, action), data: data(secret, row.companyId, action, row.appointmentId!) }))
  }

  /**
   * WhatsApp: free-form text while the patient's 24-hour window is open (they wrote to the
   * clinic), the company's approved template for the event otherwise (body parameters in the
   * order of domain/messaging/whatsapp.ts).
   */
  private async whatsappForm(row: OutboxRow, providers: ProviderCache): Promise<Pick<OutgoingMessage, 'freeForm' | 'template'>> {
    const settings = (await providers.settingsOf(row.companyId)).whatsapp
    const name = settings?.templates[row.event]
    const parameters = whatsappTemplateParameters[row.event as AppointmentEvent]
    const params = (row.params ?? {}) as Record<string, string>
    return {
      freeForm: insideWindow(await lastInbound(this.db, row.companyId, row.phone ?? ''), clockOf(this.app)),
      template: name && parameters ? { name, language: row.locale, parameters: parameters.map((key) => params[key] ?? '') } : undefined
    }
  }

  /** Status polling, the fallback for delivery callbacks that never came (every SMS provider with a status call). */
  private async checkReports(providers: ProviderCache, nowMs: number) {
    for (const name of POLLED_PROVIDERS) {
      const rows = await awaitingReport(this.db, name, nowMs - this.options.checkAfterMs, nowMs - this.options.checkAfterMs, nowMs - 3 * 86_400_000, 20)
      for (const row of rows) {
        const provider = await providers.of(row.companyId, name)
        const report = provider?.status && row.providerMessageId ? await provider.status(row.providerMessageId).catch(() => null) : null
        if (report && report.state !== 'pending') {
          const settled = await settleDelivery(this.db, { companyId: row.companyId, provider: name, providerMessageId: row.providerMessageId! }, { state: report.state, atMs: nowMs, cost: report.cost, error: report.error })
          if (settled) {
            this.announce([settled])
            await fallBackIfFailed(this.app, settled)
          }
        } else await markChecked(this.db, row._id, nowMs)
      }
    }
  }

  /**
   * A visit's messages are announced one by one (the patient card's log is live); a broadcast's are
   * not (tens of thousands of events to every screen): the dispatch runner announces the
   * broadcast's counts instead, and its list and the patients' logs show the rows when read.
   */
  private announce(rows: OutboxRow[]) {
    const service = this.app.service('communications') as unknown as { emit: (event: string, data: unknown) => void }
    for (const row of rows) if (!row.dispatchId) service.emit('patched', row)
  }
}

/** The providers asked about sent messages no report came for. */
const POLLED_PROVIDERS = ['eskiz', 'playmobile', 'smsru'] as const

/** Each company's adapters, made once per round from its settings. */
class ProviderCache {
  private settings = new Map<string, Promise<MessagingSettings>>()
  private made = new Map<string, ChannelProvider | null>()
  private mailers: SmtpEmail[] = []
  constructor(private readonly app: Application) {}

  private zones = new Map<string, Promise<string>>()

  timeZoneOf(companyId: string): Promise<string> {
    if (!this.zones.has(companyId)) this.zones.set(companyId, companyContact(this.app.get('db'), companyId).then((company) => company?.timezone ?? 'UTC'))
    return this.zones.get(companyId)!
  }

  settingsOf(companyId: string) {
    if (!this.settings.has(companyId)) this.settings.set(companyId, messagingSettings(this.app.get('db'), companyId, this.app.get('config').authSecret))
    return this.settings.get(companyId)!
  }

  async smsProviderOf(companyId: string): Promise<string> {
    return (await this.settingsOf(companyId)).smsProvider
  }

  async of(companyId: string, provider: string): Promise<ChannelProvider | null> {
    const key = `${companyId}:${provider}`
    if (!this.made.has(key)) this.made.set(key, await this.make(companyId, provider))
    return this.made.get(key)!
  }

  private async make(companyId: string, provider: string): Promise<ChannelProvider | null> {
    const settings = await this.settingsOf(companyId)
    const { authSecret, publicUrl, smtp } = this.app.get('config')
    const db = this.app.get('db')
    if (provider === 'eskiz' && settings.eskiz) {
      let token = settings.eskizToken
      return new EskizSms({
        baseUrl: this.app.get('eskizBaseUrl') ?? process.env.ESKIZ_BASE_URL ?? ESKIZ_DEFAULT_URL,
        ...settings.eskiz,
        callbackUrl: `${publicUrl.replace(/\/$/, '')}/hooks/eskiz/${settings.callbackSecret}`,
        tokens: {
          get: async () => token,
          set: async (fresh) => {
            token = fresh
            await storeEskizToken(db, companyId, fresh, authSecret)
          }
        }
      })
    }
    if (provider === 'playmobile' && settings.playmobile) {
      return new PlayMobileSms({ baseUrl: this.app.get('playmobileBaseUrl') ?? process.env.PLAYMOBILE_BASE_URL ?? PLAYMOBILE_DEFAULT_URL, ...settings.playmobile })
    }
    if (provider === 'smsru' && settings.smsru) {
      return new SmsRuSms({ baseUrl: this.app.get('smsruBaseUrl') ?? process.env.SMSRU_BASE_URL ?? SMSRU_DEFAULT_URL, ...settings.smsru })
    }
    if (provider === 'telegram') {
      return settings.telegram ? new TelegramBotChannel({ token: settings.telegram.token, apiRoot: telegramApiRootOf(this.app) }) : null
    }
    if (provider === 'whatsapp') return settings.whatsapp ? whatsappClient(this.app, settings.whatsapp) : null
    if (provider === 'smtp') {
      const mailer = settings.smtp ? new SmtpEmail(settings.smtp, settings.smtp.from || smtp.from) : smtp.url ? new SmtpEmail(smtp.url, smtp.from) : null
      if (mailer) this.mailers.push(mailer)
      return mailer
    }
    return null
  }

  close() {
    for (const mailer of this.mailers) mailer.close()
  }
}

/** Starts the worker of a server process (index.ts); its stop waits for the round in progress. */
export async function startOutboxWorker(app: Application, options: OutboxWorkerOptions = {}): Promise<OutboxWorker> {
  const worker = new OutboxWorker(app, options)
  await worker.start()
  return worker
}
