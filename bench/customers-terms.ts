import type { DemoPerson } from '../server/src/demo-people'
import { formatPhone } from '../domain/validation/phone'

export type TermKind =
  | 'one word, Latin'
  | 'one word, Cyrillic'
  | 'two words, reversed'
  | 'three words, reversed'
  | 'phone, start typed'
  | 'phone, last digits'
  | 'phone, whole number'
  | 'phone, national start'

const CYRILLIC = /[\u0400-\u04ff]/

/** The start of a phone's national number as a person dictates it: 5 to 9 digits, with punctuation. */
function nationalStart(phone: string, at: number): string {
  const national = phone.startsWith('998') ? phone.slice(3) : phone.slice(1)
  const digits = national.slice(0, 5 + (at % 5))
  return `(${digits.slice(0, 2)}) ${digits.slice(2, 5)}-${digits.slice(5)}`.replace(/-$/, '')
}

/** What a person types: the first 3 to 6 letters of a name, sometimes the whole of it. */
const typed = (name: string, at: number) => (at % 4 === 0 ? name : name.slice(0, 3 + (at % 4)))

/**
 * Search terms built from customers that exist, `perKind` of each kind, in an interleaved order
 * (so no kind profits from a warm cache left by its own kind only).
 */
export function searchTerms(sample: DemoPerson[], perKind: number): Array<{ kind: TermKind; term: string }> {
  const latin = sample.filter((person) => !CYRILLIC.test(person.last_name))
  const cyrillic = sample.filter((person) => CYRILLIC.test(person.last_name))
  const withMiddle = sample.filter((person) => person.middle_name !== '')
  const terms: Array<{ kind: TermKind; term: string }> = []
  for (let at = 0; at < perKind; at += 1) {
    const l = latin[(at * 7) % latin.length]
    const c = cyrillic[(at * 11) % cyrillic.length]
    const p = sample[(at * 13) % sample.length]
    const m = withMiddle[(at * 17) % withMiddle.length]
    const mixed = at % 2 === 0 ? l : c
    terms.push(
      { kind: 'one word, Latin', term: typed(at % 2 === 0 ? l.last_name : l.first_name, at) },
      { kind: 'one word, Cyrillic', term: typed(at % 2 === 0 ? c.last_name : c.first_name, at).toLowerCase() },
      { kind: 'two words, reversed', term: `${typed(mixed.last_name, at)} ${typed(mixed.first_name, at + 1)}` },
      { kind: 'three words, reversed', term: `${typed(m.middle_name, at)} ${typed(m.last_name, at + 1)} ${typed(m.first_name, at + 2)}` },
      { kind: 'phone, start typed', term: formatPhone(p.phone).slice(0, 8 + (at % 6)) },
      { kind: 'phone, last digits', term: p.phone.slice(-(4 + (at % 4))).replace(/(\d\d)$/, '-$1') },
      { kind: 'phone, whole number', term: formatPhone(p.phone) },
      // As dictated, without the country code: "(90) 889-9" for +998(90) 889-98-77.
      { kind: 'phone, national start', term: nationalStart(p.phone, at) }
    )
  }
  return terms
}
