import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { queryValidator } from '../../../validators'
import { IdSchema } from '../../../schema/query'
import { messageChannels, outboxEvents } from '../../../../../domain/messaging/templates'
import { notificationStatuses } from '../../../../../domain/reports/notification-reports'

const LocalDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })
const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))

/**
 * The period as every report's (`[from, to)` company-local days; missing: `date-constraint-required`),
 * a branch, and a channel and a kind (`event`) that narrow the whole report. `$rows` asks for the
 * messages of one status (or `all`), narrowed by `day` as well.
 */
export const notificationReportsQuerySchema = Type.Object(
  {
    from: Type.Optional(LocalDate),
    to: Type.Optional(LocalDate),
    branchId: Type.Optional(IdSchema),
    channel: Type.Optional(literals(messageChannels)),
    event: Type.Optional(literals(outboxEvents)),
    $rows: Type.Optional(literals([...notificationStatuses, 'all' as const])),
    day: Type.Optional(LocalDate),
    $limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    /** Rows skipped before the page (a background export reads every page: report-exports). */
    $skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
    companyId: Type.Optional(IdSchema)
  },
  { additionalProperties: false }
)
export type NotificationReportsQuery = Static<typeof notificationReportsQuerySchema>
export const notificationReportsQueryValidator = getValidator(notificationReportsQuerySchema, queryValidator)
