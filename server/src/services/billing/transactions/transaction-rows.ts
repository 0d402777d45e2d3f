import type { Knex } from 'knex'
import { RowCodec } from '../../row-codec'

/** The tables the `transactions` service owns: payments and refunds, and where their money went. */
export const TRANSACTIONS_TABLE = 'transactions'
export const ALLOCATIONS_TABLE = 'allocations'

/** `clientKey` and `bodyHash` serve idempotency only and never leave the server. */
export const transactionRowShape = { instant: ['date', 'cancelledAt'], hidden: ['bodyHash'] }
export const transactionCodec = new RowCodec(transactionRowShape)

export interface StoredAllocation {
  _id: string
  paymentId: string
  invoiceId: string | null
  amount: number
}

/** Allocations of payments that are not cancelled, for some invoices: what each has been paid. */
export async function paidByInvoice(db: Knex, companyId: string, invoiceIds: readonly string[]): Promise<Map<string, number>> {
  const paid = new Map<string, number>()
  if (invoiceIds.length === 0) return paid
  const rows = await db(ALLOCATIONS_TABLE)
    .join(TRANSACTIONS_TABLE, `${TRANSACTIONS_TABLE}._id`, `${ALLOCATIONS_TABLE}.paymentId`)
    .where(`${ALLOCATIONS_TABLE}.companyId`, companyId)
    .whereIn(`${ALLOCATIONS_TABLE}.invoiceId`, [...invoiceIds])
    .whereNot(`${TRANSACTIONS_TABLE}.status`, 'cancelled')
    .groupBy(`${ALLOCATIONS_TABLE}.invoiceId`)
    .select(`${ALLOCATIONS_TABLE}.invoiceId as invoiceId`)
    .sum({ paid: `${ALLOCATIONS_TABLE}.amount` })
  for (const row of rows as Array<{ invoiceId: string; paid: unknown }>) paid.set(row.invoiceId, Number(row.paid ?? 0))
  return paid
}

/**
 * The customer's prepaid balance from the ledger: money allocated to the balance (top-ups,
 * less refunds of them) less money paid from it (method `balance`), of payments not cancelled.
 */
export async function ledgerBalance(db: Knex, companyId: string, customerId: string): Promise<number> {
  const [toBalance] = await db(ALLOCATIONS_TABLE)
    .join(TRANSACTIONS_TABLE, `${TRANSACTIONS_TABLE}._id`, `${ALLOCATIONS_TABLE}.paymentId`)
    .where({ [`${ALLOCATIONS_TABLE}.companyId`]: companyId, [`${ALLOCATIONS_TABLE}.customerId`]: customerId })
    .whereNull(`${ALLOCATIONS_TABLE}.invoiceId`)
    .whereNot(`${TRANSACTIONS_TABLE}.status`, 'cancelled')
    .sum({ total: `${ALLOCATIONS_TABLE}.amount` })
  const [fromBalance] = await db(TRANSACTIONS_TABLE)
    .where({ companyId, customerId, method: 'balance' })
    .whereNot('status', 'cancelled')
    .sum({ total: 'amount' })
  return Number(toBalance?.total ?? 0) - Number(fromBalance?.total ?? 0)
}

/** The allocations of some payments, in the order they were written. */
export async function allocationsOf(db: Knex, companyId: string, paymentIds: readonly string[]): Promise<Map<string, StoredAllocation[]>> {
  const byPayment = new Map<string, StoredAllocation[]>()
  if (paymentIds.length === 0) return byPayment
  const rows = await db(ALLOCATIONS_TABLE).where({ companyId }).whereIn('paymentId', [...paymentIds]).orderBy('_id').select('_id', 'paymentId', 'invoiceId', 'amount')
  for (const row of rows as StoredAllocation[]) {
    const list = byPayment.get(row.paymentId) ?? []
    list.push({ ...row, amount: Number(row.amount) })
    byPayment.set(row.paymentId, list)
  }
  return byPayment
}

/** An allocation of a payment (or refund) to an invoice, with its payment's day and cancellation (payouts). */
export interface InvoiceAllocation {
  _id: string
  invoiceId: string
  amount: number
  /** The payment's instant. */
  date: string
  cancelledAt: string | null
}

/** Every allocation to these invoices, of payments cancelled or not (payouts reverse a cancelled one). */
export async function allocationsToInvoices(db: Knex, companyId: string, invoiceIds: readonly string[]): Promise<InvoiceAllocation[]> {
  const found: InvoiceAllocation[] = []
  const ids = [...new Set(invoiceIds)]
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db(ALLOCATIONS_TABLE)
      .join(TRANSACTIONS_TABLE, `${TRANSACTIONS_TABLE}._id`, `${ALLOCATIONS_TABLE}.paymentId`)
      .where(`${ALLOCATIONS_TABLE}.companyId`, companyId)
      .whereIn(`${ALLOCATIONS_TABLE}.invoiceId`, ids.slice(start, start + 500))
      .orderBy(`${ALLOCATIONS_TABLE}._id`)
      .select(`${ALLOCATIONS_TABLE}._id as _id`, `${ALLOCATIONS_TABLE}.invoiceId as invoiceId`, `${ALLOCATIONS_TABLE}.amount as amount`, `${TRANSACTIONS_TABLE}.date as date`, `${TRANSACTIONS_TABLE}.cancelledAt as cancelledAt`)
    for (const row of rows as Array<Record<string, unknown>>) {
      const times = transactionCodec.fromDb<{ date: string; cancelledAt: string | null }>({ date: row.date, cancelledAt: row.cancelledAt })
      found.push({ _id: String(row._id), invoiceId: String(row.invoiceId), amount: Number(row.amount), date: times.date, cancelledAt: times.cancelledAt ?? null })
    }
  }
  return found
}
