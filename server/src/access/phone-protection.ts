import { hasPermission } from '../../../domain/access/check'
import type { Identity } from './identity'
import { manifestOf } from '../services/service-manifest'

/**
 * Phone protection (spec section 6): when the company setting `phoneProtection` is on, only
 * people with `seeAll` on `customer-phone` see customers' phones. The services themselves hide
 * the phone in their answers; this is for copies of their records kept elsewhere (the trash,
 * the activity log): the fields that hold a protected phone, as the service's manifest declares.
 */
export function protectedPhoneFields(service: string): readonly string[] {
  return manifestOf(service)?.protectedPhones ?? []
}

/** True when `identity` may not see the protected phones of `service`'s records. */
export function phonesHiddenFrom(identity: Identity | undefined, service: string): boolean {
  if (protectedPhoneFields(service).length === 0) return false
  // Internal callers (no identity) are the server itself and see everything.
  if (!identity) return false
  if (identity.company.settings?.phoneProtection !== true) return false
  return !hasPermission(identity.role.permissions, 'customer-phone', 'seeAll')
}

/** A copy of `record` with its protected phones blanked and `phoneHidden` set (the customers contract). */
export function hidePhones(service: string, record: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...record }
  for (const field of protectedPhoneFields(service)) if (field in copy) copy[field] = null
  copy.phoneHidden = true
  return copy
}
