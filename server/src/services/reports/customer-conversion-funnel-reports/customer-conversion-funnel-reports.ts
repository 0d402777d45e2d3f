import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { scopeReportQuery } from '../report-scope'
import { CustomerConversionFunnelReportsService } from './customer-conversion-funnel-reports.class'
import { customerConversionFunnelReportsQueryValidator } from './customer-conversion-funnel-reports.schema'
import { customerConversionFunnelReportsMethods, customerConversionFunnelReportsPath } from './customer-conversion-funnel-reports.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [customerConversionFunnelReportsPath]: CustomerConversionFunnelReportsService
  }
}

/**
 * `customer-conversion-funnel-reports` (issue 19): read-only steps over customers, appointments,
 * plans and payments. The spec lists the service but no resource of its own: it is a report on
 * customers, so its permission is `customer-reports` (view; seeAll for every doctor's patients),
 * with that report's period, branch and own-figures rules (report-scope.ts).
 */
export function customerConversionFunnelReports(app: Application) {
  registerService(app, customerConversionFunnelReportsPath, new CustomerConversionFunnelReportsService(app), {
    methods: [...customerConversionFunnelReportsMethods],
    tables: [],
    access: {
      refuses: { update: 'read-only report (find only)' },
      methods: { find: { resource: 'customer-reports', flag: 'view' } },
      module: 'reports'
    },
    hooks: {
      before: {
        find: [schemaHooks.validateQuery(customerConversionFunnelReportsQueryValidator), companyScope, scopeReportQuery('customer-reports')]
      }
    }
  })
}
