import { createHash, randomBytes } from 'node:crypto'
import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { newId } from '../../../hooks/ids'
import { nextSendingTime } from '../../../../../domain/messaging/quiet-hours'
import { smsLength } from '../../../../../domain/messaging/sms-segments'
import { mayMessage } from '../../../../../domain/messaging/consent'
import { appointmentEvents, renderTemplate, templateLocaleOf, tidyMessage, type AppointmentEvent, type MessageChannel, type TemplateValues } from '../../../../../domain/messaging/templates'
import { toZoned } from '../../../../../domain/appointments/zoned-time'
import { customerContact, type CustomerContact } from '../../customers/customers/customer-contact'
import { memberDisplayName } from '../../team/users/user-rows'
import { branchContact } from '../../company/branches/branch-reads'
import { companyContact } from '../../company/company/company-reads'
import { messagingSettings, smsReady, type MessagingSettings } from '../integrations/integration-store'
import { templateFor } from '../notification-templates/template-reads'
import { chatOfCustomer } from '../telegram/telegram-store'
import { lastInbound } from '../whatsapp-integration/whatsapp-store'
import { effectiveChannelOrder, type OrderedChannel } from '../../../../../domain/messaging/channel-order'
import { insideWindow } from '../../../../../domain/messaging/whatsapp'
import { anyGone, changePending, insertLink, insertMessages, pendingMessages, type OutboxRow } from './outbox-store'
import type { Appointment } from '../../appointments/appointment/appointment.shared'

/**
 * What a booking, a move or a cancellation means for the patient's messages, written in the
 * appointment's own transaction (the appointment service calls `planAppointmentMessages` with
 * it), so a rolled-back booking schedules nothing:
 *
 * - a visit that notifies its patient and is planned, confirmed, not confirmed or late is "live";
 * - becoming live (booked, restored, notify switched on) schedules a booking notice after the
 *   grace period, and its reminder;
 * - a live visit moved: a notice still waiting is rewritten with the new time and waits the grace
 *   period again (booking + quick move = one message); else a "moved" notice is scheduled. The
 *   reminder is withdrawn and scheduled again for the new time;
 * - no longer live: waiting notices and reminders are withdrawn; a cancellation sends a
 *   "cancelled" notice only when an earlier notice may have reached the patient;
 * - everything automated waits for the quiet hours to end (clinic time zone); a reminder that
 *   would then go at or after the visit, or whose time passed already, is not scheduled.
 *
 * The clock is `app.get('messagingClock')` when set (tests), else the real one.
 */
declare module '../../../declarations' {
  interface AppSettings {
    messagingClock?: () => number
  }
}

export const clockOf = (app: Application) => app.get('messagingClock')?.() ?? Date.now()

const LIVE = new Set(['planned', 'confirmed', 'notConfirmed', 'late'])
const isLive = (appointment: Appointment | undefined): appointment is Appointment => Boolean(appointment && appointment.notifyClient && LIVE.has(appointment.status))
const noticeKey = (id: string) => `notice:${id}`
const reminderKey = (id: string) => `reminder:${id}`
const iso = (ms: number) => new Date(ms).toISOString()

const UNIT_MS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000, weeks: 7 * 86_400_000 } as const

/** The instant `amount` `unit`s before `startMs` (months by the calendar). */
export function reminderTime(startMs: number, reminder: { amount: number; unit: string }): number {
  if (reminder.unit === 'months') {
    const date = new Date(startMs)
    date.setUTCMonth(date.getUTCMonth() - reminder.amount)
    return date.getTime()
  }
  return startMs - reminder.amount * UNIT_MS[reminder.unit as keyof typeof UNIT_MS]
}

/** Looked up once per call: settings, company and the people and places named. */
class Lookups {
  private settingsByCompany = new Map<string, Promise<MessagingSettings>>()
  private customers = new Map<string, Promise<CustomerContact | undefined>>()
  constructor(readonly db: Knex, readonly app: Application) {}
  settings(companyId: string) {
    if (!this.settingsByCompany.has(companyId)) this.settingsByCompany.set(companyId, messagingSettings(this.db, companyId, this.app.get('config').authSecret))
    return this.settingsByCompany.get(companyId)!
  }
  customer(companyId: string, customerId: string) {
    if (!this.customers.has(customerId)) this.customers.set(customerId, customerContact(this.db, companyId, customerId))
    return this.customers.get(customerId)!
  }
}

export interface PlannedMessages {
  /** Rows written, for the `communications` events after the commit. */
  created: OutboxRow[]
  patched: OutboxRow[]
}

/**
 * The messages of appointments written by one call: `before` the rows as they were (none for a
 * create), `after` as they are now (none for a remove). Returns the outbox rows it wrote.
 */
export async function planAppointmentMessages(db: Knex, app: Application, before: Appointment[], after: Appointment[]): Promise<PlannedMessages> {
  const out: PlannedMessages = { created: [], patched: [] }
  const lookups = new Lookups(db, app)
  const nowMs = clockOf(app)
  const beforeById = new Map(before.map((row) => [row._id, row]))
  const afterById = new Map(after.map((row) => [row._id, row]))
  const ids = [...new Set([...before.map((row) => row._id), ...after.map((row) => row._id)])]
  for (const [index, id] of ids.entries()) {
    const was = beforeById.get(id)
    const now = afterById.get(id)
    // One notice per call: a series booked or moved together is told of by its first visit.
    const notices = index === 0
    if (!isLive(was) && isLive(now)) {
      if (notices) await scheduleNotice(lookups, out, now, 'bookingMade', nowMs)
      await scheduleReminder(lookups, out, now, nowMs)
    } else if (isLive(was) && isLive(now)) {
      const moved = was.start !== now.start || was.staffId !== now.staffId
      if (moved && notices) await scheduleNotice(lookups, out, now, 'bookingMoved', nowMs)
      if (moved || JSON.stringify(was.reminder) !== JSON.stringify(now.reminder)) {
        await withdraw(db, out, id, reminderKey(id), nowMs)
        await scheduleReminder(lookups, out, now, nowMs)
      }
    } else if (isLive(was)) {
      await withdraw(db, out, id, reminderKey(id), nowMs)
      const withdrawn = await withdraw(db, out, id, noticeKey(id), nowMs)
      const told = await anyGone(db, id, noticeKey(id))
      if (now?.status === 'cancelled' && told && notices) await scheduleNotice(lookups, out, now, 'bookingCancelled', nowMs)
      void withdrawn
    }
  }
  return out
}

/** Withdraws the messages under a key still waiting; how many. */
async function withdraw(db: Knex, out: PlannedMessages, appointmentId: string, key: string, nowMs: number): Promise<number> {
  let count = 0
  for (const row of await pendingMessages(db, appointmentId, key)) {
    const changed = await changePending(db, row._id, { state: 'cancelled', updatedAt: iso(nowMs) })
    if (changed) {
      out.patched.push(changed)
      count += 1
    }
  }
  return count
}

/**
 * A notice after the grace period. A notice of the visit still waiting is rewritten instead
 * (it keeps being the "booked" one when the patient has not heard of the visit yet).
 */
async function scheduleNotice(lookups: Lookups, out: PlannedMessages, appointment: Appointment, event: AppointmentEvent, nowMs: number) {
  const settings = await lookups.settings(appointment.companyId)
  const pending = await pendingMessages(lookups.db, appointment._id, noticeKey(appointment._id))
  const kept = pending[0]?.event as AppointmentEvent | undefined
  const finalEvent: AppointmentEvent = event === 'bookingCancelled' ? event : kept ?? event
  const dueMs = nowMs + settings.rules.graceMinutes * 60_000
  const drafts = await compose(lookups, appointment, finalEvent, dueMs, noticeKey(appointment._id), nowMs)
  for (const draft of drafts) {
    const same = pending.find((row) => row.channel === draft.channel)
    if (same) {
      const changed = await changePending(lookups.db, same._id, { event: draft.event, params: draft.params, subject: draft.subject, text: draft.text, segments: draft.segments, dueAt: draft.dueAt, phone: draft.phone, email: draft.email, updatedAt: iso(nowMs) })
      if (changed) {
        out.patched.push(changed)
        continue
      }
    }
    await insertMessages(lookups.db, [draft])
    out.created.push(draft)
  }
  for (const row of pending.filter((row) => !drafts.some((draft) => draft.channel === row.channel))) {
    const changed = await changePending(lookups.db, row._id, { state: 'cancelled', updatedAt: iso(nowMs) })
    if (changed) out.patched.push(changed)
  }
}

async function scheduleReminder(lookups: Lookups, out: PlannedMessages, appointment: Appointment, nowMs: number) {
  const settings = await lookups.settings(appointment.companyId)
  const reminder = appointment.reminder ?? settings.rules.reminder
  if (!reminder) return
  const startMs = new Date(appointment.start).getTime()
  const atMs = reminderTime(startMs, reminder)
  // Its time has passed (booked at short notice): the booking notice tells the patient.
  if (atMs <= nowMs + settings.rules.graceMinutes * 60_000) return
  const drafts = await compose(lookups, appointment, 'reminder', atMs, reminderKey(appointment._id), nowMs)
  // Held by quiet hours until the visit has begun: not worth sending.
  const useful = drafts.filter((draft) => new Date(draft.dueAt).getTime() < startMs)
  await insertMessages(lookups.db, useful)
  out.created.push(...useful)
}

/** The order a visit message tries Telegram and SMS in: the branch's own, else the company's, else Telegram first. */
export function channelOrderOf(settings: MessagingSettings, branchId: string | null): OrderedChannel[] {
  return effectiveChannelOrder((branchId ? settings.rules.branchChannelOrder?.[branchId] : undefined) ?? settings.rules.channelOrder)
}

interface ComposeOptions {
  /** Only this channel (a fallback), and only if it can reach the patient; no e-mail besides. */
  only?: OrderedChannel
  fallbackOf?: string
}

/** The rows of one message for each channel the event sends by that can reach the patient. */
async function compose(lookups: Lookups, appointment: Appointment, event: AppointmentEvent, dueMs: number, collapseKey: string, nowMs: number, options: ComposeOptions = {}): Promise<OutboxRow[]> {
  const { db, app } = lookups
  const settings = await lookups.settings(appointment.companyId)
  const customer = await lookups.customer(appointment.companyId, appointment.customerId)
  if (!customer) return []
  const switches = settings.rules.events[event]
  const company = await companyContact(db, appointment.companyId)
  const timeZone = company?.timezone ?? 'UTC'
  const sendAt = nextSendingTime(dueMs, timeZone, settings.rules.quietHours)
  const channels: MessageChannel[] = []
  // Consent and blacklist (domain/messaging/consent.ts); an account to send through. Visit notices are not promotion.
  const reachable = {
    sms: async () => switches.sms && smsReady(settings) && mayMessage(customer, 'sms', { promotional: false }),
    // A patient who linked their Telegram (sharing their phone) asked for it.
    telegram: async () => (switches.telegram ?? true) && Boolean(settings.telegram) && Boolean(await chatOfCustomer(db, appointment.companyId, customer._id)),
    // The patient's phone, under the SMS consents; outside the 24-hour window only with an approved template.
    whatsapp: async () =>
      (switches.whatsapp ?? true) &&
      Boolean(settings.whatsapp) &&
      mayMessage(customer, 'whatsapp', { promotional: false }) &&
      (Boolean(settings.whatsapp?.templates[event]) || insideWindow(await lastInbound(db, appointment.companyId, customer.phone), sendAt))
  }
  if (options.only) {
    if (await reachable[options.only]()) channels.push(options.only)
  } else {
    // Telegram, WhatsApp or SMS, whichever comes first in the branch's (else the company's) order; e-mail besides.
    for (const channel of channelOrderOf(settings, appointment.branchId)) {
      if (await reachable[channel]()) {
        channels.push(channel)
        break
      }
    }
    if (switches.email && (settings.smtp || app.get('config').smtp.url) && mayMessage(customer, 'email', { promotional: false })) channels.push('email')
  }
  if (channels.length === 0) return []
  const locale = templateLocaleOf(customer.serviceLanguage, company?.locale)
  const branch = await branchContact(db, appointment.companyId, appointment.branchId)
  const local = toZoned(appointment.start, timeZone)
  const [year, month, day] = local.date.split('-')
  const link = event === 'bookingCancelled' ? '' : await newLink(db, app, appointment, locale)
  const values: TemplateValues = {
    patient: [customer.first_name, customer.middle_name].filter(Boolean).join(' '),
    date: `${day}.${month}.${year}`,
    time: local.time,
    doctor: await memberDisplayName(db, appointment.companyId, appointment.staffId),
    branch: branch?.name ?? '',
    address: branch?.address ?? '',
    phone: branch?.phone || company?.phone || '',
    clinic: company?.name ?? '',
    link
  }
  const rows: OutboxRow[] = []
  for (const channel of channels) {
    const template = await templateFor(db, appointment.companyId, event, channel, locale)
    const text = tidyMessage(renderTemplate(template.body, values))
    rows.push({
      _id: newId(),
      companyId: appointment.companyId,
      createdAt: iso(nowMs),
      updatedAt: iso(nowMs),
      createdBy: null,
      branchId: appointment.branchId,
      customerId: appointment.customerId,
      appointmentId: appointment._id,
      channel,
      // The SMS provider chosen now; the worker sends by the one chosen when the message goes.
      provider: channel === 'sms' ? settings.smsProvider : channel === 'email' ? 'smtp' : channel,
      event,
      locale,
      collapseKey,
      phone: channel === 'sms' || channel === 'whatsapp' ? customer.phone : null,
      email: channel === 'email' ? customer.email : null,
      params: Object.fromEntries(Object.entries(values).filter(([key]) => key !== 'link')) as Record<string, string>,
      subject: channel === 'email' ? tidyMessage(renderTemplate(template.subject, values)) : '',
      text,
      segments: channel === 'sms' ? smsLength(text).segments : 0,
      automated: true,
      promotional: false,
      state: 'scheduled',
      dueAt: iso(sendAt),
      attempts: 0,
      claimedBy: null,
      claimedAt: null,
      providerMessageId: null,
      cost: null,
      error: null,
      sentAt: null,
      deliveredAt: null,
      checkedAt: null,
      fallbackOf: options.fallbackOf ?? null
    })
  }
  return rows
}

/**
 * The channel order's fallback (docs/decisions/messaging.md): `failed` is an automated visit
 * message that the provider definitively did not send (Telegram: the patient is no longer
 * linked, the bot is gone, blocked or the chat not found; SMS: refused). The next channel of the
 * branch's order that can reach the patient gets the same message, as a new row naming the first
 * (`fallbackOf`), under the same collapse key, due now (or when quiet hours end). Never called for
 * an `unknown` message: the first may have arrived. Nothing when no later channel can reach the
 * patient, when the visit no longer notifies (except its cancellation notice), or when a reminder
 * would now go at or after the visit.
 */
export async function planFallback(app: Application, failed: OutboxRow): Promise<OutboxRow | null> {
  if (!failed.automated || !failed.appointmentId || failed.channel === 'email' || !(appointmentEvents as readonly string[]).includes(failed.event)) return null
  const db: Knex = app.get('db')
  const lookups = new Lookups(db, app)
  const settings = await lookups.settings(failed.companyId)
  const order = channelOrderOf(settings, failed.branchId)
  const at = order.indexOf(failed.channel as OrderedChannel)
  const next = (at < 0 ? order : order.slice(at + 1)).filter((channel) => channel !== failed.channel)
  if (next.length === 0) return null
  const appointment = (await app
    .service('appointment')
    .get(failed.appointmentId, { query: { companyId: failed.companyId } })
    .catch(() => null)) as Appointment | null
  const event = failed.event as AppointmentEvent
  if (!appointment || (event !== 'bookingCancelled' && !isLive(appointment))) return null
  const nowMs = clockOf(app)
  for (const channel of next) {
    const drafts = await compose(lookups, appointment, event, nowMs, failed.collapseKey ?? noticeKey(appointment._id), nowMs, { only: channel, fallbackOf: failed._id })
    const useful = event === 'reminder' ? drafts.filter((draft) => new Date(draft.dueAt).getTime() < new Date(appointment.start).getTime()) : drafts
    if (useful.length > 0) {
      await insertMessages(db, useful)
      return useful[0]
    }
  }
  return null
}

/**
 * After a message settled: when the provider said it did not go, at once or later by its delivery
 * report (a WhatsApp number that is not on WhatsApp is accepted, then reported failed), the next
 * channel of the order takes it (planFallback) and the new row is announced. A failed fallback
 * plan is logged: the failure itself is already recorded.
 */
export async function fallBackIfFailed(app: Application, settled: OutboxRow): Promise<void> {
  if (settled.state !== 'failed') return
  const fallback = await planFallback(app, settled).catch((error) => {
    app.get('logger').error({ err: error, msg: 'fallback message not scheduled', messageId: settled._id })
    return null
  })
  if (fallback) (app.service('communications') as unknown as { emit: (event: string, data: unknown) => void }).emit('created', fallback)
}

/**
 * A one-time link to the visit's confirm/cancel page, valid until the visit ends. Only the
 * token's hash is stored; the token is in the message text.
 */
async function newLink(db: Knex, app: Application, appointment: Appointment, locale: string): Promise<string> {
  const token = randomBytes(18).toString('base64url')
  await insertLink(db, { tokenHash: hashToken(token), companyId: appointment.companyId, appointmentId: appointment._id, locale, expiresAt: appointment.end })
  return `${app.get('config').publicUrl.replace(/\/$/, '')}/v/${token}`
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** The communications service announces what a call wrote, after its commit. */
export function announceMessages(app: Application, planned: PlannedMessages) {
  const service = app.service('communications') as unknown as { emit: (event: string, data: unknown) => void }
  for (const row of planned.created) service.emit('created', row)
  for (const row of planned.patched) service.emit('patched', row)
}
