import type { Knex } from 'knex'
import type { HookContext } from '../declarations'
import type { Identity } from './identity'
import { seesWholeCompany } from './identity'
import { satisfiesBranchCondition } from './branch-scope'
import { hasPermission } from '../../../domain/access/check'
import type { Permission, PermissionResource } from '../../../domain/access/resources'

/**
 * Which of a service's records a person may see, declared once next to the service's hooks
 * (`<name>.ts`) and read by everything that shows or acts on its records: the service's own
 * find/get/patch/remove (`scopeRecords`), the trash's list, get, restore and purge, and the
 * trash's events (trash-access.ts). One declaration, so the trash can never see wider than the
 * service itself. No rule at all (`{}`) means every record of the company.
 */
export interface RecordScope {
  /** Records belong to one branch (`branchId`): people see those of the branches they work in. */
  branch?: BranchRule
  /** Records belong to one person (`field`, such as a doctor): without seeAll, only one's own. */
  owner?: OwnerRule
  /**
   * Records belong to a customer (`field`) and are seen by those who see the customer, under
   * the customers service's own scope (its hooks: customer-visibility.ts; its removed records:
   * the customer's current row, or, once the customer is gone too, the record's stored branch).
   * `without`: a record that belongs to no customer (an expense's receipt among files) is judged
   * as a record of that service would be: its resource and its scope, on the stored branch.
   */
  customer?: { field: string; without?: { service: string } }
}

export interface BranchRule {
  /** A company setting that lets every branch see every record (customers' `branchesSeeAllCustomers`). */
  everyBranchSees?: (settings: CompanySettings) => boolean
}

export interface OwnerRule {
  field: string
  /** The resource whose `seeAll` shows everyone's records. */
  unlessSeeAll: PermissionResource
}

export type CompanySettings = Record<string, unknown>

/** Who looks: the part of an identity that record scopes read (a call's, or a socket's). */
export interface Viewer {
  userId: string
  permissions: Permission[]
  /** The branches they work in. */
  branchIds: string[]
  /** Their company's settings, as of now. */
  settings: CompanySettings
}

export const viewerOf = (identity: Identity): Viewer => ({
  userId: identity.user._id,
  permissions: identity.role.permissions,
  branchIds: identity.branchIds,
  settings: identity.company.settings ?? {}
})

/** The branches whose records the viewer sees; null: every branch (and records of none). */
export function visibleBranches(scope: RecordScope, viewer: Viewer): string[] | null {
  const rule = scope.branch
  if (!rule || seesWholeCompany(viewer.permissions) || rule.everyBranchSees?.(viewer.settings)) return null
  return viewer.branchIds
}

/** The one owner whose records the viewer sees; null: anyone's. */
export function requiredOwner(scope: RecordScope, viewer: Viewer): string | null {
  const rule = scope.owner
  if (!rule || hasPermission(viewer.permissions, rule.unlessSeeAll, 'seeAll')) return null
  return viewer.userId
}

/** The scope's rule for one record, given its branch and owner. */
export function mayViewRecord(scope: RecordScope, viewer: Viewer, record: { branchId: string | null; ownerId: string | null }): boolean {
  const branches = visibleBranches(scope, viewer)
  const owner = requiredOwner(scope, viewer)
  return (branches === null || (record.branchId !== null && branches.includes(record.branchId))) && (owner === null || record.ownerId === owner)
}

/** The same rule as SQL over a table whose branch and owner sit in `columns`. */
export function whereVisible(builder: Knex.QueryBuilder, scope: RecordScope, viewer: Viewer, columns: { branchId: string; ownerId: string }) {
  const branches = visibleBranches(scope, viewer)
  const owner = requiredOwner(scope, viewer)
  if (branches !== null) builder.whereIn(columns.branchId, branches)
  if (owner !== null) builder.where(columns.ownerId, owner)
  return builder
}

/**
 * The service's own hook (before find, get, patch, remove): confines the query to the records
 * the caller may see, intersected with the client's own conditions on those columns, so
 * another branch's or another doctor's record is simply not found.
 */
export const scopeRecords = (scope: RecordScope) => (context: HookContext) => {
  const identity = context.params.identity
  if (!context.params.provider || !identity) return
  const viewer = viewerOf(identity)
  const query = { ...((context.params.query ?? {}) as Record<string, unknown>) }
  const branches = visibleBranches(scope, viewer)
  if (branches !== null) query.branchId = { $in: branches.filter((id) => satisfiesBranchCondition(id, query.branchId as never)) }
  const owner = requiredOwner(scope, viewer)
  if (owner !== null && scope.owner) query[scope.owner.field] = satisfiesBranchCondition(owner, query[scope.owner.field] as never) ? owner : { $in: [] }
  context.params.query = query
}
