import { BadRequest, Forbidden } from '@feathersjs/errors'
import type { HookContext } from '../../declarations'
import type { PermissionResource } from '../../../../domain/access/resources'
import { requiredOwner, viewerOf, visibleBranches } from '../../access/record-scope'
import { clinicError } from '../../errors'

/**
 * Who sees which figures of a report (docs/decisions/reports.md): the branches the caller works
 * in (every branch with `company: seeAll`), and without `<resource>: seeAll` only their own
 * figures (the doctor forced to them). A branch named must be one of theirs
 * (`branch-not-allowed`); naming another doctor is Forbidden (`access-restricted`). Internal
 * calls (no provider) see everything. Answers the branches (null: every branch) and the doctor.
 */
export function reportReach(context: HookContext, resource: PermissionResource, query: { branchId?: string; doctorId?: string }): { branchIds: string[] | null; doctorId: string | undefined } {
  const scope = { branch: {}, owner: { field: 'doctorId', unlessSeeAll: resource } }
  const identity = context.params.provider ? context.params.identity : undefined
  const viewer = identity ? viewerOf(identity) : null
  const branches = viewer ? visibleBranches(scope, viewer) : null
  if (branches && query.branchId && !branches.includes(query.branchId)) throw clinicError(BadRequest, 'branch-not-allowed', 'branchId')
  const owner = viewer ? requiredOwner(scope, viewer) : null
  if (owner && query.doctorId && query.doctorId !== owner) throw clinicError(Forbidden, 'access-restricted', 'doctorId')
  return { branchIds: branches, doctorId: owner ?? query.doctorId }
}
