import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { queryValidator } from '../../../validators'
import { IdSchema } from '../../../schema/query'
import { paymentMethods } from '../../../../../domain/billing/money'
import { allocationTargets, paymentFigures } from '../../../../../domain/reports/money-reports'

const LocalDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })
const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))

/**
 * The period as the summary's (`[from, to)` company-local days; missing: `date-constraint-required`).
 * `$rows` asks for the rows behind one figure, narrowed by `day`, `branchId`, `method`,
 * `cashierId` ('none': payments no staff member took) and `via` (money that went to the balance
 * or to invoices without a doctor); a doctor's money is `doctorId`, as for the totals.
 * `$limit` (at most 1000) and `$skip` page the rows.
 */
export const paymentReportsQuerySchema = Type.Object(
  {
    from: Type.Optional(LocalDate),
    to: Type.Optional(LocalDate),
    branchId: Type.Optional(IdSchema),
    doctorId: Type.Optional(IdSchema),
    $rows: Type.Optional(literals(paymentFigures)),
    day: Type.Optional(LocalDate),
    method: Type.Optional(literals(paymentMethods.filter((method) => method !== 'balance'))),
    cashierId: Type.Optional(Type.Union([IdSchema, Type.Literal('none')])),
    via: Type.Optional(literals(allocationTargets)),
    $limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    /** Rows skipped before the page (a background export reads every page: report-exports). */
    $skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
    /** The day × branch cells: true always, false never; left out, only for one branch or a short period (`PAYMENT_CELLS_DAYS`). */
    cells: Type.Optional(Type.Boolean()),
    companyId: Type.Optional(IdSchema)
  },
  { additionalProperties: false }
)
export type PaymentReportsQuery = Static<typeof paymentReportsQuerySchema>
export const paymentReportsQueryValidator = getValidator(paymentReportsQuerySchema, queryValidator)
