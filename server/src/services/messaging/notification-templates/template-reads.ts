import type { Knex } from 'knex'
import { shippedTemplate, type MessageChannel, type NotificationEvent, type TemplateLocale, type TemplateText } from '../../../../../domain/messaging/templates'
import { NOTIFICATION_TEMPLATES_TABLE } from './notification-templates.class'

/** The text a message is written from: the clinic's own for the event, channel and language, else the shipped one. */
export async function templateFor(db: Knex, companyId: string, event: NotificationEvent, channel: MessageChannel, locale: TemplateLocale): Promise<TemplateText> {
  const own = await db(NOTIFICATION_TEMPLATES_TABLE).where({ companyId, event, channel, locale }).first('subject', 'body')
  return own ? { subject: own.subject, body: own.body } : shippedTemplate(event, locale)
}
