import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { HookContext } from '../../../declarations'
import { clinicError } from '../../../errors'
import { normalizePhone, phoneProblem } from '../../../../../domain/validation/phone'
import { normalizeName } from '../../../../../domain/customers/search-terms'
import { samePhoneForms } from '../../../../../domain/customers/national-phone'
import type { CustomerDuplicateOf } from './customers.schema'

/** What a `$duplicateOf` asks for, as the columns hold it: phone forms, and a name with a birth date. */
export interface DuplicateMatch {
  phones: string[]
  person: { searchFirst: string; searchLast: string; birthdate: string } | null
}

/** The conditions of a `$duplicateOf`, or null when it names nothing to match by. */
export function duplicateMatch(duplicateOf: CustomerDuplicateOf): DuplicateMatch | null {
  const phones = duplicateOf.phone ? samePhoneForms(normalizePhone(duplicateOf.phone)) : []
  const first = normalizeName(duplicateOf.first_name ?? '')
  const last = normalizeName(duplicateOf.last_name ?? '')
  const person = first && last && duplicateOf.birthdate ? { searchFirst: first, searchLast: last, birthdate: duplicateOf.birthdate } : null
  return phones.length || person ? { phones, person } : null
}

/**
 * Before every method: a `$duplicateOf` names a whole phone number, or a first and last name
 * with a birth date; anything else is refused rather than answered with every customer. A
 * phone must be a whole number (phone-protection: no prefix can be probed this way; an exact
 * number is what a protected caller's search finds too).
 */
export function checkDuplicateQuery(context: HookContext) {
  const duplicateOf = (context.params.query as { $duplicateOf?: CustomerDuplicateOf } | undefined)?.$duplicateOf
  if (duplicateOf === undefined) return
  if (duplicateOf.phone && phoneProblem(duplicateOf.phone)) throw clinicError(BadRequest, 'invalid-phone', '$duplicateOf.phone')
  if (!duplicateMatch(duplicateOf)) throw clinicError(BadRequest, 'invalid-request', '$duplicateOf')
}

/**
 * Adds a `$duplicateOf` to a customers query: the phone as one of its stored forms, or the name
 * and birth date. Each branch of the OR names the company (and the listed branches), so each
 * reads its own index: (companyId, phone, branchId) by equality, and (companyId, searchLast,
 * branchId, searchFirst, ...) with the first name checked in the index entry.
 */
export function applyDuplicateMatch(builder: Knex.QueryBuilder, duplicateOf: CustomerDuplicateOf | undefined, scope: { companyId: string | undefined; branchIds: string[] | undefined }) {
  if (duplicateOf === undefined) return
  const match = duplicateMatch(duplicateOf)
  // (The hook refuses such a query from outside; an inside call finds nothing rather than everyone.)
  if (!match) return void builder.whereRaw('1 = 0')
  const company = (branch: Knex.QueryBuilder) => {
    if (scope.companyId) branch.where('customers.companyId', scope.companyId)
    return scope.branchIds ? branch.whereIn('customers.branchId', scope.branchIds) : branch
  }
  const { phones, person } = match
  builder.where((any) => {
    if (phones.length) any.orWhere((branch) => company(branch).whereIn('customers.phone', phones))
    if (person) {
      any.orWhere((branch) =>
        company(branch).where('customers.searchLast', person.searchLast).where('customers.searchFirst', person.searchFirst).where('customers.birthdate', person.birthdate)
      )
    }
  })
}
