import type { Application } from '../../../declarations'
import { afterCommit, dbOf, inWriteTransaction } from '../../../hooks/call-transaction'
import { newId } from '../../../hooks/ids'
import { CHAT_TEXT_MAX, type InboundChannel } from '../../../../../domain/messaging/chat'
import { clockOf } from '../communications/appointment-messages'
import { customerContact } from '../../customers/customers/customer-contact'
import { insertInbound, touchChat } from './chat-store'
import { inboundMessage, type ChatMessage } from './customer-chat-messages.class'

export interface IncomingChatMessage {
  companyId: string
  /** The patient the channel's sender is linked to (Telegram: the chat's link). */
  customerId: string
  channel: InboundChannel
  text: string
  /** The provider's id of the message: a second delivery of the same id stores nothing. */
  providerMessageId: string | null
  /** How the provider names the sender (a username), for the bubble. */
  sender?: string
}

/**
 * What a channel calls when a linked patient writes to the clinic (the Telegram bot today;
 * WhatsApp joins with the same call): the message is stored with its channel, the patient's
 * conversation gets it as its last message and one more unread, in one transaction; after the
 * commit `customer-chat-messages` announces it (`created`, with the unread count) to the staff
 * who see the patient and may view communications. Answers the stored message, or undefined for
 * a repeated delivery, an unknown patient or an empty text.
 */
export async function receiveChatMessage(app: Application, incoming: IncomingChatMessage): Promise<ChatMessage | undefined> {
  const text = incoming.text.trim().slice(0, CHAT_TEXT_MAX)
  if (!text) return undefined
  return inWriteTransaction(app, async (params) => {
    const db = dbOf(app, params)
    if (!(await customerContact(db, incoming.companyId, incoming.customerId))) return undefined
    const at = new Date(clockOf(app)).toISOString()
    const stored = await insertInbound(db, {
      _id: newId(), companyId: incoming.companyId, customerId: incoming.customerId, channel: incoming.channel, text,
      providerMessageId: incoming.providerMessageId, sender: (incoming.sender ?? '').slice(0, 200), createdAt: at, updatedAt: at, createdBy: null
    })
    if (!stored) return undefined
    const chat = await touchChat(db, { companyId: stored.companyId, customerId: stored.customerId, messageId: stored._id, at, inbound: true })
    const message: ChatMessage = { ...inboundMessage(stored, chat.readAt), unread: chat.unread }
    await afterCommit(params, () => void (app.service('customer-chat-messages') as unknown as { emit: (event: string, data: unknown) => void }).emit('created', message))
    return message
  })
}
