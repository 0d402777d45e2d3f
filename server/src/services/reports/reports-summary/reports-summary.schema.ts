import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { queryValidator } from '../../../validators'
import { IdSchema } from '../../../schema/query'
import { paymentMethods } from '../../../../../domain/billing/money'
import { summaryFigures } from './reports-summary.shared'

const LocalDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })
const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))

/**
 * The period is `[from, to)` of company-local days (domain/reports/periods.ts). Both are
 * optional in the schema so that a missing one is the spec's "Date constraint is required"
 * (`date-constraint-required`), not a schema error. `$rows` asks for the rows behind one
 * figure instead of the totals, narrowed by `day` and `method` (and `branchId`, as the totals).
 * `view: 'home'` takes no period (the server's today decides it), only `doctorId`.
 */
export const reportsSummaryQuerySchema = Type.Object(
  {
    from: Type.Optional(LocalDate),
    to: Type.Optional(LocalDate),
    branchId: Type.Optional(IdSchema),
    doctorId: Type.Optional(IdSchema),
    $rows: Type.Optional(literals(summaryFigures)),
    day: Type.Optional(LocalDate),
    method: Type.Optional(literals(paymentMethods)),
    $limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    /** Rows skipped before the page (a background export reads every page: report-exports). */
    $skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
    /** The director's home: today, yesterday, this month and the previous month to the same day, per branch; no period given. */
    view: Type.Optional(Type.Literal('home')),
    /** The day × branch cells: true always, false never; left out, only for one branch or a short period (`SUMMARY_CELLS_DAYS`). */
    cells: Type.Optional(Type.Boolean()),
    /** One figure per branch and day (`SummaryGrid`), what summary 2.0's matrix shows. */
    grid: Type.Optional(literals(summaryFigures)),
    companyId: Type.Optional(IdSchema)
  },
  { additionalProperties: false }
)
export type ReportsSummaryQuery = Static<typeof reportsSummaryQuerySchema>
export const reportsSummaryQueryValidator = getValidator(reportsSummaryQuerySchema, queryValidator)
