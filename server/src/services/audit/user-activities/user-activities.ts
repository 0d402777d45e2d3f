import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { UserActivityService, activityServicesFor, userActivityRowShape, userActivityServiceOptions } from './user-activities.class'
import { userActivityExternalResolver, userActivityQueryValidator, userActivityResolver } from './user-activities.schema'
import { userActivityMethods, userActivityPath } from './user-activities.shared'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'

declare module '../../../declarations' {
  interface ServiceTypes {
    [userActivityPath]: UserActivityService
  }
}

/** Entries about services whose records the reader may not view are not theirs to read. */
async function visibleEntriesOnly(context: HookContext) {
  const identity = context.params.identity
  if (!context.params.provider || !identity) return
  context.params.activityServices = activityServicesFor(identity)
}

async function newestFirst(context: HookContext) {
  const query = context.params.query ?? {}
  if (!query.$sort) context.params.query = { ...query, $sort: { createdAt: -1, _id: -1 } }
}

/**
 * `user-activities`: the activity log (issue 4, item 5). Reading it needs `seeAll` on `company`:
 * it shows what everyone in the company did, so it is for those who see the whole company
 * (administrators and directors by default). Nobody creates, edits or deletes entries through
 * the API (MethodNotAllowed). No events: entries are written outside the service.
 */
export function userActivities(app: Application) {
  registerService(app, userActivityPath, new UserActivityService(userActivityServiceOptions(app), userActivityRowShape), {
    methods: [...userActivityMethods],
    // client_keys: like this log, written beside other services' writes by app-wide code (services/client-keys.ts), never through an API of its own.
    tables: ['user_activities', 'client_keys'],
    access: {
      refuses: { update: 'the activity log is written by the server only' },
      methods: {
        find: { resource: 'company', flag: 'seeAll' },
        get: { resource: 'company', flag: 'seeAll' }
      }
    },
    hooks: {
      around: {
        all: [
          resolveExternal(userActivityExternalResolver),
          resolveResult(userActivityResolver)
        ]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(userActivityQueryValidator), companyScope, visibleEntriesOnly],
        find: [newestFirst]
      }
    }
  })
}
