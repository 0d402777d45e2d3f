import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { queryValidator } from '../../../validators'
import { IdSchema } from '../../../schema/query'

const LocalDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 })
const totals = { base: Type.Integer(), share: Type.Integer(), paidOut: Type.Integer(), balance: Type.Integer() }

export const balanceReportRowSchema = Type.Object({ userId: IdSchema, name: Type.String(), opening: Type.Integer(), ...totals }, { additionalProperties: false })
export type BalanceReportRow = Static<typeof balanceReportRowSchema>

export const balanceReportSchema = Type.Object(
  { from: LocalDate, to: LocalDate, branchId: Type.Union([IdSchema, Type.Null()]), ...totals, rows: Type.Array(balanceReportRowSchema) },
  { $id: 'BalanceReportResult', additionalProperties: false }
)
export type BalanceReport = Static<typeof balanceReportSchema>

export const balanceReportQuerySchema = Type.Object(
  { from: LocalDate, to: LocalDate, branchId: Type.Optional(IdSchema), companyId: Type.Optional(IdSchema) },
  { additionalProperties: false }
)
export type BalanceReportQuery = Static<typeof balanceReportQuerySchema>
export const balanceReportQueryValidator = getValidator(balanceReportQuerySchema, queryValidator)
