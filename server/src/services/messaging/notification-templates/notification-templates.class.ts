import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import type { NotificationTemplate, NotificationTemplateData, NotificationTemplatePatch, NotificationTemplateQuery } from './notification-templates.schema'

export type { NotificationTemplate, NotificationTemplateData, NotificationTemplatePatch, NotificationTemplateQuery }
export type NotificationTemplateParams = RecordParams & { query?: NotificationTemplateQuery }

export const NOTIFICATION_TEMPLATES_TABLE = 'notification_templates'

/**
 * A clinic's own texts: one per event, channel and language (a unique index keeps it so under
 * concurrency). Without one the shipped text is used; removing one goes back to it.
 */
export class NotificationTemplateService extends RecordService<NotificationTemplate, NotificationTemplateData, NotificationTemplateParams, NotificationTemplatePatch> {}

export const notificationTemplateServiceOptions = (app: Application) => recordOptions(app, NOTIFICATION_TEMPLATES_TABLE, { trash: false, uniqueKey: { index: 'notification_templates_key', path: 'event' } })
