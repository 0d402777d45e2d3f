import type { MessageCode } from '../messages'

export const MAX_EMAIL_LENGTH = 254
export const MAX_EMAIL_LOCAL_PART = 64
export const MAX_DOMAIN_LABEL = 63

// The common "standard address" pattern: a dot-atom local part, an @, and dot-separated
// labels of letters, digits and inner hyphens with a top-level label of two letters or more.
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/
const DOMAIN_LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$/
const TOP_LEVEL_LABEL = /^[A-Za-z]{2,}$/

/** Lower-cases and trims: e-mail addresses are compared case-insensitively. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** Spec section 5: e-mail rules. Returns a message code or null when valid. */
export function emailProblem(email: unknown): MessageCode | null {
  if (typeof email !== 'string' || email.trim() === '') return 'email-required'
  const value = email.trim()
  if (value.length > MAX_EMAIL_LENGTH) return 'invalid-email'
  const at = value.lastIndexOf('@')
  if (at <= 0 || at === value.length - 1) return 'invalid-email'
  const local = value.slice(0, at)
  const domain = value.slice(at + 1)
  if (local.length > MAX_EMAIL_LOCAL_PART || !LOCAL_PART.test(local)) return 'invalid-email'
  const labels = domain.split('.')
  if (labels.length < 2) return 'invalid-email'
  const labelsValid = labels.every((label) => label.length <= MAX_DOMAIN_LABEL && DOMAIN_LABEL.test(label))
  if (!labelsValid || !TOP_LEVEL_LABEL.test(labels[labels.length - 1])) return 'invalid-email'
  return null
}
