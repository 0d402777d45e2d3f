import { NOT_CONNECTED, errorCode, type ChannelProvider, type DeliveryReport, type OutgoingMessage, type SendOutcome } from '../channel'

/**
 * SMS.ru (Russia). `POST {base}/sms/send` (form: api_id, to, msg, from, json=1) answers HTTP 200
 * with `{ status: "OK"|"ERROR", status_code, sms: { "<number>": { status, status_code, sms_id,
 * status_text } }, balance }`: 100 = taken. `POST {base}/sms/status` (api_id, sms_id, json=1)
 * answers `sms: { "<sms_id>": { status_code, status_text, cost } }`; delivery reports are posted to
 * the callback address the clinic adds in its SMS.ru account, as form fields `data[N]` each
 * "sms_status\n<sms_id>\n<status code>\n<unix time>", and must be answered "100".
 *
 * What counts as "did not send" (docs/decisions/messaging.md, as for Eskiz): no connection made;
 * 200/300/301 (a wrong api_id: the account), 220 (service unavailable for a moment), 231 (the same
 * text to the number too often this minute) → retried after 1, 2, 4, 8 minutes; every other
 * refusal (201 no money, 202/207 the number, 204 sender not approved, 209/215 stop lists, 216
 * a forbidden word, day limits 206/230/232 …) → failed at once. 500 ("server error"), a timeout,
 * a dropped connection or an HTTP 5xx → unknown, never resent.
 */
export const SMSRU_DEFAULT_URL = 'https://sms.ru'

export interface SmsRuOptions {
  baseUrl: string
  apiId: string
  /** The approved sender name; '' uses the account's default. */
  from: string
  timeoutMs?: number
}

const RETRIED = new Set([200, 220, 231, 300, 301])
/** Delivery status codes: 103 delivered, 110 read; 104–108 and 150 will not be delivered. */
export function smsRuState(code: unknown): DeliveryReport['state'] {
  const value = Number(code)
  if (value === 103 || value === 110) return 'delivered'
  if ((value >= 104 && value <= 108) || value === 150) return 'failed'
  return 'pending'
}

/** The reports in an SMS.ru callback's form fields (`data[0]`, `data[1]`, …): only `sms_status` lines. */
export function smsRuCallbackReports(form: Record<string, string>): Array<{ smsId: string; code: number }> {
  const reports: Array<{ smsId: string; code: number }> = []
  for (const [key, value] of Object.entries(form)) {
    if (!/^data\[\d+\]$/.test(key)) continue
    const [kind, smsId, code] = String(value).split('\n').map((line) => line.trim())
    if (kind === 'sms_status' && smsId && Number.isFinite(Number(code))) reports.push({ smsId, code: Number(code) })
  }
  return reports
}

interface Answer {
  status?: string
  status_code?: number
  status_text?: string
  sms?: Record<string, { status?: string; status_code?: number; status_text?: string; sms_id?: string; cost?: number | string }>
}

export class SmsRuSms implements ChannelProvider {
  readonly name = 'smsru'
  constructor(private readonly options: SmsRuOptions) {}

  private url(path: string) {
    return `${this.options.baseUrl.replace(/\/$/, '')}${path}`
  }

  private signal() {
    return AbortSignal.timeout(this.options.timeoutMs ?? 15_000)
  }

  /** What a refusal code means for the message. */
  private refused(code: number, text: string): SendOutcome {
    const said = `smsru: ${code} ${text}`.trim()
    if (code === 500) return { kind: 'unknown', error: said }
    return { kind: 'not-sent', error: said, retry: RETRIED.has(code) }
  }

  async send(message: OutgoingMessage): Promise<SendOutcome> {
    const to = message.to.replace(/\D/g, '')
    const form = new URLSearchParams({ api_id: this.options.apiId, to, msg: message.text, json: '1' })
    if (this.options.from) form.set('from', this.options.from)
    let response: Response
    let body: Answer
    try {
      response = await fetch(this.url('/sms/send'), { method: 'POST', body: form, signal: this.signal() })
    } catch (error) {
      if (NOT_CONNECTED.has(errorCode(error))) return { kind: 'not-sent', error: `smsru: not reached (${errorCode(error)})`, retry: true }
      return { kind: 'unknown', error: `smsru: ${(error as Error).name === 'TimeoutError' ? 'no answer in time' : (error as Error).message}` }
    }
    if (response.status >= 500) return { kind: 'unknown', error: `smsru: answered ${response.status}` }
    if (response.status === 429) return { kind: 'not-sent', error: 'smsru: too many requests', retry: true }
    if (response.status >= 400) return { kind: 'not-sent', error: `smsru: refused (${response.status})`, retry: false }
    try {
      body = (await response.json()) as Answer
    } catch (error) {
      // 200 with an answer we could not read (cut off): it may have been taken.
      return { kind: 'unknown', error: `smsru: unreadable answer (${(error as Error).message})` }
    }
    if (body.status !== 'OK') return this.refused(Number(body.status_code), body.status_text ?? '')
    const one = body.sms?.[to] ?? Object.values(body.sms ?? {})[0]
    if (!one) return { kind: 'unknown', error: 'smsru: the answer names no message' }
    if (one.status === 'OK' && one.sms_id) return { kind: 'sent', providerMessageId: String(one.sms_id) }
    return this.refused(Number(one.status_code), one.status_text ?? '')
  }

  async status(providerMessageId: string): Promise<DeliveryReport | null> {
    const form = new URLSearchParams({ api_id: this.options.apiId, sms_id: providerMessageId, json: '1' })
    const response = await fetch(this.url('/sms/status'), { method: 'POST', body: form, signal: this.signal() })
    if (!response.ok) return null
    const body = (await response.json()) as Answer
    const one = body.status === 'OK' ? body.sms?.[providerMessageId] : undefined
    if (!one) return null
    const state = smsRuState(one.status_code)
    const cost = Number(one.cost)
    // The cost is in roubles: kept in kopecks.
    return { state, cost: Number.isFinite(cost) && one.cost !== undefined ? Math.round(cost * 100) : null, error: state === 'failed' ? `smsru: ${one.status_code} ${one.status_text ?? ''}`.trim() : undefined }
  }
}
