/**
 * Money rules of billing (docs/decisions/billing.md). Amounts are integers of minor units and
 * every step here stays an integer: a percent is taken by exact integer division with the
 * half rounded up (the same result as the treatment plan's totals), never by a float kept around.
 */

/** The largest amount a line, an invoice or a payment may hold (10^13 minor units). */
export const MAX_MONEY = 10_000_000_000_000

/** `whole × numerator / denominator`, rounded half up, for non-negative integers. */
export function ratio(whole: number, numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(whole) || !Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError('money is integer minor units')
  }
  const product = whole * numerator
  if (!Number.isSafeInteger(product)) {
    // A fixed share pro rata of a large sum in tiyin passes 2^53 before the division: in BigInt.
    const exact = BigInt(whole) * BigInt(numerator)
    const rest = exact % BigInt(denominator)
    const quotient = Number((exact - rest) / BigInt(denominator))
    return Number(rest) * 2 >= denominator ? quotient + 1 : quotient
  }
  const rest = product % denominator
  const quotient = (product - rest) / denominator
  return rest * 2 >= denominator ? quotient + 1 : quotient
}

/** `percent` (an integer 0..100) of an amount, rounded half up to a minor unit. */
export const percentOf = (amount: number, percent: number) => ratio(amount, percent, 100)

export interface LineInput {
  price: number
  quantity: number
  /** The line's own discount, percent (a plan item's). */
  discountPercent: number
}

/** A line's amount: price × quantity, less its own discount. */
export function lineAmount(line: LineInput): number {
  const gross = line.price * line.quantity
  return gross - percentOf(gross, line.discountPercent)
}

export interface InvoiceTotals {
  subtotal: number
  discountAmount: number
  /** What the patient owes: the subtotal less the patient's discount (VAT included). */
  total: number
  /** The VAT inside the total (prices include VAT). */
  vatAmount: number
}

/**
 * An invoice's totals: the lines' amounts, then the patient's discount on their sum (as the
 * plan's totals do), then the VAT contained in what remains (prices include VAT: the amount is
 * total × rate / (100 + rate)).
 */
export function invoiceTotals(lineAmounts: readonly number[], discountPercent: number, vatPercent: number): InvoiceTotals {
  const subtotal = lineAmounts.reduce((sum, amount) => sum + amount, 0)
  const discountAmount = percentOf(subtotal, discountPercent)
  const total = subtotal - discountAmount
  return { subtotal, discountAmount, total, vatAmount: ratio(total, vatPercent, 100 + vatPercent) }
}

/** The spec's invoice states (section 4), computed, never stored. */
export const invoiceStates = ['not-paid', 'paid-partially', 'paid', 'cancelled', 'closed', 'outdated', 'in-debt'] as const
export type InvoiceState = (typeof invoiceStates)[number]

export interface InvoiceStanding {
  cancelled: boolean
  closed: boolean
  total: number
  paid: number
  /** Company-local day by which the rest is owed; null: no debt agreed. */
  dueDate: string | null
}

/**
 * The state of an invoice on company-local `today`: cancelled and closed (written off) first;
 * then paid when nothing is owed; owed past its due date is outdated; owed with a due date
 * still ahead is in debt (the patient agreed to pay later); otherwise paid partially or not paid.
 */
export function invoiceState(invoice: InvoiceStanding, today: string): InvoiceState {
  if (invoice.cancelled) return 'cancelled'
  if (invoice.closed) return 'closed'
  if (invoice.paid >= invoice.total) return 'paid'
  if (invoice.dueDate && today > invoice.dueDate) return 'outdated'
  if (invoice.dueDate) return 'in-debt'
  return invoice.paid > 0 ? 'paid-partially' : 'not-paid'
}

/** What is still owed on an invoice: nothing once it is cancelled, closed or paid. */
export function invoiceDue(invoice: Omit<InvoiceStanding, 'dueDate'>): number {
  if (invoice.cancelled || invoice.closed) return 0
  return Math.max(0, invoice.total - invoice.paid)
}

/** The spec's payment methods (section 9) and payment states (section 4). */
export const paymentMethods = ['cash', 'card', 'bank', 'credit', 'mobile', 'balance', 'guarantee', 'other'] as const
export type PaymentMethod = (typeof paymentMethods)[number]
export const paymentStatuses = ['success', 'debiting-from-balance', 'cancelled'] as const
export type PaymentStatus = (typeof paymentStatuses)[number]

/** Why an invoice or a payment is cancelled (the note says the rest). */
export const cancelReasons = ['mistake', 'patient-refused', 'duplicate', 'price-changed', 'other'] as const
export type CancelReason = (typeof cancelReasons)[number]
