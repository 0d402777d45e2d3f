import type { RecordScope } from '../../../access/record-scope'

/** The branches the caller works in; a doctor without `invoices: seeAll` sees the invoices of their own treatments only. */
export const invoiceScope: RecordScope = { branch: {}, owner: { field: 'doctorId', unlessSeeAll: 'invoices' } }
