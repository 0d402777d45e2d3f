import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { connectionMay, userChannel } from '../../../channels'
import type { Notification } from '../notification/notification.schema'
import { MyNotificationService } from './my-notifications.class'
import { myNotificationPatchSchema, myNotificationPatchValidator, myNotificationQueryValidator } from './my-notifications.schema'
import { myNotificationMethods, myNotificationPath } from './my-notifications.shared'

/** Ids are checked as everywhere, except that `patch(null)` is "mark all read". */
const ids = checkId()
const checkIdOrAll = (context: HookContext) => (context.method === 'patch' && context.id === null ? undefined : ids(context))

declare module '../../../declarations' {
  interface ServiceTypes {
    [myNotificationPath]: MyNotificationService
  }
}

/**
 * `my-notifications` (issue 18, item 8; docs/decisions/staff-notifications.md): the bell's
 * service. Every member reads and marks only their own (resource `my-notifications`, which every
 * default role views: marking read is part of reading). `created` (a new notification, emitted by
 * notifyStaff after its commit) and `patched` (read marks) reach only the recipient's connections.
 */
export function myNotifications(app: Application) {
  registerService(app, myNotificationPath, new MyNotificationService(app), {
    methods: [...myNotificationMethods],
    tables: [],
    // Read marks are the member's own bookkeeping, not the clinic's record.
    activity: { skip: true },
    access: {
      data: { patch: myNotificationPatchSchema },
      refuses: {
        create: 'notifications are made by the server when something happens (notification-store.ts)',
        update: 'only the read mark changes, with patch',
        remove: 'notifications are kept; marking read clears the bell'
      },
      methods: {
        find: { resource: 'my-notifications', flag: 'view' },
        get: { resource: 'my-notifications', flag: 'view' },
        patch: { resource: 'my-notifications', flag: 'view' }
      }
    },
    hooks: {
      before: {
        all: [checkIdOrAll, schemaHooks.validateQuery(myNotificationQueryValidator), companyScope],
        patch: [schemaHooks.validateData(myNotificationPatchValidator)]
      }
    },
    publish: (data: unknown) => {
      const notification = data as Notification
      return app.channel(userChannel(notification.userId)).filter((connection) => connectionMay(connection, 'my-notifications', 'view'))
    }
  })
}
