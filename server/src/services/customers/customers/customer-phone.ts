import { Forbidden } from '@feathersjs/errors'
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
  return Boolean(context.params.provider) && phonesHiddenFrom(context.params.identity, customerPath)
}

function mentionsPhone(query: Record<string, unknown>): boolean {
  if ('phone' in query) return true
  const sort = query.$sort as Record<string, unknown> | undefined
  if (sort && 'phone' in sort) return true
  return Array.isArray(query.$or) && query.$or.some((branch: Record<string, unknown>) => 'phone' in branch)
}

/** Before every method: marks the call, and refuses phone filters and sorts from those it hides from. */
export function phoneProtection(context: HookContext) {
  if (!phoneHiddenFrom(context)) return
  context.params.phoneHidden = true
  if (mentionsPhone((context.params.query ?? {}) as Record<string, unknown>)) throw clinicError(Forbidden, 'phone-hidden', 'phone')
}

/**
 * Before patch: a form sends back the hidden phone as null or empty; that must not erase it.
 * (null means "unchanged" for everyone; a new number is still accepted.)
 */
export function keepHiddenPhone(context: HookContext) {
  const data = context.data as { phone?: string | null } | undefined
  if (!data || !('phone' in data)) return
  if (data.phone === null || (context.params.phoneHidden && data.phone?.trim() === '')) {
    const { phone: _dropped, ...rest } = data
    context.data = rest
  }
}

declare module '@feathersjs/feathers' {
  interface Params {
    /** Set by phoneProtection: the caller may not see customers' phones. */
    phoneHidden?: boolean
  }
}
