import { BadRequest, Forbidden } from '@feathersjs/errors'
import type { HookContext } from '../../declarations'
import { requiredOwner, viewerOf, visibleBranches, type RecordScope } from '../../access/record-scope'
import { clinicError } from '../../errors'
import type { PermissionResource } from '../../../../domain/access/resources'
import { rangeProblem } from '../../../../domain/reports/periods'

/** Whose figures a caller of a report sees: their branches; without `<resource>: seeAll` only their own (`doctorId`). */
export const reportScopeOf = (resource: PermissionResource): RecordScope => ({ branch: {}, owner: { field: 'doctorId', unlessSeeAll: resource } })

/** A report's query once checked: the branches the caller sees (null: every one) and, for one limited to their own, their id as `doctorId`. */
export type ScopedReport<Q> = Q & { companyId: string; from: string; to: string; branchIds: string[] | null; doctorId?: string }

/**
 * Every report's period and scope (docs/decisions/reports.md): the period must be given
 * (`date-constraint-required` at `from` or `to`), real days with `to` after `from` and at most a
 * year and a day (`invalid-request` at `to`). A branch named must be one the caller sees
 * (`branch-not-allowed`); a caller limited to their own figures gets them whatever doctor they
 * name, and naming another is Forbidden (`access-restricted`).
 */
export function scopeReportQuery(resource: PermissionResource) {
  const scope = reportScopeOf(resource)
  return (context: HookContext) => {
    const query = context.params.query as { from?: string; to?: string; branchId?: string; doctorId?: string }
    const problem = rangeProblem(query)
    if (problem === 'missing') throw clinicError(BadRequest, 'date-constraint-required', query.from ? 'to' : 'from')
    if (problem) throw clinicError(BadRequest, 'invalid-request', 'to')
    const identity = context.params.provider ? context.params.identity : undefined
    const viewer = identity ? viewerOf(identity) : null
    const branches = viewer ? visibleBranches(scope, viewer) : null
    if (branches && query.branchId && !branches.includes(query.branchId)) throw clinicError(BadRequest, 'branch-not-allowed', 'branchId')
    const owner = viewer ? requiredOwner(scope, viewer) : null
    if (owner && query.doctorId && query.doctorId !== owner) throw clinicError(Forbidden, 'access-restricted', 'doctorId')
    context.params.query = { ...query, branchIds: branches, ...(owner ? { doctorId: owner } : {}) }
  }
}
