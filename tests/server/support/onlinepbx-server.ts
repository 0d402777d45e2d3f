import http from 'node:http'
import { randomUUID } from 'node:crypto'
import { LocalHttpServer, requestBody } from './local-http-server'

/** A call of the local PBX's history, as `mongo_history/search.json` answers it. */
export interface PbxHistoryRow {
  uuid: string
  caller_id_number: string
  destination_number: string
  accountcode: 'inbound' | 'outbound'
  start_stamp: number
  end_stamp: number
  duration: number
  user_talk_time: number
}

/**
 * A local HTTP server speaking OnlinePBX's API (PRODUCT-NOTES.md §5.1): `POST /{domain}/auth.json`
 * (`auth_key` → `{ status: "1", data: { key_id, key } }`, a wrong key → `status: "0"`), then calls
 * with `x-pbx-authentication: key_id:key`: `mongo_history/search.json` (a window of `history`, or
 * with `uuid` and `download=1` a link to the recording, served here at `/records/<uuid>.mp3`),
 * `call/now.json` (`from`, `to`: remembered in `dialled`). Tests can expire the session key.
 */
export class OnlinePbxServer extends LocalHttpServer {
  readonly domain = 'clinic.onpbx.ru'
  readonly apiKey = 'onpbx-api-key-of-the-clinic-0123456789'
  readonly history: PbxHistoryRow[] = []
  readonly dialled: Array<{ from: string; to: string; uuid: string }> = []
  readonly requests: Array<{ path: string; form: Record<string, string>; auth: string }> = []
  /** Recordings by call uuid. */
  readonly recordings = new Map<string, Buffer>()
  /** Run before `call/now.json` answers: the PBX's own webhooks about the dialled call may come first. */
  beforeDialAnswer: ((dial: { from: string; to: string; uuid: string }) => Promise<unknown>) | null = null
  private sessions = new Set<string>()
  private counter = 0

  /** The PBX forgets every session key (the server must renew it from the API key). */
  expireSessions() {
    this.sessions.clear()
  }

  protected async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const raw = await requestBody(req)
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    const record = /^\/records\/([^/]+)\.mp3$/.exec(req.url ?? '')
    if (record) {
      const bytes = this.recordings.get(decodeURIComponent(record[1]))
      if (!bytes) return answer(404, {})
      res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': String(bytes.length) })
      return res.end(bytes)
    }
    const match = /^\/([^/]+)\/(.+)$/.exec(req.url ?? '')
    const form = Object.fromEntries(new URLSearchParams(raw.toString('utf8')))
    const auth = String(req.headers['x-pbx-authentication'] ?? '')
    this.requests.push({ path: match?.[2] ?? String(req.url), form, auth })
    if (!match || match[1] !== this.domain) return answer(404, { status: '0', comment: 'Domain not found' })
    const [, , path] = match
    if (path === 'auth.json') {
      if (form.auth_key !== this.apiKey) return answer(200, { status: '0', comment: 'Wrong auth_key', errorCode: 'API_KEY_CHECK_FAILED' })
      this.counter += 1
      const session = { key_id: `kid${this.counter}`, key: `key${this.counter}` }
      this.sessions.add(`${session.key_id}:${session.key}`)
      return answer(200, { status: '1', data: session })
    }
    if (!this.sessions.has(auth)) return answer(200, { status: '0', comment: 'Auth failed', errorCode: 'AUTH_FAILED' })
    if (path === 'mongo_history/search.json') {
      if (form.uuid && form.download === '1') {
        return answer(200, { status: '1', data: this.recordings.has(form.uuid) ? `${this.url}/records/${encodeURIComponent(form.uuid)}.mp3` : '' })
      }
      const from = Number(form.start_stamp_from)
      const to = Number(form.start_stamp_to)
      return answer(200, { status: '1', data: this.history.filter((row) => row.start_stamp >= from && row.start_stamp <= to) })
    }
    if (path === 'call/now.json') {
      // Unique across runs, as the PBX's call ids are: a test retried against the same clinic server dials again.
      const uuid = `pbx-dial-${randomUUID()}`
      this.dialled.push({ from: form.from, to: form.to, uuid })
      await this.beforeDialAnswer?.(this.dialled.at(-1)!)
      return answer(200, { status: '1', data: { uuid } })
    }
    return answer(404, { status: '0', comment: 'Method not found' })
  }
}
