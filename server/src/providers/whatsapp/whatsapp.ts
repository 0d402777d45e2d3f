import { createHmac, timingSafeEqual } from 'node:crypto'
import { NOT_CONNECTED, errorCode, type ChannelProvider, type DeliveryReport, type OutgoingMessage, type SendOutcome } from '../channel'

/**
 * WhatsApp Cloud API (Meta's Graph API): `POST {base}/{version}/{phone-number-id}/messages` with
 * the clinic's access token as a bearer, `messaging_product: whatsapp`, answered
 * `{ messages: [{ id }] }`. Inside the 24-hour customer-service window (the patient wrote to the
 * clinic) free-form text goes, with reply buttons when the message has them; outside it only an
 * approved template (name, language, body parameters, quick-reply payloads).
 *
 * What counts as "did not send" (docs/decisions/whatsapp.md), as Eskiz: a connection never made,
 * the rate limits (130429 throughput, 80007 account, 131056 pair, 4 and 613 call limits) and a
 * refused token (401, 190: the clinic may fix it) are retried; other refusals (an invalid
 * recipient, a template that does not exist or does not match, 131047 outside the window with no
 * template) fail at once; a timeout, a dropped connection or a 5xx may have sent it: unknown,
 * never resent. 131047 on free-form text with a template at hand sends the template instead
 * (the provider said the text did not go).
 */
export const WHATSAPP_BASE_URL = 'https://graph.facebook.com'
export const WHATSAPP_API_VERSION = 'v21.0'

export interface WhatsappOptions {
  baseUrl: string
  version?: string
  accessToken: string
  phoneNumberId: string
  timeoutMs?: number
}

/** A Graph API error body. */
export interface GraphError {
  message?: string
  type?: string
  code?: number
  error_subcode?: number
  error_data?: { details?: string }
  fbtrace_id?: string
}

const RETRIED = new Set([130429, 80007, 131056, 4, 613])
const AUTH = new Set([190, 0])
/** Outside the customer-service window: free-form text refused. */
export const REENGAGEMENT = 131047

/** What a Graph API answer that is not a sent message means for it. */
export function whatsappOutcome(status: number, error: GraphError | undefined): Exclude<SendOutcome, { kind: 'sent' }> {
  const code = typeof error?.code === 'number' ? error.code : null
  const said = `whatsapp: ${status}${code !== null ? ` (${code})` : ''} ${error?.error_data?.details ?? error?.message ?? ''}`.trim().slice(0, 480)
  if (code !== null && RETRIED.has(code)) return { kind: 'not-sent', error: said, retry: true }
  if (status === 429) return { kind: 'not-sent', error: said, retry: true }
  if (status >= 500 || status < 400) return { kind: 'unknown', error: said }
  if (status === 401 || (code !== null && AUTH.has(code))) return { kind: 'not-sent', error: said, retry: true }
  return { kind: 'not-sent', error: said, retry: false }
}

/** A WhatsApp status word (webhook `statuses[].status`) as a delivery state; `read` implies delivered. */
export function whatsappState(status: unknown): DeliveryReport['state'] {
  if (status === 'delivered' || status === 'read') return 'delivered'
  if (status === 'failed') return 'failed'
  return 'pending'
}

/** A template parameter: one line (Meta refuses new lines, tabs and runs of spaces), never empty. */
const parameter = (value: string) => value.replace(/\s+/g, ' ').trim().slice(0, 1000) || '-'

export class WhatsappCloud implements ChannelProvider {
  readonly name = 'whatsapp'
  constructor(private readonly options: WhatsappOptions) {}

  private url(path: string) {
    return `${this.options.baseUrl.replace(/\/$/, '')}/${this.options.version ?? WHATSAPP_API_VERSION}/${path}`
  }

  private async call(path: string, init: RequestInit): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(this.url(path), {
      ...init,
      headers: { authorization: `Bearer ${this.options.accessToken}`, 'content-type': 'application/json', ...(init.headers ?? {}) },
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000)
    })
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>
    return { status: response.status, body }
  }

  /** The number as Meta knows it (the connection test); throws the Graph API's message when refused. */
  async numberInfo(): Promise<{ displayPhoneNumber: string; verifiedName: string }> {
    const { status, body } = await this.call(`${encodeURIComponent(this.options.phoneNumberId)}?fields=display_phone_number,verified_name`, { method: 'GET' })
    if (status !== 200) throw new Error(((body.error as GraphError | undefined)?.message ?? `answered ${status}`).slice(0, 200))
    return { displayPhoneNumber: String(body.display_phone_number ?? ''), verifiedName: String(body.verified_name ?? '') }
  }

  private freeForm(message: OutgoingMessage): Record<string, unknown> {
    const buttons = message.buttons?.slice(0, 3)
    // Reply buttons take a body of at most 1024 characters and titles of 20.
    if (buttons?.length && message.text.length <= 1024) {
      return {
        type: 'interactive',
        interactive: { type: 'button', body: { text: message.text }, action: { buttons: buttons.map((button) => ({ type: 'reply', reply: { id: button.data, title: button.text.slice(0, 20) } })) } }
      }
    }
    return { type: 'text', text: { preview_url: false, body: message.text.slice(0, 4096) } }
  }

  private templated(message: OutgoingMessage): Record<string, unknown> {
    const template = message.template!
    const components: Array<Record<string, unknown>> = []
    if (template.parameters.length) components.push({ type: 'body', parameters: template.parameters.map((text) => ({ type: 'text', text: parameter(text) })) })
    for (const [index, button] of (message.buttons ?? []).entries()) {
      components.push({ type: 'button', sub_type: 'quick_reply', index: String(index), parameters: [{ type: 'payload', payload: button.data }] })
    }
    return { type: 'template', template: { name: template.name, language: { code: template.language }, components } }
  }

  private async post(to: string, content: Record<string, unknown>): Promise<SendOutcome & { code?: number }> {
    try {
      const { status, body } = await this.call(`${encodeURIComponent(this.options.phoneNumberId)}/messages`, {
        method: 'POST',
        body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', to, ...content })
      })
      const id = (body.messages as Array<{ id?: string }> | undefined)?.[0]?.id
      if (status >= 200 && status < 300 && id) return { kind: 'sent', providerMessageId: id }
      const error = body.error as GraphError | undefined
      return { ...whatsappOutcome(status, error), code: error?.code }
    } catch (error) {
      const code = errorCode(error)
      if (NOT_CONNECTED.has(code)) return { kind: 'not-sent', error: `whatsapp: not reached (${code})`, retry: true }
      return { kind: 'unknown', error: `whatsapp: ${(error as Error).name === 'TimeoutError' ? 'no answer in time' : String((error as Error).message).slice(0, 300)}` }
    }
  }

  async send(message: OutgoingMessage): Promise<SendOutcome> {
    const to = message.to.replace(/\D/g, '')
    if (to.length < 7) return { kind: 'not-sent', error: 'whatsapp: the patient has no phone', retry: false }
    if (message.freeForm) {
      const outcome = await this.post(to, this.freeForm(message))
      // WhatsApp says the window is closed (our record of it was wrong): the text did not go.
      if (outcome.kind === 'not-sent' && outcome.code === REENGAGEMENT && message.template) return strip(await this.post(to, this.templated(message)))
      return strip(outcome)
    }
    if (!message.template) return { kind: 'not-sent', error: 'whatsapp: outside the 24-hour window and no approved template set for this message', retry: false }
    return strip(await this.post(to, this.templated(message)))
  }
}

const strip = ({ code, ...outcome }: SendOutcome & { code?: number }): SendOutcome => {
  void code
  return outcome as SendOutcome
}

// Confirm / Cancel: the reply button's id or the quick reply's payload names the action and the
// visit, signed per company, so that a crafted reply cannot name another visit.

export type VisitAction = 'confirm' | 'cancel'
const ACTION_LETTER: Record<VisitAction, string> = { confirm: 'c', cancel: 'x' }

const signature = (secret: string, companyId: string, letter: string, appointmentId: string) =>
  createHmac('sha256', `clinic-whatsapp:${secret}:${companyId}`).update(`${letter}:${appointmentId}`).digest('base64url').slice(0, 22)

export function whatsappButtonData(secret: string, companyId: string, action: VisitAction, appointmentId: string): string {
  const letter = ACTION_LETTER[action]
  return `visit:${letter}:${appointmentId}:${signature(secret, companyId, letter, appointmentId)}`
}

/** The action and visit of a reply's payload, or null when it is not ours or not signed for this company. */
export function readWhatsappButton(secret: string, companyId: string, data: string | undefined): { action: VisitAction; appointmentId: string } | null {
  const match = /^visit:([cx]):([0-9a-f-]{36}):([A-Za-z0-9_-]{22})$/.exec(data ?? '')
  if (!match) return null
  const expected = Buffer.from(signature(secret, companyId, match[1], match[2]))
  const given = Buffer.from(match[3])
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  return { action: match[1] === 'c' ? 'confirm' : 'cancel', appointmentId: match[2] }
}

/** Whether `X-Hub-Signature-256` is `sha256=<HMAC-SHA256 of the raw body under the app secret>`. */
export function validHubSignature(appSecret: string, rawBody: Buffer, header: string | undefined): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header ?? '')
  if (!match) return false
  const expected = createHmac('sha256', appSecret).update(rawBody).digest()
  const given = Buffer.from(match[1], 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}
