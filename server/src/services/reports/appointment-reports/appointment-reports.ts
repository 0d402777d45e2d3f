import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { scopeReportQuery } from '../report-scope'
import { AppointmentReportsService } from './appointment-reports.class'
import { appointmentReportsQueryValidator } from './appointment-reports.schema'
import { appointmentReportsMethods, appointmentReportsPath } from './appointment-reports.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [appointmentReportsPath]: AppointmentReportsService
  }
}

/**
 * `appointment-reports` (issue 19): read-only outcome and load figures over appointments, their
 * moves and the doctors' hours. Branches: the caller's; a caller without
 * `appointment-reports: seeAll` sees only their own figures (report-scope.ts).
 */
export function appointmentReports(app: Application) {
  registerService(app, appointmentReportsPath, new AppointmentReportsService(app), {
    methods: [...appointmentReportsMethods],
    tables: [],
    access: {
      refuses: { update: 'read-only report (find only)' },
      methods: { find: { resource: 'appointment-reports', flag: 'view' } },
      module: 'reports'
    },
    hooks: {
      before: {
        find: [schemaHooks.validateQuery(appointmentReportsQueryValidator), companyScope, scopeReportQuery('appointment-reports')]
      }
    }
  })
}
