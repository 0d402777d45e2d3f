import { Forbidden } from '@feathersjs/errors'
import type { Params } from '@feathersjs/feathers'
import type { HookContext } from '../../../declarations'
import { phonesHiddenFrom } from '../../../access/phone-protection'
import { customerPath } from './customers.shared'
import { clinicError } from '../../../errors'

/**
 * Phone protection (spec section 6): when the company turns it on, customers' phones are
 * hidden from everyone lacking `seeAll` on `customer-phone`: in results (customers.schema.ts),
 * in events (customer-publish.ts), and in queries, which could otherwise read a phone out
 * digit by digit (a `phone` range filter, a sort by phone, a phone regex or a prefix search).
 */
export function phoneHiddenFrom(context: HookContext): boolean {
  return phoneHiddenFor(context.params)
}

/**
 * The same for a call's params (the class, below the hooks): a pure function of the call, the
 * caller's identity and whether they call from outside, so it is computed where it is needed
 * rather than carried in params.
 */
export function phoneHiddenFor(params: Params | undefined): boolean {
  return Boolean(params?.provider) && phonesHiddenFrom(params?.identity, customerPath)
}

function mentionsPhone(query: Record<string, unknown>): boolean {
  if ('phone' in query) return true
  const sort = query.$sort as Record<string, unknown> | undefined
  if (sort && 'phone' in sort) return true
  return Array.isArray(query.$or) && query.$or.some((branch: Record<string, unknown>) => 'phone' in branch)
}

/** Before every method: refuses phone filters and sorts from those it hides phones from. */
export function phoneProtection(context: HookContext) {
  if (!phoneHiddenFrom(context)) return
  if (mentionsPhone((context.params.query ?? {}) as Record<string, unknown>)) throw clinicError(Forbidden, 'phone-hidden', 'phone')
}

/**
 * Before patch: a form sends back the hidden phone as null or empty; that must not erase it.
 * (null means "unchanged" for everyone; a new number is still accepted.)
 */
export function keepHiddenPhone(context: HookContext) {
  const data = context.data as { phone?: string | null } | undefined
  if (!data || !('phone' in data)) return
  if (data.phone === null || (data.phone?.trim() === '' && phoneHiddenFrom(context))) {
    const { phone: _dropped, ...rest } = data
    context.data = rest
  }
}
