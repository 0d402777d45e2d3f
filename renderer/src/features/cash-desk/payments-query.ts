import type { Dayjs } from 'dayjs'
import { addDays, dayStartInstant } from '../appointments/zoned-time'
import type { Payment } from '../../../../server/src/services/billing/transactions/transactions.shared'
import { paymentMethods, paymentStatuses, type PaymentMethod, type PaymentStatus } from '../../../../domain/billing/money'

export type { Payment }
export { paymentMethods, paymentStatuses }

/** The payments list's filters: days (the company's payments of those days), branch, method, status. */
export interface PaymentFilter {
  range?: [Dayjs, Dayjs] | null
  branchId?: string
  method?: PaymentMethod
  status?: PaymentStatus
}

/**
 * The filters as a `transactions` query: the clinic's days from the first's midnight to the
 * midnight after the last, in the clinic's zone (a browser elsewhere sees the same payments).
 */
export function paymentQuery(filter: PaymentFilter, timeZone: string) {
  const range = filter.range
  const day = (value: Dayjs) => value.format('YYYY-MM-DD')
  return {
    ...(range ? { date: { $gte: dayStartInstant(day(range[0]), timeZone).toISOString(), $lt: dayStartInstant(addDays(day(range[1]), 1), timeZone).toISOString() } } : {}),
    ...(filter.branchId ? { branchId: filter.branchId } : {}),
    ...(filter.method ? { method: filter.method } : {}),
    ...(filter.status ? { status: filter.status } : {})
  }
}

export interface MethodTotal {
  method: PaymentMethod
  paid: number
  refunded: number
  count: number
}

export interface PaymentTotals {
  payments: number
  paid: number
  refunds: number
  refunded: number
  byMethod: MethodTotal[]
}

/**
 * What the listed payments add up to (integer minor units): payments and refunds apart, by
 * method; cancelled ones count for nothing (as in the ledger).
 */
export function paymentTotals(payments: readonly Pick<Payment, 'kind' | 'method' | 'amount' | 'status'>[]): PaymentTotals {
  const totals: PaymentTotals = { payments: 0, paid: 0, refunds: 0, refunded: 0, byMethod: [] }
  const byMethod = new Map<PaymentMethod, MethodTotal>()
  for (const payment of payments) {
    if (payment.status === 'cancelled') continue
    const entry = byMethod.get(payment.method) ?? { method: payment.method, paid: 0, refunded: 0, count: 0 }
    entry.count += 1
    if (payment.kind === 'refund') {
      entry.refunded -= payment.amount
      totals.refunds += 1
      totals.refunded -= payment.amount
    } else {
      entry.paid += payment.amount
      totals.payments += 1
      totals.paid += payment.amount
    }
    byMethod.set(payment.method, entry)
  }
  totals.byMethod = paymentMethods.filter((method) => byMethod.has(method)).map((method) => byMethod.get(method)!)
  return totals
}
