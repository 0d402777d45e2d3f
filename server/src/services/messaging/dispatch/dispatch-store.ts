import type { Knex } from 'knex'
import { RowCodec } from '../../row-codec'
import { newId } from '../../../hooks/ids'
import { databaseEngine } from '../../../db'
import { smsLength } from '../../../../../domain/messaging/sms-segments'
import { nextSendingTime } from '../../../../../domain/messaging/quiet-hours'
import { renderTemplate, templateLocaleOf, tidyMessage } from '../../../../../domain/messaging/templates'
import { dispatchMessage, dispatchPricedByParts, type SendingChannel } from '../../../../../domain/messaging/dispatch'
import { audiencePage } from '../../customers/customers/customer-audience'
import { companyContact } from '../../company/company/company-reads'
import { dispatchProgress, insertMessages, type OutboxRow } from '../communications/outbox-store'
import { messagingSettings, type MessagingSettings } from '../integrations/integration-store'
import { DISPATCHES_TABLE, DISPATCH_OPT_OUTS_TABLE, dispatchRowShape, type Dispatch } from './dispatch.class'
import { audienceOf, countAudience, sendingChannelOf } from './dispatch-audience'
import { optOutToken } from './opt-out-token'

/**
 * The broadcasts' reads and writes for the runner (server/src/jobs/dispatch-runner.ts), the
 * preview (`dispatcher`) and the opt-out page. Enqueueing goes a page of patients at a time,
 * each page in its own short transaction that also moves the broadcast's cursor: a restart goes
 * on from the last page written, and no more than a page of patients is ever in memory.
 */
const codec = new RowCodec({ json: dispatchRowShape.json, instant: dispatchRowShape.instant })
/** The row as the runner reads it: with its cursor. */
type DispatchRow = Dispatch & { cursor: string | null }
const iso = (ms: number) => new Date(ms).toISOString()

/** When a broadcast's messages are due: its start (or `scheduledAt`), past quiet hours. */
function dueAtOf(dispatch: Dispatch, nowMs: number, timeZone: string, settings: MessagingSettings): number {
  const startMs = Math.max(nowMs, dispatch.scheduledAt ? Date.parse(dispatch.scheduledAt) : 0)
  return nextSendingTime(startMs, timeZone, settings.rules.quietHours)
}

/** The provider an outbox row names (an SMS goes by the company's provider of the moment it is sent). */
const providerOf = (channel: SendingChannel) => (channel === 'sms' ? 'eskiz' : channel)

export async function dispatchById(db: Knex, id: string): Promise<Dispatch | undefined> {
  const row = await db(DISPATCHES_TABLE).where({ _id: id }).first()
  if (!row) return undefined
  const { cursor: _cursor, ...dispatch } = codec.fromDb<DispatchRow>(row)
  return dispatch
}

/** Broadcasts to work on: scheduled ones whose time came, and those sending. */
export async function activeDispatches(db: Knex, nowMs: number): Promise<Dispatch[]> {
  const rows = await db(DISPATCHES_TABLE)
    .where((due) => due.where({ state: 'scheduled' }).andWhere((time) => time.whereNull('scheduledAt').orWhere('scheduledAt', '<=', iso(nowMs))))
    .orWhere({ state: 'sending' })
    .orderBy('createdAt')
    .limit(50)
  return rows.map((row: Record<string, unknown>) => codec.fromDb<DispatchRow>(row)).map(({ cursor: _cursor, ...dispatch }) => dispatch)
}

/** Broadcasts done in the last `sinceMs`: delivery reports still change their figures. */
export async function recentlyDone(db: Knex, sinceMs: number): Promise<Dispatch[]> {
  const rows = await db(DISPATCHES_TABLE).where({ state: 'done' }).andWhere('finishedAt', '>', iso(sinceMs)).limit(50)
  return rows.map((row: Record<string, unknown>) => codec.fromDb<DispatchRow>(row)).map(({ cursor: _cursor, ...dispatch }) => dispatch)
}

/** The row locked for the rest of the transaction (PostgreSQL; SQLite has one writer). */
export async function locked(trx: Knex, id: string): Promise<DispatchRow | undefined> {
  const query = trx(DISPATCHES_TABLE).where({ _id: id })
  if (databaseEngine(trx) === 'postgres') query.forUpdate()
  const row = await query.first()
  return row ? codec.fromDb<DispatchRow>(row) : undefined
}

/** What a broadcast needs to write a company's messages. */
export interface SendingContext {
  secret: string
  publicUrl: string
}

/** A scheduled broadcast starts: the audience counted (who gets it, who not and why), the price fixed. */
export async function startDispatch(db: Knex, id: string, nowMs: number, context: SendingContext): Promise<Dispatch | undefined> {
  return db.transaction(async (trx) => {
    const dispatch = await locked(trx, id)
    if (!dispatch || dispatch.state !== 'scheduled') return undefined
    const settings = await messagingSettings(trx, dispatch.companyId, context.secret)
    const company = await companyContact(trx, dispatch.companyId)
    const dueMs = dueAtOf(dispatch, nowMs, company?.timezone ?? 'UTC', settings)
    const counts = await countAudience(trx, dispatch.companyId, dispatch.filter, dispatch.channel, dueMs, settings)
    const segmentPrice = dispatchPricedByParts(dispatch.channel) ? (settings.rules.smsSegmentPrice ?? 0) : 0
    const changes = { state: 'sending', startedAt: iso(nowMs), updatedAt: iso(nowMs), matched: counts.matched, recipients: counts.recipients, excluded: counts.excluded, segmentPrice }
    await trx(DISPATCHES_TABLE).where({ _id: id }).update(codec.toDb(changes))
    const { cursor: _cursor, ...after } = { ...dispatch, ...changes }
    return after as Dispatch
  })
}

/**
 * Writes the outbox rows of the next page of recipients (at most `limit`), in one transaction
 * with the cursor; the broadcast after, or undefined when there was nothing to do (not sending,
 * or already all written). The last page sets `enqueuedAt`.
 */
export async function enqueuePage(db: Knex, id: string, nowMs: number, context: SendingContext, limit: number): Promise<{ dispatch: Dispatch; written: number } | undefined> {
  return db.transaction(async (trx) => {
    const dispatch = await locked(trx, id)
    if (!dispatch || dispatch.state !== 'sending' || dispatch.enqueuedAt) return undefined
    const company = await companyContact(trx, dispatch.companyId)
    const settings = await messagingSettings(trx, dispatch.companyId, context.secret)
    const dueMs = dueAtOf(dispatch, nowMs, company?.timezone ?? 'UTC', settings)
    const page = await audiencePage(trx, audienceOf(trx, dispatch.companyId, dispatch.filter, dispatch.channel, dueMs), dispatch.cursor, limit)
    const dueAt = iso(dueMs)
    const base = context.publicUrl.replace(/\/$/, '')
    let segments = 0
    const rows: OutboxRow[] = page.flatMap((patient) => {
      // By the order, the patient's first channel that reaches them (none: counted as left out at the start).
      const channel = sendingChannelOf(dispatch.channel, settings, patient.branchId, patient.reach)
      if (!channel) return []
      const locale = templateLocaleOf(patient.serviceLanguage, company?.locale)
      const body = tidyMessage(renderTemplate(dispatch.text, { patient: patient.first_name, clinic: company?.name ?? '' }))
      const text = dispatchMessage(body, locale, `${base}/u/${optOutToken(context.secret, patient._id)}`)
      const parts = channel === 'sms' ? smsLength(text).segments : 0
      segments += parts
      const row: OutboxRow = {
        _id: newId(), companyId: dispatch.companyId, createdAt: iso(nowMs), updatedAt: iso(nowMs), createdBy: dispatch.createdBy, branchId: patient.branchId, customerId: patient._id,
        appointmentId: null, dispatchId: dispatch._id, channel, provider: providerOf(channel), event: 'dispatch', locale, collapseKey: null,
        phone: channel === 'telegram' ? null : patient.phone, email: null, params: {},
        subject: '', text, segments: parts, automated: true, promotional: true, state: 'scheduled', dueAt, attempts: 0, claimedBy: null, claimedAt: null,
        providerMessageId: null, cost: null, error: null, sentAt: null, deliveredAt: null, checkedAt: null, fallbackOf: null
      }
      return [row]
    })
    for (let at = 0; at < rows.length; at += 500) await insertMessages(trx, rows.slice(at, at + 500))
    const changes = {
      cursor: page.length ? page[page.length - 1]._id : dispatch.cursor,
      segments: dispatch.segments + segments,
      cost: dispatch.cost + segments * dispatch.segmentPrice,
      updatedAt: iso(nowMs),
      ...(page.length < limit ? { enqueuedAt: iso(nowMs) } : {})
    }
    await trx(DISPATCHES_TABLE).where({ _id: id }).update(codec.toDb(changes))
    const { cursor: _cursor, ...after } = { ...dispatch, ...changes }
    return { dispatch: after as Dispatch, written: rows.length }
  })
}

const sameCounts = (a: Record<string, number | undefined>, b: Record<string, number | undefined>) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)])
  return [...keys].every((key) => (a[key] ?? 0) === (b[key] ?? 0))
}

/**
 * The broadcast's messages counted by state; a broadcast all written with none left to send is
 * done. The broadcast after, or undefined when nothing changed.
 */
export async function refreshProgress(db: Knex, id: string, nowMs: number): Promise<Dispatch | undefined> {
  const progress = await dispatchProgress(db, id)
  return db.transaction(async (trx) => {
    const dispatch = await locked(trx, id)
    if (!dispatch) return undefined
    const finished = dispatch.state === 'sending' && dispatch.enqueuedAt !== null && !progress.scheduled && !progress.sending
    if (sameCounts(dispatch.progress, progress) && !finished) return undefined
    const changes = { progress, updatedAt: iso(nowMs), ...(finished ? { state: 'done', finishedAt: iso(nowMs) } : {}) }
    await trx(DISPATCHES_TABLE).where({ _id: id }).update(codec.toDb(changes))
    const { cursor: _cursor, ...after } = { ...dispatch, ...changes }
    return after as Dispatch
  })
}

/** A patient used an opt-out link (kept so the preview can tell "opted out" from "never agreed"). */
export async function recordOptOut(db: Knex, companyId: string, customerId: string, nowMs: number): Promise<void> {
  await db(DISPATCH_OPT_OUTS_TABLE).insert({ _id: newId(), companyId, customerId, dispatchId: null, createdAt: iso(nowMs) })
}
