import http from 'node:http'
import { LocalHttpServer, requestBody } from './local-http-server'

/** A call the local Bot API took: the method and its JSON parameters. */
export interface BotCall {
  token: string
  method: string
  params: Record<string, unknown>
}

/**
 * A local HTTP server speaking the Telegram Bot API (`POST <root>/bot<token>/<method>`, JSON in,
 * `{ ok, result }` or `{ ok: false, error_code, description, parameters }` out): getMe,
 * sendMessage, answerCallbackQuery, setWebhook / deleteWebhook / getWebhookInfo, and getUpdates
 * (refused with 409 while a webhook is set, as Telegram does). As "Telegram" it also delivers the
 * users' updates: to the webhook with its secret token header when one is set, else queued for
 * getUpdates. Tests script sendMessage's answers (429 with retry_after, 403 blocked).
 */
export class TelegramServer extends LocalHttpServer {
  readonly calls: BotCall[] = []
  token = '123456789:AAE-test-token-of-the-clinic-bot_0123'
  username = 'clinic_test_bot'
  webhook: { url: string; secretToken: string } | null = null
  private queue: Array<Record<string, unknown>> = []
  private nextUpdateId = 1000
  private nextMessageId = 1
  private scripted: Array<{ status: number; body: unknown }> = []

  /** The next sendMessage answers this instead. */
  script(status: number, body: unknown) {
    this.scripted.push({ status, body })
  }

  sent(method = 'sendMessage') {
    return this.calls.filter((call) => call.method === method)
  }

  protected async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const raw = await requestBody(req)
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(req.url ?? '')
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (!match) return answer(404, { ok: false, error_code: 404, description: 'Not Found' })
    const [, token, method] = match
    const text = raw.toString('utf8')
    const params = text ? (JSON.parse(text) as Record<string, unknown>) : {}
    this.calls.push({ token, method, params })
    if (token !== this.token) return answer(401, { ok: false, error_code: 401, description: 'Unauthorized' })
    const ok = (result: unknown) => answer(200, { ok: true, result })
    switch (method) {
      case 'getMe':
        return ok({ id: Number(this.token.split(':')[0]), is_bot: true, first_name: 'Clinic Bot', username: this.username, can_join_groups: false, can_read_all_group_messages: false, supports_inline_queries: false })
      case 'setWebhook':
        this.webhook = { url: String(params.url), secretToken: String(params.secret_token ?? '') }
        return ok(true)
      case 'deleteWebhook':
        this.webhook = null
        return ok(true)
      case 'getWebhookInfo':
        return ok({ url: this.webhook?.url ?? '', has_custom_certificate: false, pending_update_count: this.queue.length })
      case 'getUpdates': {
        if (this.webhook) return answer(409, { ok: false, error_code: 409, description: "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first" })
        const offset = Number(params.offset ?? 0)
        this.queue = this.queue.filter((update) => (update.update_id as number) >= offset)
        return ok(this.queue.slice(0, Number(params.limit ?? 100)))
      }
      case 'sendMessage': {
        const scripted = this.scripted.shift()
        if (scripted) return answer(scripted.status, scripted.body)
        return ok({ message_id: this.nextMessageId++, date: Math.floor(Date.now() / 1000), chat: { id: Number(params.chat_id), type: 'private' }, text: params.text })
      }
      case 'answerCallbackQuery':
        return ok(true)
      default:
        return answer(404, { ok: false, error_code: 404, description: 'Not Found: method not found' })
    }
  }

  /** Telegram delivers a user's update: to the webhook (its answer's status returned) or into the getUpdates queue. */
  async deliver(update: Record<string, unknown>, secretToken?: string): Promise<number> {
    const full = { update_id: this.nextUpdateId++, ...update }
    if (!this.webhook) {
      this.queue.push(full)
      return 0
    }
    const response = await fetch(this.webhook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secretToken ?? this.webhook.secretToken },
      body: JSON.stringify(full)
    })
    return response.status
  }

  private message(user: TelegramUser, extra: Record<string, unknown>) {
    return { message: { message_id: this.nextMessageId++, date: Math.floor(Date.now() / 1000), chat: { id: user.id, type: 'private', first_name: user.first_name }, from: { is_bot: false, ...user }, ...extra } }
  }

  /** A user sends `/start <payload>` (opening t.me/<bot>?start=<payload>). */
  opens(user: TelegramUser, payload: string, secretToken?: string) {
    const text = payload ? `/start ${payload}` : '/start'
    return this.deliver(this.message(user, { text, entities: [{ type: 'bot_command', offset: 0, length: 6 }] }), secretToken)
  }

  /** A user writes a text to the bot (`messageId` fixed: the same message delivered again). */
  says(user: TelegramUser, text: string, messageId?: number) {
    return this.deliver({ message: { ...this.message(user, { text }).message, ...(messageId === undefined ? {} : { message_id: messageId }) } })
  }

  /** A user shares a contact (their own by the request_contact button, unless `userId` says otherwise). */
  shareContact(user: TelegramUser, phone: string, userId = user.id) {
    return this.deliver(this.message(user, { contact: { phone_number: phone, first_name: user.first_name, user_id: userId } }))
  }

  /** A user presses an inline button under one of the bot's messages. */
  press(user: TelegramUser, data: string) {
    return this.deliver({ callback_query: { id: String(this.nextUpdateId * 7), from: { is_bot: false, ...user }, chat_instance: '1', data, message: { message_id: 1, date: 0, chat: { id: user.id, type: 'private' } } } })
  }

  /** What the bot said last to this chat. */
  lastTo(chatId: number) {
    return [...this.sent()].reverse().find((call) => Number(call.params.chat_id) === chatId)
  }
}

export interface TelegramUser {
  id: number
  first_name: string
  username?: string
  language_code?: string
}
