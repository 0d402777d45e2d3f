import { BadRequest } from '@feathersjs/errors'
import { dbOf } from '../../../hooks/call-transaction'
import type { HookContext } from '../../../declarations'
import { clinicError } from '../../../errors'
import type { RecordScope } from '../../../access/record-scope'

/**
 * Who sees which customers (record-scope.ts): the branches they work in, unless the company
 * lets branches see all customers or their role sees the whole company. Records that follow a
 * customer (notes) follow this too.
 */
export const customerScope: RecordScope = { branch: { everyBranchSees: (settings) => settings.branchesSeeAllCustomers === true } }

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
  const current = await dbOf(context.app, context.params)('customers').where({ _id: context.id, companyId: identity.user.companyId }).first('branchId')
  if (current) context.params.customerBranchBefore = current.branchId
}
