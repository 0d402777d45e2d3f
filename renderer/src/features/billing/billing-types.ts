import type { Invoice } from '../../../../server/src/services/billing/invoices/invoices.shared'
import type { Payment } from '../../../../server/src/services/billing/transactions/transactions.shared'
import type { PaymentHistory, PaymentHistoryEntry } from '../../../../server/src/services/billing/payment-history/payment-history.shared'

export type { Invoice, Payment, PaymentHistory, PaymentHistoryEntry }
export { cancelReasons, paymentMethods } from '../../../../domain/billing/money'

/**
 * The columns an invoices list asks for (`$select`): the server adds `_id` and the computed
 * `number`, `paid`, `due` and `state`, and sends no lines. The detail loads the whole invoice
 * when it opens (InvoiceDetail), so a patient's ten years of invoices stay a small answer.
 */
export const INVOICE_ROW_COLUMNS = ['issuedOn', 'total'] as const satisfies ReadonlyArray<keyof Invoice>
/** An invoice as a list has it (INVOICE_ROW_COLUMNS): what its row shows and a payment of it needs. */
export type InvoiceRow = Pick<Invoice, (typeof INVOICE_ROW_COLUMNS)[number] | '_id' | 'number' | 'paid' | 'due' | 'state'>

/** The colour of an invoice state's tag: paid green, owed orange, overdue red, finished grey. */
export const stateColors: Record<Invoice['state'], string> = {
  'not-paid': 'orange',
  'paid-partially': 'gold',
  paid: 'green',
  cancelled: 'default',
  closed: 'default',
  outdated: 'red',
  'in-debt': 'volcano'
}

/** A server error's path, moved to the form field that shows it (a part of the amount → the amount). */
export function formFieldOf(path: string | undefined, fields: readonly string[]): string | undefined {
  if (!path) return undefined
  if (path.startsWith('allocations')) return 'amount'
  return fields.includes(path) ? path : undefined
}
