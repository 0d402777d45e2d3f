import http from 'node:http'
import { createHmac } from 'node:crypto'
import { LocalHttpServer, requestBody } from './local-http-server'

/** One message the local Graph API took: the JSON sent to `/{version}/{phone-number-id}/messages`. */
export interface WhatsappSent {
  id: string
  to: string
  type: 'text' | 'interactive' | 'template' | string
  body: Record<string, unknown>
}

type Scripted = { status: number; body: unknown } | 'hang' | 'drop'

/** A Graph API error as Meta answers it (`{ error: { message, type, code, error_data, fbtrace_id } }`). */
export function graphError(status: number, code: number, message: string, details?: string): { status: number; body: unknown } {
  return { status, body: { error: { message: `(#${code}) ${message}`, type: 'OAuthException', code, ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}), fbtrace_id: 'AbCdEfGhIjKl' } } }
}

/**
 * A local HTTP server speaking the WhatsApp Cloud API (Meta's Graph API): `POST
 * /{version}/{phone-number-id}/messages` with a bearer token (`messaging_product: whatsapp`, text,
 * interactive or template) answered `{ messaging_product, contacts, messages: [{ id }] }`; `GET
 * /{version}/{phone-number-id}?fields=...` the number's display number and verified name. A wrong
 * token is 401 (code 190), another phone number id 400 (code 100). Tests script the next sends'
 * answers (Graph errors, an answer that never comes, a dropped connection). As "Meta" it also
 * calls the clinic's webhook: the verification GET, and notifications (statuses, inbound
 * messages, quick replies) signed `X-Hub-Signature-256` with the app secret.
 */
export class WhatsappServer extends LocalHttpServer {
  readonly sent: WhatsappSent[] = []
  accessToken = 'EAAGtestAccessToken0123456789'
  phoneNumberId = '106540352242922'
  appSecret = '0123456789abcdef0123456789abcdef'
  displayPhoneNumber = '+998 71 200 00 00'
  verifiedName = 'Clinic Test'
  /** The webhook Meta calls (set by the test from the connection check's answer). */
  webhookUrl = ''
  private counter = 0
  private scripted: Scripted[] = []

  /** The next sends answer this (or never answer: 'hang'; or drop the connection: 'drop'). */
  script(...answers: Scripted[]) {
    this.scripted.push(...answers)
  }

  /** The messages sent to this number (digits). */
  to(phone: string) {
    const digits = phone.replace(/\D/g, '')
    return this.sent.filter((message) => message.to === digits)
  }

  protected async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const raw = await requestBody(req)
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    const url = new URL(req.url ?? '/', 'http://local')
    const match = /^\/v\d+\.\d+\/(\d+)(\/messages)?$/.exec(url.pathname)
    if (!match) return json(404, { error: { message: 'Unknown path components', type: 'OAuthException', code: 2500 } })
    if (req.headers.authorization !== `Bearer ${this.accessToken}`) {
      return json(401, { error: { message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190, fbtrace_id: 'AbCdEfGhIjKl' } })
    }
    if (match[1] !== this.phoneNumberId) {
      const error = graphError(400, 100, `Unsupported ${req.method === 'GET' ? 'get' : 'post'} request. Object with ID '${match[1]}' does not exist`)
      return json(error.status, error.body)
    }
    if (req.method === 'GET' && !match[2]) return json(200, { display_phone_number: this.displayPhoneNumber, verified_name: this.verifiedName, id: this.phoneNumberId })
    if (req.method !== 'POST' || !match[2]) return json(400, graphError(400, 100, 'Invalid parameter').body)
    const body = JSON.parse(raw.toString('utf8') || '{}') as Record<string, unknown>
    if (body.messaging_product !== 'whatsapp') return json(400, graphError(400, 100, 'Invalid parameter', 'messaging_product is required').body)
    const scripted = this.scripted.shift()
    if (scripted === 'hang') return
    if (scripted === 'drop') {
      req.socket.destroy()
      return
    }
    if (scripted) return json(scripted.status, scripted.body)
    const id = `wamid.HBgM${String(++this.counter).padStart(8, '0')}`
    const to = String(body.to ?? '')
    this.sent.push({ id, to, type: String(body.type ?? 'text'), body })
    return json(200, { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id, ...(body.type === 'template' ? { message_status: 'accepted' } : {}) }] })
  }

  /** Meta's webhook verification: GET with hub.mode, hub.verify_token, hub.challenge; the status and the text answered. */
  async verify(verifyToken: string, challenge = '1158201444', url = this.webhookUrl): Promise<{ status: number; text: string }> {
    const query = new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.verify_token': verifyToken, 'hub.challenge': challenge })
    const response = await fetch(`${url}?${query}`)
    return { status: response.status, text: await response.text() }
  }

  /** Meta posts a notification (`value` of one `messages` change) signed with the app secret (or `signature` as given); the answer's status. */
  async notify(value: Record<string, unknown>, options: { signature?: string; url?: string } = {}): Promise<number> {
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: '102290129340398', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: this.displayPhoneNumber.replace(/\D/g, ''), phone_number_id: this.phoneNumberId }, ...value } }] }]
    })
    const signature = options.signature ?? `sha256=${createHmac('sha256', this.appSecret).update(body).digest('hex')}`
    const response = await fetch(options.url ?? this.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature }, body })
    return response.status
  }

  /** A status of a sent message (sent, delivered, read, failed with WhatsApp's error). */
  status(id: string, status: 'sent' | 'delivered' | 'read' | 'failed', timestampMs = Date.now(), errors?: Array<{ code: number; title: string }>) {
    const message = this.sent.find((item) => item.id === id)
    return this.notify({
      statuses: [
        { id, status, timestamp: String(Math.floor(timestampMs / 1000)), recipient_id: message?.to ?? '998000000000', ...(errors ? { errors: errors.map((error) => ({ ...error, message: error.title, error_data: { details: error.title } })) } : {}) }
      ]
    })
  }

  private inbound(from: string, timestampMs: number, message: Record<string, unknown>) {
    const waId = from.replace(/\D/g, '')
    return this.notify({
      contacts: [{ profile: { name: 'Patient' }, wa_id: waId }],
      messages: [{ from: waId, id: `wamid.IN${++this.counter}`, timestamp: String(Math.floor(timestampMs / 1000)), ...message }]
    })
  }

  /** The patient writes free text to the clinic. */
  text(from: string, body: string, timestampMs = Date.now()) {
    return this.inbound(from, timestampMs, { type: 'text', text: { body } })
  }

  /** The patient presses a template's quick-reply button (its payload as we sent it). */
  quickReply(from: string, payload: string, text: string, timestampMs = Date.now()) {
    return this.inbound(from, timestampMs, { type: 'button', context: { from: this.displayPhoneNumber.replace(/\D/g, ''), id: 'wamid.CTX' }, button: { payload, text } })
  }

  /** The patient presses a reply button of an interactive (free-form) message. */
  buttonReply(from: string, id: string, title: string, timestampMs = Date.now()) {
    return this.inbound(from, timestampMs, { type: 'interactive', interactive: { type: 'button_reply', button_reply: { id, title } } })
  }
}
