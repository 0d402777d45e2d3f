import type { Knex } from 'knex'
import { WHATSAPP_WINDOW_MARGIN_MS, WHATSAPP_WINDOW_MS } from '../../../../../domain/messaging/whatsapp'

/**
 * When each WhatsApp number last wrote to the clinic (`whatsapp_windows`, owned by
 * `whatsapp-integration`): the 24-hour customer-service window is Meta's, per number and
 * business number, so it is kept per number (patients sharing a phone share it). The webhook
 * records inbound messages; scheduling and the outbox worker ask whether free-form text may go.
 */
export const WHATSAPP_WINDOWS_TABLE = 'whatsapp_windows'

const digits = (phone: string) => phone.replace(/\D/g, '')

/** A message from this number arrived at `atMs` (a later one already recorded is kept). */
export async function recordInbound(db: Knex, companyId: string, waId: string, atMs: number): Promise<void> {
  const id = digits(waId)
  if (id.length < 7 || id.length > 20) return
  const at = new Date(atMs).toISOString()
  await db(WHATSAPP_WINDOWS_TABLE).insert({ companyId, waId: id, lastInboundAt: at }).onConflict(['companyId', 'waId']).ignore()
  await db(WHATSAPP_WINDOWS_TABLE).where({ companyId, waId: id }).andWhere('lastInboundAt', '<', at).update({ lastInboundAt: at })
}

/** When this phone last wrote to the clinic by WhatsApp; null when never. */
export async function lastInbound(db: Knex, companyId: string, phone: string): Promise<number | null> {
  const id = digits(phone)
  if (!id) return null
  const row = await db(WHATSAPP_WINDOWS_TABLE).where({ companyId, waId: id }).first('lastInboundAt')
  return row ? new Date(row.lastInboundAt as string).getTime() : null
}

/**
 * The numbers (digits, as patients' phones are stored) whose window is open at `atMs` by the
 * worker's rule (`insideWindow`: its margin too), as a subquery: a broadcast's reach by WhatsApp.
 */
export function numbersInWindow(db: Knex, companyId: string, atMs: number): Knex.QueryBuilder {
  return db(WHATSAPP_WINDOWS_TABLE).select('waId').where({ companyId }).andWhere('lastInboundAt', '>', new Date(atMs - WHATSAPP_WINDOW_MS + WHATSAPP_WINDOW_MARGIN_MS).toISOString())
}
