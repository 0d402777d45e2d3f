import type { Params } from '@feathersjs/feathers'
import type { ParameterizedContext } from 'koa'
import type { Application } from '../../declarations'
import { afterCommit, dbOf } from '../../hooks/call-transaction'
import { lockCustomerMoney } from '../../services/customers/customers/customer-money'
import { payableInvoice } from '../../services/billing/online-payments/provider-transactions'
import { allocationsOf } from '../../services/billing/transactions/transaction-rows'
import type { Payment, TransactionsService } from '../../services/billing/transactions/transactions.class'
import type { MerchantAccount } from '../../services/billing/online-payments/payment-accounts'
import type { OnlinePaymentProviderName, PayLinkLanguage } from '../../services/billing/online-payments/online-payments.shared'

/**
 * An online payment provider (docs/decisions/billing-payme.md): it makes the checkout link of an
 * invoice, and answers the provider's calls at `POST /hooks/<name>/<merchantId>`. Whatever the
 * provider's protocol, its money lands in the one ledger only through `settleIntoLedger` and
 * `refundFromLedger`: a payment of the `transactions` service, made by its own create (same
 * checks, same customer lock, same `settleCustomer`), with a client key derived from the
 * provider's transaction id, so a repeated call can never make a second payment.
 */
export interface OnlinePaymentProvider {
  name: OnlinePaymentProviderName
  /** The checkout URL for `amount` (minor units) of an invoice. */
  payLink(account: MerchantAccount, invoice: { _id: string; number: string }, amount: number, lang: PayLinkLanguage): string
  /** Answers one call of the provider to this merchant's endpoint. */
  handle(app: Application, ctx: ParameterizedContext, merchantId: string): Promise<void>
}

/** The client key of the ledger payment a provider's transaction makes (and of its refund). */
export const ledgerKey = (provider: OnlinePaymentProviderName, externalId: string, refund = false) => `${provider}${refund ? '-refund' : ''}-${externalId}`.slice(0, 64)

/** The clock the providers' state machines read (tests set `paymentsClock` to move time). */
export const paymentsClock = (app: Application) => app.get('paymentsClock')?.() ?? Date.now()

declare module '../../declarations' {
  interface AppSettings {
    paymentsClock?: () => number
  }
}

const transactionsOf = (app: Application) => app.service('transactions') as unknown as TransactionsService & { emit: (event: string, data: unknown) => void }

export interface Settlement {
  companyId: string
  provider: OnlinePaymentProviderName
  externalId: string
  customerId: string
  invoiceId: string
  amount: number
  /** When the provider performed it (ms). */
  atMs: number
}

/**
 * The provider's money as a ledger payment (method `mobile`), in the caller's transaction: to the
 * invoice as much as it still asks, the rest (a staff payment taken meanwhile, an invoice
 * cancelled since) to the patient's prepaid balance, so money the provider took is never refused.
 * The same provider transaction again answers the first payment (its client key).
 */
export async function settleIntoLedger(app: Application, params: Params, settlement: Settlement): Promise<Payment> {
  const db = dbOf(app, params)
  const customer = await lockCustomerMoney(db, settlement.companyId, settlement.customerId)
  const invoice = await payableInvoice(db, settlement.companyId, settlement.invoiceId)
  const due = invoice && invoice.customerId === settlement.customerId ? invoice.due : 0
  const toInvoice = Math.min(due, settlement.amount)
  const allocations = [
    ...(toInvoice > 0 ? [{ invoiceId: settlement.invoiceId, amount: toInvoice }] : []),
    ...(settlement.amount > toInvoice ? [{ invoiceId: null, amount: settlement.amount - toInvoice }] : [])
  ]
  const payment = await transactionsOf(app)._create(
    {
      companyId: settlement.companyId,
      clientKey: ledgerKey(settlement.provider, settlement.externalId),
      customerId: settlement.customerId,
      branchId: invoice?.branchId ?? customer?.branchId ?? undefined,
      method: 'mobile',
      amount: settlement.amount,
      allocations,
      transactionId: settlement.externalId,
      receiver: providerLabel(settlement.provider),
      date: new Date(settlement.atMs).toISOString()
    },
    params
  )
  await afterCommit(params, () => transactionsOf(app).emit('created', payment))
  return payment
}

/**
 * The provider gave the money back after performing: a refund of the whole payment, from where
 * it went. Refused by the ledger (the balance part already spent): the caller answers the
 * provider that it cannot cancel.
 */
export async function refundFromLedger(app: Application, params: Params, refund: { companyId: string; provider: OnlinePaymentProviderName; externalId: string; customerId: string; paymentId: string; amount: number; note: string }): Promise<Payment> {
  const original = (await allocationsOf(dbOf(app, params), refund.companyId, [refund.paymentId])).get(refund.paymentId) ?? []
  const payment = await transactionsOf(app)._create(
    {
      companyId: refund.companyId,
      clientKey: ledgerKey(refund.provider, refund.externalId, true),
      customerId: refund.customerId,
      refundOf: refund.paymentId,
      amount: refund.amount,
      allocations: original.map((allocation) => ({ invoiceId: allocation.invoiceId, amount: allocation.amount })),
      transactionId: refund.externalId,
      receiver: providerLabel(refund.provider),
      notes: refund.note
    },
    params
  )
  await afterCommit(params, () => transactionsOf(app).emit('created', payment))
  return payment
}

const providerLabel = (provider: OnlinePaymentProviderName) => ({ payme: 'Payme' })[provider]
