import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { queryValidator } from '../../../validators'
import { IdSchema } from '../../../schema/query'
import { invoiceStates } from '../../../../../domain/billing/money'

const LocalDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })
const totals = { count: Type.Integer(), billed: Type.Integer(), paid: Type.Integer(), due: Type.Integer() }

export const invoiceStateTotalsSchema = Type.Object({ state: Type.Union(invoiceStates.map((state) => Type.Literal(state))), ...totals }, { additionalProperties: false })
export type InvoiceStateTotals = Static<typeof invoiceStateTotalsSchema>

/**
 * Billed is the total of invoices not cancelled; paid what payments not cancelled allocated to
 * them; due what is still owed; written off what closed invoices left unpaid. By state: every
 * state, cancelled included (its billed is what it would have asked).
 */
export const invoicesSummarySchema = Type.Object(
  {
    from: LocalDate,
    to: LocalDate,
    branchId: Type.Union([IdSchema, Type.Null()]),
    ...totals,
    writtenOff: Type.Integer(),
    byState: Type.Array(invoiceStateTotalsSchema)
  },
  { $id: 'InvoicesSummaryResult', additionalProperties: false }
)
export type InvoicesSummary = Static<typeof invoicesSummarySchema>

export const invoicesSummaryQuerySchema = Type.Object(
  { from: LocalDate, to: LocalDate, branchId: Type.Optional(IdSchema), companyId: Type.Optional(IdSchema) },
  { additionalProperties: false }
)
export type InvoicesSummaryQuery = Static<typeof invoicesSummaryQuerySchema>
export const invoicesSummaryQueryValidator = getValidator(invoicesSummaryQuerySchema, queryValidator)
