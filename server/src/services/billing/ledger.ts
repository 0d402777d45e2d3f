import type { Params } from '@feathersjs/feathers'
import { Conflict } from '@feathersjs/errors'
import type { Application } from '../../declarations'
import { clinicError } from '../../errors'
import { afterCommit, dbOf } from '../../hooks/call-transaction'
import { invoiceDue } from '../../../../domain/billing/money'
import { announceCustomer } from '../customers/customers/customer-medical-alert'
import { storeCustomerMoney } from '../customers/customers/customer-money'
import { invoicesOfCustomer } from './invoices/invoice-rows'
import { ledgerBalance, paidByInvoice } from './transactions/transaction-rows'

/**
 * The patient's money as the ledger says it (docs/decisions/billing.md): `balance` is prepaid
 * money not yet used, `debt` what their open invoices still ask. Every money write calls
 * `settleCustomer` last, in its transaction (after taking the customer's lock, customer-money.ts):
 * it refuses a state the ledger may never reach (a balance below zero, an invoice paid beyond
 * its total or below nothing) and stores both figures on the customer through the customers
 * area's function, so the columns always agree with the ledger.
 */
export interface CustomerLedger {
  balance: number
  debt: number
}

export async function customerLedger(db: ReturnType<typeof dbOf>, companyId: string, customerId: string): Promise<CustomerLedger & { overpaid: string | null; negative: string | null }> {
  const invoices = await invoicesOfCustomer(db, companyId, customerId)
  const paid = await paidByInvoice(db, companyId, invoices.map((invoice) => invoice._id))
  let debt = 0
  let overpaid: string | null = null
  let negative: string | null = null
  for (const invoice of invoices) {
    const money = paid.get(invoice._id) ?? 0
    if (money > invoice.total) overpaid ??= invoice._id
    if (money < 0) negative ??= invoice._id
    debt += invoiceDue({ cancelled: invoice.cancelledAt !== null, closed: invoice.closedAt !== null, total: invoice.total, paid: money })
  }
  return { balance: await ledgerBalance(db, companyId, customerId), debt, overpaid, negative }
}

export async function settleCustomer(app: Application, params: Params | undefined, companyId: string, customerId: string): Promise<CustomerLedger> {
  const db = dbOf(app, params)
  const ledger = await customerLedger(db, companyId, customerId)
  if (ledger.balance < 0) throw clinicError(Conflict, 'balance-insufficient', undefined, { balance: ledger.balance })
  if (ledger.overpaid) throw clinicError(Conflict, 'invoice-over-allocated', undefined, { invoiceId: ledger.overpaid })
  if (ledger.negative) throw clinicError(Conflict, 'refund-exceeds-payment', undefined, { invoiceId: ledger.negative })
  const money = { balance: ledger.balance, debt: ledger.debt }
  if (await storeCustomerMoney(db, companyId, customerId, money)) {
    await afterCommit(params, () => announceCustomer(app, customerId))
  }
  return money
}
