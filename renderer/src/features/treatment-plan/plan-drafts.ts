import type { PlanItem, PlanPhase, TreatmentPlan, TreatmentPlanData } from '../../../../server/src/services/clinical/treatment-plan/treatment-plan.shared'
import { countedItems, type PlanItemStatus, type Urgency } from '../../../../domain/clinical/treatment-plans'

/** What the server takes for the phases of a plan (create and patch). */
export type PhaseInput = NonNullable<TreatmentPlanData['phases']>[number]
export type ItemInput = PhaseInput['items'][number]

/**
 * A phase to append, as bundles and treatment templates give them (the lead wires "add a bundle
 * as a phase" and "fill from a template" through `appendPhaseDrafts`).
 */
export interface PhaseDraft {
  title?: string
  items: Array<{ serviceId: string; quantity: number; teeth?: number[]; surfaces?: string[]; urgency?: Urgency }>
}

/** An item as written back: its id keeps its price snapshot and progress on the server. */
export function itemInput(item: PlanItem): ItemInput {
  return {
    _id: item._id,
    serviceId: item.serviceId,
    teeth: item.teeth.map((entry) => ({ tooth: entry.tooth, surfaces: [...entry.surfaces] })),
    quantity: item.quantity,
    price: item.price,
    discount: item.discount,
    doctorId: item.doctorId,
    urgency: item.urgency,
    alternativeGroup: item.alternativeGroup,
    alternative: item.alternative
  }
}

/** The plan's phases as the server takes them back, unchanged. */
export function phasesInput(phases: readonly PlanPhase[]): PhaseInput[] {
  return phases.map((phase) => ({ _id: phase._id, title: phase.title, items: phase.items.map(itemInput) }))
}

/**
 * Phases with drafts appended at the end, each a new phase: every draft item becomes a planned
 * item on its teeth (the draft's surfaces on each of them; none: the whole tooth or mouth).
 */
export function appendPhaseDrafts(phases: readonly PhaseInput[], drafts: readonly PhaseDraft[]): PhaseInput[] {
  const added = drafts.map((draft): PhaseInput => ({
    title: draft.title ?? '',
    items: draft.items.map((item) => ({
      serviceId: item.serviceId,
      quantity: Math.max(1, Math.round(item.quantity)),
      teeth: (item.teeth ?? []).map((tooth) => ({ tooth, surfaces: [...(item.surfaces ?? [])] })),
      urgency: item.urgency ?? 'planned'
    }))
  }))
  return [...phases, ...added]
}

/** Moves a phase one place up (-1) or down (+1); out of range leaves the order. */
export function movePhase<T>(phases: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step
  if (target < 0 || target >= phases.length) return [...phases]
  const next = [...phases]
  ;[next[index], next[target]] = [next[target], next[index]]
  return next
}

/** The plan's alternative groups with their options (and the items of each option), for the accept dialog. */
export function groupsOf(plan: TreatmentPlan): Array<{ group: string; options: Array<{ option: string; items: PlanItem[] }> }> {
  const groups = new Map<string, Map<string, PlanItem[]>>()
  for (const item of plan.phases.flatMap((phase) => phase.items)) {
    if (!item.alternativeGroup || item.status === 'rejected') continue
    const options = groups.get(item.alternativeGroup) ?? new Map<string, PlanItem[]>()
    const option = item.alternative ?? ''
    options.set(option, [...(options.get(option) ?? []), item])
    groups.set(item.alternativeGroup, options)
  }
  return [...groups].map(([group, options]) => ({ group, options: [...options].map(([option, items]) => ({ option, items })) }))
}

/** Items of a phase that count in its money (the first option of an open alternative). */
export function countedIds(plan: TreatmentPlan): Set<string> {
  return new Set(countedItems(plan.phases.flatMap((phase) => phase.items)).map((item) => item._id))
}

/** Planned items of the patient's live plans, by tooth: what the chart shows as planned. */
export function plannedTeeth(plans: readonly TreatmentPlan[]): Map<number, string[]> {
  const teeth = new Map<number, string[]>()
  for (const plan of plans) {
    if (plan.status === 'rejected' || plan.status === 'done') continue
    for (const item of plan.phases.flatMap((phase) => phase.items)) {
      if (item.status !== 'planned') continue
      for (const entry of item.teeth) teeth.set(entry.tooth, [...(teeth.get(entry.tooth) ?? []), item.serviceName])
    }
  }
  return teeth
}

/** Open items a treatment done may complete: planned items of accepted or partially done plans. */
export function openPlanItems(plans: readonly TreatmentPlan[]): Array<{ plan: TreatmentPlan; phase: PlanPhase; item: PlanItem }> {
  return plans
    .filter((plan) => plan.status === 'accepted' || plan.status === 'partially-done')
    .flatMap((plan) => plan.phases.flatMap((phase) => phase.items.filter((item) => item.status === ('planned' satisfies PlanItemStatus)).map((item) => ({ plan, phase, item }))))
}
