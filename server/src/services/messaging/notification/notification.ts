import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { callerMay } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'
import { publishToUser } from '../../../channels'
import { NOTIFICATIONS_TABLE, NotificationService, notificationRowShape, notificationServiceOptions } from './notification.class'
import { notificationExternalResolver, notificationQueryValidator, notificationResolver } from './notification.schema'
import { notificationMethods, notificationPath } from './notification.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [notificationPath]: NotificationService
  }
}

/** Without `notification: seeAll` one reads only the notifications sent to oneself. */
async function ownUnlessSeeAll(context: HookContext) {
  const identity = context.params.identity
  if (!context.params.provider || !identity || callerMay(context, 'notification', 'seeAll')) return
  context.params.query = { ...(context.params.query ?? {}), userId: identity.user._id }
}

/** Newest first unless the caller sorts. */
function newestFirst(context: HookContext) {
  const query = context.params.query ?? {}
  if (!query.$sort) context.params.query = { ...query, $sort: { createdAt: -1, _id: -1 } }
}

/**
 * `notification`: the company's staff notifications (issue 18, item 8;
 * docs/decisions/staff-notifications.md). Read-only from outside; the producers write through
 * `notifyStaff` (notification-store.ts) in their own transaction, and members mark theirs read
 * through `my-notifications`. Events reach only the recipient.
 */
export function notification(app: Application) {
  registerService(app, notificationPath, new NotificationService(notificationServiceOptions(app), notificationRowShape), {
    methods: [...notificationMethods],
    tables: [NOTIFICATIONS_TABLE],
    activity: { skip: true },
    access: {
      refuses: {
        create: 'notifications are made by the server when something happens (notification-store.ts)',
        update: 'a notification is a fact; only its read mark changes, through my-notifications',
        patch: 'members mark their own notifications read through my-notifications',
        remove: 'notifications are kept as they were sent'
      },
      methods: {
        find: { resource: 'notification', flag: 'view' },
        get: { resource: 'notification', flag: 'view' }
      }
    },
    hooks: {
      around: { all: [resolveExternal(notificationExternalResolver), resolveResult(notificationResolver)] },
      before: {
        all: [checkId(), schemaHooks.validateQuery(notificationQueryValidator), companyScope, ownUnlessSeeAll],
        find: [newestFirst]
      }
    },
    publish: publishToUser(app)
  })
}
