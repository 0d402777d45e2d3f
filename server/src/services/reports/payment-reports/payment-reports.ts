import { BadRequest } from '@feathersjs/errors'
import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { clinicError } from '../../../errors'
import { checkReportPeriod, scopeReport } from '../report-scope'
import { PaymentReportsService } from './payment-reports.class'
import { paymentReportsQueryValidator, type PaymentReportsQuery } from './payment-reports.schema'
import { paymentReportsMethods, paymentReportsPath } from './payment-reports.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [paymentReportsPath]: PaymentReportsService
  }
}

/**
 * The period as every report's (`checkReportPeriod`); `day`
 * within it; the narrowings only with `$rows`, and `via` not with a doctor (their money went to
 * their invoices). Branches and the doctor as `scopeReport` allows (`payment-reports: seeAll`).
 */
function scopePaymentReport(context: HookContext) {
  const query = context.params.query as PaymentReportsQuery
  checkReportPeriod(query)
  if (query.day && !(query.day >= query.from! && query.day < query.to!)) throw clinicError(BadRequest, 'invalid-request', 'day')
  if ((query.day || query.method || query.cashierId || query.via || query.$limit || query.$skip !== undefined) && !query.$rows) throw clinicError(BadRequest, 'invalid-request', '$rows')
  const scoped = scopeReport(context, 'payment-reports', query)
  if (query.via && scoped.doctorId) throw clinicError(BadRequest, 'invalid-request', 'via')
  context.params.query = scoped
}

/** `payment-reports` (issue 19): read-only figures over payments and their allocations. */
export function paymentReports(app: Application) {
  registerService(app, paymentReportsPath, new PaymentReportsService(app), {
    methods: [...paymentReportsMethods],
    tables: [],
    access: {
      refuses: { update: 'read-only report (find only)' },
      methods: { find: { resource: 'payment-reports', flag: 'view' } },
      module: 'reports'
    },
    hooks: {
      before: {
        find: [schemaHooks.validateQuery(paymentReportsQueryValidator), companyScope, scopePaymentReport]
      }
    }
  })
}
