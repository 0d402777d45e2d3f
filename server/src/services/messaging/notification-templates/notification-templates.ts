import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { publishToCompany } from '../../../channels'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'
import { NOTIFICATION_TEMPLATES_TABLE, NotificationTemplateService, notificationTemplateServiceOptions } from './notification-templates.class'
import {
  notificationTemplateDataResolver,
  notificationTemplateDataSchema,
  notificationTemplateDataValidator,
  notificationTemplateExternalResolver,
  notificationTemplatePatchResolver,
  notificationTemplatePatchSchema,
  notificationTemplatePatchValidator,
  notificationTemplateQueryValidator,
  notificationTemplateResolver
} from './notification-templates.schema'
import { notificationTemplateMethods, notificationTemplatePath } from './notification-templates.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [notificationTemplatePath]: NotificationTemplateService
  }
}

/**
 * `notification-templates`: the clinic's own subject and body per event, channel and language
 * (issue 18). Without one, the shipped text of domain/messaging/templates.ts is sent; removing
 * one goes back to it (no trash: the shipped text is the copy). Managing them needs the
 * `notifications` permission.
 */
export function notificationTemplates(app: Application) {
  registerService(app, notificationTemplatePath, new NotificationTemplateService(notificationTemplateServiceOptions(app)), {
    methods: [...notificationTemplateMethods],
    tables: [NOTIFICATION_TEMPLATES_TABLE],
    access: {
      data: { create: notificationTemplateDataSchema, patch: notificationTemplatePatchSchema },
      methods: standardAccess('notifications'),
      refuses: { update: 'a template is keyed by event, channel and language, fixed at creation; its texts change by patch' }
    },
    hooks: {
      around: { all: [resolveExternal(notificationTemplateExternalResolver), resolveResult(notificationTemplateResolver)] },
      before: {
        all: [checkId(), schemaHooks.validateQuery(notificationTemplateQueryValidator), companyScope],
        create: [schemaHooks.validateData(notificationTemplateDataValidator), schemaHooks.resolveData(notificationTemplateDataResolver)],
        patch: [schemaHooks.validateData(notificationTemplatePatchValidator), schemaHooks.resolveData(notificationTemplatePatchResolver)]
      }
    },
    publish: publishToCompany(app)
  })
}
