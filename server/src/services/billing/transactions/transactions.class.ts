import type { NullableId, Params } from '@feathersjs/feathers'
import { BadRequest, Conflict, NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { clinicError } from '../../../errors'
import { newId, now } from '../../../hooks/ids'
import { lockCustomerMoney } from '../../customers/customers/customer-money'
import { RecordService, inTransaction, recordOptions, type RecordParams } from '../../record.class'
import { bodyHash } from '../../client-keys'
import { isUniqueViolation } from '../../../db'
import { settleCustomer } from '../ledger'
import { notifyPaymentReceived } from './payment-notices'
import { paymentTargets, refundTargets } from './payment-rules'
import { refuseCancelAfterClose, refuseCashWithoutShift, shiftForPayment } from '../z-payments/shift-ledger'
import { ALLOCATIONS_TABLE, TRANSACTIONS_TABLE, allocationsOf, transactionCodec, transactionRowShape } from './transaction-rows'
import type { Allocation, Payment, PaymentData, PaymentPatch, PaymentQuery } from './transactions.schema'

export type { Allocation, Payment, PaymentData, PaymentPatch, PaymentQuery }
export type PaymentParams = RecordParams & {
  query?: PaymentQuery
  /** Past money being written down (the demo seed, internal only): no "payment received" notice, it is no news. */
  history?: boolean
}
type StoredPayment = Omit<Payment, 'allocations'> & { bodyHash?: string }

/** Answers that repeat an earlier create with the same key: not logged again, not announced again. */
export const replays = new WeakSet<object>()

/**
 * Payments and refunds (docs/decisions/billing.md). Reads are the record service's, each answer
 * completed with its allocations; create and cancel are this class's, in the call's transaction,
 * after the payer's lock (customer-money.ts): every money write of one patient runs one after
 * another, so the key, the balance and the invoices' dues are read as they really are.
 */
export class TransactionsService extends RecordService<Payment, PaymentData, PaymentParams, PaymentPatch> {
  async present(db: Knex, rows: StoredPayment[]): Promise<Payment[]> {
    if (rows.length === 0) return []
    const allocations = await allocationsOf(db, rows[0].companyId, rows.map((row) => row._id))
    return rows.map(({ bodyHash: _hash, ...row }) => ({
      ...row,
      amount: Number(row.amount),
      allocations: (allocations.get(row._id) ?? []).map(({ _id, invoiceId, amount }): Allocation => ({ _id, invoiceId, amount }))
    }))
  }

  private async byKey(db: Knex, companyId: string, clientKey: string, hash: string): Promise<Payment | undefined> {
    const row = await db(TRANSACTIONS_TABLE).where({ companyId, clientKey }).first()
    if (!row) return undefined
    if (row.bodyHash !== hash) throw clinicError(Conflict, 'payment-key-reused', 'clientKey')
    const [answer] = await this.present(db, [transactionCodec.fromDb<StoredPayment>(row, { keepHidden: true })])
    replays.add(answer)
    return answer
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override async _create(input: any, params?: PaymentParams): Promise<Payment> {
    const data = input as PaymentData & { companyId?: string }
    const app = this.app as Application
    const { companyId: given, ...body } = data
    const companyId = params?.identity?.user.companyId ?? given ?? ''
    const hash = bodyHash(body)
    try {
      return await inTransaction(this.Model, params, async (trx, inTrx) => {
        const customer = await lockCustomerMoney(trx, companyId, body.customerId)
        if (!customer) throw clinicError(BadRequest, 'invalid-reference', 'customerId')
        const earlier = await this.byKey(trx, companyId, body.clientKey, hash)
        if (earlier) return earlier
        const refund = body.refundOf ? await refundTargets(trx, companyId, body) : undefined
        const targets = refund ? refund.targets : await paymentTargets(trx, companyId, body)
        const method = body.method ?? (refund ? (refund.original.method as Payment['method']) : 'cash')
        const stamp = now()
        const branchId = body.branchId ?? refund?.original.branchId ?? customer.branchId
        const receiver = body.receiver?.trim() ?? ''
        // The cash desk's open shift that takes this money, if any (z-payments/shift-ledger.ts).
        const shiftId = await shiftForPayment(trx, { companyId, branchId, receiver, method })
        // The company may take cash only into an open shift (settings.cashNeedsOpenShift).
        await refuseCashWithoutShift(trx, params, { companyId, method, shiftId })
        const row: StoredPayment = {
          _id: newId(), companyId, createdAt: stamp, updatedAt: stamp, createdBy: params?.identity?.user._id ?? null,
          branchId, customerId: body.customerId, receiver, shiftId,
          kind: refund ? 'refund' : 'payment', method, amount: refund ? -body.amount : body.amount,
          status: method === 'balance' ? 'debiting-from-balance' : 'success', transactionId: body.transactionId?.trim() ?? '',
          date: body.date ?? stamp, refundOf: body.refundOf ?? null, clientKey: body.clientKey, notes: body.notes?.trim() ?? '',
          cancelledAt: null, cancelledBy: null, cancelReason: null, cancelNote: null
        }
        await trx(TRANSACTIONS_TABLE).insert(transactionCodec.toDb({ ...row, bodyHash: hash }))
        await trx(ALLOCATIONS_TABLE).insert(targets.map((target) => ({ _id: newId(), companyId, paymentId: row._id, customerId: row.customerId, invoiceId: target.invoiceId, amount: target.amount })))
        await settleCustomer(app, inTrx as Params, companyId, row.customerId)
        if (row.kind === 'payment' && row.method !== 'balance' && !params?.history) await notifyPaymentReceived(app, inTrx as Params, row)
        return (await this.present(trx, [row]))[0]
      })
    } catch (error) {
      // The same key taken meanwhile by a write this lock did not order (another patient's): never the same body.
      if (isUniqueViolation(error)) throw clinicError(Conflict, 'payment-key-reused', 'clientKey')
      throw error
    }
  }

  /**
   * Cancel: the payment (or refund) stops counting; its invoices ask for the money again and a
   * top-up leaves the balance. Refused once cancelled (`payment-cancelled`), for a payment with
   * refunds not cancelled (`payment-has-refunds`), and when the balance would fall below zero.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override async _patch(id: NullableId, input: any, params?: PaymentParams): Promise<Payment> {
    const data = input as PaymentPatch
    const app = this.app as Application
    return inTransaction(this.Model, params, async (trx, inTrx) => {
      const visible = (await super._get(id ?? '', { ...inTrx, query: params?.query } as PaymentParams)) as unknown as StoredPayment
      await lockCustomerMoney(trx, visible.companyId, visible.customerId)
      const row = await trx(TRANSACTIONS_TABLE).where({ _id: visible._id, companyId: visible.companyId }).first()
      if (!row) throw new NotFound(`No record found for id '${id}'`)
      const current = transactionCodec.fromDb<StoredPayment>(row)
      if (params?.activity && params.activity.path === this.path && params.activity.before === undefined) params.activity.before = (await this.present(trx, [current]))[0]
      if (current.status === 'cancelled') throw clinicError(Conflict, 'payment-cancelled')
      // A payment counted in a closed Z-report is refunded instead (z-payments/shift-ledger.ts).
      await refuseCancelAfterClose(trx, current.companyId, current.shiftId)
      const refunds = await trx(TRANSACTIONS_TABLE).where({ companyId: current.companyId, refundOf: current._id }).whereNot('status', 'cancelled').first('_id')
      if (refunds) throw clinicError(Conflict, 'payment-has-refunds')
      const note = data.note.trim()
      if (!note) throw clinicError(BadRequest, 'field-required', 'note')
      const stamp = now()
      const changes = { status: 'cancelled' as const, cancelledAt: stamp, cancelledBy: params?.identity?.user._id ?? null, cancelReason: data.reason, cancelNote: note, updatedAt: stamp }
      await trx(TRANSACTIONS_TABLE).where({ _id: current._id, companyId: current.companyId }).update(transactionCodec.toDb(changes))
      await settleCustomer(app, inTrx as Params, current.companyId, current.customerId)
      return (await this.present(trx, [{ ...current, ...changes }]))[0]
    })
  }
}

export const transactionsServiceOptions = (app: Application) => recordOptions(app, TRANSACTIONS_TABLE, { trash: false })
export { transactionRowShape }
