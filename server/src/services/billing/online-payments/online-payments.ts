import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { OnlinePaymentsService } from './online-payments.class'
import { onlinePaymentsQueryValidator, paymentAccountPatchSchema, paymentAccountPatchValidator, payLinkQueryValidator, type PaymentAccount } from './online-payments.schema'
import { PAYMENT_ACCOUNTS_TABLE, PROVIDER_TRANSACTIONS_TABLE } from './payment-accounts'
import { onlinePaymentsMethods, onlinePaymentsPath } from './online-payments.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [onlinePaymentsPath]: OnlinePaymentsService
  }
}

/** The log of a change to an account: each field from → to; of the key only whether one is set, never the key. */
function accountActivity(context: HookContext, result: Record<string, unknown>) {
  const before = (context.params as { accountBefore?: PaymentAccount }).accountBefore
  const fields = ['merchantId', 'keySet', 'testMode', 'callbackUrl'] as const
  return Object.fromEntries(fields.filter((field) => before?.[field] !== result[field]).map((field) => [field, { from: before?.[field] ?? null, to: result[field] }]))
}

/**
 * `online-payments` (issue 16, item 9; docs/decisions/billing-payme.md): merchant accounts
 * (`payments` view/edit; the key never leaves the server) and invoices' pay links (`invoices: view`,
 * only of invoices the caller sees). Owns the provider transactions, which only the providers'
 * calls write (server/src/providers/payments).
 */
export function onlinePayments(app: Application) {
  registerService(app, onlinePaymentsPath, new OnlinePaymentsService(app), {
    methods: [...onlinePaymentsMethods],
    tables: [PAYMENT_ACCOUNTS_TABLE, PROVIDER_TRANSACTIONS_TABLE],
    customerRows: [{ table: PROVIDER_TRANSACTIONS_TABLE, column: 'customerId' }],
    activity: { changes: accountActivity, recordId: (context) => String(context.id) },
    access: {
      data: { patch: paymentAccountPatchSchema },
      methods: { find: { resource: 'payments', flag: 'view' }, get: { resource: 'invoices', flag: 'view' }, patch: { resource: 'payments', flag: 'edit' } },
      refuses: {
        create: 'one account per provider, set by patch',
        update: 'an account is changed field by field; a key left out is kept',
        remove: 'an account is switched off by clearing its key (patch key "")'
      },
      module: 'billing'
    },
    hooks: {
      before: {
        find: [schemaHooks.validateQuery(onlinePaymentsQueryValidator), companyScope],
        get: [schemaHooks.validateQuery(payLinkQueryValidator), companyScope],
        patch: [schemaHooks.validateQuery(onlinePaymentsQueryValidator), companyScope, schemaHooks.validateData(paymentAccountPatchValidator)]
      }
    }
  })
}
