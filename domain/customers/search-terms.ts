/**
 * Customer search (spec section 5): case-insensitive starts-with on first, last and middle
 * names, Latin and Cyrillic alike, up to three words in any order; a term that is only digits
 * after removing spaces, plus signs, parentheses and hyphens searches phones instead.
 *
 * The server stores every name normalised by `normalizeName` in hidden columns and matches a
 * word as a range `column >= word AND column < prefixEnd(word)`, which both databases answer
 * from an index.
 */

export const MAX_SEARCH_LENGTH = 100
export const MAX_SEARCH_WORDS = 3

export type CustomerSearch =
  | { kind: 'none' }
  | { kind: 'name'; words: string[] }
  | { kind: 'phone'; digits: string }

/** Apostrophe look-alikes in Uzbek Latin names (O‘tkir, G'ofur) compare as one. */
const APOSTROPHES = /[\u2018\u2019\u02bb\u02bc`\u00b4]/g

/** Lower case, ё as е, one kind of apostrophe, single spaces, trimmed. */
export function normalizeName(value: string): string {
  return value.toLowerCase().replace(/ё/g, 'е').replace(APOSTROPHES, "'").replace(/\s+/g, ' ').trim()
}

const PHONE_PUNCTUATION = /[\s+()-]/g

export function parseCustomerSearch(term: string): CustomerSearch {
  const text = term.slice(0, MAX_SEARCH_LENGTH)
  const digits = text.replace(PHONE_PUNCTUATION, '')
  if (digits !== '' && /^\d+$/.test(digits)) return { kind: 'phone', digits }
  const words = normalizeName(text).split(' ').filter(Boolean)
  if (words.length === 0) return { kind: 'none' }
  // Duplicates add nothing ("ali ali" is "ali"); beyond three words the rest are ignored.
  return { kind: 'name', words: [...new Set(words)].slice(0, MAX_SEARCH_WORDS) }
}

/**
 * The smallest string greater than every string that starts with `prefix`, in code point
 * order (SQLite's BINARY collation and PostgreSQL's "C" on UTF-8 both compare so): the last
 * character incremented. A prefix ending in U+FFFF is not worth handling for names.
 */
export function prefixEnd(prefix: string): string {
  const last = prefix.charCodeAt(prefix.length - 1)
  return prefix.slice(0, -1) + String.fromCharCode(last + 1)
}

/** A phone's digits reversed: its suffixes become prefixes (see the phoneReversed column). */
export function reverseDigits(digits: string): string {
  return [...digits].reverse().join('')
}
