import type { Application } from '../../../declarations'
import { templateLocaleOf } from '../../../../../domain/messaging/templates'
import { readWhatsappButton, whatsappState } from '../../../providers/whatsapp/whatsapp'
import { clockOf, fallBackIfFailed } from '../communications/appointment-messages'
import { lastRecipientAt, settleDelivery } from '../communications/outbox-store'
import { receiveChatMessage } from '../customer-chat-messages/chat-inbox'
import { answerVisit } from '../communications/visit-answers'
import { customerContact, customersWithPhone } from '../../customers/customers/customer-contact'
import { companyContact } from '../../company/company/company-reads'
import { botText, samePhone } from '../telegram/telegram-bot'
import type { WhatsappSettings } from '../integrations/integration-store'
import { whatsappClient } from './whatsapp-connect'
import { recordInbound } from './whatsapp-store'

/** The parts of a webhook notification read here (Graph API `whatsapp_business_account` objects). */
interface InboundMessage {
  from?: string
  id?: string
  timestamp?: string
  type?: string
  text?: { body?: string }
  button?: { payload?: string; text?: string }
  interactive?: { type?: string; button_reply?: { id?: string; title?: string } }
}
interface StatusChange {
  id?: string
  status?: string
  errors?: Array<{ code?: number; title?: string; message?: string; error_data?: { details?: string } }>
}
interface ChangeValue {
  metadata?: { phone_number_id?: string }
  statuses?: StatusChange[]
  messages?: InboundMessage[]
  contacts?: Array<{ wa_id?: string; profile?: { name?: string } }>
}
export interface WhatsappNotification {
  object?: string
  entry?: Array<{ changes?: Array<{ field?: string; value?: ChangeValue }> }>
}

const emit = (app: Application, path: string, event: string, data: unknown) => (app.service(path as 'communications') as unknown as { emit: (event: string, data: unknown) => void }).emit(event, data)

/**
 * A signed webhook notification for the company's number (changes for another phone number id
 * are ignored):
 * - `statuses`: delivered or read → the outbox row of that WhatsApp message id becomes
 *   delivered, failed → failed with WhatsApp's error; only the company's own rows;
 * - `messages`: the sender's customer-service window opens (its time kept per number); a reply
 *   button or a template's quick reply with our signed payload confirms or cancels the visit
 *   (visit-answers.ts, channel `whatsapp`) when the sender's number is the visit's patient's,
 *   and the patient is told the result; free text is the patient's message to the clinic, stored
 *   in their conversation (customer-chat-messages, receiveChatMessage) when the number is one
 *   patient's (of several sharing it: the one the clinic last wrote to there); other types
 *   (media, locations) only open the window.
 */
export async function handleWhatsappNotification(app: Application, companyId: string, settings: WhatsappSettings, notification: WhatsappNotification): Promise<void> {
  const db = app.get('db')
  for (const entry of notification.entry ?? []) {
    for (const change of entry.changes ?? []) {
      const value = change.value
      if (change.field !== 'messages' || !value || value.metadata?.phone_number_id !== settings.phoneNumberId) continue
      for (const status of value.statuses ?? []) {
        const state = whatsappState(status.status)
        if (!status.id || state === 'pending') continue
        const error = status.errors?.[0]
        const said = state === 'failed' ? `whatsapp: ${error?.code ?? ''} ${error?.error_data?.details ?? error?.title ?? error?.message ?? 'failed'}`.replace(/\s+/g, ' ').trim().slice(0, 480) : undefined
        const settled = await settleDelivery(db, { companyId, provider: 'whatsapp', providerMessageId: String(status.id).slice(0, 100) }, { state, atMs: clockOf(app), error: said })
        if (!settled) continue
        emit(app, 'communications', 'patched', settled)
        // Meta took it, then could not deliver it (not on WhatsApp, the window closed): the next channel takes it.
        await fallBackIfFailed(app, settled)
      }
      for (const message of value.messages ?? []) {
        if (!message.from) continue
        const nowMs = clockOf(app)
        const sentMs = Number(message.timestamp) * 1000
        await recordInbound(db, companyId, message.from, Number.isFinite(sentMs) && sentMs > 0 ? Math.min(sentMs, nowMs) : nowMs)
        const payload = message.type === 'button' ? message.button?.payload : message.type === 'interactive' && message.interactive?.type === 'button_reply' ? message.interactive.button_reply?.id : undefined
        if (payload) await answerButton(app, companyId, settings, message.from, payload)
        else if (message.type === 'text' && message.text?.body) {
          const customerId = await patientOfNumber(app, companyId, message.from)
          const sender = value.contacts?.find((contact) => contact.wa_id === message.from)?.profile?.name
          if (customerId) await receiveChatMessage(app, { companyId, customerId, channel: 'whatsapp', text: message.text.body, providerMessageId: message.id ?? null, sender })
        }
      }
    }
  }
}

/** The patient writing from this WhatsApp number: the one whose phone it is, or of several the one the clinic last wrote to there. */
async function patientOfNumber(app: Application, companyId: string, waId: string): Promise<string | undefined> {
  const db = app.get('db')
  const candidates = await customersWithPhone(db, companyId, waId)
  if (candidates.length <= 1) return candidates[0]
  return lastRecipientAt(db, companyId, waId.replace(/\D/g, ''), candidates)
}

async function answerButton(app: Application, companyId: string, settings: WhatsappSettings, from: string, payload: string) {
  const db = app.get('db')
  const pressed = readWhatsappButton(app.get('config').authSecret, companyId, payload)
  if (!pressed) return
  const appointment = await app.service('appointment').get(pressed.appointmentId, { query: { companyId } }).catch(() => null)
  const customer = appointment ? await customerContact(db, companyId, appointment.customerId) : undefined
  // The payload is signed, and besides the reply must come from the visit's patient's number.
  if (!appointment || !customer || !samePhone(customer.phone, from)) return
  const locale = templateLocaleOf(customer.serviceLanguage, (await companyContact(db, companyId))?.locale)
  const answer = await answerVisit(app, appointment, pressed.action, { kind: 'whatsapp', locale })
  const said = answer.outcome === 'refused' ? 'unchanged' : pressed.action === 'confirm' ? 'confirmed' : 'cancelled'
  // The patient just wrote: free-form text may go. Best effort; the visit changed either way.
  await whatsappClient(app, settings)
    .send({ id: '', to: from, subject: '', text: botText(locale, said), freeForm: true })
    .catch((error) => app.get('logger').warn({ err: error, msg: 'whatsapp answer not sent', companyId }))
}
