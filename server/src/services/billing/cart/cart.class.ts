import type { Id, Params } from '@feathersjs/feathers'
import { BadRequest, Conflict, FeathersError } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { clinicError } from '../../../errors'
import { newId, now } from '../../../hooks/ids'
import { dbOf } from '../../../hooks/call-transaction'
import { RowCodec } from '../../row-codec'
import { asCaller } from '../../../access/caller'
import { viewerOf, visibleBranches, type RecordScope } from '../../../access/record-scope'
import { inTransaction } from '../../record.class'
import { invoiceDue, invoiceTotals, lineAmount } from '../../../../../domain/billing/money'
import { changeOf, isCheckoutProblem, paymentKeyOf, planCheckout, type DueInvoice } from '../../../../../domain/billing/checkout'
import { lockCustomerMoney, customersMoney } from '../../customers/customers/customer-money'
import { linesForCashDesk, type BillableLine } from '../../clinical/treatment/treatment-billing'
import { memberDisplayNames } from '../../team/users/user-rows'
import { customerLedger } from '../ledger'
import { INVOICES_TABLE, invoiceCodec } from '../invoices/invoice-rows'
import type { InvoicesService } from '../invoices/invoices.class'
import { paidByInvoice } from '../transactions/transaction-rows'
import { bodyHash } from '../../client-keys'
import { isUniqueViolation } from '../../../db'
import type { Invoice } from '../invoices/invoices.schema'
import type { Payment } from '../transactions/transactions.schema'
import type { Cart, CartInvoice, CartVisit, Checkout, CheckoutData } from './cart.schema'
import { pushTo } from '../../../../../domain/multimap'

export type { Cart, CartInvoice, CartVisit, Checkout, CheckoutData }
export const POS_CHECKOUTS_TABLE = 'pos_checkouts'
const checkoutCodec = new RowCodec({})

/** The cash desk works in the branches of the caller (every branch with `cart: seeAll`). */
export const cartScope: RecordScope = { branch: {} }

type CartParams = Params & { identity?: { user: { _id: string; companyId: string } } }

/** A nested call's refusal, told at the checkout's own field (`amount` of a payment → `payments.<i>.amount`). */
function atField(error: unknown, map: (path: string) => string): unknown {
  if (!(error instanceof FeathersError)) return error
  const data = error.data as { path?: string } | undefined
  if (!data?.path) return error
  const Class = error.constructor as new (message: string, data?: unknown) => FeathersError
  return new Class(error.message, { ...data, path: map(data.path) })
}

/**
 * The cash desk (docs/decisions/billing-pos.md). `get` reads what a patient can pay now;
 * `create` is the checkout: inside the call's one transaction it invoices the chosen treatments
 * through the `invoices` service and takes each row of the split through the `transactions`
 * service, both called as the caller (their rules, activity rows and events apply; a hook of
 * theirs, such as the cash desk shift, applies too), then keeps the answer under the client key.
 * Any refusal rolls the whole checkout back.
 */
export class CartService {
  constructor(private readonly app: Application) {}

  private branchesOf(params: CartParams | undefined): string[] | null {
    const identity = params?.provider ? (params as Params).identity : undefined
    return identity ? visibleBranches(cartScope, viewerOf(identity)) : null
  }

  async get(id: Id, params?: CartParams): Promise<Cart> {
    const db = dbOf(this.app, params)
    const customerId = String(id)
    const companyId = (params?.query as { companyId?: string } | undefined)?.companyId ?? params?.identity?.user.companyId ?? ''
    const branchIds = this.branchesOf(params)
    const money = (await customersMoney(db, companyId, [customerId])).get(customerId)
    const lines = await linesForCashDesk(db, companyId, { customerId, branchIds, unbilledOnly: true })
    const names = await memberDisplayNames(db, companyId, lines.map((line) => line.doctorId))
    const discount = money?.discount ?? 0
    const visits = new Map<string, CartVisit>()
    for (const line of lines) {
      const visit = visits.get(line.appointmentId) ?? {
        appointmentId: line.appointmentId, date: line.visitDate, branchId: line.branchId, doctorId: line.doctorId, doctorName: names.get(line.doctorId) ?? '',
        lines: [], subtotal: 0, discountAmount: 0, total: 0
      }
      visit.lines.push({ _id: line._id, serviceName: line.serviceName, teeth: line.teeth, doctorId: line.doctorId, price: line.price, quantity: line.quantity, amount: amountOf(line) })
      visits.set(line.appointmentId, visit)
    }
    for (const visit of visits.values()) {
      const totals = invoiceTotals(visit.lines.map((line) => line.amount), discount, 0)
      Object.assign(visit, { subtotal: totals.subtotal, discountAmount: totals.discountAmount, total: totals.total })
    }
    const open = await this.openInvoices(db, companyId, customerId, branchIds)
    const { balance, debt } = await customerLedger(db, companyId, customerId)
    return {
      customerId, discountPercent: discount, balance, debt,
      visits: [...visits.values()].sort((a, b) => b.date.localeCompare(a.date)),
      invoices: open.map((invoice) => ({ _id: invoice._id, number: invoice.number, issuedOn: invoice.issuedOn, appointmentId: invoice.appointmentId, total: invoice.total, paid: invoice.paid, due: invoice.due, state: invoice.state }))
    }
  }

  /** The patient's invoices that still ask for money, in the given branches, oldest first. */
  private async openInvoices(db: Knex, companyId: string, customerId: string, branchIds: string[] | null): Promise<Invoice[]> {
    const query = db(INVOICES_TABLE).where({ companyId, customerId }).whereNull('cancelledAt').whereNull('closedAt')
    if (branchIds) query.whereIn('branchId', branchIds)
    const rows = await query.orderBy([{ column: 'createdAt' }, { column: '_id' }])
    const presented = await this.invoices().present(db, rows.map((row: Record<string, unknown>) => invoiceCodec.fromDb(row)))
    return presented.filter((invoice) => invoice.due > 0)
  }

  private invoices(): InvoicesService {
    return this.app.service('invoices') as unknown as InvoicesService
  }

  async create(data: CheckoutData, params?: CartParams): Promise<Checkout> {
    const companyId = params?.identity?.user.companyId ?? (data as CheckoutData & { companyId?: string }).companyId ?? ''
    const hash = bodyHash(data as never)
    const db: Knex = this.app.get('db')
    try {
      return await inTransaction(db, params as never, async (trx, inTrx) => {
        const customer = await lockCustomerMoney(trx, companyId, data.customerId)
        if (!customer) throw clinicError(BadRequest, 'invalid-reference', 'customerId')
        const earlier = await trx(POS_CHECKOUTS_TABLE).where({ companyId, clientKey: data.clientKey }).first('bodyHash', 'result')
        if (earlier) {
          if (earlier.bodyHash !== hash) throw clinicError(Conflict, 'payment-key-reused', 'clientKey')
          return JSON.parse(String(earlier.result)) as Checkout
        }
        const branchId = data.branchId ?? customer.branchId
        const branchIds = this.branchesOf(params)
        const chosen = await this.chosenInvoices(trx, companyId, data, branchIds)
        const made = await this.invoiceTreatments(trx, inTrx, companyId, data, branchId, branchIds)
        const dues: DueInvoice[] = [...chosen, ...made.map((invoice) => ({ invoiceId: invoice._id, due: invoice.due }))]
        if (dues.length === 0 && !data.topUp) throw clinicError(BadRequest, 'checkout-nothing', 'treatmentIds')
        const plan = planCheckout(dues, data.payments, data.topUp === true)
        if (isCheckoutProblem(plan)) throw clinicError(plan.code === 'checkout-over-payment' ? Conflict : BadRequest, plan.code, plan.path, plan.code === 'checkout-over-payment' ? { due: plan.due } : {})
        const change = changeOf(data.payments, data.cashGiven)
        if (change === null) throw clinicError(BadRequest, 'checkout-cash-short', 'cashGiven')
        const payments: Payment[] = []
        for (const planned of plan.payments) {
          const row = data.payments[planned.index]
          const payment = { clientKey: paymentKeyOf(data.clientKey, planned.index), customerId: data.customerId, branchId, method: planned.method, amount: planned.amount, allocations: planned.allocations,
            ...(row.transactionId ? { transactionId: row.transactionId } : {}), ...(data.notes ? { notes: data.notes } : {}) }
          try {
            payments.push((await this.app.service('transactions').create(payment as never, asCaller(inTrx))) as unknown as Payment)
          } catch (error) {
            // The method's refusal (cash with no open shift) at the row's method, any other at its amount.
            throw atField(error, (path) => (path === 'clientKey' ? 'clientKey' : path === 'method' ? `payments.${planned.index}.method` : `payments.${planned.index}.amount`))
          }
        }
        const touched = [...new Set(dues.map((entry) => entry.invoiceId))]
        const stored = await trx(INVOICES_TABLE).where({ companyId }).whereIn('_id', touched)
        const byId = new Map((await this.invoices().present(trx, stored.map((row: Record<string, unknown>) => invoiceCodec.fromDb(row)))).map((invoice) => [invoice._id, invoice]))
        const { balance, debt } = await customerLedger(trx, companyId, data.customerId)
        const stamp = now()
        const result: Checkout = {
          _id: newId(), companyId, branchId, customerId: data.customerId, createdAt: stamp,
          invoices: touched.map((id) => byId.get(id)).filter((invoice): invoice is Invoice => invoice !== undefined),
          payments, due: plan.due, paid: plan.paid, topUp: plan.topUp, cashGiven: data.cashGiven ?? null, change, balance, debt
        }
        await trx(POS_CHECKOUTS_TABLE).insert(checkoutCodec.toDb({
          _id: result._id, companyId, createdAt: stamp, updatedAt: stamp, createdBy: params?.identity?.user._id ?? null,
          branchId, customerId: data.customerId, clientKey: data.clientKey, bodyHash: hash, result: JSON.stringify(result)
        }))
        return result
      })
    } catch (error) {
      // The same key taken meanwhile by another patient's checkout (a lock this one did not wait for).
      if (isUniqueViolation(error)) throw clinicError(Conflict, 'payment-key-reused', 'clientKey')
      throw error
    }
  }

  /** The open invoices named, each the patient's, in the caller's branches, with what each still asks. */
  private async chosenInvoices(trx: Knex, companyId: string, data: CheckoutData, branchIds: string[] | null): Promise<DueInvoice[]> {
    const ids = data.invoiceIds ?? []
    if (ids.length === 0) return []
    const rows = new Map((await trx(INVOICES_TABLE).where({ companyId }).whereIn('_id', ids).select('_id', 'customerId', 'branchId', 'total', 'cancelledAt', 'closedAt')).map((row: Record<string, unknown>) => [String(row._id), row]))
    const paid = await paidByInvoice(trx, companyId, ids)
    return ids.map((id, index) => {
      const row = rows.get(id)
      if (!row || row.customerId !== data.customerId || (branchIds && !branchIds.includes(String(row.branchId)))) throw clinicError(BadRequest, 'invoice-other-patient', `invoiceIds.${index}`)
      if (row.cancelledAt || row.closedAt) throw clinicError(Conflict, 'invoice-not-open', `invoiceIds.${index}`)
      return { invoiceId: id, due: invoiceDue({ cancelled: false, closed: false, total: Number(row.total), paid: paid.get(id) ?? 0 }) }
    })
  }

  /**
   * The chosen treatments, one invoice per visit (oldest visit first), made by the invoices
   * service as the caller in this transaction. A line not the patient's (or of a branch the caller
   * does not work in) or already invoiced is refused at its place in `treatmentIds`.
   */
  private async invoiceTreatments(trx: Knex, inTrx: Params, companyId: string, data: CheckoutData, branchId: string, branchIds: string[] | null): Promise<Invoice[]> {
    const ids = data.treatmentIds ?? []
    if (ids.length === 0) return []
    const lines = new Map((await linesForCashDesk(trx, companyId, { treatmentIds: ids })).map((line) => [line._id, line]))
    const groups = new Map<string, Array<{ line: BillableLine; index: number }>>()
    ids.forEach((id, index) => {
      const line = lines.get(id)
      if (!line || line.customerId !== data.customerId || (branchIds && !branchIds.includes(line.branchId))) throw clinicError(BadRequest, 'invoice-treatment-unknown', `treatmentIds.${index}`)
      if (line.invoiceId) throw clinicError(Conflict, 'treatment-billed', `treatmentIds.${index}`)
      pushTo(groups, line.appointmentId, { line, index })
    })
    const ordered = [...groups.values()].sort((a, b) => a[0].line.visitDate.localeCompare(b[0].line.visitDate))
    const made: Invoice[] = []
    for (const group of ordered) {
      try {
        made.push((await this.app.service('invoices').create({ customerId: data.customerId, branchId, treatmentIds: group.map((entry) => entry.line._id) } as never, asCaller(inTrx))) as unknown as Invoice)
      } catch (error) {
        throw atField(error, (path) => {
          const at = /^treatmentIds\.(\d+)$/.exec(path)
          return at ? `treatmentIds.${group[Number(at[1])].index}` : 'treatmentIds'
        })
      }
    }
    return made
  }
}

const amountOf = (line: BillableLine) => lineAmount({ price: line.price, quantity: line.quantity, discountPercent: 0 })

