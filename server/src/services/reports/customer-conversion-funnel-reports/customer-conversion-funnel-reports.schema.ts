import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { queryValidator } from '../../../validators'
import { IdSchema } from '../../../schema/query'
import { funnelSteps, NO_SOURCE } from '../../../../../domain/reports/customer-reports'

const LocalDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })
const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))

/**
 * The period of entering is `[from, to)` of company-local days (a missing one is
 * `date-constraint-required`, report-scope.ts). `sourceId` is a source's id or `none`. `$rows`
 * asks for the patients at one step, narrowed by the same filters.
 */
export const customerConversionFunnelReportsQuerySchema = Type.Object(
  {
    from: Type.Optional(LocalDate),
    to: Type.Optional(LocalDate),
    branchId: Type.Optional(IdSchema),
    doctorId: Type.Optional(IdSchema),
    sourceId: Type.Optional(Type.Union([IdSchema, Type.Literal(NO_SOURCE)])),
    $rows: Type.Optional(literals(funnelSteps)),
    $limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    /** Rows skipped before the page (a background export reads every page: report-exports). */
    $skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
    companyId: Type.Optional(IdSchema)
  },
  { additionalProperties: false }
)
export type CustomerConversionFunnelReportsQuery = Static<typeof customerConversionFunnelReportsQuerySchema>
export const customerConversionFunnelReportsQueryValidator = getValidator(customerConversionFunnelReportsQuerySchema, queryValidator)
