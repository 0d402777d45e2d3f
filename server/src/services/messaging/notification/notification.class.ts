import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import type { Notification, NotificationQuery } from './notification.schema'

export type { Notification, NotificationQuery }
export type NotificationParams = RecordParams & { query?: NotificationQuery }

export const NOTIFICATIONS_TABLE = 'notifications'
export const notificationRowShape = { json: ['params'], instant: ['readAt'] }

/**
 * Staff notifications as records: read from outside (the company's view, `notification`), made
 * only by the server's producers (notification-store.ts `notifyStaff`), marked read through
 * `my-notifications`. Never in the trash: nothing to restore.
 */
export class NotificationService extends RecordService<Notification, never, NotificationParams, never> {}

export const notificationServiceOptions = (app: Application) => recordOptions(app, NOTIFICATIONS_TABLE, { trash: false })
