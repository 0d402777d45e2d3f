import { BadRequest, Forbidden } from '@feathersjs/errors'
import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { callerMay } from '../../../access/access'
import type { RecordScope } from '../../../access/record-scope'
import { reportScopeOf, scopeReport, scopeReportQuery, type ReportReach } from '../report-scope'
import { clinicError } from '../../../errors'
import { rangeProblem } from '../../../../../domain/reports/periods'
import { ReportsSummaryService, type ReportsSummaryParams } from './reports-summary.class'
import { reportsSummaryQueryValidator, type ReportsSummaryQuery } from './reports-summary.schema'
import { reportsSummaryMethods, reportsSummaryPath } from './reports-summary.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [reportsSummaryPath]: ReportsSummaryService
  }
}

/** Whose figures a caller sees: their branches; a doctor without `reports-summary: seeAll` only their own. */
export const reportScope: RecordScope = reportScopeOf('reports-summary')
const scopeByPeriod = scopeReportQuery('reports-summary')

/**
 * The summary over a period (period and reach: services/reports/report-scope.ts), or the
 * director's home (`view: 'home'`), which takes no period, branch or rows: its periods are the
 * server's (the company's today) and it lists every branch the caller sees, with the same reach.
 */
function scopeSummary(context: HookContext) {
  const query = context.params.query as ReportsSummaryQuery
  if (query.view !== 'home') return scopeByPeriod(context)
  const extra = (['from', 'to', 'branchId', '$rows', 'day', 'method', '$limit', '$skip', 'cells', 'grid'] as const).find((field) => query[field] !== undefined)
  if (extra) throw clinicError(BadRequest, 'invalid-request', extra)
  context.params.query = scopeReport(context, 'reports-summary', query)
  ;(context.params as ReportsSummaryParams).loadReach = loadReachOf(context, query.doctorId)
}

/**
 * The home's load tiles are the appointments report's figures, so they follow that report's
 * reach: none without its view, or when the doctor named is one its reach hides.
 */
function loadReachOf(context: HookContext, doctorId: string | undefined): ReportReach | null {
  if (!callerMay(context, 'appointment-reports', 'view')) return null
  try {
    const { branchIds, doctorId: reachDoctor } = scopeReport(context, 'appointment-reports', { doctorId })
    return { branchIds, ...(reachDoctor ? { doctorId: reachDoctor } : {}) }
  } catch (error) {
    if (error instanceof Forbidden) return null
    throw error
  }
}

/** The summary's own narrowing of rows: `day` within the period, `day` and `method` only with `$rows`. */
function checkNarrowing(context: HookContext) {
  const query = context.params.query as ReportsSummaryQuery
  if (query.day && !rangeProblem(query) && !(query.day >= query.from! && query.day < query.to!)) throw clinicError(BadRequest, 'invalid-request', 'day')
  if ((query.day || query.method) && !query.$rows) throw clinicError(BadRequest, 'invalid-request', '$rows')
}

/** `reports-summary` (issue 19): read-only figures over appointments, invoices and payments. */
export function reportsSummary(app: Application) {
  registerService(app, reportsSummaryPath, new ReportsSummaryService(app), {
    methods: [...reportsSummaryMethods],
    tables: [],
    access: {
      refuses: { update: 'read-only report (find only)' },
      methods: { find: { resource: 'reports-summary', flag: 'view' } },
      module: 'reports'
    },
    hooks: {
      before: {
        find: [schemaHooks.validateQuery(reportsSummaryQueryValidator), companyScope, scopeSummary, checkNarrowing]
      }
    }
  })
}
