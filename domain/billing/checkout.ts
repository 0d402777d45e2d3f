import type { PaymentMethod } from './money'

/**
 * The cash desk's checkout (docs/decisions/billing-pos.md), as pure rules the server applies and
 * the screen previews: how a split payment is spread over the invoices being paid, what goes to
 * the prepaid balance, and the change of the cash handed over. Integer minor units only.
 */

export interface DueInvoice {
  invoiceId: string
  due: number
}

export interface SplitPayment {
  method: PaymentMethod
  amount: number
}

export interface PlannedPayment {
  /** The row's position in the split (its client key is derived from it). */
  index: number
  method: PaymentMethod
  amount: number
  /** Where its money goes: invoices, and (invoiceId null) the balance when topping up. */
  allocations: Array<{ invoiceId: string | null; amount: number }>
}

export type CheckoutProblem =
  | { code: 'checkout-over-payment'; path: string; due: number }
  | { code: 'payment-balance-to-balance'; path: string }

export interface CheckoutPlan {
  payments: PlannedPayment[]
  /** What the invoices ask in all. */
  due: number
  /** Paid in all (every row). */
  paid: number
  /** Put on the balance: what was paid beyond the dues, only when asked (`topUp`). */
  topUp: number
}

/**
 * Spreads the rows over the invoices in their order, money from the balance first (it may pay
 * invoices only), then the other rows in theirs. More than the invoices ask is refused
 * (`checkout-over-payment` at `payments`) unless `topUp`: then it goes to the balance, from the
 * rows that are not the balance. Returns a problem rather than throwing, so the screen can show it.
 */
export function planCheckout(invoices: readonly DueInvoice[], rows: readonly SplitPayment[], topUp: boolean): CheckoutPlan | CheckoutProblem {
  const due = invoices.reduce((sum, invoice) => sum + invoice.due, 0)
  const paid = rows.reduce((sum, row) => sum + row.amount, 0)
  if (paid > due && !topUp) return { code: 'checkout-over-payment', path: 'payments', due }
  const left = invoices.map((invoice) => ({ ...invoice }))
  const order = [...rows.keys()].sort((a, b) => Number(rows[b].method === 'balance') - Number(rows[a].method === 'balance') || a - b)
  const planned: PlannedPayment[] = []
  for (const index of order) {
    const row = rows[index]
    let rest = row.amount
    const allocations: PlannedPayment['allocations'] = []
    for (const invoice of left) {
      if (rest === 0) break
      const take = Math.min(rest, invoice.due)
      if (take === 0) continue
      allocations.push({ invoiceId: invoice.invoiceId, amount: take })
      invoice.due -= take
      rest -= take
    }
    if (rest > 0) {
      if (row.method === 'balance') return { code: 'payment-balance-to-balance', path: `payments.${index}.amount` }
      allocations.push({ invoiceId: null, amount: rest })
    }
    planned.push({ index, method: row.method, amount: row.amount, allocations })
  }
  planned.sort((a, b) => a.index - b.index)
  return { payments: planned, due, paid, topUp: Math.max(0, paid - due) }
}

export const isCheckoutProblem = (plan: CheckoutPlan | CheckoutProblem): plan is CheckoutProblem => 'code' in plan

/** Cash handed over less what is paid in cash; null when the cash given does not cover it (or none was given). */
export function changeOf(rows: readonly SplitPayment[], cashGiven: number | null | undefined): number | null {
  if (cashGiven === null || cashGiven === undefined) return 0
  const cash = rows.filter((row) => row.method === 'cash').reduce((sum, row) => sum + row.amount, 0)
  return cashGiven >= cash ? cashGiven - cash : null
}

/** The client key of one row of a checkout's split: the checkout's own key and the row's position. */
export const paymentKeyOf = (checkoutKey: string, index: number) => `${checkoutKey}-${index + 1}`
