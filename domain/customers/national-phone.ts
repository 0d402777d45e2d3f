/**
 * Phones as people dictate them: without the country code ("90 889 98 77" for
 * +998 90 889 98 77). Phones are stored as their digits with the country code when it was
 * typed (validation/phone.ts, normalizePhone); the company has no country of its own, so a
 * number without its code is read against the calling codes of the markets the product serves.
 */

/** Uzbekistan, Russia and Kazakhstan, Finland: the markets of the interface's languages. */
export const CALLING_CODES = ['998', '7', '358'] as const

/** A national number is at most this long (Russia: 10 digits; Uzbekistan 9; Finland up to 10). */
export const NATIONAL_MAX_DIGITS = 10
/**
 * A term shorter than this is not read as the start of a national number: four digits are most
 * often a number's last four ("the last digits", which the search finds by its ending), and as
 * a national start ("90 88") they would match about one in a thousand of a company's numbers,
 * each read and sorted for the page. "(90) 889" has five.
 */
export const NATIONAL_MIN_DIGITS = 5
/** E.164: at most 15 digits. */
const MAX_DIGITS = 15
/** The shortest whole number worth matching (as validation/phone.ts: fewer is no subscriber number). */
const MIN_WHOLE_DIGITS = 7

/**
 * The starts of full numbers that a phone search term stands for when it is the start of a
 * national number: each calling code the term does not already start with, put in front.
 * Empty for a term typed with a plus (an international number already), or too short or too
 * long to be a national number.
 */
export function nationalPhoneStarts(term: string): string[] {
  if (term.trim().startsWith('+')) return []
  const digits = term.replace(/[\s()-]/g, '')
  if (!/^\d+$/.test(digits) || digits.length < NATIONAL_MIN_DIGITS || digits.length > NATIONAL_MAX_DIGITS) return []
  return CALLING_CODES.filter((code) => !digits.startsWith(code) && code.length + digits.length <= MAX_DIGITS).map((code) => `${code}${digits}`)
}

/**
 * The stored forms one whole number may have, for "is this phone already a customer's": the
 * digits as typed, with a calling code put in front (typed without it), and without one it
 * starts with (stored without it). Empty for what cannot be a whole number.
 */
export function samePhoneForms(digits: string): string[] {
  if (!/^\d+$/.test(digits) || digits.length < MIN_WHOLE_DIGITS || digits.length > MAX_DIGITS) return []
  const forms = new Set([digits])
  for (const code of CALLING_CODES) {
    if (!digits.startsWith(code) && digits.length <= NATIONAL_MAX_DIGITS) forms.add(`${code}${digits}`)
    const national = digits.slice(code.length)
    if (digits.startsWith(code) && national.length >= MIN_WHOLE_DIGITS && national.length <= NATIONAL_MAX_DIGITS) forms.add(national)
  }
  return [...forms]
}
