import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { queryValidator } from '../../../validators'
import { IdSchema } from '../../../schema/query'
import { treatmentPlanFigures } from '../../../../../domain/reports/treatment-plan-reports'

const LocalDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })
const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))

/**
 * The period of consultation days is `[from, to)` of company-local days (a missing one is
 * `date-constraint-required`, report-scope.ts), a branch and a presenting doctor. `$rows` asks
 * for the plans or items behind one figure, narrowed by the same filters.
 */
export const treatmentPlanReportsQuerySchema = Type.Object(
  {
    from: Type.Optional(LocalDate),
    to: Type.Optional(LocalDate),
    branchId: Type.Optional(IdSchema),
    doctorId: Type.Optional(IdSchema),
    $rows: Type.Optional(literals(treatmentPlanFigures)),
    $limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    /** Rows skipped before the page (a background export reads every page: report-exports). */
    $skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
    companyId: Type.Optional(IdSchema)
  },
  { additionalProperties: false }
)
export type TreatmentPlanReportsQuery = Static<typeof treatmentPlanReportsQuerySchema>
export const treatmentPlanReportsQueryValidator = getValidator(treatmentPlanReportsQuerySchema, queryValidator)
