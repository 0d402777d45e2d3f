import { BadRequest, Forbidden } from '@feathersjs/errors'
import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { clinicError } from '../../../errors'
import { checkReportPeriod, scopeReport } from '../report-scope'
import { NotificationReportsService } from './notification-reports.class'
import { notificationReportsQueryValidator, type NotificationReportsQuery } from './notification-reports.schema'
import { notificationReportsMethods, notificationReportsPath } from './notification-reports.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [notificationReportsPath]: NotificationReportsService
  }
}

/**
 * The period as every report's (`checkReportPeriod`); `day` within it and only with `$rows`.
 * Branches as `scopeReport` allows. Messages belong to no doctor: one limited to their own
 * figures (no `notification-reports: seeAll`) is refused, as the expenses report does.
 */
function scopeNotificationReport(context: HookContext) {
  const query = context.params.query as NotificationReportsQuery
  checkReportPeriod(query)
  if (query.day && !(query.day >= query.from! && query.day < query.to!)) throw clinicError(BadRequest, 'invalid-request', 'day')
  if ((query.day || query.$limit || query.$skip !== undefined) && !query.$rows) throw clinicError(BadRequest, 'invalid-request', '$rows')
  const scoped = scopeReport(context, 'notification-reports', query)
  if ((scoped as { doctorId?: string }).doctorId) throw clinicError(Forbidden, 'access-restricted')
  context.params.query = scoped
}

/** `notification-reports` (issue 19): read-only counts over messaging's outbox. */
export function notificationReports(app: Application) {
  registerService(app, notificationReportsPath, new NotificationReportsService(app), {
    methods: [...notificationReportsMethods],
    tables: [],
    access: {
      refuses: { update: 'read-only report (find only)' },
      methods: { find: { resource: 'notification-reports', flag: 'view' } },
      module: 'reports'
    },
    hooks: {
      before: {
        find: [schemaHooks.validateQuery(notificationReportsQueryValidator), companyScope, scopeNotificationReport]
      }
    }
  })
}
