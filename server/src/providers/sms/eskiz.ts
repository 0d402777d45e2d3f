import { NOT_CONNECTED, errorCode, type ChannelProvider, type DeliveryReport, type OutgoingMessage, type SendOutcome } from '../channel'

/**
 * Eskiz.uz SMS (notify.eskiz.uz/api). Bearer token from `POST /auth/login` (e-mail and
 * password), renewed by `PATCH /auth/refresh`, and by logging in again when that fails; the
 * token is kept between sends (the caller's `tokens`). `POST /message/sms/send` (multipart:
 * mobile_phone, message, from, callback_url) answers the message id with status "waiting";
 * `GET /message/sms/status_by_id/{id}` tells the delivery state; delivery reports are POSTed to
 * callback_url.
 *
 * What counts as "did not send" (docs/decisions/messaging.md): a connection that was never made,
 * 401 after a fresh token, 429 (retried later); 400/422 and other 4xx (refused: wrong number,
 * text not matching an approved template, no balance: failed, not retried). A timeout or a 5xx
 * may have sent it: unknown, never resent automatically.
 */
export const ESKIZ_DEFAULT_URL = 'https://notify.eskiz.uz/api'

export interface EskizOptions {
  baseUrl: string
  email: string
  password: string
  from: string
  /** Where Eskiz posts delivery reports; none: polling only. */
  callbackUrl?: string
  timeoutMs?: number
  tokens: { get(): Promise<string | null>; set(token: string | null): Promise<void> }
}

const DELIVERED = new Set(['DELIVRD', 'DELIVERED'])
const FAILED = new Set(['UNDELIV', 'UNDELIVERABLE', 'REJECTD', 'REJECTED', 'EXPIRED', 'DELETED', 'FAILED', 'ERROR'])

/** An Eskiz status word as a delivery state. */
export function eskizState(status: unknown): DeliveryReport['state'] {
  const word = String(status ?? '').toUpperCase()
  if (DELIVERED.has(word)) return 'delivered'
  if (FAILED.has(word)) return 'failed'
  return 'pending'
}

class Unauthorized extends Error {}

export class EskizSms implements ChannelProvider {
  readonly name = 'eskiz'
  constructor(private readonly options: EskizOptions) {}

  private url(path: string) {
    return `${this.options.baseUrl.replace(/\/$/, '')}${path}`
  }

  private signal() {
    return AbortSignal.timeout(this.options.timeoutMs ?? 15_000)
  }

  private async login(): Promise<string> {
    const form = new FormData()
    form.set('email', this.options.email)
    form.set('password', this.options.password)
    const response = await fetch(this.url('/auth/login'), { method: 'POST', body: form, signal: this.signal() })
    if (response.status === 401 || response.status === 400 || response.status === 422) throw new Unauthorized('eskiz: login refused (check the e-mail and password)')
    if (!response.ok) throw new Error(`eskiz: login answered ${response.status}`)
    const token = ((await response.json()) as { data?: { token?: string } }).data?.token
    if (!token) throw new Error('eskiz: login gave no token')
    await this.options.tokens.set(token)
    return token
  }

  private async refresh(token: string): Promise<string> {
    const response = await fetch(this.url('/auth/refresh'), { method: 'PATCH', headers: { authorization: `Bearer ${token}` }, signal: this.signal() })
    if (!response.ok) return this.login()
    const fresh = ((await response.json()) as { data?: { token?: string } }).data?.token
    if (!fresh) return this.login()
    await this.options.tokens.set(fresh)
    return fresh
  }

  /** A request with the kept token; on 401 once more with a refreshed (or new) one. */
  private async authorized(request: (token: string) => Promise<Response>): Promise<Response> {
    const kept = await this.options.tokens.get()
    const token = kept ?? (await this.login())
    const response = await request(token)
    if (response.status !== 401) return response
    const fresh = kept ? await this.refresh(token) : await this.login()
    return request(fresh)
  }

  async send(message: OutgoingMessage): Promise<SendOutcome> {
    let response: Response
    try {
      response = await this.authorized((token) => {
        const form = new FormData()
        form.set('mobile_phone', message.to.replace(/\D/g, ''))
        form.set('message', message.text)
        form.set('from', this.options.from)
        if (this.options.callbackUrl) form.set('callback_url', this.options.callbackUrl)
        return fetch(this.url('/message/sms/send'), { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form, signal: this.signal() })
      })
    } catch (error) {
      if (error instanceof Unauthorized) return { kind: 'not-sent', error: error.message, retry: true }
      if (NOT_CONNECTED.has(errorCode(error))) return { kind: 'not-sent', error: `eskiz: not reached (${errorCode(error)})`, retry: true }
      return { kind: 'unknown', error: `eskiz: ${(error as Error).name === 'TimeoutError' ? 'no answer in time' : (error as Error).message}` }
    }
    const body = (await response.json().catch(() => ({}))) as { id?: string | number; message?: unknown; status?: string }
    const said = typeof body.message === 'string' ? body.message : JSON.stringify(body.message ?? '')
    if (response.ok && body.id !== undefined) return { kind: 'sent', providerMessageId: String(body.id) }
    if (response.status === 401) return { kind: 'not-sent', error: 'eskiz: not authorised', retry: true }
    if (response.status === 429) return { kind: 'not-sent', error: 'eskiz: too many requests', retry: true }
    if (response.status >= 400 && response.status < 500) return { kind: 'not-sent', error: `eskiz: refused (${response.status}) ${said}`.trim(), retry: false }
    return { kind: 'unknown', error: `eskiz: answered ${response.status} ${said}`.trim() }
  }

  async status(providerMessageId: string): Promise<DeliveryReport | null> {
    const response = await this.authorized((token) =>
      fetch(this.url(`/message/sms/status_by_id/${encodeURIComponent(providerMessageId)}`), { headers: { authorization: `Bearer ${token}` }, signal: this.signal() })
    )
    if (!response.ok) return null
    const body = (await response.json()) as { data?: { status?: string; price?: number } }
    if (!body.data) return null
    return { state: eskizState(body.data.status), cost: typeof body.data.price === 'number' ? Math.round(body.data.price) : null }
  }
}
