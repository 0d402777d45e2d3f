import { countedItems, itemAmount, type PlanItemLike, type PlanPhaseLike, type StoredPlanStatus } from '../clinical/treatment-plans'

/**
 * Names and rules shared by the server and the screen of the treatment plans report
 * (`treatment-plan-reports`, docs/decisions/reports.md, "Treatment plans: presented, accepted,
 * done, unscheduled"). A plan counts in the period of its consultation day; its state is the one
 * it is in now (plans keep no history of their states).
 *
 * Plan figures (a count of plans and the sum of their value):
 * - presented: shown to the patient (presented or expired, accepted, partially done, done, rejected);
 * - waiting: presented (or expired) and not yet answered;
 * - accepted: accepted, partially done or done; partiallyDone and done are parts of it;
 * - rejected: refused.
 * Item figures, of accepted plans (a count of items and the sum of their value):
 * - itemsDone: done by a treatment;
 * - itemsScheduled: planned, their phase's visit still ahead;
 * - itemsUnscheduled: planned, with no visit ahead (none booked, or the booked one is over).
 * So accepted = itemsDone + itemsScheduled + itemsUnscheduled (in value), and
 * presented = waiting + accepted + rejected.
 */
export const planFigures = ['presented', 'waiting', 'accepted', 'partiallyDone', 'done', 'rejected'] as const
export type PlanFigure = (typeof planFigures)[number]
export const itemFigures = ['itemsDone', 'itemsScheduled', 'itemsUnscheduled'] as const
export type ItemFigure = (typeof itemFigures)[number]
export const treatmentPlanFigures = [...planFigures, ...itemFigures] as const
export type TreatmentPlanFigure = PlanFigure | ItemFigure

export const isItemFigure = (figure: TreatmentPlanFigure): figure is ItemFigure => (itemFigures as readonly string[]).includes(figure)

/** The plan figures a plan in `status` counts in (a draft in none). */
export function planFiguresOf(status: StoredPlanStatus): PlanFigure[] {
  switch (status) {
    case 'presented':
      return ['presented', 'waiting']
    case 'accepted':
      return ['presented', 'accepted']
    case 'partially-done':
      return ['presented', 'accepted', 'partiallyDone']
    case 'done':
      return ['presented', 'accepted', 'done']
    case 'rejected':
      return ['presented', 'rejected']
    default:
      return []
  }
}

/** The items that make a plan's value: not rejected, and of an open alternative only its first option (the plan's own rule). */
export function valuedItems<I extends PlanItemLike>(phases: ReadonlyArray<PlanPhaseLike<I>>): Array<{ item: I; phase: PlanPhaseLike<I> }> {
  const counted = new Set(countedItems(phases.flatMap((phase) => phase.items)).map((item) => item._id))
  return phases.flatMap((phase) => phase.items.filter((item) => counted.has(item._id)).map((item) => ({ item, phase })))
}

/** A plan's value in minor units: its valued items after their own discounts, before the patient's discount. */
export function planValue(phases: ReadonlyArray<PlanPhaseLike>): number {
  return valuedItems(phases).reduce((sum, { item }) => sum + itemAmount(item), 0)
}

/** Whole percent of `part` in `whole` (null when the whole is 0). */
export function acceptanceRate(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 100) : null
}

/**
 * Where a valued item of an accepted plan stands, as far as the plan alone tells: done, planned
 * with its phase linked to a visit (`booked`: scheduled while that visit is ahead, unscheduled
 * once it is over, which only the visits can say at the moment of the report), or planned with
 * no visit (`itemsUnscheduled`).
 */
export type ItemStanding = 'itemsDone' | 'booked' | 'itemsUnscheduled'

/** One counted thing of a plan: the plan itself (its figures, its value) or one of its items (its standing, its amount). */
export type PlanWeight<I extends PlanItemLike> =
  | { item: null; figures: PlanFigure[]; value: number }
  | { item: I; standing: ItemStanding; appointmentId: string | null; value: number }

/**
 * What a plan counts for in the report: the plan in its plan figures with its value, then, if it
 * is accepted, each valued item with where it stands. The one weighing both the report's raw read
 * and the plans' rollup use (clinical's plan-stats.ts), so they cannot disagree.
 */
export function weighPlan<I extends PlanItemLike>(status: StoredPlanStatus, phases: ReadonlyArray<PlanPhaseLike<I>>): Array<PlanWeight<I>> {
  const figures = planFiguresOf(status)
  const valued = valuedItems(phases)
  const weights: Array<PlanWeight<I>> = [{ item: null, figures, value: valued.reduce((sum, { item }) => sum + itemAmount(item), 0) }]
  if (!figures.includes('accepted')) return weights
  for (const { item, phase } of valued) {
    const booked = item.status === 'planned' && phase.appointmentId ? phase.appointmentId : null
    const standing: ItemStanding = item.status === 'done' ? 'itemsDone' : booked ? 'booked' : 'itemsUnscheduled'
    weights.push({ item, standing, appointmentId: standing === 'booked' ? booked : null, value: itemAmount(item) })
  }
  return weights
}
