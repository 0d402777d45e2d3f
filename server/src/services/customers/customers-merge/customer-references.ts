import type { DependentRows, ServiceManifest } from '../../service-manifest'
import { registeredManifests } from '../../service-manifest'

/**
 * Every column that points at a customer, by table: what each service declares in its manifest
 * as `customerRows` (notes, appointments, the waiting list...). A merge moves these rows from the
 * merged customer to the kept one in its transaction. There are no database foreign keys to
 * customers (a trashed customer must be able to come back with its rows), so the owners'
 * declarations are the one place that knows them: a feature that adds customer-owned rows
 * (invoices, payments...) declares them beside its hooks.
 *
 * Not moved on purpose: `customer_cabinet_tokens` (the merged customer's links are revoked by the
 * merge instead: its cabinet closes with its page) and the trash (a removed record is kept as it
 * was removed).
 */
export function customerOwnedRows(): DependentRows[] {
  return [...registeredManifests().values()].flatMap((manifest) => manifest.customerRows ?? [])
}

/** The owners that combine their one-per-customer rows themselves (manifest `mergeCustomer`). */
export function customerRowCombiners(): NonNullable<ServiceManifest['mergeCustomer']>[] {
  return [...registeredManifests().values()].flatMap((manifest) => (manifest.mergeCustomer ? [manifest.mergeCustomer] : []))
}
