import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { queryValidator } from '../../../validators'
import { IdSchema } from '../../../schema/query'
import { paymentSchema } from '../transactions/transactions.schema'
import { PAYMENT_HISTORY_MAX_PAGE } from './payment-history.shared'

/** An allocation as the history shows it: with the invoice's printed number (null: the prepaid balance). */
const historyAllocation = Type.Object(
  { _id: IdSchema, invoiceId: Type.Union([IdSchema, Type.Null()]), invoiceNumber: Type.Union([Type.String(), Type.Null()]), amount: Type.Integer() },
  { additionalProperties: false }
)
const historyEntry = Type.Object({ ...Type.Omit(paymentSchema, ['allocations']).properties, allocations: Type.Array(historyAllocation) }, { additionalProperties: false })
export type PaymentHistoryEntry = Static<typeof historyEntry>

/** A page of a patient's payments and refunds, newest first, with the patient's balance and debt. */
export const paymentHistorySchema = Type.Object(
  {
    customerId: IdSchema,
    balance: Type.Integer(),
    debt: Type.Integer(),
    total: Type.Integer(),
    limit: Type.Integer(),
    skip: Type.Integer(),
    data: Type.Array(historyEntry)
  },
  { $id: 'PaymentHistoryResult', additionalProperties: false }
)
export type PaymentHistory = Static<typeof paymentHistorySchema>

export const paymentHistoryQuerySchema = Type.Object(
  {
    customerId: IdSchema,
    /** Only the payments and refunds with a part on this invoice (an invoice's detail). */
    invoiceId: Type.Optional(IdSchema),
    companyId: Type.Optional(IdSchema),
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: PAYMENT_HISTORY_MAX_PAGE })),
    $skip: Type.Optional(Type.Integer({ minimum: 0 }))
  },
  { additionalProperties: false }
)
export type PaymentHistoryQuery = Static<typeof paymentHistoryQuerySchema>
export const paymentHistoryQueryValidator = getValidator(paymentHistoryQuerySchema, queryValidator)
