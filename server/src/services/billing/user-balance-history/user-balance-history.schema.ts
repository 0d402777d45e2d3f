import { Type, getValidator, type Static, type TSchema } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../validators'
import { IdSchema, InstantSchema } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { MAX_MONEY } from '../../../../../domain/billing/money'
import { payoutBases, payoutMethods } from '../../../../../domain/billing/payouts'
import { MAX_PAYOUT_NOTE, MAX_PAYOUT_RULES } from './user-balance-history.shared'

const LocalDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 })
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])
const methodSchema = Type.Union(payoutMethods.map((method) => Type.Literal(method)))

/**
 * One line of a doctor's statement: an earning (a share of an invoice line, billed or paid; a
 * negative one reverses a cancelled invoice or payment) or a payout (money given to the doctor,
 * negative). `balance` is the running balance after the line. `closed`: frozen by a closed period;
 * `adjustment`: a change that reached a closed day, counted on the first open day.
 */
export const balanceLineSchema = Type.Object(
  {
    _id: Type.String(),
    kind: Type.Union([Type.Literal('earning'), Type.Literal('payout')]),
    source: Type.Union([Type.Literal('invoice-line'), Type.Literal('payment-allocation'), Type.Literal('payout')]),
    date: LocalDate,
    closed: Type.Boolean(),
    adjustment: Type.Boolean(),
    branchId: nullable(IdSchema),
    customerId: nullable(IdSchema),
    customerName: Type.String(),
    invoiceId: nullable(IdSchema),
    invoiceNumber: nullable(Type.String()),
    serviceId: nullable(IdSchema),
    serviceName: Type.String(),
    quantity: Type.Integer(),
    base: Type.Integer(),
    percent: nullable(Type.Integer()),
    fixedAmount: nullable(Type.Integer()),
    share: Type.Integer(),
    method: nullable(methodSchema),
    note: nullable(Type.String()),
    balance: Type.Integer()
  },
  { additionalProperties: false }
)
export type BalanceLine = Static<typeof balanceLineSchema>

/** An override of the doctor's percent: for one service or one category, a percent or a fixed amount per unit. */
export const balanceRuleSchema = Type.Object(
  {
    serviceId: Type.Optional(ref('service')),
    categoryId: Type.Optional(ref('service-categories')),
    percent: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    amount: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_MONEY }))
  },
  { additionalProperties: false }
)
export type BalanceRule = Static<typeof balanceRuleSchema>

export const balancePeriodSchema = Type.Object({ _id: IdSchema, from: LocalDate, to: LocalDate, createdAt: InstantSchema, createdBy: nullable(IdSchema) }, { additionalProperties: false })
export type BalancePeriod = Static<typeof balancePeriodSchema>

export const balanceStatementSchema = Type.Object(
  {
    _id: IdSchema,
    userId: IdSchema,
    name: Type.String(),
    from: LocalDate,
    to: LocalDate,
    branchId: nullable(IdSchema),
    payoutBase: Type.Union(payoutBases.map((base) => Type.Literal(base))),
    revenuePercent: Type.Integer(),
    closedUntil: nullable(LocalDate),
    opening: Type.Integer(),
    base: Type.Integer(),
    share: Type.Integer(),
    paidOut: Type.Integer(),
    balance: Type.Integer(),
    lines: Type.Array(balanceLineSchema),
    rules: Type.Array(balanceRuleSchema),
    periods: Type.Array(balancePeriodSchema)
  },
  { $id: 'BalanceStatementResult', additionalProperties: false }
)
export type BalanceStatement = Static<typeof balanceStatementSchema>

/** find / get: the period (company-local days, both included), optionally one branch; find names the doctor (none: oneself). */
export const balanceHistoryQuerySchema = Type.Object(
  { userId: Type.Optional(IdSchema), from: LocalDate, to: LocalDate, branchId: Type.Optional(IdSchema), companyId: Type.Optional(IdSchema) },
  { additionalProperties: false }
)
export type BalanceHistoryQuery = Static<typeof balanceHistoryQuerySchema>
export const balanceHistoryQueryValidator = getValidator(balanceHistoryQuerySchema, queryValidator)

/** create: money given to a doctor, or a period closed for one doctor (or, without `userId`, for all). */
export const balanceHistoryDataSchema = Type.Union(
  [
    Type.Object(
      {
        action: Type.Literal('payout'),
        userId: ref('users'),
        amount: Type.Integer({ minimum: 1, maximum: MAX_MONEY }),
        method: methodSchema,
        date: Type.Optional(LocalDate),
        branchId: Type.Optional(ref('branches')),
        note: Type.Optional(Type.String({ maxLength: MAX_PAYOUT_NOTE }))
      },
      { additionalProperties: false }
    ),
    Type.Object({ action: Type.Literal('close'), userId: Type.Optional(ref('users')), from: LocalDate, to: LocalDate }, { additionalProperties: false })
  ],
  { $id: 'BalanceHistoryData' }
)
export type BalanceHistoryData = Static<typeof balanceHistoryDataSchema>
export const balanceHistoryDataValidator = getValidator(balanceHistoryDataSchema, dataValidator)

/** What create answers: the payout, or the close (its doctors and how many lines it froze). */
export const balanceHistoryResultSchema = Type.Object(
  {
    _id: IdSchema,
    action: Type.Union([Type.Literal('payout'), Type.Literal('close')]),
    userId: nullable(IdSchema),
    amount: Type.Optional(Type.Integer()),
    method: Type.Optional(methodSchema),
    date: Type.Optional(LocalDate),
    branchId: Type.Optional(nullable(IdSchema)),
    note: Type.Optional(nullable(Type.String())),
    from: Type.Optional(LocalDate),
    to: Type.Optional(LocalDate),
    userIds: Type.Optional(Type.Array(IdSchema)),
    lineCount: Type.Optional(Type.Integer())
  },
  { additionalProperties: false }
)
export type BalanceHistoryResult = Static<typeof balanceHistoryResultSchema>

/** patch(doctor's id): the doctor's overrides, the whole list replaced. */
export const balanceRulesPatchSchema = Type.Object({ rules: Type.Array(balanceRuleSchema, { maxItems: MAX_PAYOUT_RULES }) }, { $id: 'BalanceRulesPatch', additionalProperties: false })
export type BalanceRulesPatch = Static<typeof balanceRulesPatchSchema>
export const balanceRulesPatchValidator = getValidator(balanceRulesPatchSchema, dataValidator)
export type BalanceRulesResult = { _id: string; userId: string; rules: BalanceRule[] }
