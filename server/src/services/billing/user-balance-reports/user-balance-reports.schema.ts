import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { queryValidator } from '../../../validators'
import { IdSchema } from '../../../schema/query'
import { payoutRowFigures } from './user-balance-reports.shared'

const LocalDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 })

/**
 * The period as every report's (`[from, to)` company-local days; missing:
 * `date-constraint-required`), a branch, a doctor. `$rows` asks for the lines behind one figure
 * (`opening`, `base`, `share`, `paidOut`), narrowed by `day` (one day of the period).
 */
export const balanceReportQuerySchema = Type.Object(
  {
    from: Type.Optional(LocalDate),
    to: Type.Optional(LocalDate),
    branchId: Type.Optional(IdSchema),
    doctorId: Type.Optional(IdSchema),
    $rows: Type.Optional(Type.Union(payoutRowFigures.map((figure) => Type.Literal(figure)))),
    day: Type.Optional(LocalDate),
    $limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    /** Rows skipped before the page (a background export reads every page: report-exports). */
    $skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
    companyId: Type.Optional(IdSchema)
  },
  { additionalProperties: false }
)
export type BalanceReportQuery = Static<typeof balanceReportQuerySchema>
export const balanceReportQueryValidator = getValidator(balanceReportQuerySchema, queryValidator)
