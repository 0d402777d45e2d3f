import type { Invoice } from '../../../../server/src/services/billing/invoices/invoices.shared'
import type { Payment } from '../../../../server/src/services/billing/transactions/transactions.shared'
import type { PaymentHistory, PaymentHistoryEntry } from '../../../../server/src/services/billing/payment-history/payment-history.shared'

export type { Invoice, Payment, PaymentHistory, PaymentHistoryEntry }
export { cancelReasons, paymentMethods } from '../../../../domain/billing/money'

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
