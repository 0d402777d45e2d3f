import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { branchCheck } from '../../../access/branch-scope'
import { visibleCustomer } from '../../../hooks/customer-visibility'
import { checkId } from '../../../hooks/check-id'
import { CartService, POS_CHECKOUTS_TABLE } from './cart.class'
import { cartQueryValidator, checkoutDataSchema, checkoutDataValidator, type CheckoutData } from './cart.schema'
import { cartMethods, cartPath } from './cart.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [cartPath]: CartService
  }
}

/** The cart of a patient the caller sees (NotFound otherwise). */
async function ofVisiblePatient(context: HookContext) {
  if (!context.params.provider) return
  await visibleCustomer(context, context.method === 'get' ? String(context.id) : (context.data as CheckoutData).customerId)
}

/**
 * `cart` (issue 16, item 5; docs/decisions/billing-pos.md): a patient's cart at the cash desk and
 * its checkout. Resource `cart`; the checkout's invoices and payments are made through their own
 * services as the caller, so it also needs `invoices: create` (when it invoices) and
 * `transactions: create`, and each of them is logged and announced as if made from their screens.
 * The checkout itself is not logged again and not announced (its invoices and payments are).
 */
export function cart(app: Application) {
  registerService(app, cartPath, new CartService(app), {
    methods: [...cartMethods],
    tables: [POS_CHECKOUTS_TABLE],
    customerRows: [{ table: POS_CHECKOUTS_TABLE, column: 'customerId' }],
    access: {
      data: { create: checkoutDataSchema },
      methods: { get: { resource: 'cart', flag: 'view' }, create: { resource: 'cart', flag: 'create' } },
      refuses: { update: 'a checkout is never replaced: its invoices are cancelled and its payments cancelled or refunded through their own services' },
      module: 'billing'
    },
    activity: { skip: true },
    hooks: {
      before: {
        all: [checkId(), schemaHooks.validateQuery(cartQueryValidator), companyScope],
        get: [ofVisiblePatient],
        create: [schemaHooks.validateData(checkoutDataValidator), branchCheck, ofVisiblePatient]
      }
    },
    publish: () => []
  })
}
