import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { scopeReportQuery } from '../report-scope'
import { TreatmentPlanReportsService } from './treatment-plan-reports.class'
import { treatmentPlanReportsQueryValidator } from './treatment-plan-reports.schema'
import { treatmentPlanReportsMethods, treatmentPlanReportsPath } from './treatment-plan-reports.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [treatmentPlanReportsPath]: TreatmentPlanReportsService
  }
}

/**
 * `treatment-plan-reports` (issue 19): read-only figures over treatment plans (clinical's
 * `plansPresentedIn`) and the visits booked for their phases (appointments' `visitsAhead`). The
 * spec has no resource for it: it is the spec's general `reports` resource (view; seeAll for
 * every doctor's plans, else the caller's own as presenter), with every report's period and
 * branch rules (report-scope.ts).
 */
export function treatmentPlanReports(app: Application) {
  registerService(app, treatmentPlanReportsPath, new TreatmentPlanReportsService(app), {
    methods: [...treatmentPlanReportsMethods],
    tables: [],
    access: {
      refuses: { update: 'read-only report (find only)' },
      methods: { find: { resource: 'reports', flag: 'view' } },
      module: 'reports'
    },
    hooks: {
      before: {
        find: [schemaHooks.validateQuery(treatmentPlanReportsQueryValidator), companyScope, scopeReportQuery('reports')]
      }
    }
  })
}
