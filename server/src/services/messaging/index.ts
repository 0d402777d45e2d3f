import type { Application } from '../../declarations'
import { integrations } from './integrations/integrations'
import { notificationTemplates } from './notification-templates/notification-templates'
import { communications } from './communications/communications'
import { telegram } from './telegram/telegram'
import { telegramIntegration } from './telegram-integration/telegram-integration'

/** The messaging area (issue 18): settings, templates, and the outbox read as the communications log. */
export function messaging(app: Application) {
  app.configure(integrations)
  app.configure(notificationTemplates)
  app.configure(communications)
  app.configure(telegram)
  app.configure(telegramIntegration)
}
