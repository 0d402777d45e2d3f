import { createHmac, timingSafeEqual } from 'node:crypto'
import { Api, GrammyError, HttpError, InlineKeyboard } from 'grammy'
import { NOT_CONNECTED, errorCode, type ChannelProvider, type OutgoingMessage, type SendOutcome } from '../channel'

/**
 * A clinic's Telegram bot through grammY's API client (Bot API over HTTPS, `apiRoot` pointing at
 * a local server in tests). `send` posts `sendMessage` to the patient's chat (`to` is the chat
 * id), with inline buttons when the message has them.
 *
 * What counts as "did not send" (docs/decisions/telegram.md), like Eskiz: a connection that was
 * never made, and 429 (Telegram's flood wait: retried later, never sooner than its
 * `retry_after`); 400 (chat not found, bad text) and 403 (the patient blocked the bot) fail at
 * once; a timeout, a dropped connection or a 5xx may have sent it: unknown, never resent.
 */
export const TELEGRAM_API_ROOT = 'https://api.telegram.org'

export interface TelegramOptions {
  token: string
  apiRoot: string
  timeoutSeconds?: number
}

export function telegramApi(options: TelegramOptions): Api {
  return new Api(options.token, { apiRoot: options.apiRoot.replace(/\/$/, ''), timeoutSeconds: options.timeoutSeconds ?? 15 })
}

/** What a failed Bot API call means for a message. */
export function telegramOutcome(error: unknown): Exclude<SendOutcome, { kind: 'sent' }> {
  if (error instanceof GrammyError) {
    const said = `telegram: ${error.error_code} ${error.description}`.trim()
    if (error.error_code === 429) return { kind: 'not-sent', error: said, retry: true, retryAfterMs: (error.parameters?.retry_after ?? 0) * 1000 }
    if (error.error_code >= 400 && error.error_code < 500) return { kind: 'not-sent', error: said, retry: false }
    return { kind: 'unknown', error: said }
  }
  if (error instanceof HttpError) {
    const code = errorCode(error.error)
    if (NOT_CONNECTED.has(code)) return { kind: 'not-sent', error: `telegram: not reached (${code})`, retry: true }
    return { kind: 'unknown', error: `telegram: ${String((error.error as Error)?.message ?? error.message).slice(0, 300)}` }
  }
  return { kind: 'unknown', error: `telegram: ${String((error as Error)?.message ?? error).slice(0, 300)}` }
}

export class TelegramBotChannel implements ChannelProvider {
  readonly name = 'telegram'
  private readonly api: Api
  constructor(options: TelegramOptions) {
    this.api = telegramApi(options)
  }

  async send(message: OutgoingMessage): Promise<SendOutcome> {
    if (!/^-?\d{1,20}$/.test(message.to)) return { kind: 'not-sent', error: 'telegram: the patient has no linked chat', retry: false }
    const keyboard = message.buttons?.length ? new InlineKeyboard(message.buttons.map((button) => [{ text: button.text, callback_data: button.data }])) : undefined
    try {
      const sent = await this.api.sendMessage(message.to, message.text, { link_preview_options: { is_disabled: true }, ...(keyboard ? { reply_markup: keyboard } : {}) })
      return { kind: 'sent', providerMessageId: `${sent.chat.id}:${sent.message_id}` }
    } catch (error) {
      return telegramOutcome(error)
    }
  }
}

// Confirm / Cancel buttons: the callback data names the action and the visit, signed per company
// so that a crafted callback cannot name another visit (Telegram limits it to 64 bytes).

export type VisitAction = 'confirm' | 'cancel'
const ACTION_LETTER: Record<VisitAction, string> = { confirm: 'c', cancel: 'x' }

const signature = (secret: string, companyId: string, letter: string, appointmentId: string) =>
  createHmac('sha256', `clinic-telegram:${secret}:${companyId}`).update(`${letter}:${appointmentId}`).digest('base64url').slice(0, 16)

export function visitButtonData(secret: string, companyId: string, action: VisitAction, appointmentId: string): string {
  const letter = ACTION_LETTER[action]
  return `${letter}:${appointmentId}:${signature(secret, companyId, letter, appointmentId)}`
}

/** The action and visit of a button's callback data, or null when it is not ours or not signed for this company. */
export function readVisitButton(secret: string, companyId: string, data: string | undefined): { action: VisitAction; appointmentId: string } | null {
  const match = /^([cx]):([0-9a-f-]{36}):([A-Za-z0-9_-]{16})$/.exec(data ?? '')
  if (!match) return null
  const expected = Buffer.from(signature(secret, companyId, match[1], match[2]))
  const given = Buffer.from(match[3])
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  return { action: match[1] === 'c' ? 'confirm' : 'cancel', appointmentId: match[2] }
}
