import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { trimStrings } from '../../../hooks/trim-strings'
import { CustomerService, customerRowShape, customerServiceOptions } from './customers.class'
import {
  customerDataResolver,
  customerDataValidator,
  customerExternalResolver,
  customerPatchResolver,
  customerPatchValidator,
  customerQueryValidator,
  customerResolver,
  customerDataSchema,
  customerPatchSchema
} from './customers.schema'
import { customerRegexQuery } from './customer-regex'
import { FUNNEL_REACH_DIRTY_TABLE, FUNNEL_REACH_TABLE } from './customer-funnel-reach'
import { checkDuplicateQuery } from './customer-duplicates'
import { customerBranchCheck, customerScope } from './customer-branches'
import { scopeRecords } from '../../../access/record-scope'
import { checkCustomer } from './customer-rules'
import { keepHiddenPhone, phoneProtection } from './customer-phone'
import { publishCustomer } from './customer-publish'
import { customerMethods, customerPath } from './customers.shared'
import { checkCustomFields } from '../fields/check-custom-fields'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'
import { quietClientKeyReplay, takeClientKey } from '../../client-keys'

declare module '../../../declarations' {
  interface ServiceTypes {
    [customerPath]: CustomerService
  }
}

const customerBranchScope = scopeRecords(customerScope)
const trimText = trimStrings('first_name', 'last_name', 'middle_name', 'email', 'telegramAccount')

/** `customers`: customers and patients (spec sections 3 to 5). */
export function customers(app: Application) {
  registerService(app, customerPath, new CustomerService({ ...customerServiceOptions(app), scope: customerScope }, customerRowShape), {
    methods: [...customerMethods],
    tables: ['customers', FUNNEL_REACH_TABLE, FUNNEL_REACH_DIRTY_TABLE],
    protectedPhones: ['phone'],
    // A customer's notes and cabinet links stay while the customer is in the trash.
    trashDependents: [
      { table: 'notes', column: 'customerId' },
      { table: 'customer_cabinet_tokens', column: 'customerId' },
      { table: 'health_cards', column: 'customerId' }
    ],
    access: { data: { create: customerDataSchema, patch: customerPatchSchema }, methods: standardAccess('customers'), module: 'customers' },
    hooks: {
      around: {
        all: [
          resolveExternal(customerExternalResolver),
          resolveResult(customerResolver)
        ]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(customerQueryValidator), checkDuplicateQuery, phoneProtection, customerRegexQuery, companyScope],
        find: [customerBranchScope],
        get: [customerBranchScope],
        create: [trimText, schemaHooks.validateData(customerDataValidator), takeClientKey, customerBranchCheck, checkCustomer, checkCustomFields, schemaHooks.resolveData(customerDataResolver)],
        patch: [
          customerBranchScope,
          trimText,
          schemaHooks.validateData(customerPatchValidator),
          keepHiddenPhone,
          customerBranchCheck,
          checkCustomer,
          checkCustomFields,
          schemaHooks.resolveData(customerPatchResolver)
        ],
        remove: [customerBranchScope]
      },
      after: { create: [quietClientKeyReplay] }
    },
    // Branch- and phone-aware: see customer-publish.ts.
    publish: publishCustomer(app)
  })
}
