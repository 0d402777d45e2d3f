import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { queryValidator } from '../../../validators'
import { IdSchema } from '../../../schema/query'
import { NO_SOURCE, rowFigures } from './appointment-reports.shared'

const LocalDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })
const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))

/**
 * The period is `[from, to)` of company-local days, optional in the schema so that a missing one
 * is `date-constraint-required` (report-scope.ts). `sourceId` is a source's id or `none` (patients
 * with no source). `$rows` asks for the rows behind one figure, narrowed by the same filters
 * (and, for a work place's figures, `workPlaceId`).
 */
export const appointmentReportsQuerySchema = Type.Object(
  {
    from: Type.Optional(LocalDate),
    to: Type.Optional(LocalDate),
    branchId: Type.Optional(IdSchema),
    doctorId: Type.Optional(IdSchema),
    sourceId: Type.Optional(Type.Union([IdSchema, Type.Literal(NO_SOURCE)])),
    $rows: Type.Optional(literals(rowFigures)),
    /** One work place's rows (`$rows` of a chair figure only). */
    workPlaceId: Type.Optional(IdSchema),
    $limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    /** Rows skipped before the page (a background export reads every page: report-exports). */
    $skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
    companyId: Type.Optional(IdSchema)
  },
  { additionalProperties: false }
)
export type AppointmentReportsQuery = Static<typeof appointmentReportsQuerySchema>
export const appointmentReportsQueryValidator = getValidator(appointmentReportsQuerySchema, queryValidator)
