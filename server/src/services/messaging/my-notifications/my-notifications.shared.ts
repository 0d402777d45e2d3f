import { clientService } from '../../../client-service'
import type { Notification } from '../notification/notification.shared'
import type { MyNotificationPatch, MyNotificationQuery, MyNotificationService } from './my-notifications.class'

export type { Notification, MyNotificationPatch, MyNotificationQuery }

/** The spec's path (section 7): the signed-in member's own notifications (the bell). */
export const myNotificationPath = 'my-notifications'
export const myNotificationMethods = ['find', 'get', 'patch'] as const
export type MyNotificationClientService = Pick<MyNotificationService, (typeof myNotificationMethods)[number]>
export const myNotificationClient = clientService<MyNotificationClientService>()(myNotificationPath, myNotificationMethods)
