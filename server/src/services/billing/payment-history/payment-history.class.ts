import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { viewerOf, visibleBranches } from '../../../access/record-scope'
import { TransactionsService } from '../transactions/transactions.class'
import { ALLOCATIONS_TABLE, TRANSACTIONS_TABLE, transactionCodec } from '../transactions/transaction-rows'
import { paymentScope } from '../transactions/payment-scope'
import { INVOICES_TABLE } from '../invoices/invoice-rows'
import { customerLedger } from '../ledger'
import type { PaymentHistory, PaymentHistoryQuery } from './payment-history.schema'

export type PaymentHistoryParams = Params<PaymentHistoryQuery>

/**
 * A patient's payments (of the branches the caller sees), each with its allocations and their
 * invoices' numbers; with `invoiceId`, only those with a part on that invoice. `$limit: 0` answers
 * the balance and debt alone (the billing tab's summary).
 */
export class PaymentHistoryService {
  constructor(private readonly app: Application) {}

  async find(params?: PaymentHistoryParams): Promise<PaymentHistory> {
    const db = dbOf(this.app, params)
    const query = params?.query as PaymentHistoryQuery & { companyId: string }
    const limit = query.$limit ?? 50
    const skip = query.$skip ?? 0
    const scoped = () => {
      const builder = db(TRANSACTIONS_TABLE).where({ companyId: query.companyId, customerId: query.customerId })
      const identity = params?.provider ? params.identity : undefined
      const branches = identity ? visibleBranches(paymentScope, viewerOf(identity)) : null
      if (branches) builder.whereIn('branchId', branches)
      if (query.invoiceId) builder.whereIn('_id', db(ALLOCATIONS_TABLE).where({ companyId: query.companyId, invoiceId: query.invoiceId }).select('paymentId'))
      return builder
    }
    const [{ total }] = await scoped().count({ total: '*' })
    const rows = limit === 0 ? [] : await scoped().orderBy([{ column: 'date', order: 'desc' }, { column: '_id', order: 'desc' }]).limit(limit).offset(skip)
    const payments = await (this.app.service('transactions') as TransactionsService).present(db, rows.map((row: Record<string, unknown>) => transactionCodec.fromDb(row)))
    const invoiceIds = [...new Set(payments.flatMap((payment) => payment.allocations.map((allocation) => allocation.invoiceId)).filter((id): id is string => id !== null))]
    const numbers = new Map<string, string>()
    if (invoiceIds.length > 0) {
      for (const row of await db(INVOICES_TABLE).where({ companyId: query.companyId }).whereIn('_id', invoiceIds).select('_id', 'prefix', 'counter')) numbers.set(row._id, `${row.prefix}-${row.counter}`)
    }
    const { balance, debt } = await customerLedger(db, query.companyId, query.customerId)
    return {
      customerId: query.customerId,
      balance,
      debt,
      total: Number(total),
      limit,
      skip,
      data: payments.map((payment) => ({
        ...payment,
        allocations: payment.allocations.map((allocation) => ({ ...allocation, invoiceNumber: allocation.invoiceId ? numbers.get(allocation.invoiceId) ?? null : null }))
      }))
    }
  }
}
