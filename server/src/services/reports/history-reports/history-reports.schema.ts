import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { queryValidator } from '../../../validators'
import { IdSchema } from '../../../schema/query'
import { historyActions } from '../../../../../domain/reports/history-reports'

const LocalDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })
const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))

/**
 * The period as every report's (`[from, to)` company-local days; missing: `date-constraint-required`),
 * a branch, and a person (`userId`) and a section (`service`) that narrow the whole report.
 * `$rows` asks for the entries of one action (or `all`), narrowed by `day` as well.
 */
export const historyReportsQuerySchema = Type.Object(
  {
    from: Type.Optional(LocalDate),
    to: Type.Optional(LocalDate),
    branchId: Type.Optional(IdSchema),
    userId: Type.Optional(IdSchema),
    service: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' })),
    $rows: Type.Optional(literals([...historyActions, 'all' as const])),
    day: Type.Optional(LocalDate),
    $limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    /** Rows skipped before the page (a background export reads every page: report-exports). */
    $skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
    companyId: Type.Optional(IdSchema)
  },
  { additionalProperties: false }
)
export type HistoryReportsQuery = Static<typeof historyReportsQuerySchema>
export const historyReportsQueryValidator = getValidator(historyReportsQuerySchema, queryValidator)
