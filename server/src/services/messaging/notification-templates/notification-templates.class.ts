import { Conflict } from '@feathersjs/errors'
import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import { clinicError } from '../../../errors'
import type { NotificationTemplate, NotificationTemplateData, NotificationTemplatePatch, NotificationTemplateQuery } from './notification-templates.schema'

export type { NotificationTemplate, NotificationTemplateData, NotificationTemplatePatch, NotificationTemplateQuery }
export type NotificationTemplateParams = RecordParams & { query?: NotificationTemplateQuery }

export const NOTIFICATION_TEMPLATES_TABLE = 'notification_templates'

const isKeyClash = (error: unknown) => /notification_templates_key|notification_templates\.companyId/i.test(String((error as Error)?.message ?? ''))

/**
 * A clinic's own texts: one per event, channel and language (a unique index keeps it so under
 * concurrency). Without one the shipped text is used; removing one goes back to it.
 */
export class NotificationTemplateService extends RecordService<NotificationTemplate, NotificationTemplateData, NotificationTemplateParams, NotificationTemplatePatch> {
  override async _create(data: NotificationTemplateData, params?: NotificationTemplateParams): Promise<NotificationTemplate>
  override async _create(data: NotificationTemplateData[], params?: NotificationTemplateParams): Promise<NotificationTemplate[]>
  override async _create(data: NotificationTemplateData | NotificationTemplateData[], params?: NotificationTemplateParams): Promise<NotificationTemplate | NotificationTemplate[]> {
    try {
      return await super._create(data as NotificationTemplateData, params)
    } catch (error) {
      if (isKeyClash(error)) throw clinicError(Conflict, 'conflict', 'event')
      throw error
    }
  }
}

export const notificationTemplateServiceOptions = (app: Application) => recordOptions(app, NOTIFICATION_TEMPLATES_TABLE, { trash: false })
