import type { OfflineDaySnapshot, OfflineStore, OutboxEntry } from '../../../../main/src/offline/offline-types'
import { offlineId, offlineKeyOf } from '../../../../main/src/offline/offline-ids'
import { personName, recordsOf } from './day-view'

/*
 * The conflict inbox's words for an entry and the writes its buttons make online: what the
 * write was about (names from the cached day), and the server ids it must name now.
 */

type Json = Record<string, unknown>

export interface ConflictSubject {
  /** The patient the write is about, by name ('' when not in the cached day). */
  patient: string
  doctor: string
  /** The instant the write wanted (a booking or a moved visit). */
  start: string | null
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** What an entry is about, from its operation and the cached day (which may be gone). */
export function subjectOf(entry: OutboxEntry, snapshot: OfflineDaySnapshot | null): ConflictSubject {
  const { operation } = entry
  const byId = (kind: 'customer' | 'staff' | 'appointment') => new Map((snapshot ? recordsOf(snapshot, kind) : []).map((record) => [String(record._id), record]))
  const customers = byId('customer')
  const staff = byId('staff')
  const data = operation.data
  let visit: Json = {}
  if (operation.kind === 'appointment') visit = operation.action === 'patch' ? { ...(byId('appointment').get(operation.id) ?? {}), ...data } : data
  const customerId = operation.kind === 'customer' ? (operation.action === 'patch' ? operation.id : offlineId(operation.key)) : text(visit.customerId ?? data.customerId)
  const customer = customers.get(customerId) ?? (operation.kind === 'customer' ? data : undefined)
  const doctor = staff.get(text(visit.staffId))
  return { patient: customer ? personName(customer) : '', doctor: doctor ? personName(doctor) : '', start: text(visit.start) || null }
}

/** A record's id as the server knows it now: `offline:<key>` becomes the id its create got. */
export async function serverIdFor(store: OfflineStore, id: string): Promise<string> {
  const key = offlineKeyOf(id)
  if (key === null) return id
  const known = await store.serverIdOf(key)
  if (!known) throw new Error(`Not sent yet: ${id}`)
  return known
}

/** A booking refused for its slot, made again at a suggested start (no client key: a new write, online). */
export async function bookingAt(store: OfflineStore, entry: OutboxEntry, start: string): Promise<Json> {
  const { clientKey: _sent, ...data } = entry.operation.data
  const customerId = typeof data.customerId === 'string' ? await serverIdFor(store, data.customerId) : data.customerId
  return { ...data, customerId, start }
}
