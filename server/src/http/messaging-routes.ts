import type { Middleware, ParameterizedContext } from 'koa'
import type { Application } from '../declarations'
import { canTransition, type AppointmentStatus } from '../../../domain/appointments/status'
import { toZoned } from '../../../domain/appointments/zoned-time'
import { eskizState } from '../providers/sms/eskiz'
import { playMobileReport, playMobileState } from '../providers/sms/playmobile'
import { smsRuCallbackReports, smsRuState } from '../providers/sms/smsru'
import { clockOf, fallBackIfFailed, hashToken } from '../services/messaging/communications/appointment-messages'
import { linkByHash, settleDelivery } from '../services/messaging/communications/outbox-store'
import { answerVisit } from '../services/messaging/communications/visit-answers'
import { timingSafeEqual } from 'node:crypto'
import type { Update } from 'grammy/types'
import { companyOfCallbackSecret, companyOfReportPath, companyOfTelegramHook, companyOfWhatsappHook, messagingSettings } from '../services/messaging/integrations/integration-store'
import { clinicBots } from '../services/messaging/telegram/telegram-bot'
import { handleWhatsappNotification, type WhatsappNotification } from '../services/messaging/whatsapp-integration/whatsapp-inbound'
import { validHubSignature } from '../providers/whatsapp/whatsapp'
import { companyContact } from '../services/company/company/company-reads'
import { branchContact } from '../services/company/branches/branch-reads'
import { memberDisplayName } from '../services/team/users/user-rows'
import { optOutPage } from './opt-out-page'

/**
 * The messaging area's plain-HTTP routes (ARCHITECTURE.md: HTTP only for what cannot be a socket
 * call):
 * - `POST /hooks/eskiz/<secret>`: Eskiz delivery reports. The secret path segment (48 hex
 *   characters, per company) is the only credential; an unknown one is 404, and a report of a
 *   message that is not the company's changes nothing.
 * - `POST /hooks/playmobile/<path>` and `POST /hooks/smsru/<path>`: Play Mobile's and SMS.ru's
 *   delivery reports, each provider with its own secret path per company (the address the clinic
 *   registers with the provider), the same rules.
 * - `GET|POST /hooks/whatsapp/<path>`: the WhatsApp webhook (verification, signed notifications).
 * - `GET /v/<token>`: the patient's page of a visit (server-rendered, in their language), with
 *   Confirm and Cancel buttons. `POST /v/<token>` with `action=confirm|cancel` changes the visit's
 *   status through the appointment service (every calendar hears it). A GET never changes
 *   anything: mail scanners that follow links cannot cancel a visit.
 * - `GET|POST /u/<token>`: a broadcast's opt-out page (opt-out-page.ts), POST only changes.
 */
const MAX_BODY = 16 * 1024

async function readBody(ctx: ParameterizedContext): Promise<Record<string, string>> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY) throw Object.assign(new Error('body too large'), { status: 413 })
    chunks.push(chunk as Buffer)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  if ((ctx.get('content-type') ?? '').includes('application/json')) {
    try {
      const parsed = JSON.parse(text) as Record<string, unknown>
      return Object.fromEntries(Object.entries(parsed ?? {}).map(([key, value]) => [key, String(value ?? '')]))
    } catch {
      return {}
    }
  }
  return Object.fromEntries(new URLSearchParams(text))
}

export function messagingRoutes(app: Application): Middleware {
  return async (ctx, next) => {
    const hook = /^\/hooks\/eskiz\/([^/]+)$/.exec(ctx.path)
    if (hook) return eskizReport(app, ctx, hook[1])
    const report = /^\/hooks\/(playmobile|smsru)\/([^/]+)$/.exec(ctx.path)
    if (report) return smsReport(app, ctx, report[1] as 'playmobile' | 'smsru', report[2])
    const telegramHook = /^\/hooks\/telegram\/([^/]+)$/.exec(ctx.path)
    if (telegramHook) return telegramUpdate(app, ctx, telegramHook[1])
    const whatsappHook = /^\/hooks\/whatsapp\/([^/]+)$/.exec(ctx.path)
    if (whatsappHook) return whatsappWebhook(app, ctx, whatsappHook[1])
    const visit = /^\/v\/([A-Za-z0-9_-]{10,64})$/.exec(ctx.path)
    if (visit) return visitPage(app, ctx, visit[1])
    const optOut = /^\/u\/([A-Za-z0-9_-]{30})$/.exec(ctx.path)
    if (optOut) return optOutPage(app, ctx, optOut[1])
    return next()
  }
}

async function eskizReport(app: Application, ctx: ParameterizedContext, secret: string) {
  if (ctx.method !== 'POST') {
    ctx.status = 405
    return
  }
  const db = app.get('db')
  const companyId = await companyOfCallbackSecret(db, secret)
  if (!companyId) {
    ctx.status = 404
    return
  }
  const body = await readBody(ctx).catch(() => null)
  const providerMessageId = body?.message_id ?? body?.id
  const state = eskizState(body?.status)
  if (providerMessageId && state !== 'pending') {
    const settled = await settleDelivery(db, { companyId, provider: 'eskiz', providerMessageId }, { state, atMs: clockOf(app), error: state === 'failed' ? `eskiz: ${body?.status}` : undefined })
    if (settled) {
      const communications = app.service('communications') as unknown as { emit: (event: string, data: unknown) => void }
      communications.emit('patched', settled)
      await fallBackIfFailed(app, settled)
    }
  }
  ctx.status = 200
  ctx.body = { ok: true }
}

/** The form fields of a body with repeated or bracketed keys kept apart (SMS.ru posts `data[0]`, `data[1]` …). */
async function readReportBody(ctx: ParameterizedContext): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length
    if (size > 256 * 1024) return null
    chunks.push(chunk as Buffer)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  if ((ctx.get('content-type') ?? '').includes('application/json')) {
    try {
      const parsed = JSON.parse(text) as unknown
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null
    } catch {
      return null
    }
  }
  return Object.fromEntries(new URLSearchParams(text))
}

/**
 * Play Mobile's and SMS.ru's delivery reports. The path finds the company (unknown: 404); each
 * report names the provider's message id and changes only that company's message of that provider.
 * SMS.ru wants the answer "100" (else it posts the report again); Play Mobile a 200.
 */
async function smsReport(app: Application, ctx: ParameterizedContext, provider: 'playmobile' | 'smsru', hookPath: string) {
  if (ctx.method !== 'POST') {
    ctx.status = 405
    return
  }
  const db = app.get('db')
  const companyId = await companyOfReportPath(db, provider, hookPath)
  if (!companyId) {
    ctx.status = 404
    return
  }
  const body = await readReportBody(ctx).catch(() => null)
  const reports: Array<{ id: string; state: 'delivered' | 'failed' | 'pending'; said: string }> = []
  if (provider === 'smsru') {
    const form = Object.fromEntries(Object.entries(body ?? {}).map(([key, value]) => [key, String(value ?? '')]))
    for (const report of smsRuCallbackReports(form)) reports.push({ id: report.smsId, state: smsRuState(report.code), said: String(report.code) })
  } else {
    const many = Array.isArray(body?.messages) ? (body!.messages as Record<string, unknown>[]) : [body ?? {}]
    for (const one of many) {
      const report = playMobileReport(one)
      if (report) reports.push({ id: report.messageId, state: playMobileState(report.status), said: report.status })
    }
  }
  const communications = app.service('communications') as unknown as { emit: (event: string, data: unknown) => void }
  for (const report of reports.slice(0, 100)) {
    if (report.state === 'pending') continue
    const settled = await settleDelivery(db, { companyId, provider, providerMessageId: report.id }, { state: report.state, atMs: clockOf(app), error: report.state === 'failed' ? `${provider}: ${report.said}` : undefined })
    if (!settled) continue
    communications.emit('patched', settled)
    await fallBackIfFailed(app, settled)
  }
  ctx.status = 200
  if (provider === 'smsru') {
    ctx.type = 'text/plain'
    ctx.body = '100'
  } else ctx.body = { ok: true }
}

/**
 * `POST /hooks/telegram/<path>`: the clinic bot's webhook. The path (48 hex characters per
 * company) finds the company, and Telegram's `X-Telegram-Bot-Api-Secret-Token` header must be
 * the company's token (set with setWebhook): else 401 and nothing happens. The update is handled
 * at once (short work) and answered 200, also when handling failed (logged), so Telegram does
 * not send it again and again.
 */
async function telegramUpdate(app: Application, ctx: ParameterizedContext, hookPath: string) {
  if (ctx.method !== 'POST') {
    ctx.status = 405
    return
  }
  const db = app.get('db')
  const companyId = await companyOfTelegramHook(db, hookPath)
  const settings = companyId ? (await messagingSettings(db, companyId, app.get('config').authSecret)).telegram : null
  if (!companyId || !settings || settings.mode !== 'webhook' || !settings.hookToken) {
    ctx.status = 404
    return
  }
  const given = Buffer.from(String(ctx.get('x-telegram-bot-api-secret-token') ?? ''))
  const expected = Buffer.from(settings.hookToken)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    ctx.status = 401
    ctx.body = { ok: false }
    return
  }
  let update: Update
  try {
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of ctx.req) {
      size += (chunk as Buffer).length
      if (size > 256 * 1024) break
      chunks.push(chunk as Buffer)
    }
    update = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Update
  } catch {
    ctx.status = 400
    ctx.body = { ok: false }
    return
  }
  if (typeof update?.update_id === 'number') {
    await clinicBots(app)
      .handle(companyId, settings, update)
      .catch((error) => app.get('logger').error({ err: error, msg: 'telegram update failed', companyId }))
  }
  ctx.status = 200
  ctx.body = { ok: true }
}

/**
 * `/hooks/whatsapp/<path>`: the company's WhatsApp Cloud API webhook (path: 48 hex characters per
 * company, made by the connection test; unknown: 404).
 * - `GET` is Meta's verification: `hub.mode=subscribe` and `hub.verify_token` equal to the
 *   company's verify token → the `hub.challenge` echoed as text; else 403.
 * Refusals carry a body (the Feathers error handler turns a bodiless answer into 404).
 * - `POST` must carry `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body under the app
 *   secret>`; a missing or wrong one (or no app secret set) is 401 and the body is not looked at.
 *   A signed notification is handled at once (short work) and answered 200, also when handling
 *   failed (logged), so that Meta does not deliver it again and again.
 */
async function whatsappWebhook(app: Application, ctx: ParameterizedContext, hookPath: string) {
  if (ctx.method !== 'GET' && ctx.method !== 'POST') {
    ctx.status = 405
    ctx.body = { ok: false }
    return
  }
  const found = await companyOfWhatsappHook(app.get('db'), hookPath, app.get('config').authSecret)
  if (!found) {
    ctx.status = 404
    return
  }
  const { companyId, whatsapp } = found
  if (ctx.method === 'GET') {
    const given = Buffer.from(String(ctx.query['hub.verify_token'] ?? ''))
    const expected = Buffer.from(whatsapp.verifyToken ?? '')
    const challenge = String(ctx.query['hub.challenge'] ?? '')
    if (ctx.query['hub.mode'] !== 'subscribe' || !whatsapp.verifyToken || given.length !== expected.length || !timingSafeEqual(given, expected) || !/^[\x21-\x7e]{1,200}$/.test(challenge)) {
      ctx.status = 403
      ctx.body = { ok: false }
      return
    }
    ctx.type = 'text/plain'
    ctx.body = challenge
    return
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length
    if (size > 1024 * 1024) {
      ctx.status = 413
      ctx.body = { ok: false }
      return
    }
    chunks.push(chunk as Buffer)
  }
  const raw = Buffer.concat(chunks)
  if (!whatsapp.appSecret || !validHubSignature(whatsapp.appSecret, raw, ctx.get('x-hub-signature-256') || undefined)) {
    ctx.status = 401
    ctx.body = { ok: false }
    return
  }
  let notification: WhatsappNotification
  try {
    notification = JSON.parse(raw.toString('utf8')) as WhatsappNotification
  } catch {
    ctx.status = 400
    ctx.body = { ok: false }
    return
  }
  await handleWhatsappNotification(app, companyId, whatsapp, notification).catch((error) => app.get('logger').error({ err: error, msg: 'whatsapp notification failed', companyId }))
  ctx.status = 200
  ctx.body = { ok: true }
}

type Locale = 'ru' | 'uz' | 'en'
const texts: Record<Locale, Record<string, string>> = {
  ru: {
    title: 'Ваш визит', when: 'Когда', doctor: 'Врач', where: 'Где', status: 'Статус', confirm: 'Подтвердить визит', cancel: 'Отменить визит',
    confirmed: 'Визит подтверждён. Ждём вас!', cancelled: 'Визит отменён.', planned: 'Запланирован', notConfirmed: 'Не подтверждён', late: 'Опаздывает',
    arrived: 'Пациент пришёл', started: 'Идёт приём', completed: 'Завершён', noShow: 'Не пришёл', draft: 'Черновик', onlineWaiting: 'Ожидает подтверждения',
    invalid: 'Ссылка недействительна или устарела.', unchanged: 'Статус визита уже нельзя изменить.'
  },
  uz: {
    title: 'Sizning qabulingiz', when: 'Qachon', doctor: 'Shifokor', where: 'Qayerda', status: 'Holati', confirm: 'Qabulni tasdiqlash', cancel: 'Qabulni bekor qilish',
    confirmed: 'Qabul tasdiqlandi. Sizni kutamiz!', cancelled: 'Qabul bekor qilindi.', planned: 'Rejalashtirilgan', notConfirmed: 'Tasdiqlanmagan', late: 'Kechikmoqda',
    arrived: 'Bemor keldi', started: 'Qabul davom etmoqda', completed: 'Yakunlangan', noShow: 'Kelmadi', draft: 'Qoralama', onlineWaiting: 'Tasdiqlash kutilmoqda',
    invalid: 'Havola yaroqsiz yoki muddati o‘tgan.', unchanged: 'Qabul holatini endi o‘zgartirib bo‘lmaydi.'
  },
  en: {
    title: 'Your visit', when: 'When', doctor: 'Doctor', where: 'Where', status: 'Status', confirm: 'Confirm the visit', cancel: 'Cancel the visit',
    confirmed: 'Your visit is confirmed. See you!', cancelled: 'Your visit is cancelled.', planned: 'Planned', notConfirmed: 'Not confirmed', late: 'Late',
    arrived: 'Arrived', started: 'In treatment', completed: 'Completed', noShow: 'No show', draft: 'Draft', onlineWaiting: 'Awaiting confirmation',
    invalid: 'This link is not valid or has expired.', unchanged: 'The visit can no longer be changed.'
  }
}
const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

function page(locale: Locale, title: string, body: string) {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f5f5f5;color:#222}main{max-width:28rem;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 4px #0002}h1{font-size:1.3rem;margin:0 0 1rem}dl{margin:0 0 1rem}dt{color:#666;font-size:.85rem}dd{margin:0 0 .6rem}form{display:inline}button{font:inherit;padding:.6rem 1rem;border-radius:8px;border:1px solid #1677ff;margin:.25rem .5rem .25rem 0;cursor:pointer}.ok{background:#1677ff;color:#fff}.no{background:#fff;color:#cf1322;border-color:#cf1322}p.note{padding:.6rem;background:#f6ffed;border-radius:8px}</style></head><body><main>${body}</main></body></html>`
}

async function visitPage(app: Application, ctx: ParameterizedContext, token: string) {
  if (ctx.method !== 'GET' && ctx.method !== 'POST') {
    ctx.status = 405
    return
  }
  const db = app.get('db')
  const link = await linkByHash(db, hashToken(token))
  const nowMs = clockOf(app)
  ctx.set('cache-control', 'no-store')
  ctx.set('referrer-policy', 'no-referrer')
  ctx.type = 'html'
  const locale = ((link?.locale ?? 'ru') in texts ? link?.locale ?? 'ru' : 'ru') as Locale
  const t = texts[locale]
  const appointments = app.service('appointment')
  const appointment = link && new Date(link.expiresAt).getTime() > nowMs ? await appointments.get(link.appointmentId, { query: { companyId: link.companyId } }).catch(() => null) : null
  if (!link || !appointment) {
    ctx.status = 404
    ctx.body = page(locale, t.title, `<h1>${escape(t.title)}</h1><p>${escape(t.invalid)}</p>`)
    return
  }
  let note = ''
  let status = appointment.status as AppointmentStatus
  if (ctx.method === 'POST') {
    const action = (await readBody(ctx).catch(() => ({}) as Record<string, string>)).action
    if (action !== 'confirm' && action !== 'cancel') {
      ctx.status = 400
    } else {
      const answer = await answerVisit(app, appointment, action, { kind: 'link', tokenHash: hashToken(token) })
      status = answer.status
      if (answer.outcome === 'refused') {
        ctx.status = 409
        note = t.unchanged
      } else note = t[action === 'confirm' ? 'confirmed' : 'cancelled']
    }
  }
  const company = await companyContact(db, link.companyId)
  const branch = await branchContact(db, link.companyId, appointment.branchId)
  const doctor = await memberDisplayName(db, link.companyId, appointment.staffId)
  const local = toZoned(appointment.start, company?.timezone ?? 'UTC')
  const [year, month, day] = local.date.split('-')
  const actions = [
    canTransition(status, 'confirmed') ? `<form method="post"><input type="hidden" name="action" value="confirm"><button class="ok" type="submit">${escape(t.confirm)}</button></form>` : '',
    canTransition(status, 'cancelled') ? `<form method="post"><input type="hidden" name="action" value="cancel"><button class="no" type="submit">${escape(t.cancel)}</button></form>` : ''
  ].join('')
  ctx.body = page(
    locale,
    t.title,
    `<h1>${escape(company?.name ?? t.title)}</h1>${note ? `<p class="note" role="status">${escape(note)}</p>` : ''}<dl>
<dt>${escape(t.when)}</dt><dd>${day}.${month}.${year} ${local.time}</dd>
<dt>${escape(t.doctor)}</dt><dd>${escape(doctor)}</dd>
<dt>${escape(t.where)}</dt><dd>${escape([branch?.name, branch?.address].filter(Boolean).join(', '))}</dd>
<dt>${escape(t.status)}</dt><dd data-status="${status}">${escape(t[status] ?? status)}</dd></dl>${actions}`
  )
}
