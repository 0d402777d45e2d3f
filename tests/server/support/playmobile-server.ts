import http from 'node:http'
import { LocalHttpServer, requestBody } from './local-http-server'

/** One SMS the local Play Mobile took. */
export interface PlayMobileMessage {
  messageId: string
  recipient: string
  originator: string
  text: string
  status: string
}

type Scripted = { status: number; body: unknown } | 'hang' | 'drop'

/**
 * A local HTTP server speaking Play Mobile's broker API (smsxabar.uz): `POST /broker-api/send`
 * with HTTP Basic and a JSON `messages` list (answers 200 "Request is received"; refusals 400 with
 * `error-code` and `error-description`; 401 for a wrong login), `POST /broker-api/get-status` with
 * `{ "message-id": [id] }`, and delivery reports POSTed (JSON) to the address the clinic
 * registered. Tests script its answers: refusals, server errors, answers that never come.
 */
export class PlayMobileServer extends LocalHttpServer {
  readonly messages: PlayMobileMessage[] = []
  login = 'clinic'
  password = 'pm-secret'
  private scripted: Scripted[] = []

  /** The next sends answer this (or never answer: 'hang'; or drop the connection: 'drop'). */
  script(...answers: Scripted[]) {
    this.scripted.push(...answers)
  }

  /** Play Mobile reports a message's delivery to the address the clinic registered. */
  async report(reportUrl: string, messageId: string, status: string): Promise<number> {
    const message = this.messages.find((item) => item.messageId === messageId)
    if (message) message.status = status
    const response = await fetch(reportUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ 'message-id': messageId, status, 'status-date': new Date().toISOString() }) })
    return response.status
  }

  /** Sets a message's state without a report (the status call tells it). */
  setStatus(messageId: string, status: string) {
    const message = this.messages.find((item) => item.messageId === messageId)
    if (message) message.status = status
  }

  protected async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' })
      res.end(typeof body === 'string' ? body : JSON.stringify(body))
    }
    const raw = await requestBody(req)
    const expected = `Basic ${Buffer.from(`${this.login}:${this.password}`).toString('base64')}`
    if (req.headers.authorization !== expected) return answer(401, 'Unauthorized')
    let body: Record<string, unknown>
    try {
      body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>
    } catch {
      return answer(400, { 'error-code': 101, 'error-description': 'Syntax error' })
    }
    const path = (req.url ?? '').replace(/\/$/, '')
    if (req.method === 'POST' && path === '/broker-api/send') {
      const scripted = this.scripted.shift()
      if (scripted === 'hang') return
      if (scripted === 'drop') {
        req.socket.destroy()
        return
      }
      if (scripted) return answer(scripted.status, scripted.body)
      const list = (body.messages ?? []) as Array<{ recipient?: string; 'message-id'?: string; sms?: { originator?: string; content?: { text?: string } } }>
      for (const one of list) {
        if (!one.recipient) return answer(400, { 'error-code': 202, 'error-description': 'Empty recipient' })
        if (!one['message-id']) return answer(400, { 'error-code': 205, 'error-description': 'Empty message-id' })
        if (!one.sms?.originator) return answer(400, { 'error-code': 401, 'error-description': 'Empty originator' })
        if (!one.sms.content?.text) return answer(400, { 'error-code': 404, 'error-description': 'Empty content' })
      }
      for (const one of list) this.messages.push({ messageId: one['message-id']!, recipient: one.recipient!, originator: one.sms!.originator!, text: one.sms!.content!.text!, status: 'transmitted' })
      return answer(200, 'Request is received')
    }
    if (req.method === 'POST' && path === '/broker-api/get-status') {
      const ids = (body['message-id'] ?? []) as string[]
      const found = this.messages.filter((item) => ids.includes(item.messageId))
      return answer(200, { messages: found.map((item) => ({ 'message-id': item.messageId, status: item.status })) })
    }
    return answer(404, 'Not found')
  }
}
