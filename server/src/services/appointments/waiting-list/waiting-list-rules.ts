import { BadRequest } from '@feathersjs/errors'
import { inCallTransaction } from '../../../hooks/call-transaction'
import type { HookContext } from '../../../declarations'
import { clinicError } from '../../../errors'
import { visibleCustomer } from '../../../hooks/customer-visibility'
import type { WaitingListEntry } from './waiting-list.schema'

type Window = Pick<WaitingListEntry, 'dateFrom' | 'dateTo' | 'timeFrom' | 'timeTo'>

/**
 * Before create/patch: a customer the caller can see is named, and the windows are not empty
 * (dateFrom <= dateTo, timeFrom < timeTo; a patch is checked merged with the stored entry).
 */
export async function checkWaitingListEntry(context: HookContext) {
  const data = context.data as Partial<WaitingListEntry> & { customerId?: string | null }
  if (context.method === 'create') {
    if (!data.customerId) throw clinicError(BadRequest, 'no-customer', 'customerId')
    await visibleCustomer(context, data.customerId)
  }
  let window: Window = data as Window
  if (context.method === 'patch') {
    const current = (await context.service.get(context.id!, { ...inCallTransaction(context.params), query: { ...(context.params.query ?? {}) } })) as WaitingListEntry
    window = { ...current, ...Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined)) } as Window
  }
  if (window.dateFrom > window.dateTo) throw clinicError(BadRequest, 'invalid-range', 'dateTo')
  if (window.timeFrom >= window.timeTo) throw clinicError(BadRequest, 'invalid-range', 'timeTo')
}
