import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { queryValidator } from '../../../validators'
import { IdSchema } from '../../../schema/query'
import { customerFigures, lapsedMonthChoices, NO_SOURCE } from '../../../../../domain/reports/customer-reports'

const LocalDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })
const literals = <T extends string | number>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))

/**
 * The period is `[from, to)` of company-local days (a missing one is `date-constraint-required`,
 * report-scope.ts). `sourceId` is a source's id or `none`; `lapsedMonths` 3, 6 (default) or 12.
 * `$rows` asks for the patients behind one figure, narrowed by the same filters and `day`.
 */
export const customerReportsQuerySchema = Type.Object(
  {
    from: Type.Optional(LocalDate),
    to: Type.Optional(LocalDate),
    branchId: Type.Optional(IdSchema),
    doctorId: Type.Optional(IdSchema),
    sourceId: Type.Optional(Type.Union([IdSchema, Type.Literal(NO_SOURCE)])),
    lapsedMonths: Type.Optional(literals(lapsedMonthChoices)),
    $rows: Type.Optional(literals(customerFigures)),
    day: Type.Optional(LocalDate),
    $limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    /** Rows skipped before the page (a background export reads every page: report-exports). */
    $skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
    companyId: Type.Optional(IdSchema)
  },
  { additionalProperties: false }
)
export type CustomerReportsQuery = Static<typeof customerReportsQuerySchema>
export const customerReportsQueryValidator = getValidator(customerReportsQuerySchema, queryValidator)
