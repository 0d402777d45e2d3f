import { BadRequest } from '@feathersjs/errors'
import type { HookContext } from '../../../declarations'
import { chartEntryProblem } from '../../../../../domain/clinical/chart-events'
import { clinicError } from '../../../errors'
import { visibleCustomer } from '../../../hooks/customer-visibility'
import { transactionOf } from '../../../hooks/call-transaction'
import { toothEventCodec } from './tooth-rows'
import type { ToothEvent, ToothEventData, ToothParams } from './tooth.class'

/** The patient is one the caller may see (NotFound otherwise, as for the customer itself). */
export async function onVisibleCustomer(context: HookContext) {
  const data = context.data as ToothEventData
  await visibleCustomer(context, data.customerId)
}

/**
 * An `add` names teeth, each valid with its surfaces for the code or condition (the domain's
 * chartEntryProblem; the error's path names the tooth's place in `teeth`); a `remove` names an
 * event of the same patient that is still on the chart and carries nothing else.
 */
export async function checkChartEntry(context: HookContext) {
  const data = context.data as ToothEventData
  if (data.action === 'remove') return checkRemoval(context, data)
  if (!data.teeth) throw clinicError(BadRequest, 'field-required', 'teeth')
  if (data.endsEventId !== undefined) throw clinicError(BadRequest, 'invalid-request', 'endsEventId')
  const seen = new Set<number>()
  for (const [index, entry] of data.teeth.entries()) {
    const problem = chartEntryProblem({ ...entry, code: data.code, condition: data.condition, degree: data.degree })
    if (problem) throw clinicError(BadRequest, problem.code, problem.field === 'tooth' || problem.field === 'surfaces' ? `teeth.${index}.${problem.field}` : problem.field)
    if (seen.has(entry.tooth)) throw clinicError(BadRequest, 'invalid-request', `teeth.${index}.tooth`)
    seen.add(entry.tooth)
  }
}

async function checkRemoval(context: HookContext, data: ToothEventData) {
  if (!data.endsEventId) throw clinicError(BadRequest, 'field-required', 'endsEventId')
  for (const field of ['teeth', 'code', 'condition', 'status', 'degree'] as const) {
    if (data[field] !== undefined) throw clinicError(BadRequest, 'invalid-request', field)
  }
  const db = transactionOf(context.params) ?? context.app.get('db')
  const companyId = context.params.identity?.user.companyId
  const row = await db('tooth_events').where({ _id: data.endsEventId, customerId: data.customerId, ...(companyId ? { companyId } : {}) }).first()
  const ended = row ? toothEventCodec.fromDb<ToothEvent>(row) : undefined
  const already = ended && (await db('tooth_events').where({ endsEventId: ended._id, companyId: ended.companyId }).first('_id'))
  if (!ended || ended.action !== 'add' || already) throw clinicError(BadRequest, 'chart-entry-ended', 'endsEventId')
  ;(context.params as ToothParams).endedEvent = ended
}
