import type { Knex } from 'knex'
import { RowCodec } from '../../row-codec'
import { newId } from '../../../hooks/ids'
import type { InboundChannel } from '../../../../../domain/messaging/chat'

/**
 * The patients' conversations, owned by `customer-chat-messages` (docs/decisions/telegram.md,
 * "Chat"): `customer_chat_messages` holds what patients wrote, `customer_chats` one row per
 * patient with a conversation (its last message, the company's read marker and the count of the
 * patient's messages after it). Every read and write of them is here.
 */
export const CHAT_MESSAGES_TABLE = 'customer_chat_messages'
export const CHATS_TABLE = 'customer_chats'

/** A message a patient wrote, as stored. */
export interface InboundRow {
  _id: string
  companyId: string
  customerId: string
  channel: InboundChannel
  text: string
  providerMessageId: string | null
  sender: string
  createdAt: string
  updatedAt: string
  createdBy: null
}

/** A patient's conversation, as stored. */
export interface ChatRow {
  _id: string
  companyId: string
  customerId: string
  lastMessageId: string
  lastAt: string
  readAt: string | null
  readBy: string | null
  unread: number
  createdAt: string
  updatedAt: string
}

const inboundCodec = new RowCodec({})
const chatCodec = new RowCodec({ instant: ['lastAt', 'readAt'] })
const inbound = (row: Record<string, unknown>) => inboundCodec.fromDb<InboundRow>(row)
const chat = (row: Record<string, unknown>) => ({ ...chatCodec.fromDb<ChatRow>(row), unread: Number(row.unread) })

/**
 * Stores a patient's message once: a provider's message id seen before (a webhook delivered
 * twice) adds nothing and answers undefined.
 */
export async function insertInbound(db: Knex, row: InboundRow): Promise<InboundRow | undefined> {
  if (row.providerMessageId) {
    const seen = await db(CHAT_MESSAGES_TABLE).where({ companyId: row.companyId, channel: row.channel, providerMessageId: row.providerMessageId }).first('_id')
    if (seen) return undefined
  }
  await db(CHAT_MESSAGES_TABLE).insert(row)
  return row
}

export async function inboundById(db: Knex, companyId: string, id: string): Promise<InboundRow | undefined> {
  const row = await db(CHAT_MESSAGES_TABLE).where({ companyId, _id: id }).first()
  return row ? inbound(row) : undefined
}

export async function inboundByIds(db: Knex, companyId: string, ids: readonly string[]): Promise<InboundRow[]> {
  if (ids.length === 0) return []
  return (await db(CHAT_MESSAGES_TABLE).where({ companyId }).whereIn('_id', [...ids])).map(inbound)
}

/** A patient's messages, newest first, before `beforeIso` when given. */
export async function inboundOfCustomer(db: Knex, companyId: string, customerId: string, beforeIso: string | undefined, limit: number): Promise<InboundRow[]> {
  const rows = await db(CHAT_MESSAGES_TABLE)
    .where({ companyId, customerId })
    .modify((builder) => (beforeIso ? builder.andWhere('createdAt', '<', beforeIso) : builder))
    .orderBy([{ column: 'createdAt', order: 'desc' }, { column: '_id', order: 'desc' }])
    .limit(limit)
  return rows.map(inbound)
}

export async function countInbound(db: Knex, companyId: string, customerId: string): Promise<number> {
  return Number((await db(CHAT_MESSAGES_TABLE).where({ companyId, customerId }).count({ count: '*' }).first())?.count ?? 0)
}

export async function chatOf(db: Knex, companyId: string, customerId: string): Promise<ChatRow | undefined> {
  const row = await db(CHATS_TABLE).where({ companyId, customerId }).first()
  return row ? chat(row) : undefined
}

/**
 * The conversation's new last message. A patient's message adds one to the unread count; a
 * staff reply marks everything before it read (whoever replies has read the conversation).
 */
export async function touchChat(db: Knex, change: { companyId: string; customerId: string; messageId: string; at: string; inbound: boolean; by?: string | null }): Promise<ChatRow> {
  const { companyId, customerId, messageId, at } = change
  const changes: Record<string, unknown> = change.inbound
    ? { lastMessageId: messageId, lastAt: at, updatedAt: at, unread: db.raw('?? + 1', ['unread']) }
    : { lastMessageId: messageId, lastAt: at, updatedAt: at, unread: 0, readAt: at, readBy: change.by ?? null }
  const updated = Number(await db(CHATS_TABLE).where({ companyId, customerId }).update(changes))
  if (updated === 0) {
    await db(CHATS_TABLE).insert({
      _id: newId(), companyId, customerId, lastMessageId: messageId, lastAt: at, createdAt: at, updatedAt: at, createdBy: null,
      unread: change.inbound ? 1 : 0, readAt: change.inbound ? null : at, readBy: change.inbound ? null : (change.by ?? null)
    })
  }
  return (await chatOf(db, companyId, customerId))!
}

/**
 * The company has read the conversation up to `upTo` (a message's time): the marker never moves
 * back, and the unread count is what the patient wrote after it. Answers the conversation, and
 * whether the marker moved.
 */
export async function markChatRead(db: Knex, companyId: string, customerId: string, upTo: string, by: string | null, at: string): Promise<{ chat: ChatRow | undefined; moved: boolean }> {
  const current = await chatOf(db, companyId, customerId)
  if (!current) return { chat: undefined, moved: false }
  if (current.readAt && Date.parse(current.readAt) >= Date.parse(upTo)) return { chat: current, moved: false }
  const unread = Number((await db(CHAT_MESSAGES_TABLE).where({ companyId, customerId }).andWhere('createdAt', '>', upTo).count({ count: '*' }).first())?.count ?? 0)
  await db(CHATS_TABLE).where({ _id: current._id }).update({ readAt: upTo, readBy: by, unread, updatedAt: at })
  return { chat: (await chatOf(db, companyId, customerId))!, moved: true }
}

/** The inbox: conversations newest first (`restrict` keeps to the patients the caller sees), with the total. */
export async function chatsPage(
  db: Knex,
  companyId: string,
  options: { unreadOnly: boolean; limit: number; skip: number; restrict: (builder: Knex.QueryBuilder) => Knex.QueryBuilder }
): Promise<{ total: number; data: ChatRow[] }> {
  const base = () => options.restrict(db(CHATS_TABLE).where(`${CHATS_TABLE}.companyId`, companyId).modify((builder) => (options.unreadOnly ? builder.andWhere(`${CHATS_TABLE}.unread`, '>', 0) : builder)))
  const total = Number((await base().count({ count: '*' }).first())?.count ?? 0)
  if (options.limit === 0) return { total, data: [] }
  const rows = await base()
    .select(`${CHATS_TABLE}.*`)
    .orderBy([{ column: `${CHATS_TABLE}.lastAt`, order: 'desc' }, { column: `${CHATS_TABLE}._id`, order: 'desc' }])
    .limit(options.limit)
    .offset(options.skip)
  return { total, data: rows.map(chat) }
}

/**
 * A merge of two records of one person (customers-merge): the messages move with `customerRows`;
 * the two conversations become one (the later last message, the unread of both, the later read
 * marker), or the merged one's simply moves.
 */
export async function mergeChats(trx: Knex.Transaction, { fromId, toId, companyId }: { fromId: string; toId: string; companyId: string }) {
  const merged = await chatOf(trx, companyId, fromId)
  if (!merged) return
  const kept = await chatOf(trx, companyId, toId)
  if (!kept) return
  const later = Date.parse(merged.lastAt) > Date.parse(kept.lastAt) ? merged : kept
  const readAt = [kept.readAt, merged.readAt].filter((value): value is string => Boolean(value)).sort().pop() ?? null
  await trx(CHATS_TABLE).where({ _id: kept._id }).update({ lastMessageId: later.lastMessageId, lastAt: later.lastAt, unread: kept.unread + merged.unread, readAt, updatedAt: new Date().toISOString() })
  await trx(CHATS_TABLE).where({ _id: merged._id }).delete()
}
