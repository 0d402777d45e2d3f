import { BadRequest } from '@feathersjs/errors'
import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { clinicError } from '../../../errors'
import { checkReportPeriod, scopeReport } from '../report-scope'
import { CustomerReportsService } from './customer-reports.class'
import { customerReportsQueryValidator, type CustomerReportsQuery } from './customer-reports.schema'
import { customerReportsMethods, customerReportsPath } from './customer-reports.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [customerReportsPath]: CustomerReportsService
  }
}

/**
 * The period as every report's; `day` within it, only with `$rows`, and not for lapsed patients
 * (their day is outside the period); registered patients have no doctor, so their rows are not
 * asked with one. Branches and the doctor as `scopeReport` allows (`customer-reports: seeAll`).
 */
function scopeCustomerReport(context: HookContext) {
  const query = context.params.query as CustomerReportsQuery
  checkReportPeriod(query)
  if ((query.day || query.$limit || query.$skip !== undefined) && !query.$rows) throw clinicError(BadRequest, 'invalid-request', '$rows')
  if (query.day && (!(query.day >= query.from! && query.day < query.to!) || query.$rows === 'lapsed')) throw clinicError(BadRequest, 'invalid-request', 'day')
  const scoped = scopeReport(context, 'customer-reports', query)
  if (query.$rows === 'registered' && scoped.doctorId) throw clinicError(BadRequest, 'invalid-request', '$rows')
  context.params.query = scoped
}

/** `customer-reports` (issue 19): read-only figures over visits and customers. */
export function customerReports(app: Application) {
  registerService(app, customerReportsPath, new CustomerReportsService(app), {
    methods: [...customerReportsMethods],
    tables: [],
    access: {
      refuses: { update: 'read-only report (find only)' },
      methods: { find: { resource: 'customer-reports', flag: 'view' } },
      module: 'reports'
    },
    hooks: {
      before: {
        find: [schemaHooks.validateQuery(customerReportsQueryValidator), companyScope, scopeCustomerReport]
      }
    }
  })
}
