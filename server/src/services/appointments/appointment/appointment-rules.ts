import { BadRequest, Forbidden } from '@feathersjs/errors'
import type { HookContext } from '../../../declarations'
import { scopeRecords, type RecordScope } from '../../../access/record-scope'
import { callerMay } from '../../../access/access'
import { dbOf } from '../../../hooks/call-transaction'
import { clinicError } from '../../../errors'
import { customerSeenBy } from '../../customers/customers/customer-branches'

/** True when the caller sees every doctor's appointments (seeAll on appointment), or is the server. */
export function seesAllAppointments(context: HookContext): boolean {
  return callerMay(context, 'appointment', 'seeAll')
}

/**
 * Who sees which appointments (record-scope.ts): those of the branches they work in, and a
 * doctor without seeAll on appointment only their own (`staffId`), so another doctor's is not
 * found, not listed, not heard of, and not in their trash.
 */
export const appointmentRecordScope: RecordScope = { branch: {}, owner: { field: 'staffId', unlessSeeAll: 'appointment' } }

/** Before find/get/patch/remove: the appointments the caller may see (appointmentRecordScope). */
export const appointmentScope = scopeRecords(appointmentRecordScope)

/**
 * Before create/patch: a doctor without seeAll on appointment books only themselves, since an
 * appointment booked for a colleague would vanish from their own sight at once.
 */
export function ownBookingsOnly(context: HookContext) {
  if (!context.params.provider || seesAllAppointments(context)) return
  const staffId = (context.data as { staffId?: string } | undefined)?.staffId
  if (staffId !== undefined && staffId !== context.params.identity!.user._id) throw clinicError(Forbidden, 'appointment-own-only', 'staffId')
}

/**
 * Before create/patch: a customer is named ("No customer was selected"), one the caller may see,
 * and not blacklisted unless the caller is an administrator (seeAll on company: administrators and
 * directors by default; doctors and front desks see all customers but are not administrators).
 */
export async function checkAppointmentCustomer(context: HookContext) {
  const data = context.data as { customerId?: string | null }
  if (context.method === 'patch' && data.customerId === undefined) return
  if (!data.customerId) throw clinicError(BadRequest, 'no-customer', 'customerId')
  const identity = context.params.provider ? context.params.identity : undefined
  const customer = await customerSeenBy<{ blacklisted: unknown }>(dbOf(context.app, context.params), identity, data.customerId, ['blacklisted'])
  if (Boolean(customer.blacklisted) && !callerMay(context, 'company', 'seeAll')) throw clinicError(Forbidden, 'customer-blacklisted', 'customerId')
}
