import type { Knex } from 'knex'
import { dbOf } from '../../../hooks/call-transaction'
import type { HookContext } from '../../../declarations'
import { branchCheck } from '../../../access/branch-scope'
import { viewerOf, visibleBranches, type RecordScope } from '../../../access/record-scope'
import type { Identity } from '../../../access/identity'
import { formerBranch } from './customer-publish'

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
  branchCheck(context)
  const identity = context.params.identity
  const data = context.data as { branchId?: string } | undefined
  if (context.method !== 'patch' || !context.params.provider || !identity || !data || data.branchId === undefined) return
  // A move: the branch it leaves hears about it too (customer-publish.ts).
  const current = await dbOf(context.app, context.params)('customers').where({ _id: context.id, companyId: identity.user.companyId }).first('branchId')
  if (current) formerBranch.set(context.params, current.branchId)
}

/**
 * The ids of a company's customers kept in `branchIds`, as a subquery: records of another area
 * that may belong to a customer (tasks) keep to the customers the viewer sees with it
 * (visibleBranches(customerScope, viewer)), without naming this table themselves.
 */
export const customerIdsInBranches = (db: Knex, companyId: string, branchIds: readonly string[]) =>
  db('customers').select('_id').where({ companyId }).whereIn('branchId', [...branchIds])

/**
 * An external read of records that belong to patients (a table's `customerId`) keeps to the
 * patients the caller sees (`customerScope`), in the SQL itself, so pages and totals are right.
 * `withoutPatient`: rows of no patient stay, for their own rules to judge (a task of nobody, a
 * doctor's daily log).
 */
export function onlyVisiblePatients(builder: Knex.QueryBuilder, db: Knex, table: string, identity: Identity, { withoutPatient = false } = {}): Knex.QueryBuilder {
  const branches = visibleBranches(customerScope, viewerOf(identity))
  if (branches === null) return builder
  const visible = customerIdsInBranches(db, identity.user.companyId, branches)
  return withoutPatient ? builder.where((rows) => rows.whereNull(`${table}.customerId`).orWhereIn(`${table}.customerId`, visible)) : builder.whereIn(`${table}.customerId`, visible)
}

/** A company's customer's branch; undefined for an unknown customer. */
export async function customerBranch(db: Knex, companyId: string, customerId: string): Promise<string | undefined> {
  return (await db('customers').where({ _id: customerId, companyId }).first('branchId'))?.branchId
}
