/**
 * Numbers as typed on the keypad or stored on a patient's card, made into what the SIP server is
 * asked to call, and a caller's number made into what the patients' phone search takes. Pure,
 * unit-tested in tests/renderer/softphone-dial-number.test.ts.
 */

/** Longer than any E.164 number (15 digits) with an extension or a service code. */
export const MAX_DIAL_LENGTH = 32

/**
 * What was typed or stored, without the spaces, dashes, dots and brackets people write numbers
 * with: digits, '*' and '#' (service codes), an optional leading '+'. Null when nothing dialable
 * is left, or letters or other signs are in it (a SIP address is not a number).
 */
export function normaliseDialNumber(input: string): string | null {
  const compact = input.trim().replace(/[\s\-.()]/g, '')
  if (!/^\+?[0-9*#]+$/.test(compact) || compact.length > MAX_DIAL_LENGTH) return null
  if (compact.startsWith('+') && !/^\+[0-9]+$/.test(compact)) return null
  return compact
}

/** The SIP address to call a number at, on the account's domain. */
export function dialTarget(number: string, domain: string): string {
  return `sip:${number}@${domain}`
}

/**
 * The digits of a caller's number (the user part of the From address: "+998 90 123-45-67",
 * "998901234567", "tel-like" forms) for the patients' phone search, or null for an extension or an
 * anonymous caller, too short to be anyone's phone (the search takes seven digits or more).
 */
export function callerDigits(user: string | null | undefined): string | null {
  if (!user || !/^\+?[\d\s\-.()]+$/.test(user)) return null
  const digits = user.replace(/\D/g, '')
  return digits.length >= 7 && digits.length <= 15 ? digits : null
}

/** DTMF tones a keypad sends (RFC 4733's 0-9, *, #). */
export const dtmfKeys = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'] as const
export type DtmfKey = (typeof dtmfKeys)[number]
export const isDtmfKey = (key: string): key is DtmfKey => (dtmfKeys as readonly string[]).includes(key)
