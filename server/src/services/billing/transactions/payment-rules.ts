import { BadRequest, Conflict } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { clinicError } from '../../../errors'
import { invoiceDue } from '../../../../../domain/billing/money'
import { invoicesById } from '../invoices/invoice-rows'
import { allocationsOf, ledgerBalance, paidByInvoice, TRANSACTIONS_TABLE } from './transaction-rows'
import type { PaymentData } from './transactions.schema'

export interface Target {
  invoiceId: string | null
  amount: number
}

/**
 * A payment's allocations, checked inside the transaction after the customer's lock: they sum to
 * the amount; each invoice is the payer's, open, and not given more than it still asks
 * (`invoice-over-allocated` at `allocations.<i>.amount`); money from the balance goes to
 * invoices only and never takes the balance below zero.
 */
export async function paymentTargets(db: Knex, companyId: string, data: PaymentData): Promise<Target[]> {
  const method = data.method ?? 'cash'
  if (!data.allocations && method === 'balance') throw clinicError(BadRequest, 'payment-allocations-required', 'allocations')
  const targets: Target[] = data.allocations ?? [{ invoiceId: null, amount: data.amount }]
  if (targets.reduce((sum, target) => sum + target.amount, 0) !== data.amount) throw clinicError(BadRequest, 'payment-allocations-sum', 'allocations')
  const ids = [...new Set(targets.map((target) => target.invoiceId).filter((id): id is string => id !== null))]
  const invoices = new Map((await invoicesById(db, companyId, ids)).map((invoice) => [invoice._id, invoice]))
  const paid = await paidByInvoice(db, companyId, ids)
  targets.forEach((target, index) => {
    if (target.invoiceId === null) {
      if (method === 'balance') throw clinicError(BadRequest, 'payment-balance-to-balance', `allocations.${index}.invoiceId`)
      return
    }
    const invoice = invoices.get(target.invoiceId)
    if (!invoice || invoice.customerId !== data.customerId) throw clinicError(BadRequest, 'invoice-other-patient', `allocations.${index}.invoiceId`)
    if (invoice.cancelledAt || invoice.closedAt) throw clinicError(Conflict, 'invoice-not-open', `allocations.${index}.invoiceId`)
    const already = paid.get(invoice._id) ?? 0
    const due = invoiceDue({ cancelled: false, closed: false, total: invoice.total, paid: already })
    if (target.amount > due) throw clinicError(Conflict, 'invoice-over-allocated', `allocations.${index}.amount`, { due })
    paid.set(invoice._id, already + target.amount)
  })
  if (method === 'balance') {
    const balance = await ledgerBalance(db, companyId, data.customerId)
    if (data.amount > balance) throw clinicError(Conflict, 'balance-insufficient', 'amount', { balance })
  }
  return targets
}

export interface Original {
  _id: string
  customerId: string
  method: string
  amount: number
  kind: string
  status: string
  branchId: string
}

/**
 * A refund: of a payment of the same patient that is not cancelled (and not paid from the
 * balance: cancel that instead); no more than what is left of it, and from each place no more
 * than the payment put there less what was refunded from it. Without allocations, the money
 * comes back from the balance first, then from the invoices, last paid first. Answers the
 * allocations as stored (negative).
 */
export async function refundTargets(db: Knex, companyId: string, data: PaymentData): Promise<{ original: Original; targets: Target[] }> {
  const row = await db(TRANSACTIONS_TABLE).where({ companyId, _id: data.refundOf }).first('_id', 'customerId', 'method', 'amount', 'kind', 'status', 'branchId')
  const original = row ? ({ ...row, amount: Number(row.amount) } as Original) : undefined
  if (!original || original.customerId !== data.customerId || original.kind !== 'payment') throw clinicError(BadRequest, 'refund-original-unknown', 'refundOf')
  if (original.status === 'cancelled') throw clinicError(Conflict, 'payment-cancelled', 'refundOf')
  if (original.method === 'balance') throw clinicError(Conflict, 'refund-of-balance-payment', 'refundOf')
  const refunds = (await db(TRANSACTIONS_TABLE).where({ companyId, refundOf: original._id }).whereNot('status', 'cancelled').select('_id')).map((entry: { _id: string }) => entry._id)
  const left = new Map<string | null, number>()
  const allocations = await allocationsOf(db, companyId, [original._id, ...refunds])
  for (const list of allocations.values()) for (const allocation of list) left.set(allocation.invoiceId, (left.get(allocation.invoiceId) ?? 0) + allocation.amount)
  const remaining = [...left.values()].reduce((sum, amount) => sum + amount, 0)
  if (data.amount > remaining) throw clinicError(Conflict, 'refund-exceeds-payment', 'amount', { remaining })
  if (data.allocations) {
    if (data.allocations.reduce((sum, target) => sum + target.amount, 0) !== data.amount) throw clinicError(BadRequest, 'payment-allocations-sum', 'allocations')
    data.allocations.forEach((target, index) => {
      const available = left.get(target.invoiceId) ?? 0
      if (target.amount > available) throw clinicError(Conflict, 'refund-exceeds-payment', `allocations.${index}.amount`, { remaining: available })
      left.set(target.invoiceId, available - target.amount)
    })
    return { original, targets: data.allocations.map((target) => ({ invoiceId: target.invoiceId, amount: -target.amount })) }
  }
  const order = [null, ...[...left.keys()].filter((key) => key !== null).reverse()]
  const targets: Target[] = []
  let rest = data.amount
  for (const invoiceId of order) {
    const take = Math.min(rest, left.get(invoiceId) ?? 0)
    if (take > 0) targets.push({ invoiceId, amount: -take })
    rest -= take
  }
  return { original, targets }
}
