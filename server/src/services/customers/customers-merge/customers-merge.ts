import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { CustomersMergeService } from './customers-merge.class'
import { customersMergeDataValidator, customersMergeDataSchema } from './customers-merge.schema'
import { customerExternalResolver } from '../customers/customers.schema'
import { phoneProtection } from '../customers/customer-phone'
import { customersMergeMethods, customersMergePath } from './customers-merge.shared'
import { resolveExternal } from '../../../hooks/resolve-shapes'

declare module '../../../declarations' {
  interface ServiceTypes {
    [customersMergePath]: CustomersMergeService
  }
}

/**
 * `customers-merge`: merges a duplicate customer record into another, irreversibly. Needs the
 * delete permission on customers: the merged record stops existing as a customer of its own.
 * Events are the customers service's (`patched` for both records); this service has none.
 */
export function customersMerge(app: Application) {
  registerService(app, customersMergePath, new CustomersMergeService(app), {
    methods: [...customersMergeMethods],
    tables: [],
    access: {
      refuses: { update: 'an action (merge two customers), not a record' }, data: { create: customersMergeDataSchema }, methods: { create: { resource: 'customers', flag: 'delete' } }, module: 'customers' },
    hooks: {
      around: {
        all: [
          // The answer is a customer: shaped for the caller as the customers service shapes it.
          resolveExternal(customerExternalResolver)
        ]
      },
      before: {
        create: [schemaHooks.validateData(customersMergeDataValidator), phoneProtection]
      }
    }
  })
}
