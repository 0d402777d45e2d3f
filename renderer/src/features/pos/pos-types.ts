import type { Cart, CartInvoice, CartLine, CartVisit, Checkout, CheckoutData } from '../../../../server/src/services/billing/cart/cart.shared'
import type { PosCart, PosCartVisit } from '../../../../server/src/services/billing/pos-cart/pos-cart.shared'

export type { Cart, CartInvoice, CartLine, CartVisit, Checkout, CheckoutData, PosCart, PosCartVisit }
export { MAX_CHECKOUT_PAYMENTS } from '../../../../server/src/services/billing/cart/cart.shared'

/** A patient's name as the desk reads it: last, first, middle. */
export const patientName = (customer: { first_name: string; last_name: string; middle_name?: string | null }) =>
  [customer.last_name, customer.first_name, customer.middle_name].filter(Boolean).join(' ')
