import { Forbidden } from '@feathersjs/errors'
import { hooks as schemaHooks } from '@feathersjs/schema'
import type { RealTimeConnection } from '@feathersjs/feathers'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { scopeRecords } from '../../../access/record-scope'
import { paymentScope } from './payment-scope'
import { allBranchesChannel, branchChannel, connectionMay } from '../../../channels'
import { visibleCustomer } from '../../../hooks/customer-visibility'
import { checkId } from '../../../hooks/check-id'
import { presentReads, selectAlso } from '../present-reads'
import { clinicError } from '../../../errors'
import { hasPermission } from '../../../../../domain/access/check'
import { TransactionsService, replays, transactionRowShape, transactionsServiceOptions, type Payment } from './transactions.class'
import { paymentDataSchema, paymentDataValidator, paymentPatchSchema, paymentPatchValidator, paymentQueryValidator, type PaymentData } from './transactions.schema'
import { ALLOCATIONS_TABLE, TRANSACTIONS_TABLE } from './transaction-rows'
import { MONEY_STATS_DAYS_TABLE, MONEY_STATS_DIRTY_TABLE, MONEY_STATS_TABLE } from '../money-stats'
import { BALANCE_SPANS_DIRTY_TABLE, BALANCE_SPANS_TABLE, DEBT_SPANS_DIRTY_TABLE, DEBT_SPANS_TABLE } from '../debt-spans'
import { PAYMENT_STATS_TABLE } from '../payment-stats'
import { transactionsMethods, transactionsPath } from './transactions.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [transactionsPath]: TransactionsService
  }
}

async function ofVisiblePayer(context: HookContext) {
  if (context.params.provider) await visibleCustomer(context, (context.data as PaymentData).customerId)
}

/** Cancelling is the delete of a payment: it needs `transactions: delete` (nothing is ever removed). */
function cancelNeedsDelete(context: HookContext) {
  if (!context.params.provider || hasPermission(context.params.identity?.role.permissions, 'transactions', 'delete')) return
  throw clinicError(Forbidden, 'forbidden', 'action', { resource: 'transactions', flag: 'delete' })
}

const selectWhatTheAnswerNeeds = selectAlso(['_id', 'companyId', 'amount'])

const { update: _update, remove: _remove, ...paymentAccess } = standardAccess('transactions')

/**
 * `transactions` (issue 16; docs/decisions/billing.md): payments and refunds, the one ledger.
 * Every create carries a client key (the same key answers the first result); money goes to
 * invoices and/or the patient's prepaid balance (allocations). Never removed: cancelled.
 */
export function transactions(app: Application) {
  registerService(app, transactionsPath, new TransactionsService(transactionsServiceOptions(app), transactionRowShape), {
    methods: [...transactionsMethods],
    // The money rollup's tables (money-stats.ts): written by its recompute only, marked by triggers on the ledger.
    // The debtors report's spans (debt-spans.ts): written by its recompute only, marked by triggers on the ledger.
    tables: [TRANSACTIONS_TABLE, ALLOCATIONS_TABLE, MONEY_STATS_TABLE, MONEY_STATS_DIRTY_TABLE, MONEY_STATS_DAYS_TABLE, PAYMENT_STATS_TABLE, DEBT_SPANS_TABLE, DEBT_SPANS_DIRTY_TABLE, BALANCE_SPANS_TABLE, BALANCE_SPANS_DIRTY_TABLE],
    customerRows: [{ table: TRANSACTIONS_TABLE, column: 'customerId' }, { table: ALLOCATIONS_TABLE, column: 'customerId' }],
    access: {
      data: { create: paymentDataSchema, patch: paymentPatchSchema },
      methods: paymentAccess,
      refuses: {
        update: 'a payment is never replaced: it is cancelled (patch action cancel) or refunded by another',
        remove: 'money records are never deleted: a payment is cancelled (patch action cancel, with a reason and a note)'
      }
    },
    // A retry answered with the first result is not another write.
    activity: { skip: (context) => replays.has(context.result as object) },
    hooks: {
      before: {
        all: [checkId(), schemaHooks.validateQuery(paymentQueryValidator), companyScope, scopeRecords(paymentScope)],
        find: [(context: HookContext) => {
          if (!context.params.query?.$sort) context.params.query = { ...context.params.query, $sort: { date: -1, _id: -1 } }
        }, selectWhatTheAnswerNeeds],
        create: [schemaHooks.validateData(paymentDataValidator), ofVisiblePayer],
        patch: [schemaHooks.validateData(paymentPatchValidator), cancelNeedsDelete]
      },
      after: {
        find: [presentReads],
        get: [presentReads]
      }
    },
    publish: (data: Payment) => {
      if (replays.has(data)) return []
      return app.channel([allBranchesChannel(data.companyId), branchChannel(data.branchId)]).filter((connection: RealTimeConnection) => connectionMay(connection, 'transactions', 'view'))
    }
  })
}
