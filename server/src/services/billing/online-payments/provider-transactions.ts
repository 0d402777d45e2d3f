import type { Knex } from 'knex'
import { databaseEngine } from '../../../db'
import { newId, now } from '../../../hooks/ids'
import { INVOICES_TABLE, invoicesById, type StoredInvoice } from '../invoices/invoice-rows'
import { paidByInvoice } from '../transactions/transaction-rows'
import { invoiceDue } from '../../../../../domain/billing/money'
import { PROVIDER_TRANSACTIONS_TABLE } from './payment-accounts'
import type { OnlinePaymentProviderName } from './online-payments.shared'

/**
 * A provider's transaction as stored (`provider_transactions`). Payme's states: 1 created,
 * 2 performed, -1 cancelled, -2 cancelled after perform. Times are the provider's 13-digit
 * milliseconds (0: not yet); `providerTime` is the provider's own creation time (`time`).
 */
export interface ProviderTransaction {
  _id: string
  companyId: string
  provider: OnlinePaymentProviderName
  externalId: string
  invoiceId: string
  account: string
  customerId: string
  amount: number
  state: number
  reason: number | null
  providerTime: number
  createTime: number
  performTime: number
  cancelTime: number
  paymentId: string | null
  refundId: string | null
}

const fromRow = (row: Record<string, unknown>): ProviderTransaction => ({
  _id: String(row._id),
  companyId: String(row.companyId),
  provider: row.provider as OnlinePaymentProviderName,
  externalId: String(row.externalId),
  invoiceId: String(row.invoiceId),
  account: String(row.account),
  customerId: String(row.customerId),
  amount: Number(row.amount),
  state: Number(row.state),
  reason: row.reason === null || row.reason === undefined ? null : Number(row.reason),
  providerTime: Number(row.providerTime),
  createTime: Number(row.createTime),
  performTime: Number(row.performTime),
  cancelTime: Number(row.cancelTime),
  paymentId: (row.paymentId as string | null) ?? null,
  refundId: (row.refundId as string | null) ?? null
})

/** A provider transaction by the provider's id, locked on PostgreSQL inside a transaction. */
export async function providerTransaction(db: Knex, companyId: string, provider: OnlinePaymentProviderName, externalId: string): Promise<ProviderTransaction | undefined> {
  const query = db(PROVIDER_TRANSACTIONS_TABLE).where({ companyId, provider, externalId })
  if (databaseEngine(db) === 'postgres' && db.isTransaction) query.forUpdate()
  const row = await query.first()
  return row ? fromRow(row) : undefined
}

/** The transaction still waiting (state 1) for an invoice, other than `exceptId`. */
export async function pendingForInvoice(db: Knex, companyId: string, provider: OnlinePaymentProviderName, invoiceId: string): Promise<ProviderTransaction[]> {
  const rows = await db(PROVIDER_TRANSACTIONS_TABLE).where({ companyId, provider, invoiceId, state: 1 })
  return rows.map(fromRow)
}

export async function insertProviderTransaction(db: Knex, row: Omit<ProviderTransaction, '_id'>): Promise<ProviderTransaction> {
  const stored = { ...row, _id: newId() }
  const stamp = now()
  await db(PROVIDER_TRANSACTIONS_TABLE).insert({ ...stored, createdAt: stamp, updatedAt: stamp })
  return stored
}

export async function updateProviderTransaction(db: Knex, id: string, changes: Partial<ProviderTransaction>): Promise<void> {
  await db(PROVIDER_TRANSACTIONS_TABLE).where({ _id: id }).update({ ...changes, updatedAt: now() })
}

/** The transactions the provider created within [from, to] (its own times), oldest first. */
export async function statement(db: Knex, companyId: string, provider: OnlinePaymentProviderName, from: number, to: number): Promise<ProviderTransaction[]> {
  const rows = await db(PROVIDER_TRANSACTIONS_TABLE).where({ companyId, provider }).whereBetween('providerTime', [from, to]).orderBy([{ column: 'providerTime' }, { column: '_id' }])
  return rows.map(fromRow)
}

/** An invoice named by a payer: its id, or its number when that names one invoice of the company. */
export interface PayableInvoice extends StoredInvoice {
  number: string
  /** What it still asks (0 when cancelled, closed or paid). */
  due: number
}

/** The invoice behind an account value (id or number), with what it still asks; locked on PostgreSQL in a transaction. */
export async function payableInvoice(db: Knex, companyId: string, named: string): Promise<PayableInvoice | undefined> {
  const value = named.trim()
  if (!value || value.length > 64) return undefined
  let ids = (await db(INVOICES_TABLE).where({ companyId, _id: value }).select('_id')) as Array<{ _id: string }>
  if (ids.length === 0) {
    const match = /^(.{1,16})-(\d{1,12})$/.exec(value)
    if (!match) return undefined
    ids = (await db(INVOICES_TABLE).where({ companyId, prefix: match[1], counter: Number(match[2]) }).select('_id')) as Array<{ _id: string }>
    // The same number in two branches names no single invoice.
    if (ids.length !== 1) return undefined
  }
  const [invoice] = await invoicesById(db, companyId, [ids[0]._id])
  if (!invoice) return undefined
  const row = await db(INVOICES_TABLE).where({ _id: invoice._id }).first('prefix', 'counter')
  const paid = (await paidByInvoice(db, companyId, [invoice._id])).get(invoice._id) ?? 0
  const due = invoiceDue({ cancelled: invoice.cancelledAt !== null, closed: invoice.closedAt !== null, total: invoice.total, paid })
  return { ...invoice, number: `${row.prefix}-${row.counter}`, due }
}
