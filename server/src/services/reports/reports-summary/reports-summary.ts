import { BadRequest, Forbidden } from '@feathersjs/errors'
import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { requiredOwner, viewerOf, visibleBranches, type RecordScope } from '../../../access/record-scope'
import { clinicError } from '../../../errors'
import { rangeProblem } from '../../../../../domain/reports/periods'
import { ReportsSummaryService } from './reports-summary.class'
import { reportsSummaryQueryValidator, type ReportsSummaryQuery } from './reports-summary.schema'
import { reportsSummaryMethods, reportsSummaryPath } from './reports-summary.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [reportsSummaryPath]: ReportsSummaryService
  }
}

/** Whose figures a caller sees: their branches; a doctor without `reports-summary: seeAll` only their own. */
export const reportScope: RecordScope = { branch: {}, owner: { field: 'doctorId', unlessSeeAll: 'reports-summary' } }

/**
 * The period must be given (`date-constraint-required` at `from`), real days with `to` after
 * `from` and at most a year and a day (`invalid-request` at `to`); `day` within it. A branch
 * named must be one the caller sees (`branch-not-allowed`); a caller limited to their own
 * figures gets them whatever doctor they name, and naming another is Forbidden. The home
 * (`view: 'home'`) takes no period, branch or rows: the same rules give its branches and doctor.
 */
function scopeReport(context: HookContext) {
  const query = context.params.query as ReportsSummaryQuery
  if (query.view === 'home') {
    // The home's periods are the server's (the company's today); it lists every branch seen.
    const extra = (['from', 'to', 'branchId', '$rows', 'day', 'method', '$limit'] as const).find((field) => query[field] !== undefined)
    if (extra) throw clinicError(BadRequest, 'invalid-request', extra)
  } else {
    const problem = rangeProblem(query)
    if (problem === 'missing') throw clinicError(BadRequest, 'date-constraint-required', query.from ? 'to' : 'from')
    if (problem) throw clinicError(BadRequest, 'invalid-request', 'to')
  }
  if (query.day && !(query.day >= query.from! && query.day < query.to!)) throw clinicError(BadRequest, 'invalid-request', 'day')
  if ((query.day || query.method) && !query.$rows) throw clinicError(BadRequest, 'invalid-request', '$rows')
  const identity = context.params.provider ? context.params.identity : undefined
  const viewer = identity ? viewerOf(identity) : null
  const branches = viewer ? visibleBranches(reportScope, viewer) : null
  if (branches && query.branchId && !branches.includes(query.branchId)) throw clinicError(BadRequest, 'branch-not-allowed', 'branchId')
  const owner = viewer ? requiredOwner(reportScope, viewer) : null
  if (owner && query.doctorId && query.doctorId !== owner) throw clinicError(Forbidden, 'access-restricted', 'doctorId')
  context.params.query = { ...query, branchIds: branches, ...(owner ? { doctorId: owner } : {}) }
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
        find: [schemaHooks.validateQuery(reportsSummaryQueryValidator), companyScope, scopeReport]
      }
    }
  })
}
