import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../validators'
import { IdSchema } from '../../../schema/query'
import { EXPORT_LIMITS, exportColumnKinds, exportFormats, exportStatuses, exportableReports } from '../../../../../domain/reports/report-exports'

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))
/** A row's field as the reports name them (`customerName`, `value`). */
const FieldKey = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,39}$' })
const Text = Type.String({ minLength: 1, maxLength: EXPORT_LIMITS.text })

/**
 * A new export: the report (one whose `$rows` pages) and its query as the drawer asks it
 * (period, narrowings and `$rows`; the job adds `$limit`/`$skip`), the format, the drawer's
 * columns and the words of coded values, in the reader's language; the file's title. Every
 * size is bounded (EXPORT_LIMITS); the query itself is checked by the report's own schema.
 */
export const reportExportDataSchema = Type.Object(
  {
    report: literals(exportableReports),
    query: Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,39}$|^\\$rows$' }), Type.Union([Type.String({ maxLength: 100 }), Type.Integer(), Type.Boolean()]), { maxProperties: 20 }),
    format: literals(exportFormats),
    columns: Type.Array(Type.Object({ key: FieldKey, title: Text, kind: literals(exportColumnKinds) }, { additionalProperties: false }), { minItems: 1, maxItems: EXPORT_LIMITS.columns }),
    labels: Type.Record(FieldKey, Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: EXPORT_LIMITS.text }), { maxProperties: EXPORT_LIMITS.labelsPerColumn }), { maxProperties: EXPORT_LIMITS.columns }),
    title: Text
  },
  { $id: 'ReportExportData', additionalProperties: false }
)
export type ReportExportData = Static<typeof reportExportDataSchema>
export const reportExportDataValidator = getValidator(reportExportDataSchema, dataValidator)

/** The caller's own exports, newest first; `status` one state. */
export const reportExportQuerySchema = Type.Object(
  {
    companyId: Type.Optional(IdSchema),
    status: Type.Optional(literals(exportStatuses)),
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 50 })),
    $skip: Type.Optional(Type.Integer({ minimum: 0 }))
  },
  { $id: 'ReportExportQuery', additionalProperties: false }
)
export type ReportExportQuery = Static<typeof reportExportQuerySchema>
export const reportExportQueryValidator = getValidator(reportExportQuerySchema, queryValidator)
