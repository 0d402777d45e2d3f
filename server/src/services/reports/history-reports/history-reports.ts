import { BadRequest, Forbidden } from '@feathersjs/errors'
import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { callerMay } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { clinicError } from '../../../errors'
import { activityServicesFor } from '../../audit/user-activities/user-activities.class'
import { checkReportPeriod, scopeReport } from '../report-scope'
import { HistoryReportsService, type ScopedHistoryQuery } from './history-reports.class'
import { historyReportsQueryValidator, type HistoryReportsQuery } from './history-reports.schema'
import { historyReportsMethods, historyReportsPath } from './history-reports.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [historyReportsPath]: HistoryReportsService
  }
}

/**
 * The activity log's rule on top of the report's: it shows what everyone did, so it needs
 * `company: seeAll` (user-activities), and it counts only entries about services the reader may
 * view (`activityServicesFor`, as the log shows them). The period as every report's; `day`
 * within it and only with `$rows`; branches as `scopeReport` allows (the whole company, for one
 * who sees it).
 */
function scopeHistoryReport(context: HookContext) {
  if (!callerMay(context, 'company', 'seeAll')) throw clinicError(Forbidden, 'forbidden', undefined, { resource: 'company', flag: 'seeAll' })
  const query = context.params.query as HistoryReportsQuery
  checkReportPeriod(query)
  if (query.day && !(query.day >= query.from! && query.day < query.to!)) throw clinicError(BadRequest, 'invalid-request', 'day')
  if ((query.day || query.$limit || query.$skip !== undefined) && !query.$rows) throw clinicError(BadRequest, 'invalid-request', '$rows')
  const identity = context.params.provider ? context.params.identity : undefined
  // Every reader sees the whole company's changes (company: seeAll): no one is limited to their own.
  const { doctorId: _own, ...scoped } = scopeReport(context, 'reports', query) as ScopedHistoryQuery & { doctorId?: string }
  context.params.query = { ...scoped, services: identity ? activityServicesFor(identity) : null }
}

/** `history-reports` (issue 19): read-only counts over the activity log. */
export function historyReports(app: Application) {
  registerService(app, historyReportsPath, new HistoryReportsService(app), {
    methods: [...historyReportsMethods],
    tables: [],
    access: {
      refuses: { update: 'read-only report (find only)' },
      methods: { find: { resource: 'reports', flag: 'view' } },
      module: 'reports'
    },
    hooks: {
      before: {
        find: [schemaHooks.validateQuery(historyReportsQueryValidator), companyScope, scopeHistoryReport]
      }
    }
  })
}
