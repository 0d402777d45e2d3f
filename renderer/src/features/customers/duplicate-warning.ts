import type { Dayjs } from 'dayjs'
import { normalizePhone, phoneProblem } from '../../../../domain/validation/phone'
import { normalizeName } from '../../../../domain/customers/search-terms'
import { samePhoneForms } from '../../../../domain/customers/national-phone'
import type { CustomerDuplicateOf } from '../../../../server/src/services/customers/customers/customers.shared'
import type { CustomerRecord } from './customer-types'

/** What the create form has typed that a duplicate could repeat. */
export interface DuplicateCandidate {
  phone?: string
  first_name?: string
  last_name?: string
  birthdate?: Dayjs | null
}

/** Why an existing customer may be the person being created. */
export type DuplicateReason = 'phone' | 'name'

/** The fewest digits the form treats as a whole number worth asking about. */
export const WHOLE_PHONE_DIGITS = 9

/** At most this many matches are shown (a duplicate is one or two records, not a list to page). */
export const DUPLICATE_LIMIT = 5

/**
 * What the form asks the server (`customers.find` with `$duplicateOf`), or null while nothing
 * typed can match: a phone once it is a whole valid number, a name once first and last name and
 * birth date are all filled in.
 */
export function duplicateQuery(values: DuplicateCandidate): CustomerDuplicateOf | null {
  const query: CustomerDuplicateOf = {}
  const phone = values.phone?.trim() ?? ''
  // A number still being typed ("+998 90 88") is valid but not yet whole: wait for nine digits
  // (a national number of Uzbekistan, the shortest of a whole mobile number here).
  if (phone && phoneProblem(phone) === null && normalizePhone(phone).length >= WHOLE_PHONE_DIGITS) query.phone = phone
  const first = values.first_name?.trim() ?? ''
  const last = values.last_name?.trim() ?? ''
  if (first && last && values.birthdate?.isValid()) Object.assign(query, { first_name: first, last_name: last, birthdate: values.birthdate.format('YYYY-MM-DD') })
  return Object.keys(query).length ? query : null
}

/**
 * Why `match` was found for `query`. A phone hidden from the caller (phone protection) is never
 * compared: it is "phone matches" only when the name does not explain the match, which says
 * no more than the server's answer itself.
 */
export function duplicateReasons(query: CustomerDuplicateOf, match: Pick<CustomerRecord, 'first_name' | 'last_name' | 'birthdate' | 'phone' | 'phoneHidden'>): DuplicateReason[] {
  const sameName =
    query.first_name !== undefined &&
    normalizeName(query.first_name) === normalizeName(match.first_name) &&
    normalizeName(query.last_name ?? '') === normalizeName(match.last_name) &&
    query.birthdate === match.birthdate
  const samePhone = query.phone !== undefined && (match.phoneHidden ? !sameName : Boolean(match.phone) && samePhoneForms(normalizePhone(query.phone)).includes(match.phone ?? ''))
  return [...(samePhone ? ['phone' as const] : []), ...(sameName ? ['name' as const] : [])]
}

/** Whether Save must wait: some match has not been seen and accepted with "create anyway". */
export function mustConfirm(matchIds: string[], acceptedIds: ReadonlySet<string>): boolean {
  return matchIds.some((id) => !acceptedIds.has(id))
}
