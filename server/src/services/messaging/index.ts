import type { Application } from '../../declarations'
import { integrations } from './integrations/integrations'
import { notificationTemplates } from './notification-templates/notification-templates'
import { communications } from './communications/communications'
import { telegram } from './telegram/telegram'
import { telegramIntegration } from './telegram-integration/telegram-integration'
import { whatsappIntegration } from './whatsapp-integration/whatsapp-integration'
import { notification } from './notification/notification'
import { myNotifications } from './my-notifications/my-notifications'
import { customerChatMessages } from './customer-chat-messages/customer-chat-messages'
import { pushNotifications } from './push-notifications/push-notifications'

/** The messaging area (issue 18): settings, templates, the outbox read as the communications log, staff notifications and Web Push. */
export function messaging(app: Application) {
  app.configure(integrations)
  app.configure(notificationTemplates)
  app.configure(communications)
  app.configure(telegram)
  app.configure(telegramIntegration)
  app.configure(whatsappIntegration)
  app.configure(notification)
  app.configure(myNotifications)
  app.configure(customerChatMessages)
  app.configure(pushNotifications)
}
