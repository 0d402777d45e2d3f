import { BadRequest, Forbidden } from '@feathersjs/errors'
import type { HookContext } from '../../declarations'
import { requiredOwner, viewerOf, visibleBranches, type RecordScope } from '../../access/record-scope'
import { clinicError } from '../../errors'
import type { PermissionResource } from '../../../../domain/access/resources'
import { daysOf, rangeProblem } from '../../../../domain/reports/periods'
import { zonedToUtc } from '../../../../domain/appointments/zoned-time'
import type { ReportFilter } from '../report-filter'

/**
 * The one period and scope check of every report (reports-summary, appointment-reports,
 * payment-reports, balance-reports; docs/decisions/reports.md). A report's own narrowings
 * (`day`, `$rows`, …) stay in its service file.
 */

/** Whose figures a caller of a report sees: their branches; without `<resource>: seeAll` only their own (`doctorId`). */
export const reportScopeOf = (resource: PermissionResource): RecordScope => ({ branch: {}, owner: { field: 'doctorId', unlessSeeAll: resource } })

/** What a caller may see of a report: the branches (null: every one) and, for one limited to their own figures, their id as `doctorId`. */
export type ReportReach = { branchIds: string[] | null; doctorId?: string }

/** A report's query over a period once checked and scoped. */
export type ScopedReport<Q> = Q & { companyId: string; from: string; to: string } & ReportReach

/**
 * The areas' filter (report-filter.ts) of a scoped query in the company's time zone: the
 * period's company-local days and the instant each starts (one more: the end), the branch named
 * or the caller's branches, and the doctor named or the caller's own figures.
 */
export function periodFilter(query: ScopedReport<{ branchId?: string }>, timeZone: string): ReportFilter {
  const days = daysOf({ from: query.from, to: query.to })
  return {
    companyId: query.companyId,
    from: query.from,
    to: query.to,
    days,
    dayStarts: [...days, query.to].map((day) => zonedToUtc(day, '00:00', timeZone)),
    branchIds: query.branchId ? [query.branchId] : query.branchIds,
    doctorId: query.doctorId ?? null
  }
}

/**
 * A report's period: it must be given (`date-constraint-required` at `from` or `to`), real days
 * with `to` after `from` and at most a year and a day (`invalid-request` at `to`).
 */
export function checkReportPeriod(query: { from?: string; to?: string }) {
  const problem = rangeProblem(query)
  if (problem === 'missing') throw clinicError(BadRequest, 'date-constraint-required', query.from ? 'to' : 'from')
  if (problem) throw clinicError(BadRequest, 'invalid-request', 'to')
}

/**
 * The query with the caller's reach: a branch named must be one the caller sees
 * (`branch-not-allowed`); a caller limited to their own figures gets them whatever doctor they
 * name, and naming another is Forbidden (`access-restricted`). Internal calls (no provider) see
 * everything. A named doctor stays as `doctorId`.
 */
export function scopeReport<Q extends { branchId?: string; doctorId?: string }>(context: HookContext, resource: PermissionResource, query: Q): Q & ReportReach {
  const scope = reportScopeOf(resource)
  const identity = context.params.provider ? context.params.identity : undefined
  const viewer = identity ? viewerOf(identity) : null
  const branches = viewer ? visibleBranches(scope, viewer) : null
  if (branches && query.branchId && !branches.includes(query.branchId)) throw clinicError(BadRequest, 'branch-not-allowed', 'branchId')
  const owner = viewer ? requiredOwner(scope, viewer) : null
  if (owner && query.doctorId && query.doctorId !== owner) throw clinicError(Forbidden, 'access-restricted', 'doctorId')
  return { ...query, branchIds: branches, ...(owner ? { doctorId: owner } : {}) }
}

/** The hook for a report over a period: `checkReportPeriod`, then `scopeReport`. */
export function scopeReportQuery(resource: PermissionResource) {
  return (context: HookContext) => {
    const query = context.params.query as { from?: string; to?: string; branchId?: string; doctorId?: string }
    checkReportPeriod(query)
    context.params.query = scopeReport(context, resource, query)
  }
}

/** The line of `key` in `map`, made the first time (a report's table built from grouped reads). */
export function lineOf<T>(map: Map<string, T>, key: string, make: () => T): T {
  let line = map.get(key)
  if (!line) map.set(key, (line = make()))
  return line
}
