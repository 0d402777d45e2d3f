import http from 'node:http'
import { LocalHttpServer, requestBody } from './local-http-server'

/** One SMS the local SMS.ru took. */
export interface SmsRuMessage {
  smsId: string
  to: string
  msg: string
  from: string
  /** SMS.ru's delivery status code: 100 queued … 103 delivered, 104–108 not delivered. */
  code: number
}

type Scripted = { status: number; body: unknown } | 'hang' | 'drop'

/**
 * A local HTTP server speaking SMS.ru's HTTP API: `/sms/send` (api_id, to, msg, from, json=1 by
 * GET or POST) answers 200 with `status` OK/ERROR, `status_code` and per number `sms_id`;
 * `/sms/status` (api_id, sms_id) answers the delivery status code and cost; delivery reports are
 * POSTed to the callback address as form fields `data[N]` = "sms_status\n<id>\n<code>\n<time>".
 * Tests script its answers: refusal codes, server errors, answers that never come.
 */
export class SmsRuServer extends LocalHttpServer {
  readonly messages: SmsRuMessage[] = []
  apiId = 'A1B2C3D4-0000-1111-2222-333344445555'
  private scripted: Scripted[] = []
  private counter = 0

  /** The next sends answer this (a whole HTTP answer), or never answer ('hang'), or drop the connection ('drop'). */
  script(...answers: Scripted[]) {
    this.scripted.push(...answers)
  }

  /** The answer SMS.ru gives when it refuses one number with `code` (the request itself went through). */
  static refusedNumber(to: string, code: number, text: string) {
    return { status: 200, body: { status: 'OK', status_code: 100, sms: { [to]: { status: 'ERROR', status_code: code, status_text: text } }, balance: 10 } }
  }

  /** SMS.ru posts a delivery report to the callback address; its answer (SMS.ru expects "100"). */
  async report(callbackUrl: string, smsId: string, code: number): Promise<{ status: number; text: string }> {
    const message = this.messages.find((item) => item.smsId === smsId)
    if (message) message.code = code
    const form = new URLSearchParams({ 'data[0]': `sms_status\n${smsId}\n${code}\n${Math.floor(Date.now() / 1000)}` })
    const response = await fetch(callbackUrl, { method: 'POST', body: form })
    return { status: response.status, text: await response.text() }
  }

  setCode(smsId: string, code: number) {
    const message = this.messages.find((item) => item.smsId === smsId)
    if (message) message.code = code
  }

  protected async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    const raw = await requestBody(req)
    const url = new URL(req.url ?? '/', 'http://local')
    const params = new URLSearchParams(url.search)
    for (const [key, value] of new URLSearchParams(raw.toString('utf8'))) params.set(key, value)
    const path = url.pathname.replace(/\/$/, '')
    if (path !== '/sms/send' && path !== '/sms/status') return json(404, { status: 'ERROR', status_code: 211, status_text: 'Метод не найден' })
    if (params.get('api_id') !== this.apiId) return json(200, { status: 'ERROR', status_code: 200, status_text: 'Неправильный api_id' })
    if (path === '/sms/send') {
      const scripted = this.scripted.shift()
      if (scripted === 'hang') return
      if (scripted === 'drop') {
        req.socket.destroy()
        return
      }
      if (scripted) return json(scripted.status, scripted.body)
      const to = params.get('to') ?? ''
      if (!/^\d{10,15}$/.test(to)) return json(200, { status: 'OK', status_code: 100, sms: { [to]: { status: 'ERROR', status_code: 202, status_text: 'Неправильно указан номер телефона получателя' } }, balance: 10 })
      const smsId = `202611-${1_000_000 + ++this.counter}`
      this.messages.push({ smsId, to, msg: params.get('msg') ?? '', from: params.get('from') ?? '', code: 100 })
      return json(200, { status: 'OK', status_code: 100, sms: { [to]: { status: 'OK', status_code: 100, sms_id: smsId } }, balance: 10 })
    }
    const smsId = params.get('sms_id') ?? ''
    const message = this.messages.find((item) => item.smsId === smsId)
    if (!message) return json(200, { status: 'OK', status_code: 100, sms: { [smsId]: { status: 'ERROR', status_code: -1, status_text: 'Сообщение не найдено' } } })
    return json(200, { status: 'OK', status_code: 100, sms: { [smsId]: { status: 'OK', status_code: message.code, status_text: '', cost: '2.55', sms: 1 } }, balance: 10 })
  }
}
