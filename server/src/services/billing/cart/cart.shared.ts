import { clientService } from '../../../client-service'
import type { CartService } from './cart.class'

export type { Cart, CartInvoice, CartLine, CartVisit, Checkout, CheckoutData, CheckoutPayment } from './cart.schema'

/**
 * `cart` (issue 16, item 5; docs/decisions/billing-pos.md): the cash desk's view of one patient
 * (`get(customerId)`: what can be paid now) and the checkout (`create`): the chosen treatments
 * invoiced and a split payment taken, in one transaction, idempotent by the client key.
 */
export const cartPath = 'cart'
export const cartMethods = ['get', 'create'] as const
export type CartClientService = Pick<CartService, (typeof cartMethods)[number]>

/** At most this many rows in a split payment. */
export const MAX_CHECKOUT_PAYMENTS = 8
/** A checkout key is at most this long: each row's payment gets `<key>-<n>` (transactions take 64). */
export const MAX_CHECKOUT_KEY = 60
export const MAX_CHECKOUT_INVOICES = 50
export const MAX_CHECKOUT_NOTE = 2000
export const cartClient = clientService<CartClientService>()(cartPath, cartMethods, { branchScoped: true })
