/**
 * OnlinePBX's HTTP API (docs/decisions/telephony-onlinepbx.md; /work/shared/PRODUCT-NOTES.md §5.1):
 * - `POST /{domain}/auth.json` with `auth_key` (the API key from the PBX's settings) answers
 *   `{ status: "1", data: { key_id, key } }`: the session key every other call sends as the header
 *   `x-pbx-authentication: {key_id}:{key}`. A refused key: `status: "0"`.
 * - `POST /{domain}/mongo_history/search.json` with `start_stamp_from`, `start_stamp_to` (unix
 *   seconds, at most 7 days apart): the calls of that window; with `uuid` and `download=1`: a
 *   link to the call's recording, valid about 30 minutes.
 * - `POST /{domain}/call/now.json` with `from` (an extension) and `to`: the PBX rings `from`,
 *   then dials `to`.
 * Bodies are form-encoded; answers are JSON. A session key the PBX no longer takes (`status: "0"`
 * with an auth error, or 401) is renewed once from the API key.
 */
export const ONPBX_DEFAULT_URL = 'https://api2.onlinepbx.ru'
/** The only place recordings are fetched from in production (anything else is refused: SSRF). */
export const ONPBX_RECORDINGS_ORIGIN = 'https://api2.onlinepbx.ru'
export const HISTORY_MAX_WINDOW_S = 7 * 24 * 3600

export interface SessionKey {
  keyId: string
  key: string
}

/** One call of the PBX's history. */
export interface HistoryCall {
  uuid: string
  direction: 'inbound' | 'outbound'
  caller: string
  callee: string
  startStamp: number
  endStamp: number
  duration: number
  talkTime: number
}

/** The PBX refused the API key (the spec's "Wrong API key"). */
export class WrongApiKey extends Error {}
/** The PBX could not be reached, or answered something that is not its API. */
export class PbxUnreachable extends Error {}

export interface OnlinePbxOptions {
  baseUrl: string
  domain: string
  apiKey: string
  /** The session key kept from an earlier call, and where a renewed one is kept. */
  session: { get(): Promise<SessionKey | null>; set(key: SessionKey): Promise<void> }
  timeoutMs?: number
}

type Answer = { status?: unknown; data?: unknown; comment?: unknown; errorCode?: unknown }

const isAuthError = (answer: Answer) => /auth|key/i.test(String(answer.errorCode ?? '')) || /auth|key/i.test(String(answer.comment ?? ''))

export class OnlinePbx {
  constructor(private readonly options: OnlinePbxOptions) {}

  private url(path: string) {
    return `${this.options.baseUrl.replace(/\/$/, '')}/${encodeURIComponent(this.options.domain)}/${path}`
  }

  private async post(path: string, form: Record<string, string>, session?: SessionKey): Promise<{ httpStatus: number; answer: Answer }> {
    let response: Response
    try {
      response = await fetch(this.url(path), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(session ? { 'x-pbx-authentication': `${session.keyId}:${session.key}` } : {}) },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000)
      })
    } catch (error) {
      throw new PbxUnreachable(`onlinepbx: ${(error as Error).message}`)
    }
    const answer = (await response.json().catch(() => null)) as Answer | null
    if (!answer || typeof answer !== 'object') throw new PbxUnreachable(`onlinepbx: ${path} answered ${response.status} without JSON`)
    return { httpStatus: response.status, answer }
  }

  /** Exchanges the API key for a session key; WrongApiKey when the PBX refuses it. */
  async authenticate(): Promise<SessionKey> {
    const { httpStatus, answer } = await this.post('auth.json', { auth_key: this.options.apiKey, new: 'true' })
    const data = answer.data as { key_id?: unknown; key?: unknown } | undefined
    if (String(answer.status) !== '1' || !data?.key_id || !data.key) {
      if (httpStatus >= 500) throw new PbxUnreachable(`onlinepbx: auth answered ${httpStatus}`)
      throw new WrongApiKey('onlinepbx: the API key was refused')
    }
    const key = { keyId: String(data.key_id), key: String(data.key) }
    await this.options.session.set(key)
    return key
  }

  /** A call with the kept session key, renewed once when the PBX no longer takes it. */
  private async call(path: string, form: Record<string, string>): Promise<unknown> {
    let session = (await this.options.session.get()) ?? (await this.authenticate())
    let { httpStatus, answer } = await this.post(path, form, session)
    if (httpStatus === 401 || (String(answer.status) !== '1' && isAuthError(answer))) {
      session = await this.authenticate()
      ;({ httpStatus, answer } = await this.post(path, form, session))
    }
    if (String(answer.status) !== '1') throw new PbxUnreachable(`onlinepbx: ${path} refused: ${String(answer.comment ?? answer.errorCode ?? httpStatus).slice(0, 200)}`)
    return answer.data
  }

  /** The calls that started in [from, to] (unix seconds; the window is cut to 7 days). */
  async history(fromS: number, toS: number): Promise<HistoryCall[]> {
    const start = Math.max(fromS, toS - HISTORY_MAX_WINDOW_S)
    const data = await this.call('mongo_history/search.json', { start_stamp_from: String(Math.floor(start)), start_stamp_to: String(Math.ceil(toS)) })
    const rows = Array.isArray(data) ? (data as Array<Record<string, unknown>>) : []
    return rows
      .filter((row) => typeof row.uuid === 'string' && row.uuid)
      .map((row) => ({
        uuid: String(row.uuid),
        direction: String(row.accountcode ?? row.direction) === 'outbound' ? 'outbound' : 'inbound',
        caller: String(row.caller_id_number ?? ''),
        callee: String(row.destination_number ?? ''),
        startStamp: Number(row.start_stamp) || 0,
        endStamp: Number(row.end_stamp) || 0,
        duration: Number(row.duration) || 0,
        talkTime: Number(row.user_talk_time) || 0
      }))
  }

  /** Rings the extension `from`, then dials `to`; the call's uuid when the PBX tells it. */
  async callNow(from: string, to: string): Promise<string | null> {
    const data = (await this.call('call/now.json', { from, to })) as { uuid?: unknown } | null
    return typeof data?.uuid === 'string' && data.uuid ? data.uuid : null
  }

  /** A fresh link to the call's recording; null when the call has none. */
  async recordingUrl(uuid: string): Promise<string | null> {
    const data = await this.call('mongo_history/search.json', { uuid, download: '1' })
    return typeof data === 'string' && data ? data : null
  }
}

/**
 * Whether a recording link may be fetched: HTTPS on the PBX's recordings host (or the test
 * server's origin given as `allowedOrigin`), no user info: the server never fetches an address
 * the PBX's answer could point elsewhere (SSRF).
 */
export function recordingUrlAllowed(link: string, allowedOrigin = ONPBX_RECORDINGS_ORIGIN): boolean {
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return false
  }
  return url.origin === new URL(allowedOrigin).origin && !url.username && !url.password
}
