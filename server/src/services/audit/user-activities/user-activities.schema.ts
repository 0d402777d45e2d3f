import { resolve, virtual } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { queryValidator } from '../../../validators'
import { IdSchema, InstantSchema, strictQuery } from '../../../schema/query'
import { phonesHiddenFrom, protectedPhoneFields } from '../../../access/phone-protection'

// Main: one change a person made (spec: the activity log, `userActivities`).
export const userActivitySchema = Type.Object(
  {
    _id: IdSchema,
    companyId: IdSchema,
    /** The changed record's branch, when it has one. */
    branchId: Type.Union([IdSchema, Type.Null()]),
    /** Who made the change. */
    userId: IdSchema,
    /** The service path (`specialty`, `customers`, `trash`...). */
    service: Type.String({ maxLength: 100 }),
    /** A write, or a read of clinical records (get, find: see logRead in activity-log.ts). */
    method: Type.Union([Type.Literal('create'), Type.Literal('patch'), Type.Literal('update'), Type.Literal('remove'), Type.Literal('get'), Type.Literal('find')]),
    recordId: Type.Union([Type.String({ maxLength: 100 }), Type.Null()]),
    /**
     * create: `{ field: value }` as set; patch/update: `{ field: { from, to } }` for the fields
     * that changed; remove: `{ title }`. Some services log an `action` instead (see activity-log.ts).
     */
    changes: Type.Record(Type.String(), Type.Unknown()),
    createdAt: InstantSchema,
    /** True when protected phones in `changes` were blanked for the caller. */
    phoneHidden: Type.Optional(Type.Boolean())
  },
  { $id: 'UserActivity', additionalProperties: false }
)
export type UserActivity = Static<typeof userActivitySchema>
export const userActivityResolver = resolve<UserActivity, HookContext>({})

const phoneFieldsIn = (entry: UserActivity) => protectedPhoneFields(entry.service).filter((field) => field in (entry.changes ?? {}))
const hidesFrom = (entry: UserActivity, context: HookContext) => phonesHiddenFrom(context.params.identity, entry.service) && phoneFieldsIn(entry).length > 0

/** Protected phones in the log are blanked for those who may not see them, like everywhere else. */
export const userActivityExternalResolver = resolve<UserActivity, HookContext>({
  changes: async (changes, entry, context) => {
    if (!changes || !hidesFrom(entry, context)) return changes
    const masked: Record<string, unknown> = { ...changes }
    for (const field of phoneFieldsIn(entry)) {
      const value = masked[field]
      masked[field] = value !== null && typeof value === 'object' && 'to' in value ? { from: null, to: null } : null
    }
    return masked
  },
  phoneHidden: virtual(async (entry, context): Promise<boolean | undefined> => (hidesFrom(entry, context) ? true : undefined))
})

// Query: by person, service, record, method and time; newest first unless sorted otherwise.
export const userActivityQueryProperties = Type.Pick(userActivitySchema, ['_id', 'companyId', 'branchId', 'userId', 'service', 'method', 'recordId', 'createdAt'])
export const userActivityQuerySchema = strictQuery(userActivityQueryProperties)
export type UserActivityQuery = Static<typeof userActivityQuerySchema>
export const userActivityQueryValidator = getValidator(userActivityQuerySchema, queryValidator)
