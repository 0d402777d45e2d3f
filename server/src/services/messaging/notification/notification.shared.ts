import { clientService } from '../../../client-service'
import type { Notification, NotificationQuery, NotificationService } from './notification.class'

export type { Notification, NotificationQuery }

/** The spec's path (section 7): the company's staff notifications (resource `notification`). */
export const notificationPath = 'notification'
export const notificationMethods = ['find', 'get'] as const
export type NotificationClientService = Pick<NotificationService, (typeof notificationMethods)[number]>
export const notificationClient = clientService<NotificationClientService>()(notificationPath, notificationMethods)
