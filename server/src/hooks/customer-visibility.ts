import { BadRequest } from '@feathersjs/errors'
import { inCallTransaction, transactionOf } from './call-transaction'
import type { HookContext } from '../declarations'
import { asCaller } from '../access/caller'
import { clinicError } from '../errors'
import { singleFlight } from '../single-flight'

/** What records that belong to a customer need to know of it. */
export interface VisibleCustomer {
  _id: string
  branchId: string
}

/**
 * The customer, as the caller may see it: read through the customers service with the
 * caller's identity, so its rules (company, branches) decide. Unknown, another company's or
 * not visible to the caller: NotFound. Internal calls see every customer.
 */
export function visibleCustomer(context: HookContext, customerId: string): Promise<VisibleCustomer> {
  const identity = context.params.provider ? context.params.identity : undefined
  // A write sees its own transaction's rows: its check is its own.
  if (!identity || transactionOf(context.params)) return readVisibleCustomer(context, customerId)
  // The same person's reads at the same moment (treatment-record's sections) share one check.
  return sharedCheck(identity, customerId, () => readVisibleCustomer(context, customerId))
}

/**
 * Checks running now, by the caller's identity (read afresh for every call, or shared by calls of
 * one session at the same moment: access/identity.ts) and patient. Nothing is kept once a check ends.
 */
const sharedCheck = singleFlight<VisibleCustomer>()

function readVisibleCustomer(context: HookContext, customerId: string): Promise<VisibleCustomer> {
  // Only what the callers use: the whole card would be read, decoded and shaped for nothing.
  const params = asCaller(context.params)
  return context.app.service('customers').get(customerId, { ...params, query: { $select: ['_id', 'branchId'] } }) as Promise<VisibleCustomer>
}

/**
 * For `find` on records that belong to a customer (notes, cabinet links): an external find
 * names one customer the caller can see; `sort` applies unless the client sorts otherwise.
 */
export const findOfVisibleCustomer = (sort: Record<string, 1 | -1>) => async (context: HookContext) => {
  const query = context.params.query ?? {}
  if (context.params.provider) {
    if (typeof query.customerId !== 'string') throw clinicError(BadRequest, 'invalid-request', 'customerId')
    await visibleCustomer(context, query.customerId)
  }
  if (!query.$sort) context.params.query = { ...query, $sort: sort }
}

/**
 * For `get`, `patch` and `remove` by id: the record is there for the caller only while its
 * customer is visible to them (a branch that may not see the customer may not see its notes).
 */
export async function ofVisibleCustomer(context: HookContext) {
  if (!context.params.provider) return
  const record = (await context.service.get(context.id!, { ...inCallTransaction(context.params), query: { companyId: context.params.query?.companyId } })) as { customerId: string }
  await visibleCustomer(context, record.customerId)
}
