import { BadRequest, Forbidden } from '@feathersjs/errors'
import type { HookContext } from '../../declarations'
import { branchScope } from '../../access/branch-scope'
import { callerMay } from '../../access/access'
import { asCaller } from '../../access/caller'
import { clinicError } from '../../errors'
import type { Customer } from '../customers/customers.schema'

/** True when the caller sees every doctor's appointments (seeAll on appointment), or is the server. */
export function seesAllAppointments(context: HookContext): boolean {
  return callerMay(context, 'appointment', 'seeAll')
}

/** Whether `staffId` satisfies the client's own staffId condition (equality, $in, $nin, $ne). */
function staffSatisfies(staffId: string, condition: unknown): boolean {
  if (condition === undefined) return true
  if (typeof condition !== 'object' || condition === null) return condition === staffId
  return Object.entries(condition).every(([operator, value]) => {
    if (operator === '$in') return (value as string[]).includes(staffId)
    if (operator === '$nin') return !(value as string[]).includes(staffId)
    if (operator === '$ne') return value !== staffId
    return false
  })
}

/**
 * Before find/get/patch/remove: the caller's branches (like customers), and for a doctor
 * without seeAll on appointment only their own appointments, so another doctor's is not found.
 */
export function appointmentScope(context: HookContext) {
  branchScope(context)
  if (!context.params.provider || seesAllAppointments(context)) return
  const query = (context.params.query ?? {}) as Record<string, unknown>
  const self = context.params.identity!.user._id
  context.params.query = { ...query, staffId: staffSatisfies(self, query.staffId) ? self : { $in: [] } }
}

/** Moves `query.$series` (patch, remove: this occurrence or the rest of its series) into params. */
export function seriesOption(context: HookContext) {
  const query = (context.params.query ?? {}) as Record<string, unknown>
  if (!('$series' in query)) return
  const { $series, ...rest } = query
  context.params.appointmentSeries = $series as 'this' | 'following'
  context.params.query = rest
}

/** Before patch: where the service notes a change of doctor for the events (see appointment-publish.ts). */
export function noteMoves(context: HookContext) {
  context.params.appointmentMove = {}
}

/** After validation, moves the create/patch options `overrideWorkingHours` and `waitingListId` into params. */
export function bookingOptions(context: HookContext) {
  const data = context.data as Record<string, unknown> | undefined
  if (!data || typeof data !== 'object' || Array.isArray(data)) return
  const { overrideWorkingHours, waitingListId, ...rest } = data
  if (overrideWorkingHours !== undefined) context.params.overrideWorkingHours = overrideWorkingHours === true
  if (waitingListId !== undefined) context.params.waitingListId = waitingListId as string
  context.data = rest
}

/**
 * Before create/patch: a customer is named ("No customer was selected"), one the caller may see,
 * and not blacklisted unless the caller is an administrator (seeAll on customers).
 */
export async function checkAppointmentCustomer(context: HookContext) {
  const data = context.data as { customerId?: string | null }
  if (context.method === 'patch' && data.customerId === undefined) return
  if (!data.customerId) throw clinicError(BadRequest, 'no-customer', 'customerId')
  const customer = (await context.app.service('customers').get(data.customerId, asCaller(context.params))) as Customer
  if (customer.blacklisted && !callerMay(context, 'customers', 'seeAll')) throw clinicError(Forbidden, 'customer-blacklisted', 'customerId')
}
