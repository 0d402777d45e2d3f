import type { Knex } from 'knex'
import { dbOf } from '../../../hooks/call-transaction'
import type { HookContext } from '../../../declarations'
import { branchCheck } from '../../../access/branch-scope'
import { NotFound } from '@feathersjs/errors'
import { viewerOf, visibleBranches, type RecordScope } from '../../../access/record-scope'
import { assertMayCall } from '../../../access/access'
import { clinicError } from '../../../errors'
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

/**
 * A customer another area's write acts on (a booking names its patient), read as `customers.get`
 * would let the caller read it: an outside caller needs the right to read customers (permission
 * and module) and must see this one (`customerScope`), else the same refusal. Only `columns` are
 * read and nothing is answered from them, so none of the customers service's hooks, resolvers or
 * phone rules need to run (they cost a booking more than its own insert). `identity` undefined:
 * the server's own call, which sees every customer (its own data already names the company).
 */
export async function customerSeenBy<T extends Record<string, unknown>>(db: Knex, identity: Identity | undefined, customerId: string, columns: readonly string[], path = 'customerId'): Promise<T> {
  const query = db('customers').where({ _id: customerId }).first([...columns])
  if (identity) {
    assertMayCall('customers', 'get', identity)
    query.where({ companyId: identity.user.companyId })
    const branches = visibleBranches(customerScope, viewerOf(identity))
    if (branches !== null) query.whereIn('branchId', branches)
  }
  const row = (await query) as T | undefined
  if (!row) throw clinicError(NotFound, 'not-found', path)
  return row
}
