import { NOT_CONNECTED, errorCode, type ChannelProvider, type DeliveryReport, type OutgoingMessage, type SendOutcome } from '../channel'

/**
 * Play Mobile (Uzbekistan, smsxabar.uz) SMS. `POST {base}/broker-api/send` with HTTP Basic
 * (the account's login and password) and a JSON body
 * `{ messages: [{ recipient: "998…", "message-id": "…", sms: { originator, content: { text } } }] }`.
 * The message id is ours (the outbox row's id, without dashes): Play Mobile answers 200 with no
 * id of its own, and its delivery reports and `POST {base}/broker-api/get-status`
 * (`{ "message-id": [id] }`) name the message by it.
 *
 * Refusals come as 400 with `{ "error-code", "error-description" }` (101 syntax, 102 account
 * locked, 202 no recipient, 401 no originator, 404–406 content …: failed, not retried); error code
 * 100 is Play Mobile's own internal error, which does not say the message was not taken: unknown.
 * What counts as "did not send", as for Eskiz (docs/decisions/messaging.md): no connection made,
 * 401/403 (the login or password), 429 → retried; a timeout, a dropped connection or a 5xx →
 * unknown, never resent.
 *
 * Delivery reports go to the address the clinic registers with Play Mobile (its receive URL),
 * which is `PUBLIC_URL/hooks/playmobile/<secret path>`; their body is not in Play Mobile's public
 * documentation, so `playMobileReport` reads the field names seen in published clients.
 */
export const PLAYMOBILE_DEFAULT_URL = 'https://send.smsxabar.uz'

export interface PlayMobileOptions {
  baseUrl: string
  login: string
  password: string
  originator: string
  timeoutMs?: number
}

const DELIVERED = new Set(['DELIVERED', 'DELIVRD', 'TRANSMITTED'])
const FAILED = new Set(['FAILED', 'NOTDELIVERED', 'NOT_DELIVERED', 'UNDELIV', 'UNDELIVERED', 'UNDELIVERABLE', 'REJECTED', 'REJECTD', 'EXPIRED', 'DELETED', 'ERROR'])

/** A Play Mobile status word as a delivery state. */
export function playMobileState(status: unknown): DeliveryReport['state'] {
  const word = String(status ?? '').toUpperCase()
  if (DELIVERED.has(word)) return 'delivered'
  if (FAILED.has(word)) return 'failed'
  return 'pending'
}

/** The message id and status of a delivery report or a status answer (one message), whatever its exact field names. */
export function playMobileReport(body: Record<string, unknown> | null | undefined): { messageId: string; status: string } | null {
  if (!body) return null
  const first = Array.isArray(body.messages) ? (body.messages[0] as Record<string, unknown> | undefined) : undefined
  const source = first ?? body
  const messageId = source['message-id'] ?? source.messageId ?? source.message_id ?? source.id
  const status = source.status ?? source['delivery-status'] ?? source.state
  if (messageId === undefined || messageId === null || status === undefined || status === null) return null
  return { messageId: String(Array.isArray(messageId) ? messageId[0] : messageId), status: String(status) }
}

/** Play Mobile takes letters and digits in a message id: the outbox id without its dashes. */
export const playMobileMessageId = (outboxId: string) => outboxId.replace(/[^A-Za-z0-9]/g, '')

export class PlayMobileSms implements ChannelProvider {
  readonly name = 'playmobile'
  constructor(private readonly options: PlayMobileOptions) {}

  private url(path: string) {
    return `${this.options.baseUrl.replace(/\/$/, '')}${path}`
  }

  private headers() {
    const basic = Buffer.from(`${this.options.login}:${this.options.password}`).toString('base64')
    return { authorization: `Basic ${basic}`, 'content-type': 'application/json', accept: 'application/json' }
  }

  private signal() {
    return AbortSignal.timeout(this.options.timeoutMs ?? 15_000)
  }

  async send(message: OutgoingMessage): Promise<SendOutcome> {
    const messageId = playMobileMessageId(message.id)
    const body = {
      messages: [{ recipient: message.to.replace(/\D/g, ''), 'message-id': messageId, sms: { originator: this.options.originator, content: { text: message.text } } }]
    }
    let response: Response
    try {
      response = await fetch(this.url('/broker-api/send'), { method: 'POST', headers: this.headers(), body: JSON.stringify(body), signal: this.signal() })
    } catch (error) {
      if (NOT_CONNECTED.has(errorCode(error))) return { kind: 'not-sent', error: `playmobile: not reached (${errorCode(error)})`, retry: true }
      return { kind: 'unknown', error: `playmobile: ${(error as Error).name === 'TimeoutError' ? 'no answer in time' : (error as Error).message}` }
    }
    let text: string
    try {
      text = await response.text()
    } catch (error) {
      // The answer was cut off: it may have been taken.
      return { kind: 'unknown', error: `playmobile: the answer was cut off (${(error as Error).message})` }
    }
    if (response.ok) return { kind: 'sent', providerMessageId: messageId }
    if (response.status === 401 || response.status === 403) return { kind: 'not-sent', error: `playmobile: not authorised (${response.status})`, retry: true }
    if (response.status === 429) return { kind: 'not-sent', error: 'playmobile: too many requests', retry: true }
    if (response.status >= 400 && response.status < 500) {
      const parsed = safeJson(text)
      const code = Number(parsed?.['error-code'])
      const said = `${Number.isFinite(code) ? code : ''} ${String(parsed?.['error-description'] ?? text).slice(0, 200)}`.trim()
      // 100: "internal server error" of Play Mobile: it does not say the message was not taken.
      if (code === 100) return { kind: 'unknown', error: `playmobile: answered ${response.status} ${said}` }
      return { kind: 'not-sent', error: `playmobile: refused (${response.status}) ${said}`.trim(), retry: false }
    }
    return { kind: 'unknown', error: `playmobile: answered ${response.status} ${text.slice(0, 200)}`.trim() }
  }

  async status(providerMessageId: string): Promise<DeliveryReport | null> {
    const response = await fetch(this.url('/broker-api/get-status'), {
      method: 'POST',
      headers: this.headers(),
      body: JSON.stringify({ 'message-id': [providerMessageId] }),
      signal: this.signal()
    })
    if (!response.ok) return null
    const report = playMobileReport(safeJson(await response.text()))
    if (!report || report.messageId !== providerMessageId) return null
    const state = playMobileState(report.status)
    return { state, error: state === 'failed' ? `playmobile: ${report.status}` : undefined }
  }
}

function safeJson(text: string): Record<string, unknown> | null {
  try {
    const parsed = JSON.parse(text) as unknown
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null
  } catch {
    return null
  }
}
