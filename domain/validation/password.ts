import type { MessageCode } from '../messages'

/** Spec section 9: minimum password length. */
export const MIN_PASSWORD_LENGTH = 8

const SPECIAL_CHARACTER = /[^\p{L}\p{N}\s]/u
const DIGIT = /\p{Nd}/u

/**
 * The password rules of spec section 5 that can be checked without the stored hash.
 * Returns the first broken rule's message code, or null when the password is acceptable.
 * "Different from the previous password" needs the hash and is checked on the server.
 */
export function passwordProblem(password: unknown): MessageCode | null {
  if (typeof password !== 'string' || password.length === 0) return 'field-required'
  if (password.length < MIN_PASSWORD_LENGTH) return 'password-too-short'
  if (!DIGIT.test(password)) return 'password-needs-number'
  if (!SPECIAL_CHARACTER.test(password)) return 'password-needs-special'
  return null
}

/** The confirmation field must repeat the password exactly. */
export function confirmationProblem(password: string, confirmation: unknown): MessageCode | null {
  return password === confirmation ? null : 'passwords-do-not-match'
}
