import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { queryValidator } from '../../../validators'
import { IdSchema } from '../../../schema/query'
import { ageingBuckets } from '../../../../../domain/reports/money-reports'
import { debtFigures } from './balance-reports.shared'

const LocalDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })
const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))

/**
 * `asOf`: the company-local day the report is for (default today; not in the future).
 * `$rows: 'debt'` answers the invoices behind a number, narrowed by `bucket`, `branchId` and
 * `customerId`; `$rows: 'prepaid'` the patients holding money (or one of them, `customerId`).
 */
export const balanceReportsQuerySchema = Type.Object(
  {
    asOf: Type.Optional(LocalDate),
    branchId: Type.Optional(IdSchema),
    doctorId: Type.Optional(IdSchema),
    $rows: Type.Optional(literals(debtFigures)),
    bucket: Type.Optional(literals(ageingBuckets)),
    customerId: Type.Optional(IdSchema),
    $limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    /** Rows skipped before the page (a background export reads every page: report-exports). */
    $skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
    companyId: Type.Optional(IdSchema)
  },
  { additionalProperties: false }
)
export type BalanceReportsQuery = Static<typeof balanceReportsQuerySchema>
export const balanceReportsQueryValidator = getValidator(balanceReportsQuerySchema, queryValidator)
