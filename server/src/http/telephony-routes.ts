import { Readable } from 'node:stream'
import { timingSafeEqual } from 'node:crypto'
import type { Context, Middleware } from 'koa'
import { NotFound } from '@feathersjs/errors'
import type { Application } from '../declarations'
import { bearerCaller } from './media-routes'
import { clinicError } from '../errors'
import { messages } from '../../../domain/messages'
import { onpbxEvents, type OnpbxEvent } from '../../../domain/telephony/onlinepbx'
import { pbxClient, pbxConfigured, settingsOfHookPath, telephonySettings } from '../services/telephony/onlinepbx-integration/telephony-store'
import { takePbxReport } from '../services/telephony/calls/call-intake'
import { ONPBX_RECORDINGS_ORIGIN, recordingUrlAllowed } from '../providers/telephony/onlinepbx'
import type { Call } from '../services/telephony/calls/calls.class'

/**
 * The telephony area's plain-HTTP routes (ARCHITECTURE.md: HTTP only for what cannot be a socket call):
 * - `POST /hooks/onlinepbx/<path>`: OnlinePBX's webhooks (Profile → Webhooks). The secret path
 *   segment (48 hex characters, per company) is the credential; an unknown one is 404. When the
 *   clinic set a CRM token, the webhook must carry it too (`token` in the body or the query, or the
 *   `x-crm-token` header): else 403 "Wrong CRM token key". Each (call uuid, event) is taken once: a
 *   replay answers 200 and changes nothing.
 * - `GET /calls/<id>/recording` with `Authorization: Bearer <access token>`: the call's recording,
 *   read through `calls` as the caller (permission, company, branch), its link asked fresh from the
 *   PBX and streamed from the PBX's recordings host only. The API key never leaves the server.
 */
const MAX_BODY = 16 * 1024

async function readForm(ctx: Context): Promise<Record<string, string> | null> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY) return null
    chunks.push(chunk as Buffer)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  if ((ctx.get('content-type') ?? '').includes('application/json')) {
    try {
      const parsed = JSON.parse(text) as unknown
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null
      return Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key, typeof value === 'object' ? '' : String(value ?? '')]))
    } catch {
      return null
    }
  }
  return Object.fromEntries(new URLSearchParams(text))
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** The instant of the webhook's `date` (unix seconds or a date text); now when absent or unreadable. */
function instantOf(date: string | undefined): string {
  const seconds = Number(date)
  if (date && Number.isFinite(seconds) && seconds > 1e9) return new Date(seconds * 1000).toISOString()
  const parsed = Date.parse(date ?? '')
  return Number.isFinite(parsed) ? new Date(parsed).toISOString() : new Date().toISOString()
}

async function onlinePbxWebhook(app: Application, ctx: Context, hookPath: string) {
  if (ctx.method !== 'POST') {
    // A body, or the app's error handler turns an empty answer into 404.
    ctx.status = 405
    ctx.body = { ok: false }
    return
  }
  const secret = app.get('config').authSecret
  const settings = await settingsOfHookPath(app.get('db'), hookPath, secret)
  if (!settings) {
    ctx.status = 404
    ctx.body = { ok: false }
    return
  }
  const body = await readForm(ctx)
  if (!body) {
    ctx.status = 400
    ctx.body = { ok: false }
    return
  }
  if (settings.crmToken) {
    const token = body.token || String(ctx.query.token ?? '') || ctx.get('x-crm-token')
    if (!sameSecret(token, settings.crmToken)) {
      ctx.status = 403
      ctx.body = { ok: false, code: 'onpbx-wrong-crm-token', message: messages['onpbx-wrong-crm-token'] }
      return
    }
  }
  const event = body.event as OnpbxEvent
  if (!onpbxEvents.includes(event) || !body.uuid || body.uuid.length > 100) {
    // An event we do not act on (or not a call): taken, so the PBX does not retry it.
    ctx.status = 200
    ctx.body = { ok: true, ignored: true }
    return
  }
  const direction = body.direction === 'outbound' ? 'outbound' : 'inbound'
  const call = await takePbxReport(app, settings, { kind: 'event', uuid: body.uuid, event, direction, caller: body.caller ?? '', callee: body.callee ?? '', at: instantOf(body.date) })
  ctx.status = 200
  ctx.body = { ok: true, replay: call === null }
}

async function recording(app: Application, ctx: Context, callId: string) {
  ctx.set('Cache-Control', 'no-store')
  try {
    const params = await bearerCaller(app, ctx)
    const call = (await app.service('calls').get(callId, params)) as Call
    if (!call.hasRecording) throw clinicError(NotFound, 'onpbx-no-recording')
    const settings = await telephonySettings(app.get('db'), call.companyId, app.get('config').authSecret)
    if (!pbxConfigured(settings)) throw clinicError(NotFound, 'onpbx-not-configured')
    const link = await pbxClient(app, settings).recordingUrl(call.uuid)
    const allowed = app.get('onlinepbxRecordingsOrigin') ?? ONPBX_RECORDINGS_ORIGIN
    if (!link || !recordingUrlAllowed(link, allowed)) throw clinicError(NotFound, 'onpbx-no-recording')
    const response = await fetch(link, { redirect: 'error', signal: AbortSignal.timeout(30_000) })
    if (!response.ok || !response.body) throw clinicError(NotFound, 'onpbx-no-recording')
    ctx.status = 200
    ctx.type = response.headers.get('content-type')?.startsWith('audio/') ? response.headers.get('content-type')! : 'audio/mpeg'
    const length = response.headers.get('content-length')
    if (length) ctx.set('Content-Length', length)
    ctx.body = Readable.fromWeb(response.body as never)
  } catch (error) {
    const failure = error as { code?: number; toJSON?: () => unknown; message?: string }
    ctx.status = typeof failure.code === 'number' && failure.code >= 400 && failure.code < 600 ? failure.code : 502
    ctx.body = failure.toJSON ? failure.toJSON() : { message: messages['onpbx-unreachable'] }
  }
}

export function telephonyRoutes(app: Application): Middleware {
  return async (ctx, next) => {
    const hook = /^\/hooks\/onlinepbx\/([^/]+)$/.exec(ctx.path)
    if (hook) return onlinePbxWebhook(app, ctx, hook[1])
    const record = /^\/calls\/([^/]+)\/recording$/.exec(ctx.path)
    if (record && ctx.method === 'GET') return recording(app, ctx, record[1])
    return next()
  }
}
