import type { MessageCode } from '../messages'

/** Strips everything but digits; a leading plus is implied for storage. */
export function normalizePhone(phone: string): string {
  return phone.replace(/\D/g, '')
}

/** E.164 allows at most 15 digits; fewer than 7 is no real subscriber number. */
export function phoneProblem(phone: unknown): MessageCode | null {
  if (typeof phone !== 'string' || phone.trim() === '') return 'phone-required'
  if (/[^\d\s+()-]/.test(phone)) return 'invalid-phone'
  const digits = normalizePhone(phone)
  if (digits.length < 7 || digits.length > 15) return 'invalid-phone'
  return null
}

/**
 * Spec section 5 display format `+###(##) ###-##-##` for 12-digit numbers (Uzbekistan: 998 XX
 * XXX XX XX). Other lengths are shown as `+digits` rather than squeezed into the wrong mask.
 */
export function formatPhone(phone: string): string {
  const digits = normalizePhone(phone)
  if (digits.length !== 12) return digits ? `+${digits}` : ''
  return `+${digits.slice(0, 3)}(${digits.slice(3, 5)}) ${digits.slice(5, 8)}-${digits.slice(8, 10)}-${digits.slice(10)}`
}
