import http from 'node:http'
import { LocalHttpServer, requestBody } from './local-http-server'

/** One SMS the local Eskiz took. */
export interface EskizMessage {
  id: string
  mobile_phone: string
  message: string
  from: string
  callback_url: string
  status: string
}

/**
 * A local HTTP server speaking Eskiz's published protocol (notify.eskiz.uz/api): login with
 * e-mail and password for a bearer token, token refresh, send (multipart), status by id, and
 * delivery reports POSTed to the message's callback_url. Tests script its behaviour: expired
 * tokens, a rate limit (429 beyond `perSecond`), refusals, answers that never come.
 */
export class EskizServer extends LocalHttpServer {
  readonly messages: EskizMessage[] = []
  readonly logins: string[] = []
  readonly refreshes: string[] = []
  email = 'clinic@example.uz'
  password = 'eskiz-secret'
  /** Sends answered per second at most; beyond it 429 (the provider's own limit). */
  perSecond = Infinity
  /** The most sends received in one second (the pacing a test checks), and how many were refused with 429. */
  peakPerSecond = 0
  refused = 0
  private valid = new Set<string>()
  private counter = 0
  private scripted: Array<{ status: number; body: unknown } | 'hang' | 'drop'> = []
  private window = { second: 0, count: 0 }

  override get url() {
    return `${this.origin}/api`
  }

  /** A new rate limit, its counting started afresh (the second under way forgets earlier sends). */
  limit(perSecond: number) {
    this.perSecond = perSecond
    this.window = { second: 0, count: 0 }
    this.peakPerSecond = 0
    this.refused = 0
  }

  /** Every token given so far stops working (Eskiz tokens expire after 30 days). */
  expireTokens() {
    this.valid.clear()
  }

  /** The next sends answer this (or never answer: 'hang'; or drop the connection: 'drop'). */
  script(...answers: Array<{ status: number; body: unknown } | 'hang' | 'drop'>) {
    this.scripted.push(...answers)
  }

  /** The provider reports a message's delivery to its callback_url, as Eskiz does. */
  async report(id: string, status: string): Promise<number> {
    const message = this.messages.find((item) => item.id === id)
    if (!message) throw new Error(`no message ${id}`)
    message.status = status
    const response = await fetch(message.callback_url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ request_id: id, message_id: id, user_sms_id: '', country: 'UZ', phone_number: message.mobile_phone, sms_count: 1, status, status_date: new Date().toISOString() })
    })
    return response.status
  }

  /** Sets a message's state without a callback (the status query tells it). */
  setStatus(id: string, status: string) {
    const message = this.messages.find((item) => item.id === id)
    if (message) message.status = status
  }

  private token() {
    const token = `token-${++this.counter}-${Math.random().toString(36).slice(2)}`
    this.valid.add(token)
    return token
  }

  private bearer(req: http.IncomingMessage) {
    return /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? ''
  }

  private async form(req: http.IncomingMessage): Promise<Record<string, string>> {
    const raw = await requestBody(req)
    const request = new Request('http://local/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: raw })
    const data = await request.formData()
    return Object.fromEntries([...data.entries()].map(([key, value]) => [key, String(value)]))
  }

  protected async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    const path = (req.url ?? '').replace(/^\/api/, '')
    if (req.method === 'POST' && path === '/auth/login') {
      const form = await this.form(req)
      this.logins.push(form.email)
      if (form.email !== this.email || form.password !== this.password) return json(401, { message: 'Unauthorized' })
      return json(200, { message: 'token_generated', data: { token: this.token() }, token_type: 'bearer' })
    }
    if (req.method === 'PATCH' && path === '/auth/refresh') {
      const token = this.bearer(req)
      this.refreshes.push(token)
      // A refresh accepts a token this server once issued (valid or expired), as Eskiz does.
      if (!token.startsWith('token-')) return json(401, { message: 'Unauthorized' })
      return json(200, { message: 'token_generated', data: { token: this.token() } })
    }
    if (!this.valid.has(this.bearer(req))) return json(401, { status: 'token-invalid', message: 'Expired' })
    if (req.method === 'POST' && path === '/message/sms/send') {
      const form = await this.form(req)
      const second = Math.floor(Date.now() / 1000)
      if (this.window.second !== second) this.window = { second, count: 0 }
      this.peakPerSecond = Math.max(this.peakPerSecond, ++this.window.count)
      if (this.window.count > this.perSecond) {
        this.refused += 1
        return json(429, { message: 'Too many requests' })
      }
      const scripted = this.scripted.shift()
      if (scripted === 'hang') return // never answers
      if (scripted === 'drop') {
        req.socket.destroy()
        return
      }
      if (scripted) return json(scripted.status, scripted.body)
      const id = String(4_000_000 + this.messages.length)
      this.messages.push({ id, mobile_phone: form.mobile_phone, message: form.message, from: form.from, callback_url: form.callback_url ?? '', status: 'WAITING' })
      return json(200, { id, message: 'Waiting for SMS provider', status: 'waiting' })
    }
    const status = /^\/message\/sms\/status_by_id\/(.+)$/.exec(path)
    if (req.method === 'GET' && status) {
      const message = this.messages.find((item) => item.id === status[1])
      if (!message) return json(404, { status: 'error', message: 'Not found' })
      return json(200, { status: 'success', data: { id: message.id, status: message.status, price: 50, parts_count: 1, is_ad: false } })
    }
    return json(404, { message: 'Not found' })
  }
}
