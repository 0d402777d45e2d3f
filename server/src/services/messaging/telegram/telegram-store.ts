import type { Knex } from 'knex'
import { newId } from '../../../hooks/ids'

/**
 * The patients' Telegram chats (`telegram_links`) and the one-time deep-link tokens that make
 * them (`telegram_link_tokens`, only the token's hash kept), both owned by `telegram`. The bot
 * (telegram-bot.ts), the outbox worker (the chat of a message) and the service read and write
 * them through these functions.
 */
export const TELEGRAM_LINKS_TABLE = 'telegram_links'
export const TELEGRAM_TOKENS_TABLE = 'telegram_link_tokens'

export interface TelegramLink {
  _id: string
  companyId: string
  customerId: string
  telegramUserId: string
  chatId: string
  username: string
  phone: string
  createdAt: string
  updatedAt: string
  createdBy: string | null
}

export interface LinkToken {
  tokenHash: string
  companyId: string
  customerId: string
  locale: string
  expiresAt: string
  chatId: string | null
  startedAt: string | null
  usedAt: string | null
}

const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString())

export async function insertLinkToken(db: Knex, token: { tokenHash: string; companyId: string; customerId: string; locale: string; expiresAt: string; createdAt: string }): Promise<void> {
  await db(TELEGRAM_TOKENS_TABLE).insert(token)
}

function tokenOf(row: Record<string, unknown> | undefined): LinkToken | undefined {
  if (!row) return undefined
  return { ...(row as unknown as LinkToken), expiresAt: iso(row.expiresAt)!, startedAt: iso(row.startedAt), usedAt: iso(row.usedAt) }
}

/** A token of the company not used and not expired at `nowMs`. */
export async function openLinkToken(db: Knex, companyId: string, tokenHash: string, nowMs: number): Promise<LinkToken | undefined> {
  const token = tokenOf(await db(TELEGRAM_TOKENS_TABLE).where({ companyId, tokenHash }).whereNull('usedAt').first())
  return token && Date.parse(token.expiresAt) > nowMs ? token : undefined
}

/** The chat that opened the link; it is asked for its phone next. */
export async function startLinkToken(db: Knex, tokenHash: string, chatId: string, nowMs: number): Promise<void> {
  await db(TELEGRAM_TOKENS_TABLE).where({ tokenHash }).whereNull('usedAt').update({ chatId, startedAt: new Date(nowMs).toISOString() })
}

/** The link this chat opened last, still waiting for its phone. */
export async function startedLinkToken(db: Knex, companyId: string, chatId: string, nowMs: number): Promise<LinkToken | undefined> {
  const token = tokenOf(await db(TELEGRAM_TOKENS_TABLE).where({ companyId, chatId }).whereNull('usedAt').orderBy('startedAt', 'desc').first())
  return token && Date.parse(token.expiresAt) > nowMs ? token : undefined
}

/** Uses the token once: true for the one call that did. */
export async function useLinkToken(db: Knex, tokenHash: string, nowMs: number): Promise<boolean> {
  return Number(await db(TELEGRAM_TOKENS_TABLE).where({ tokenHash }).whereNull('usedAt').update({ usedAt: new Date(nowMs).toISOString() })) === 1
}

/** Links the chat to the patient; a chat linked before (to anyone of the company) is moved. */
export async function saveLink(db: Knex, link: Omit<TelegramLink, '_id' | 'createdAt' | 'updatedAt' | 'createdBy'>, nowMs: number): Promise<TelegramLink> {
  const at = new Date(nowMs).toISOString()
  await db(TELEGRAM_LINKS_TABLE).where({ companyId: link.companyId, chatId: link.chatId }).delete()
  const row: TelegramLink = { _id: newId(), ...link, createdAt: at, updatedAt: at, createdBy: null }
  await db(TELEGRAM_LINKS_TABLE).insert(row)
  return row
}

/** The chat a message to the patient goes to: the one linked last; null when none. */
export async function chatOfCustomer(db: Knex, companyId: string, customerId: string): Promise<string | null> {
  return (await db(TELEGRAM_LINKS_TABLE).where({ companyId, customerId }).orderBy('createdAt', 'desc').first('chatId'))?.chatId ?? null
}

/** The patients linked to this Telegram user in the company. */
export async function customersOfTelegramUser(db: Knex, companyId: string, telegramUserId: string): Promise<string[]> {
  return (await db(TELEGRAM_LINKS_TABLE).where({ companyId, telegramUserId }).select('customerId')).map((row: { customerId: string }) => row.customerId)
}

/** The patient this chat is linked to in the company (a chat is linked to one at a time); null when none. */
export async function customerOfChat(db: Knex, companyId: string, chatId: string): Promise<string | null> {
  return (await db(TELEGRAM_LINKS_TABLE).where({ companyId, chatId }).first('customerId'))?.customerId ?? null
}

/** The company's patients linked to its bot, as a subquery (a broadcast's reach by Telegram). */
export function linkedCustomers(db: Knex, companyId: string): Knex.QueryBuilder {
  return db(TELEGRAM_LINKS_TABLE).select('customerId').where({ companyId })
}
