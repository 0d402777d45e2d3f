import { BadRequest } from '@feathersjs/errors'
import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { clinicError } from '../../../errors'
import { checkReportPeriod, scopeReport } from '../report-scope'
import { ServiceReportsService } from './service-reports.class'
import { serviceReportsQueryValidator, type ServiceReportsQuery } from './service-reports.schema'
import { serviceReportsMethods, serviceReportsPath } from './service-reports.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [serviceReportsPath]: ServiceReportsService
  }
}

/** The period as every report's; the narrowings only with `$rows`; branches and doctor as `scopeReport` allows (`service-reports: seeAll`). */
function scopeServiceReport(context: HookContext) {
  const query = context.params.query as ServiceReportsQuery
  checkReportPeriod(query)
  if ((query.serviceId || query.categoryId || query.$limit || query.$skip !== undefined) && !query.$rows) throw clinicError(BadRequest, 'invalid-request', '$rows')
  context.params.query = scopeReport(context, 'service-reports', query)
}

/** `service-reports` (issue 19): read-only figures per service over treatments done and invoice lines. */
export function serviceReports(app: Application) {
  registerService(app, serviceReportsPath, new ServiceReportsService(app), {
    methods: [...serviceReportsMethods],
    tables: [],
    access: {
      refuses: { update: 'read-only report (find only)' },
      methods: { find: { resource: 'service-reports', flag: 'view' } },
      module: 'reports'
    },
    hooks: {
      before: {
        find: [schemaHooks.validateQuery(serviceReportsQueryValidator), companyScope, scopeServiceReport]
      }
    }
  })
}
