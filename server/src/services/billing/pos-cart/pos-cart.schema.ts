import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { queryValidator } from '../../../validators'
import { IdSchema, InstantSchema } from '../../../schema/query'

const nullable = <S extends Parameters<typeof Type.Union>[0][number]>(schema: S) => Type.Union([schema, Type.Null()])

/** A visit waiting for payment: who, with whom, when, and what it still asks. */
const posCartVisitSchema = Type.Object(
  {
    appointmentId: IdSchema,
    start: InstantSchema,
    /** Company-local time of the start. */
    time: Type.String(),
    status: Type.String(),
    customerId: IdSchema,
    /** The patient as the customers service shows them to the caller (a protected phone is null). */
    customer: Type.Object(
      { first_name: Type.String(), last_name: Type.String(), middle_name: nullable(Type.String()), phone: nullable(Type.String()), phoneHidden: Type.Boolean() },
      { additionalProperties: false }
    ),
    doctorId: IdSchema,
    doctorName: Type.String(),
    /** The visit's treatments not invoiced yet, after the patient's discount. */
    uninvoicedTotal: Type.Integer(),
    /** What the open invoices of the visit's treatments still ask. */
    invoicesDue: Type.Integer(),
    invoiceIds: Type.Array(IdSchema),
    /** The patient's prepaid balance and debt (all their invoices). */
    balance: Type.Integer(),
    debt: Type.Integer()
  },
  { additionalProperties: false }
)
export type PosCartVisit = Static<typeof posCartVisitSchema>

export const posCartSchema = Type.Object(
  { date: Type.String(), branchId: IdSchema, data: Type.Array(posCartVisitSchema) },
  { $id: 'PosCartResult', additionalProperties: false }
)
export type PosCart = Static<typeof posCartSchema>

/** The branch (default: the caller's first); today is the company's. */
export const posCartQuerySchema = Type.Object({ branchId: Type.Optional(IdSchema), companyId: Type.Optional(IdSchema) }, { additionalProperties: false })
export type PosCartQuery = Static<typeof posCartQuerySchema>
export const posCartQueryValidator = getValidator(posCartQuerySchema, queryValidator)
