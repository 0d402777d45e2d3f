import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../validators'
import { IdSchema, InstantSchema } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { MAX_MONEY, paymentMethods } from '../../../../../domain/billing/money'
import { invoiceSchema, invoiceLineSchema } from '../invoices/invoices.schema'
import { paymentSchema } from '../transactions/transactions.schema'
import { INVOICE_MAX_LINES } from '../invoices/invoices.shared'
import { MAX_CHECKOUT_INVOICES, MAX_CHECKOUT_KEY, MAX_CHECKOUT_NOTE, MAX_CHECKOUT_PAYMENTS } from './cart.shared'

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))
const nullable = <S extends Parameters<typeof Type.Union>[0][number]>(schema: S) => Type.Union([schema, Type.Null()])
const Positive = Type.Integer({ minimum: 1, maximum: MAX_MONEY })
const LocalDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })

/** A treatment done and not invoiced yet: amount = price × quantity. */
const cartLineSchema = Type.Object(
  {
    _id: IdSchema,
    serviceName: Type.String(),
    teeth: invoiceLineSchema.properties.teeth,
    doctorId: IdSchema,
    price: Type.Integer(),
    quantity: Type.Integer(),
    amount: Type.Integer()
  },
  { additionalProperties: false }
)
export type CartLine = Static<typeof cartLineSchema>

/** A visit's lines not invoiced yet; `total` is what invoicing all of them asks (the patient's discount off). */
const cartVisitSchema = Type.Object(
  { appointmentId: IdSchema, date: LocalDate, branchId: IdSchema, doctorId: IdSchema, doctorName: Type.String(), lines: Type.Array(cartLineSchema), subtotal: Type.Integer(), discountAmount: Type.Integer(), total: Type.Integer() },
  { additionalProperties: false }
)
export type CartVisit = Static<typeof cartVisitSchema>

/** An open invoice that still asks for money. */
const cartInvoiceSchema = Type.Object(
  { _id: IdSchema, number: Type.String(), issuedOn: LocalDate, appointmentId: nullable(IdSchema), total: Type.Integer(), paid: Type.Integer(), due: Type.Integer(), state: invoiceSchema.properties.state },
  { additionalProperties: false }
)
export type CartInvoice = Static<typeof cartInvoiceSchema>

/** `get(customerId)`: what the patient can pay now, in the branches the caller works in. */
export const cartSchema = Type.Object(
  { customerId: IdSchema, discountPercent: Type.Integer(), balance: Type.Integer(), debt: Type.Integer(), visits: Type.Array(cartVisitSchema), invoices: Type.Array(cartInvoiceSchema) },
  { $id: 'CartResult', additionalProperties: false }
)
export type Cart = Static<typeof cartSchema>

export const cartQuerySchema = Type.Object({ companyId: Type.Optional(IdSchema) }, { additionalProperties: false })
export type CartQuery = Static<typeof cartQuerySchema>
export const cartQueryValidator = getValidator(cartQuerySchema, queryValidator)

/** One row of the split: a method and how much is paid by it. */
const checkoutPaymentInput = Type.Object(
  { method: literals(paymentMethods), amount: Positive, transactionId: Type.Optional(Type.String({ maxLength: 100 })) },
  { additionalProperties: false }
)
export type CheckoutPayment = Static<typeof checkoutPaymentInput>

/**
 * The checkout: treatments to invoice now (one invoice per visit), open invoices to pay, the
 * split payment, the cash handed over (for the change), and whether what is paid beyond the
 * dues goes to the prepaid balance (`topUp`; otherwise it is refused).
 */
export const checkoutDataSchema = Type.Object(
  {
    /** 8 to 60 letters, digits, `-` or `_`, made when the screen's cart opens; each payment's key is `<key>-<row>`. */
    clientKey: Type.String({ minLength: 8, maxLength: MAX_CHECKOUT_KEY, pattern: '^[A-Za-z0-9_-]+$' }),
    customerId: ref('customers'),
    /** The receiving branch (the desk's); one the caller works in. */
    branchId: Type.Optional(ref('branches')),
    treatmentIds: Type.Optional(Type.Array(IdSchema, { minItems: 1, maxItems: INVOICE_MAX_LINES, uniqueItems: true })),
    invoiceIds: Type.Optional(Type.Array(ref('invoices'), { minItems: 1, maxItems: MAX_CHECKOUT_INVOICES, uniqueItems: true })),
    payments: Type.Array(checkoutPaymentInput, { minItems: 1, maxItems: MAX_CHECKOUT_PAYMENTS }),
    cashGiven: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_MONEY })),
    topUp: Type.Optional(Type.Boolean()),
    notes: Type.Optional(Type.String({ maxLength: MAX_CHECKOUT_NOTE }))
  },
  { $id: 'CheckoutData', additionalProperties: false }
)
export type CheckoutData = Static<typeof checkoutDataSchema>
export const checkoutDataValidator = getValidator(checkoutDataSchema, dataValidator)

/** The checkout's answer (the same again for a retry with its key). */
export const checkoutSchema = Type.Object(
  {
    _id: IdSchema,
    companyId: IdSchema,
    branchId: IdSchema,
    customerId: IdSchema,
    createdAt: InstantSchema,
    /** The invoices made and the invoices paid, as they stand after the checkout. */
    invoices: Type.Array(invoiceSchema),
    payments: Type.Array(paymentSchema),
    /** What the invoices asked before the payments. */
    due: Type.Integer(),
    paid: Type.Integer(),
    topUp: Type.Integer(),
    cashGiven: nullable(Type.Integer()),
    /** Cash given less cash paid: handed back, never stored as money. */
    change: Type.Integer(),
    balance: Type.Integer(),
    debt: Type.Integer()
  },
  { $id: 'CheckoutResult', additionalProperties: false }
)
export type Checkout = Static<typeof checkoutSchema>
