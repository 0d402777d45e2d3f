import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import { BadRequest } from '@feathersjs/errors'
import type { Application, HookContext } from '../../../declarations'
import { clinicError } from '../../../errors'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { publishToUser } from '../../../channels'
import { PushNotificationService } from './push-notifications.class'
import { pushSubscriptionDataSchema, pushSubscriptionDataValidator, pushSubscriptionQueryValidator } from './push-notifications.schema'
import { pushNotificationMethods, pushNotificationPath } from './push-notifications.shared'
import { PUSH_SUBSCRIPTIONS_TABLE } from './subscription-store'
import { VAPID_KEYS_TABLE } from './vapid-keys'

/** The subscription's endpoint is at a browser's push service (configuration `pushServiceHosts`), never an address of the caller's choosing. */
function knownPushService(context: HookContext) {
  const host = new URL((context.data as { endpoint: string }).endpoint).hostname.toLowerCase()
  const allowed = (context.app as Application).get('config').pushServiceHosts
  if (!allowed.some((known) => host === known || host.endsWith(`.${known}`))) throw clinicError(BadRequest, 'push-service-unknown', 'endpoint')
}

declare module '../../../declarations' {
  interface ServiceTypes {
    [pushNotificationPath]: PushNotificationService
  }
}

/**
 * `push-notifications` (issue 18, item 8; docs/decisions/staff-notifications.md): Web Push
 * subscriptions of the caller's browsers. Sending is push-sender.ts, after each notification
 * commits. Its events go only to the member whose device it is.
 */
export function pushNotifications(app: Application) {
  registerService(app, pushNotificationPath, new PushNotificationService(app), {
    methods: [...pushNotificationMethods],
    tables: [PUSH_SUBSCRIPTIONS_TABLE, VAPID_KEYS_TABLE],
    // A device turning notifications on or off is the member's own setting, not the clinic's record.
    activity: { skip: true },
    access: {
      data: { create: pushSubscriptionDataSchema },
      refuses: {
        get: 'a subscription is read with find (the caller has a few, and find carries the public key)',
        update: 'a browser subscribes again with create (same endpoint, new keys)',
        patch: 'a browser subscribes again with create (same endpoint, new keys)'
      },
      methods: {
        find: { resource: 'push-notifications', flag: 'view' },
        create: { resource: 'push-notifications', flag: 'create' },
        remove: { resource: 'push-notifications', flag: 'delete' }
      }
    },
    hooks: {
      before: {
        all: [checkId(), schemaHooks.validateQuery(pushSubscriptionQueryValidator), companyScope],
        create: [schemaHooks.validateData(pushSubscriptionDataValidator), knownPushService]
      }
    },
    publish: publishToUser(app)
  })
}
