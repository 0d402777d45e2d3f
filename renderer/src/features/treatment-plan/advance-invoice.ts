import { itemAmount, planInvoiceable } from '../../../../domain/clinical/treatment-plans'
import type { PlanItem, TreatmentPlan } from '../../../../server/src/services/clinical/treatment-plan/treatment-plan.shared'

/**
 * The items an advance invoice can ask for: planned (not done, which its visit invoices, nor
 * rejected), and on no invoice that stands (`invoiced`: plan item ids of the patient's invoices
 * not cancelled).
 */
export function advanceItems(plan: Pick<TreatmentPlan, 'status' | 'phases'>, invoiced: ReadonlySet<string>): PlanItem[] {
  if (!planInvoiceable(plan.status)) return []
  return plan.phases.flatMap((phase) => phase.items).filter((item) => item.status === 'planned' && !invoiced.has(item._id))
}

/** Plan item ids on the lines of invoices (those not cancelled, as asked of the server). */
export function invoicedPlanItems(invoices: ReadonlyArray<{ lines?: ReadonlyArray<{ planItemId?: string | null }> }>): Set<string> {
  return new Set(invoices.flatMap((invoice) => (invoice.lines ?? []).map((line) => line.planItemId)).filter((id): id is string => Boolean(id)))
}

/** What the chosen items come to before the patient's discount (the invoice applies it). */
export const chosenAmount = (items: readonly PlanItem[], chosen: ReadonlySet<string>) => items.filter((item) => chosen.has(item._id)).reduce((sum, item) => sum + itemAmount(item), 0)
