import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../validators'
import { ClientKeySchema, IdSchema, InstantSchema, strictQuery } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { recordProperties } from '../../../schema/record'
import { cancelReasons, MAX_MONEY, paymentMethods, paymentStatuses } from '../../../../../domain/billing/money'
import { MAX_ALLOCATIONS, MAX_PAYMENT_NOTE, TRANSACTIONS_MAX_PAGE } from './transactions.shared'

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))
const nullable = <S extends Parameters<typeof Type.Union>[0][number]>(schema: S) => Type.Union([schema, Type.Null()])
const Positive = Type.Integer({ minimum: 1, maximum: MAX_MONEY })

/** Where a payment's money went: an invoice, or (invoiceId null) the patient's prepaid balance. Negative on a refund. */
export const allocationSchema = Type.Object(
  { _id: IdSchema, invoiceId: nullable(IdSchema), amount: Type.Integer({ minimum: -MAX_MONEY, maximum: MAX_MONEY }) },
  { additionalProperties: false }
)
export type Allocation = Static<typeof allocationSchema>

// Main (docs/decisions/billing.md): one row per payment or refund; its allocations are the ledger.
export const paymentSchema = Type.Object(
  {
    ...recordProperties,
    /** The receiving branch. */
    branchId: ref('branches'),
    /** The payer. */
    customerId: ref('customers'),
    /** The desk or account that received it (free text, for the cash desk to come). */
    receiver: Type.String({ maxLength: 100 }),
    kind: literals(['payment', 'refund'] as const),
    method: literals(paymentMethods),
    /** Minor units: positive for a payment, negative for a refund. */
    amount: Type.Integer({ minimum: -MAX_MONEY, maximum: MAX_MONEY }),
    status: literals(paymentStatuses),
    /** The terminal's, bank's or provider's own id of the money (spec: transaction id). */
    transactionId: Type.String({ maxLength: 100 }),
    date: InstantSchema,
    /** The cash desk's shift that took it (z-payments); null when no shift of its desk was open, or from the balance. */
    shiftId: nullable(IdSchema),
    /** The payment a refund gives back money of. */
    refundOf: nullable(IdSchema),
    /** The client's key of the create: the same key answers the first result. */
    clientKey: Type.String(),
    notes: Type.String({ maxLength: MAX_PAYMENT_NOTE }),
    cancelledAt: nullable(InstantSchema),
    cancelledBy: nullable(IdSchema),
    cancelReason: nullable(literals(cancelReasons)),
    cancelNote: nullable(Type.String()),
    allocations: Type.Array(allocationSchema)
  },
  { $id: 'Payment', additionalProperties: false }
)
export type Payment = Static<typeof paymentSchema>

const allocationInput = Type.Object({ invoiceId: nullable(ref('invoices')), amount: Positive }, { additionalProperties: false })

/**
 * Create: a payment (allocations to invoices and/or the balance, summing to the amount; none:
 * all to the balance, a top-up), or with `refundOf` a refund of `amount` from that payment
 * (allocations: what is taken back, from where; none: the balance first, then the invoices).
 */
export const paymentDataSchema = Type.Object(
  {
    /** 8 to 64 letters, digits, `-` or `_` (a ULID or UUID made when the form opened). */
    clientKey: ClientKeySchema,
    customerId: ref('customers'),
    branchId: Type.Optional(ref('branches')),
    method: Type.Optional(literals(paymentMethods)),
    amount: Positive,
    allocations: Type.Optional(Type.Array(allocationInput, { minItems: 1, maxItems: MAX_ALLOCATIONS })),
    refundOf: Type.Optional(IdSchema),
    transactionId: Type.Optional(Type.String({ maxLength: 100 })),
    receiver: Type.Optional(Type.String({ maxLength: 100 })),
    date: Type.Optional(InstantSchema),
    notes: Type.Optional(Type.String({ maxLength: MAX_PAYMENT_NOTE }))
  },
  { $id: 'PaymentData', additionalProperties: false }
)
export type PaymentData = Static<typeof paymentDataSchema>
export const paymentDataValidator = getValidator(paymentDataSchema, dataValidator)

/** Patch: only cancel (needs `transactions: delete`), with a reason and a note. */
export const paymentPatchSchema = Type.Object(
  { action: Type.Literal('cancel'), reason: literals(cancelReasons), note: Type.String({ minLength: 1, maxLength: MAX_PAYMENT_NOTE }) },
  { $id: 'PaymentPatch', additionalProperties: false }
)
export type PaymentPatch = Static<typeof paymentPatchSchema>
export const paymentPatchValidator = getValidator(paymentPatchSchema, dataValidator)

export const paymentQueryProperties = Type.Pick(paymentSchema, ['_id', 'companyId', 'branchId', 'customerId', 'kind', 'method', 'status', 'date', 'refundOf', 'shiftId', 'createdAt'])
/** `$select` names stored columns only (the allocations always come). */
export const paymentQuerySchema = strictQuery(paymentQueryProperties, {}, {}, TRANSACTIONS_MAX_PAGE, Type.Omit(paymentSchema, ['allocations']))
export type PaymentQuery = Static<typeof paymentQuerySchema>
export const paymentQueryValidator = getValidator(paymentQuerySchema, queryValidator)
