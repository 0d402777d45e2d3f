import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { IdSchema, InstantSchema, strictQuery } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { recordProperties } from '../../../schema/record'
import { cancelReasons, invoiceStates, MAX_MONEY } from '../../../../../domain/billing/money'
import { INVOICE_MAX_LINES, INVOICE_MAX_PAGE, MAX_INVOICE_NOTE } from './invoices.shared'

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))
const nullable = <S extends Parameters<typeof Type.Union>[0][number]>(schema: S) => Type.Union([schema, Type.Null()])
const LocalDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })
const Money = Type.Integer({ minimum: 0, maximum: MAX_MONEY })
const Percent = Type.Integer({ minimum: 0, maximum: 100 })

/** One line: what was done or planned, as it was priced when the invoice was made (a snapshot). */
export const invoiceLineSchema = Type.Object(
  {
    _id: IdSchema,
    position: Type.Integer({ minimum: 0 }),
    treatmentId: nullable(IdSchema),
    planItemId: nullable(IdSchema),
    serviceId: nullable(IdSchema),
    serviceName: Type.String({ maxLength: 200 }),
    serviceCode: nullable(Type.String({ maxLength: 50 })),
    teeth: Type.Array(Type.Object({ tooth: Type.Integer(), surfaces: Type.Array(Type.String()) }, { additionalProperties: false })),
    doctorId: nullable(IdSchema),
    /** One unit, minor units. */
    price: Money,
    quantity: Type.Integer({ minimum: 1 }),
    /** The line's own discount (a plan item's), percent. */
    discountPercent: Percent,
    /** price × quantity less the line's discount. */
    amount: Money
  },
  { $id: 'InvoiceLine', additionalProperties: false }
)
export type InvoiceLine = Static<typeof invoiceLineSchema>

// Main (docs/decisions/billing.md): totals are stored at creation; paid, due and state are computed on every read.
export const invoiceSchema = Type.Object(
  {
    ...recordProperties,
    branchId: ref('branches'),
    customerId: ref('customers'),
    /** The treating doctor (the first line's): a doctor without seeAll sees their own patients' invoices. */
    doctorId: nullable(IdSchema),
    appointmentId: nullable(IdSchema),
    prefix: Type.String({ maxLength: 16 }),
    /** Per branch, from 1, no gaps. */
    counter: Type.Integer({ minimum: 1 }),
    /** `prefix-counter`, as printed. */
    number: Type.String(),
    /** Company-local day of issue. */
    issuedOn: LocalDate,
    notes: Type.String({ maxLength: MAX_INVOICE_NOTE }),
    vatPercent: Percent,
    /** The patient's discount when the invoice was made. */
    discountPercent: Percent,
    subtotal: Money,
    discountAmount: Money,
    /** Total due: subtotal less the discount (VAT included). */
    total: Money,
    vatAmount: Money,
    dueDate: nullable(LocalDate),
    /** Allocated by payments not cancelled. */
    paid: Type.Integer(),
    /** Still owed: 0 once paid, cancelled or closed. */
    due: Money,
    state: literals(invoiceStates),
    cancelledAt: nullable(InstantSchema),
    cancelledBy: nullable(IdSchema),
    cancelReason: nullable(literals(cancelReasons)),
    cancelNote: nullable(Type.String()),
    closedAt: nullable(InstantSchema),
    closedBy: nullable(IdSchema),
    closeReason: nullable(literals(cancelReasons)),
    closeNote: nullable(Type.String()),
    lines: Type.Array(invoiceLineSchema)
  },
  { $id: 'Invoice', additionalProperties: false }
)
export type Invoice = Static<typeof invoiceSchema>
export const invoiceResolver = resolve<Invoice, HookContext>({})

/**
 * Create: one source, a visit's treatments not invoiced yet (`appointmentId`), chosen treatments
 * (`treatmentIds`), or items of the patient's accepted plans (`planItemIds`: an advance invoice).
 */
export const invoiceDataSchema = Type.Object(
  {
    customerId: ref('customers'),
    /** The receiving branch (one of the caller's); default the visit's, else the patient's. */
    branchId: Type.Optional(ref('branches')),
    appointmentId: Type.Optional(ref('appointment')),
    treatmentIds: Type.Optional(Type.Array(IdSchema, { minItems: 1, maxItems: INVOICE_MAX_LINES, uniqueItems: true })),
    planItemIds: Type.Optional(Type.Array(IdSchema, { minItems: 1, maxItems: INVOICE_MAX_LINES, uniqueItems: true })),
    notes: Type.Optional(Type.String({ maxLength: MAX_INVOICE_NOTE })),
    vatPercent: Type.Optional(Percent),
    dueDate: Type.Optional(nullable(LocalDate))
  },
  { $id: 'InvoiceData', additionalProperties: false }
)
export type InvoiceData = Static<typeof invoiceDataSchema>
export const invoiceDataValidator = getValidator(invoiceDataSchema, dataValidator)

const Reasoned = { reason: literals(cancelReasons), note: Type.String({ minLength: 1, maxLength: MAX_INVOICE_NOTE }) }

/** Patch: notes and the due date; or an action, cancel (needs `invoices: delete`) or close (write off the rest), each with a reason and a note. */
export const invoicePatchSchema = Type.Union(
  [
    Type.Object({ notes: Type.Optional(Type.String({ maxLength: MAX_INVOICE_NOTE })), dueDate: Type.Optional(nullable(LocalDate)) }, { additionalProperties: false }),
    Type.Object({ action: Type.Literal('cancel'), ...Reasoned }, { additionalProperties: false }),
    Type.Object({ action: Type.Literal('close'), ...Reasoned }, { additionalProperties: false })
  ],
  { $id: 'InvoicePatch' }
)
export type InvoicePatch = Static<typeof invoicePatchSchema>
export const invoicePatchValidator = getValidator(invoicePatchSchema, dataValidator)

export const invoiceQueryProperties = Type.Pick(invoiceSchema, ['_id', 'companyId', 'branchId', 'customerId', 'doctorId', 'appointmentId', 'counter', 'issuedOn', 'dueDate', 'createdAt', 'cancelledAt'])
/**
 * `$select` names stored columns and `lines` (the computed fields always come): without a
 * `$select` an invoice comes whole; with one, its lines only when `lines` is named.
 */
export const invoiceQuerySchema = strictQuery(invoiceQueryProperties, {}, {}, INVOICE_MAX_PAGE, Type.Omit(invoiceSchema, ['paid', 'due', 'state', 'number']))
export type InvoiceQuery = Static<typeof invoiceQuerySchema>
export const invoiceQueryValidator = getValidator(invoiceQuerySchema, queryValidator)
