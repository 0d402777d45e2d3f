import type { Params } from '@feathersjs/feathers'
import { BadRequest, Conflict } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { clinicError } from '../../../errors'
import { newId } from '../../../hooks/ids'
import { lineAmount } from '../../../../../domain/billing/money'
import { planInvoiceable } from '../../../../../domain/clinical/treatment-plans'
import { invoiceTreatments } from '../../clinical/treatment/treatment-billing'
import { plansOfCustomer } from '../../clinical/treatment-plan/plan-items'
import { invoicedPlanItems } from './invoice-rows'
import type { InvoiceData, InvoiceLine } from './invoices.schema'

/** The lines of a new invoice and what they tell it (the visit's branch and doctor). */
export interface LinesMade {
  lines: InvoiceLine[]
  branchId: string | null
  appointmentId: string | null
}


/**
 * Lines from treatments done: the treatment area marks them invoiced (and refuses those already
 * billed) in this transaction; each line copies the treatment's snapshot. A treatment that
 * completed a plan item already invoiced in advance is refused (`invoice-plan-item-billed`):
 * that money is asked for once.
 */
async function fromTreatments(app: Application, params: Params, db: Knex, companyId: string, data: InvoiceData, invoiceId: string): Promise<LinesMade> {
  const treatments = await invoiceTreatments(app, params, { companyId, customerId: data.customerId, treatmentIds: data.treatmentIds, appointmentId: data.appointmentId }, invoiceId)
  const planned = treatments.map((line) => line.planItemId).filter((id): id is string => Boolean(id))
  const already = await invoicedPlanItems(db, companyId, planned)
  const twice = treatments.findIndex((line) => line.planItemId && already.has(line.planItemId))
  if (twice >= 0) throw clinicError(Conflict, 'invoice-plan-item-billed', data.treatmentIds ? `treatmentIds.${twice}` : 'appointmentId')
  const lines = treatments.map((line, position): InvoiceLine => ({
    _id: newId(), position, treatmentId: line._id, planItemId: line.planItemId ?? null,
    serviceId: line.serviceId, serviceName: line.serviceName, serviceCode: line.serviceCode,
    teeth: line.teeth, doctorId: line.doctorId, price: line.price, quantity: line.quantity, discountPercent: 0,
    amount: lineAmount({ price: line.price, quantity: line.quantity, discountPercent: 0 })
  }))
  return { lines, branchId: treatments[0].branchId, appointmentId: data.appointmentId ?? (new Set(treatments.map((line) => line.appointmentId)).size === 1 ? treatments[0].appointmentId : null) }
}

/**
 * Lines from items of the patient's accepted plans (an advance invoice): the item's price
 * snapshot, quantity, discount and doctor (the plan's when the item has none). An item of a
 * plan not accepted, rejected, or already on an invoice not cancelled is refused at its path.
 */
async function fromPlanItems(db: Knex, companyId: string, data: InvoiceData): Promise<LinesMade> {
  const ids = data.planItemIds ?? []
  const plans = await plansOfCustomer(db, companyId, data.customerId)
  const already = await invoicedPlanItems(db, companyId, ids)
  const lines = ids.map((id, position): InvoiceLine => {
    const path = `planItemIds.${position}`
    const plan = plans.find((entry) => entry.phases.some((phase) => phase.items.some((item) => item._id === id)))
    const item = plan?.phases.flatMap((phase) => phase.items).find((entry) => entry._id === id)
    if (!plan || !item) throw clinicError(BadRequest, 'plan-item-unknown', path)
    if (!planInvoiceable(plan.status)) throw clinicError(Conflict, 'plan-not-accepted', path)
    if (item.status === 'rejected') throw clinicError(Conflict, 'plan-item-not-open', path)
    if (already.has(id)) throw clinicError(Conflict, 'invoice-plan-item-billed', path)
    return {
      _id: newId(), position, treatmentId: null, planItemId: id,
      serviceId: item.serviceId, serviceName: item.serviceName, serviceCode: item.serviceCode,
      teeth: item.teeth.map((tooth) => ({ tooth: tooth.tooth, surfaces: tooth.surfaces ?? [] })),
      doctorId: item.doctorId ?? plan.doctorId ?? null, price: item.price, quantity: item.quantity, discountPercent: item.discount,
      amount: lineAmount({ price: item.price, quantity: item.quantity, discountPercent: item.discount })
    }
  })
  return { lines, branchId: plan0Branch(plans, ids[0]), appointmentId: null }
}

const plan0Branch = (plans: Awaited<ReturnType<typeof plansOfCustomer>>, itemId: string | undefined) =>
  plans.find((plan) => plan.phases.some((phase) => phase.items.some((item) => item._id === itemId)))?.branchId ?? null

/** Exactly one source: a visit, treatments, or plan items (`invoice-source-required` otherwise). */
export async function makeLines(app: Application, params: Params, db: Knex, companyId: string, data: InvoiceData, invoiceId: string): Promise<LinesMade> {
  const sources = [data.appointmentId, data.treatmentIds, data.planItemIds].filter((source) => source !== undefined)
  if (sources.length !== 1) throw clinicError(BadRequest, 'invoice-source-required', 'treatmentIds')
  return data.planItemIds ? fromPlanItems(db, companyId, data) : fromTreatments(app, params, db, companyId, data, invoiceId)
}
