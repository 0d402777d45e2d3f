import type { HookContext } from '../../../declarations'
import { inCallTransaction } from '../../../hooks/call-transaction'
import { findOfVisibleCustomer, visibleCustomer } from '../../../hooks/customer-visibility'
import { assertMaySeeDoctorDay } from './daily-log'
import { KIOSK_WINDOW_MS } from '../../../../../domain/documents/signing'

interface Subject {
  customerId: string | null
  sourceId: string | null
}

const newestFirst = findOfVisibleCustomer({ createdAt: -1, _id: -1 })

/**
 * Find: a patient's documents (among those who see the patient); a doctor's daily logs
 * (`kind: 'daily-log-037'` with the doctor as `sourceId`: the doctor and those who see every
 * doctor's visits); or the kiosk's list, documents awaiting a signature
 * (`status: 'awaiting-signature'`) asked for in the last hour, which the class keeps to the
 * patients the caller sees (documents.class.ts).
 */
export async function findVisibleDocuments(context: HookContext) {
  const query = context.params.query ?? {}
  if (context.params.provider && query.customerId === undefined && query.status === 'awaiting-signature') {
    // A tablet shows what was asked for in the last hour; an older request is signed from the patient's card.
    const since = new Date(Date.now() - KIOSK_WINDOW_MS).toISOString()
    context.params.query = { ...query, createdAt: { $gt: since }, $sort: query.$sort ?? { createdAt: -1, _id: -1 } }
    return
  }
  if (context.params.provider && query.kind === 'daily-log-037' && typeof query.sourceId === 'string' && query.customerId === undefined) {
    assertMaySeeDoctorDay(context.params, query.sourceId)
    context.params.query = { ...query, customerId: null, ...(query.$sort ? {} : { $sort: { createdAt: -1, _id: -1 } }) }
    return
  }
  await newestFirst(context)
}

/** Get and patch: a patient's document while the caller sees the patient; a daily log as its find. */
export async function visibleDocument(context: HookContext) {
  if (!context.params.provider) return
  const record = (await context.service.get(context.id!, { ...inCallTransaction(context.params), query: { companyId: context.params.query?.companyId } })) as Subject
  if (record.customerId) await visibleCustomer(context, record.customerId)
  else assertMaySeeDoctorDay(context.params, record.sourceId ?? '')
}
