import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The opt-out link's token (`/u/<token>`, docs/decisions/messaging.md "Dispatch"): the patient's
 * id (a UUID, 16 bytes as 22 base64url characters) and 8 characters of an HMAC of it under a key
 * derived from AUTH_SECRET. Nothing is stored per message, the link stays short (30 characters:
 * an SMS part is 70 Cyrillic characters), and one patient's link cannot be made from another's.
 */
const mac = (secret: string, customerId: string) => createHmac('sha256', secret).update(`promo-opt-out:${customerId}`).digest('base64url').slice(0, 8)

export function optOutToken(secret: string, customerId: string): string {
  return Buffer.from(customerId.replace(/-/g, ''), 'hex').toString('base64url') + mac(secret, customerId)
}

/** The patient a token names, or null when it was not made with this secret. */
export function customerOfOptOutToken(secret: string, token: string): string | null {
  if (!/^[A-Za-z0-9_-]{30}$/.test(token)) return null
  const hex = Buffer.from(token.slice(0, 22), 'base64url').toString('hex')
  if (hex.length !== 32) return null
  const customerId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
  const given = Buffer.from(token.slice(22))
  const expected = Buffer.from(mac(secret, customerId))
  return given.length === expected.length && timingSafeEqual(given, expected) ? customerId : null
}
