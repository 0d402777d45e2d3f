import { BadRequest } from '@feathersjs/errors'
import type { HookContext } from '../../declarations'
import { seesWholeCompany } from '../../access/identity'
import { clinicError } from '../../errors'
import { satisfiesBranchCondition } from '../../access/branch-scope'

/**
 * Customers belong to a branch. People see the customers of the branches they work in, unless
 * the company lets branches see all customers or their role sees the whole company.
 */
export function seesAllCustomers(context: HookContext): boolean {
  const identity = context.params.identity
  if (!context.params.provider || !identity) return true
  return identity.company.settings.branchesSeeAllCustomers === true || seesWholeCompany(identity.role.permissions)
}

type Condition = string | Record<string, unknown> | undefined

/**
 * Before find/get/patch/remove: confines the query to the caller's branches, keeping whatever
 * branch condition the client sent (as the intersection), so another branch's customer is
 * simply not found. `$or` branches cannot widen it: they are ANDed with this.
 */
export function customerBranchScope(context: HookContext) {
  if (seesAllCustomers(context)) return
  const query = (context.params.query ?? {}) as Record<string, unknown>
  const allowed = context.params.identity!.branchIds.filter((id: string) => satisfiesBranchCondition(id, query.branchId as Condition))
  context.params.query = { ...query, branchId: { $in: allowed } }
}

/**
 * Before create/patch: a customer's branch is one the caller works in. On create a missing
 * branch is the caller's first (the client normally fills its current branch: client.ts).
 */
export async function customerBranchCheck(context: HookContext) {
  const identity = context.params.identity
  const data = context.data as { branchId?: string } | undefined
  if (!context.params.provider || !identity || !data) return
  if (context.method === 'create' && data.branchId === undefined) {
    if (!identity.branchIds[0]) throw clinicError(BadRequest, 'branch-not-allowed', 'branchId')
    context.data = { ...data, branchId: identity.branchIds[0] }
    return
  }
  if (data.branchId === undefined) return
  if (!identity.branchIds.includes(data.branchId)) throw clinicError(BadRequest, 'branch-not-allowed', 'branchId')
  if (context.method !== 'patch') return
  // A move: the branch it leaves hears about it too (customer-publish.ts).
  const current = await context.app.get('db')('customers').where({ _id: context.id, companyId: identity.user.companyId }).first('branchId')
  if (current) context.params.customerBranchBefore = current.branchId
}
