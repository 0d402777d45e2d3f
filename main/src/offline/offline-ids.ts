import type { OfflineOperation } from './offline-types'

/*
 * Ids of records made offline (docs/decisions/offline-day.md): a create's record is
 * `offline:<key>` until the replay gives it the server's id. The store (applying the outbox to
 * the cached day) and the replay (sending it) rewrite such ids the same way, with these.
 */

const PREFIX = 'offline:'

export const offlineId = (key: string) => `${PREFIX}${key}`

/** The outbox key an `offline:<key>` id names, or null for a server id. */
export const offlineKeyOf = (value: unknown): string | null => (typeof value === 'string' && value.startsWith(PREFIX) && value.length > PREFIX.length ? value.slice(PREFIX.length) : null)

/** Every outbox key a value names (in nested objects and lists too), each once, in order. */
export function offlineKeysIn(value: unknown, found: string[] = []): string[] {
  const key = offlineKeyOf(value)
  if (key !== null && !found.includes(key)) found.push(key)
  if (Array.isArray(value)) for (const item of value) offlineKeysIn(item, found)
  else if (value && typeof value === 'object') for (const item of Object.values(value)) offlineKeysIn(item, found)
  return found
}

/** A copy of `value` with each `offline:<key>` replaced by what `idOf(key)` answers (kept when it answers null). */
export function rewriteOfflineIds<T>(value: T, idOf: (key: string) => string | null): T {
  const key = offlineKeyOf(value)
  if (key !== null) return (idOf(key) ?? value) as T
  if (Array.isArray(value)) return value.map((item) => rewriteOfflineIds(item, idOf)) as T
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([field, item]) => [field, rewriteOfflineIds(item, idOf)])) as T
  return value
}

/** The server's service of each operation kind. */
export const servicePathOf = (operation: OfflineOperation): string =>
  ({ appointment: 'appointment', customer: 'customers', note: 'notes', payment: 'transactions' })[operation.kind]
