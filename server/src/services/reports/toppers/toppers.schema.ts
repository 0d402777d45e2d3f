import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { queryValidator } from '../../../validators'
import { IdSchema } from '../../../schema/query'
import { NONE, topperFigures } from '../../../../../domain/reports/service-reports'

const LocalDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })
const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))
const KeyOrNone = Type.Union([IdSchema, Type.Literal(NONE)])

/**
 * The period as every report's. `$rows` asks for the rows behind one number: a figure narrowed
 * by `doctorId` (a doctor's line), `serviceId` (revenue and done) or `sourceId` (revenue and new
 * patients), an id or `none`.
 */
export const toppersQuerySchema = Type.Object(
  {
    from: Type.Optional(LocalDate),
    to: Type.Optional(LocalDate),
    branchId: Type.Optional(IdSchema),
    doctorId: Type.Optional(IdSchema),
    $rows: Type.Optional(literals(topperFigures)),
    serviceId: Type.Optional(KeyOrNone),
    sourceId: Type.Optional(KeyOrNone),
    $limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    /** Rows skipped before the page (a background export reads every page: report-exports). */
    $skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
    companyId: Type.Optional(IdSchema)
  },
  { additionalProperties: false }
)
export type ToppersQuery = Static<typeof toppersQuerySchema>
export const toppersQueryValidator = getValidator(toppersQuerySchema, queryValidator)
