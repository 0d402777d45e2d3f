import { BadRequest } from '@feathersjs/errors'
import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { clinicError } from '../../../errors'
import { companyScope } from '../../../access/tenancy'
import { scopeReportQuery } from '../report-scope'
import { AppointmentReportsService } from './appointment-reports.class'
import { appointmentReportsQueryValidator, type AppointmentReportsQuery } from './appointment-reports.schema'
import { appointmentReportsMethods, appointmentReportsPath, chairFigures, type RowFigure } from './appointment-reports.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [appointmentReportsPath]: AppointmentReportsService
  }
}

/** `workPlaceId` narrows only the rows of a work place's figure. */
function checkNarrowing(context: HookContext) {
  const query = context.params.query as AppointmentReportsQuery
  const chairRows = (chairFigures as readonly RowFigure[]).includes(query.$rows as RowFigure)
  if (query.workPlaceId && !chairRows) throw clinicError(BadRequest, 'invalid-request', 'workPlaceId')
}

/**
 * `appointment-reports` (issue 19): read-only outcome and load figures over appointments, their
 * moves, the doctors' hours and the work places. Branches: the caller's; a caller without
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
        find: [schemaHooks.validateQuery(appointmentReportsQueryValidator), companyScope, scopeReportQuery('appointment-reports'), checkNarrowing]
      }
    }
  })
}
