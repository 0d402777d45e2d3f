import { clientService } from '../../../client-service'
import type { NotificationTemplate, NotificationTemplateData, NotificationTemplatePatch, NotificationTemplateQuery, NotificationTemplateService } from './notification-templates.class'

export type { NotificationTemplate, NotificationTemplateData, NotificationTemplatePatch, NotificationTemplateQuery }
export {
  appointmentEvents, messageChannels, notificationEvents, renderTemplate, shippedTemplate, templateLocales, templateVariables, tidyMessage, unknownVariables,
  type MessageChannel, type NotificationEvent, type TemplateLocale, type TemplateVariable
} from '../../../../../domain/messaging/templates'
export { smsLength, type SmsLength } from '../../../../../domain/messaging/sms-segments'

export const notificationTemplatePath = 'notification-templates'
export const notificationTemplateMethods = ['find', 'get', 'create', 'patch', 'remove'] as const
export type NotificationTemplateClientService = Pick<NotificationTemplateService, (typeof notificationTemplateMethods)[number]>

export const MAX_TEMPLATE_SUBJECT = 200
export const MAX_TEMPLATE_BODY = 2000
export const notificationTemplateClient = clientService<NotificationTemplateClientService>()(notificationTemplatePath, notificationTemplateMethods)
