import { clientService } from '../../../client-service'
import type { PushNotificationService, PushSubscriptionData, PushSubscriptionPage, PushSubscriptionQuery, PushSubscriptionRecord } from './push-notifications.class'

export type { PushSubscriptionData, PushSubscriptionPage, PushSubscriptionQuery, PushSubscriptionRecord }

/** The spec's path (section 7): this browser's Web Push subscription for the signed-in member. */
export const pushNotificationPath = 'push-notifications'
export const pushNotificationMethods = ['find', 'create', 'remove'] as const
export type PushNotificationClientService = Pick<PushNotificationService, (typeof pushNotificationMethods)[number]>
export const pushNotificationClient = clientService<PushNotificationClientService>()(pushNotificationPath, pushNotificationMethods)
