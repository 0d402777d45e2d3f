import type { Id, NullableId, Paginated, Params } from '@feathersjs/feathers'
import { BadRequest, MethodNotAllowed, NotAuthenticated, NotFound } from '@feathersjs/errors'
import type { Application } from '../../../declarations'
import { afterCommit, dbOf } from '../../../hooks/call-transaction'
import { clinicError } from '../../../errors'
import { newId } from '../../../hooks/ids'
import { paginate } from '../../../schema/query'
import { onlyVisiblePatients } from '../../customers/customers/customer-branches'
import { customerContact } from '../../customers/customers/customer-contact'
import { companyContact } from '../../company/company/company-reads'
import { templateLocaleOf } from '../../../../../domain/messaging/templates'
import { clockOf } from '../communications/appointment-messages'
import { countCustomerMessages, customerMessages, insertMessages, messageById, messagesByIds, type OutboxRow } from '../communications/outbox-store'
import { messagingSettings } from '../integrations/integration-store'
import { chatOfCustomer } from '../telegram/telegram-store'
import { lastInbound } from '../whatsapp-integration/whatsapp-store'
import { insideWindow } from '../../../../../domain/messaging/whatsapp'
import { CHATS_TABLE, chatOf, chatsPage, countInbound, inboundById, inboundByIds, inboundOfCustomer, markChatRead, touchChat, type ChatRow, type InboundRow } from './chat-store'
import type { ChatMessage, ChatMessageData, ChatMessagePatch, ChatMessageQuery } from './customer-chat-messages.schema'

export type { ChatMessage, ChatMessageData, ChatMessagePatch, ChatMessageQuery }
export type ChatMessageParams = Params<ChatMessageQuery>

const iso = (ms: number) => new Date(ms).toISOString()

/** A patient's message in the conversation's shape; `readAt`: the company's read marker. */
export function inboundMessage(row: InboundRow, readAt: string | null | undefined): ChatMessage {
  return {
    _id: row._id, companyId: row.companyId, customerId: row.customerId, direction: 'in', channel: row.channel, event: null, subject: '', text: row.text,
    state: 'received', sender: row.sender, error: null, createdAt: row.createdAt, dueAt: null, sentAt: null, deliveredAt: null, createdBy: null,
    read: Boolean(readAt) && Date.parse(readAt!) >= Date.parse(row.createdAt)
  }
}

/** A message that went (or will go) to the patient, without its phone or address. */
export function outboundMessage(row: OutboxRow): ChatMessage {
  return {
    _id: row._id, companyId: row.companyId, customerId: row.customerId!, direction: 'out', channel: row.channel, event: row.event, subject: row.subject, text: row.text,
    state: row.state, sender: '', error: row.error, createdAt: row.createdAt, dueAt: row.dueAt, sentAt: row.sentAt, deliveredAt: row.deliveredAt, createdBy: row.createdBy
  }
}

const newestFirst = (a: ChatMessage, b: ChatMessage) => b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id)

/**
 * `customer-chat-messages` (issue 18, item 7; docs/decisions/telegram.md, "Chat"): the patient's
 * conversation, one per patient, across channels. What a patient writes is stored here
 * (receiveChatMessage, chat-inbox.ts); what goes to them is the outbox (`communications`): a
 * reply (create) is an outbox row the worker sends, and the visit notices and reminders already
 * there show in the same timeline. Reads keep to the patients the caller sees.
 */
export class ChatMessageService {
  constructor(private readonly app: Application) {}

  private companyOf(params?: ChatMessageParams): string {
    const companyId = params?.query?.companyId ?? params?.identity?.user.companyId
    if (!companyId) throw clinicError(NotAuthenticated, 'not-authenticated')
    return companyId
  }

  async find(params?: ChatMessageParams): Promise<Paginated<ChatMessage>> {
    const companyId = this.companyOf(params)
    const query = params?.query ?? {}
    const limit = Math.min(query.$limit ?? paginate.default, 200)
    const db = dbOf(this.app, params)
    if (query.customerId) {
      const customerId = query.customerId
      const before = query.createdAt?.$lt
      const [chat, inbound, outbound, inCount, outCount] = await Promise.all([
        chatOf(db, companyId, customerId),
        limit > 0 ? inboundOfCustomer(db, companyId, customerId, before, limit) : [],
        limit > 0 ? customerMessages(db, companyId, customerId, before, limit) : [],
        countInbound(db, companyId, customerId),
        countCustomerMessages(db, companyId, customerId)
      ])
      const data = [...inbound.map((row) => inboundMessage(row, chat?.readAt)), ...outbound.map(outboundMessage)].sort(newestFirst).slice(0, limit)
      return { total: inCount + outCount, limit, skip: 0, data }
    }
    const identity = params?.provider ? params.identity : undefined
    const page = await chatsPage(db, companyId, {
      unreadOnly: query.unread !== undefined,
      limit,
      skip: query.$skip ?? 0,
      restrict: (builder) => (identity ? onlyVisiblePatients(builder, db, CHATS_TABLE, identity) : builder)
    })
    return { total: page.total, limit, skip: query.$skip ?? 0, data: await this.lastMessages(companyId, page.data, params) }
  }

  /** The inbox's rows: each conversation's last message with the patient's unread count. */
  private async lastMessages(companyId: string, chats: ChatRow[], params?: ChatMessageParams): Promise<ChatMessage[]> {
    const db = dbOf(this.app, params)
    const ids = chats.map((chat) => chat.lastMessageId)
    const [inbound, outbound] = await Promise.all([inboundByIds(db, companyId, ids), messagesByIds(db, companyId, ids)])
    const byId = new Map<string, ChatMessage>()
    for (const chat of chats) {
      const row = inbound.find((item) => item._id === chat.lastMessageId)
      if (row) byId.set(chat.lastMessageId, { ...inboundMessage(row, chat.readAt), unread: chat.unread })
    }
    for (const row of outbound) {
      const chat = chats.find((item) => item.lastMessageId === row._id)
      if (chat) byId.set(row._id, { ...outboundMessage(row), unread: chat.unread })
    }
    return chats.flatMap((chat) => byId.get(chat.lastMessageId) ?? [])
  }

  async get(id: Id, params?: ChatMessageParams): Promise<ChatMessage> {
    const companyId = this.companyOf(params)
    const db = dbOf(this.app, params)
    const row = await inboundById(db, companyId, String(id))
    if (row) return inboundMessage(row, (await chatOf(db, companyId, row.customerId))?.readAt)
    const sent = await messageById(db, String(id))
    if (sent && sent.companyId === companyId && sent.customerId && sent.state !== 'cancelled') return outboundMessage(sent)
    throw new NotFound(`No record found for id '${id}'`)
  }

  /**
   * A staff reply: an outbox row (event `chatReply`) the worker sends at once; its state shows on
   * the bubble as it changes. By Telegram (the default) the patient must be linked to the
   * company's bot; by WhatsApp the patient's number must have written within Meta's 24-hour
   * window (a reply is free-form text, never a template). Replying marks the conversation read.
   */
  async create(data: ChatMessageData, params?: ChatMessageParams): Promise<ChatMessage> {
    const companyId = this.companyOf(params)
    const db = dbOf(this.app, params)
    const app = this.app
    const channel = data.channel ?? 'telegram'
    const settings = await messagingSettings(db, companyId, app.get('config').authSecret)
    if (!settings[channel]) throw clinicError(BadRequest, `${channel}-not-configured`)
    const customer = await customerContact(db, companyId, data.customerId)
    if (!customer) throw clinicError(BadRequest, 'invalid-reference', 'customerId')
    const nowMs = clockOf(app)
    if (channel === 'telegram' && !(await chatOfCustomer(db, companyId, customer._id))) throw clinicError(BadRequest, 'telegram-user-not-found', 'customerId')
    if (channel === 'whatsapp' && !insideWindow(await lastInbound(db, companyId, customer.phone), nowMs)) throw clinicError(BadRequest, 'whatsapp-window-closed', 'channel')
    const at = iso(nowMs)
    const row: OutboxRow = {
      _id: newId(), companyId, createdAt: at, updatedAt: at, createdBy: params?.identity?.user._id ?? null,
      branchId: customer.branchId, customerId: customer._id, appointmentId: null,
      channel, provider: channel, event: 'chatReply',
      locale: templateLocaleOf(customer.serviceLanguage, (await companyContact(db, companyId))?.locale),
      collapseKey: null, phone: channel === 'whatsapp' ? customer.phone : null, email: null, params: {}, subject: '', text: data.text, segments: 0,
      // A person wrote it now, in answer: quiet hours are for automated messages.
      automated: false, promotional: false, state: 'scheduled', dueAt: at, attempts: 0,
      claimedBy: null, claimedAt: null, providerMessageId: null, cost: null, error: null, sentAt: null, deliveredAt: null, checkedAt: null, fallbackOf: null
    }
    await insertMessages(db, [row])
    await touchChat(db, { companyId, customerId: customer._id, messageId: row._id, at, inbound: false, by: row.createdBy })
    // The patient's communications tab and the company's log show it too.
    await afterCommit(params, () => void (app.service('communications') as unknown as { emit: (event: string, data: unknown) => void }).emit('created', row))
    return outboundMessage(row)
  }

  /**
   * `patch(<a patient's message>, { read: true })`: the company has read the conversation up to
   * that message (one marker per patient for the whole clinic: a shared inbox). Answers the
   * message with the patient's unread count left.
   */
  async patch(id: NullableId, _data: ChatMessagePatch, params?: ChatMessageParams): Promise<ChatMessage> {
    if (id === null) throw new MethodNotAllowed('Mark one conversation read by its newest message')
    const companyId = this.companyOf(params)
    const db = dbOf(this.app, params)
    const row = await inboundById(db, companyId, String(id))
    if (!row) throw new NotFound(`No record found for id '${id}'`)
    const { chat } = await markChatRead(db, companyId, row.customerId, row.createdAt, params?.identity?.user._id ?? null, iso(clockOf(this.app)))
    return { ...inboundMessage(row, chat?.readAt), unread: chat?.unread ?? 0 }
  }
}
