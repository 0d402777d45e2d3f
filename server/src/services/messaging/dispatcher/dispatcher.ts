import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { phoneHiddenFrom } from '../../customers/customers/customer-phone'
import { DispatcherService, dispatcherDataSchema, dispatcherDataValidator, dispatcherQueryValidator, type DispatchRecipientPage } from './dispatcher.class'
import { dispatcherMethods, dispatcherPath } from './dispatcher.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [dispatcherPath]: DispatcherService
  }
}

/** Phone protection (spec section 6): without `customer-phone` seeAll the numbers do not leave. */
function hidePhones(context: HookContext) {
  if (!context.params.provider || !phoneHiddenFrom(context)) return
  const page = context.result as DispatchRecipientPage
  context.result = { ...page, data: page.data.map((row) => ({ ...row, phone: null })) }
}

/**
 * `dispatcher`: a broadcast's preview and its per-recipient results (dispatcher.class.ts), for
 * those who may view `notifications` (the broadcasts' resource). It writes nothing.
 */
export function dispatcher(app: Application) {
  registerService(app, dispatcherPath, new DispatcherService(app), {
    methods: [...dispatcherMethods],
    tables: [],
    transaction: false,
    activity: { skip: true },
    protectedPhones: ['phone'],
    access: {
      data: { create: dispatcherDataSchema },
      methods: { find: { resource: 'notifications', flag: 'view' }, create: { resource: 'notifications', flag: 'view' } },
      refuses: {
        get: 'a recipient is read in the list of its broadcast',
        update: 'the preview and the results are computed, not kept',
        patch: 'the preview and the results are computed, not kept',
        remove: 'the results are the outbox log, which keeps every message'
      }
    },
    hooks: {
      before: {
        find: [schemaHooks.validateQuery(dispatcherQueryValidator as never), companyScope],
        create: [companyScope, schemaHooks.validateData(dispatcherDataValidator)]
      },
      after: { find: [hidePhones] }
    }
  })
}
