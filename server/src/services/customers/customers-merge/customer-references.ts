/**
 * Every column that points at a customer, by table. A merge moves these rows from the merged
 * customer to the kept one in its transaction. There are no database foreign keys to
 * customers (a trashed customer must be able to come back with its rows), so this list is the
 * one place that knows them: a feature that adds a table of customer-owned rows (appointments,
 * invoices, payments...) adds a line here.
 *
 * Not listed on purpose: `customer_cabinet_tokens` (the merged customer's links are revoked
 * by the merge instead: its cabinet closes with its page).
 */
export interface CustomerReference {
  table: string
  column: string
}

export const customerReferences: readonly CustomerReference[] = [{ table: 'notes', column: 'customerId' }]
