import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { queryValidator } from '../../../validators'
import { IdSchema } from '../../../schema/query'
import { NONE, serviceFigures } from '../../../../../domain/reports/service-reports'

const LocalDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })
const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))
const KeyOrNone = Type.Union([IdSchema, Type.Literal(NONE)])

/**
 * The period as every report's (`[from, to)` company-local days; missing:
 * `date-constraint-required`). `$rows` asks for the rows behind one figure, narrowed by
 * `serviceId` or `categoryId` (an id, or `none`).
 */
export const serviceReportsQuerySchema = Type.Object(
  {
    from: Type.Optional(LocalDate),
    to: Type.Optional(LocalDate),
    branchId: Type.Optional(IdSchema),
    doctorId: Type.Optional(IdSchema),
    $rows: Type.Optional(literals(serviceFigures)),
    serviceId: Type.Optional(KeyOrNone),
    categoryId: Type.Optional(KeyOrNone),
    $limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    /** Rows skipped before the page (a background export reads every page: report-exports). */
    $skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
    companyId: Type.Optional(IdSchema)
  },
  { additionalProperties: false }
)
export type ServiceReportsQuery = Static<typeof serviceReportsQuerySchema>
export const serviceReportsQueryValidator = getValidator(serviceReportsQuerySchema, queryValidator)
