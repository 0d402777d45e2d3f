import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { visibleCustomer } from '../../../hooks/customer-visibility'
import { PaymentHistoryService } from './payment-history.class'
import { paymentHistoryQueryValidator } from './payment-history.schema'
import { paymentHistoryMethods, paymentHistoryPath } from './payment-history.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [paymentHistoryPath]: PaymentHistoryService
  }
}

/** Only of a patient the caller sees (NotFound otherwise). */
async function visiblePatient(context: HookContext) {
  if (context.params.provider) await visibleCustomer(context, String(context.params.query?.customerId))
}

/** `payment-history` (issue 16): read-only, over the ledger of `transactions` and `invoices`. */
export function paymentHistory(app: Application) {
  registerService(app, paymentHistoryPath, new PaymentHistoryService(app), {
    methods: [...paymentHistoryMethods],
    tables: [],
    access: {
      refuses: { update: 'a read-only history (find only): payments are written through transactions' },
      methods: { find: { resource: 'payment-history', flag: 'view' } }
    },
    hooks: {
      before: {
        find: [schemaHooks.validateQuery(paymentHistoryQueryValidator), companyScope, visiblePatient]
      }
    }
  })
}
