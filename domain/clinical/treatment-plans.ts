/**
 * Treatment plans (the `treatment-plan` service, issue 15 items 1 and 2): pure rules shared by the
 * server and the screens. A plan has phases (ordered visits) of items; money is integer minor
 * units. docs/decisions/clinical-treatment-plans.md explains the choices.
 */

/** Stored states. `expired` is never stored: a presented plan whose prices ran out reads as expired. */
export const planStatuses = ['draft', 'presented', 'accepted', 'partially-done', 'done', 'rejected'] as const
export type StoredPlanStatus = (typeof planStatuses)[number]
export type PlanStatus = StoredPlanStatus | 'expired'
export const shownPlanStatuses: readonly PlanStatus[] = ['draft', 'presented', 'expired', 'accepted', 'partially-done', 'done', 'rejected']

export const urgencies = ['urgent', 'planned', 'optional'] as const
export type Urgency = (typeof urgencies)[number]

/** An item: planned (open), done by a treatment, or rejected (an alternative not chosen, or the plan refused). */
/** Plans whose items may be invoiced, ahead of the work too (an advance invoice). */
const INVOICEABLE: ReadonlySet<string> = new Set<StoredPlanStatus>(['accepted', 'partially-done', 'done'])
export const planInvoiceable = (status: string) => INVOICEABLE.has(status)

export const itemStatuses = ['planned', 'done', 'rejected'] as const
export type PlanItemStatus = (typeof itemStatuses)[number]

/** Prices of a plan hold this many days from its consultation (spec section 9). */
export const PRICE_VALID_DAYS = 180

/** The actions a person takes on a plan (the rest, partially done and done, follow from treatments). */
export const planActions = ['present', 'revise', 'accept', 'reject', 'reprice'] as const
export type PlanAction = (typeof planActions)[number]

export interface PlanItemTooth {
  tooth: number
  surfaces: readonly string[]
}

export interface PlanItemLike {
  _id: string
  quantity: number
  /** Price of one unit, minor units. */
  price: number
  /** Percent 0..100 off this item. */
  discount: number
  status: PlanItemStatus
  alternativeGroup: string | null
  alternative: string | null
}

export interface PlanPhaseLike<I extends PlanItemLike = PlanItemLike> {
  _id: string
  items: readonly I[]
  appointmentId?: string | null
}

/** The last day (YYYY-MM-DD) prices of a consultation on `consultationDate` hold. */
export function priceValidUntil(consultationDate: string): string {
  const [year, month, day] = consultationDate.split('-').map(Number)
  const end = new Date(Date.UTC(year, month - 1, day + PRICE_VALID_DAYS))
  return end.toISOString().slice(0, 10)
}

/** Prices are outdated on `today` (company-local YYYY-MM-DD) once the 180 days are over. */
export function pricesOutdated(consultationDate: string, today: string): boolean {
  return today > priceValidUntil(consultationDate)
}

/** The state a person sees: a presented plan whose prices ran out is expired until re-priced. */
export function shownStatus(status: StoredPlanStatus, consultationDate: string, today: string): PlanStatus {
  return status === 'presented' && pricesOutdated(consultationDate, today) ? 'expired' : status
}

/**
 * Which action is allowed from which shown state (the state machine, docs/decisions):
 * - draft → presented (present) or rejected;
 * - presented → accepted (accept, choosing alternatives), rejected, or draft again (revise, to edit);
 * - expired → presented again by re-pricing (reprice), or rejected, or draft (revise);
 * - accepted / partially done: reject (the patient stops; done items stay done), reprice open items;
 * - accepted ↔ partially done ↔ done follow from treatments done (planProgress), never by hand;
 * - rejected → draft (revise: the patient came back); done is final.
 */
const allowed: Record<PlanStatus, readonly PlanAction[]> = {
  draft: ['present', 'reject', 'reprice'],
  presented: ['accept', 'reject', 'revise', 'reprice'],
  expired: ['reprice', 'reject', 'revise'],
  accepted: ['reject', 'reprice'],
  'partially-done': ['reject', 'reprice'],
  done: [],
  rejected: ['revise']
}

export function allowedActions(status: PlanStatus): readonly PlanAction[] {
  return allowed[status]
}

export function mayAct(status: PlanStatus, action: PlanAction): boolean {
  return allowed[status].includes(action)
}

/** The contents (phases, items, title...) are edited only in a draft or a presented plan (presented goes back to draft). */
export function editable(status: PlanStatus): boolean {
  return status === 'draft' || status === 'presented' || status === 'expired'
}

/** The state after an action (accept is partially done straight away when some item was done before). */
export function afterAction(action: PlanAction, current: StoredPlanStatus): StoredPlanStatus {
  switch (action) {
    case 'present':
      return 'presented'
    case 'revise':
      return 'draft'
    case 'accept':
      return 'accepted'
    case 'reject':
      return 'rejected'
    case 'reprice':
      return current
  }
}

/** An item's amount after its own discount: price × quantity, less the percent, rounded to a minor unit. */
export function itemAmount(item: Pick<PlanItemLike, 'price' | 'quantity' | 'discount'>): number {
  const gross = item.price * item.quantity
  return gross - Math.round((gross * item.discount) / 100)
}

export interface Totals {
  /** Sum of items after their own discounts. */
  subtotal: number
  /** The patient's discount on the subtotal. */
  discount: number
  total: number
}

function totalsOf(amount: number, patientDiscount: number): Totals {
  const discount = Math.round((amount * patientDiscount) / 100)
  return { subtotal: amount, discount, total: amount - discount }
}

/** Items that count in the money: not rejected (a plan before acceptance counts every alternative's first option only). */
export function countedItems<I extends PlanItemLike>(items: readonly I[]): I[] {
  const firstOption = new Map<string, string>()
  for (const item of items) {
    if (item.alternativeGroup && item.status !== 'rejected' && !firstOption.has(item.alternativeGroup)) firstOption.set(item.alternativeGroup, item.alternative ?? '')
  }
  return items.filter((item) => item.status !== 'rejected' && (!item.alternativeGroup || firstOption.get(item.alternativeGroup) === (item.alternative ?? '')))
}

/**
 * Totals of each phase and of the plan, with the patient's discount (percent 0..100, the
 * customer's `discount`). Rejected items never count; of an open alternative group only the
 * first option counts (the others are choices, not additions). The plan's discount is
 * computed on the plan's subtotal, each phase's on its own (so phases may differ from the plan
 * by a rounding unit).
 */
export function planTotals<I extends PlanItemLike>(phases: readonly PlanPhaseLike<I>[], patientDiscount: number): { phases: Totals[]; plan: Totals } {
  const all = phases.flatMap((phase) => phase.items)
  const counted = new Set(countedItems(all).map((item) => item._id))
  const phaseTotals = phases.map((phase) => totalsOf(phase.items.filter((item) => counted.has(item._id)).reduce((sum, item) => sum + itemAmount(item), 0), patientDiscount))
  const planAmount = all.filter((item) => counted.has(item._id)).reduce((sum, item) => sum + itemAmount(item), 0)
  return { phases: phaseTotals, plan: totalsOf(planAmount, patientDiscount) }
}

/** The options of each alternative group, in order of first appearance. */
export function alternativeGroups(items: readonly PlanItemLike[]): Map<string, string[]> {
  const groups = new Map<string, string[]>()
  for (const item of items) {
    if (!item.alternativeGroup) continue
    const options = groups.get(item.alternativeGroup) ?? []
    const option = item.alternative ?? ''
    if (!options.includes(option)) options.push(option)
    groups.set(item.alternativeGroup, options)
  }
  return groups
}

export type AcceptProblem = { code: 'plan-choice-missing' | 'plan-choice-unknown'; path: string }

/**
 * What accepting with `choices` (group → option) does to the items: the chosen option's items stay
 * planned, the group's other options are rejected. Every group with two options or more needs
 * a choice; a choice must name a group and one of its options.
 */
export function acceptChoices(items: readonly PlanItemLike[], choices: Readonly<Record<string, string>>): { rejected: string[] } | AcceptProblem {
  const groups = alternativeGroups(items.filter((item) => item.status !== 'rejected'))
  for (const [group, option] of Object.entries(choices)) {
    if (!groups.get(group)?.includes(option)) return { code: 'plan-choice-unknown', path: `choices.${group}` }
  }
  for (const [group, options] of groups) {
    if (options.length > 1 && choices[group] === undefined) return { code: 'plan-choice-missing', path: `choices.${group}` }
  }
  const rejected = items
    .filter((item) => item.status === 'planned' && item.alternativeGroup && choices[item.alternativeGroup] !== undefined && (item.alternative ?? '') !== choices[item.alternativeGroup])
    .map((item) => item._id)
  return { rejected }
}

/**
 * The state a plan's items give an accepted plan: done when every item not rejected is done,
 * partially done when some are, accepted when none. Other states are left as they are.
 */
export function planProgress(status: StoredPlanStatus, items: readonly PlanItemLike[]): StoredPlanStatus {
  if (status !== 'accepted' && status !== 'partially-done' && status !== 'done') return status
  const live = items.filter((item) => item.status !== 'rejected')
  const done = live.filter((item) => item.status === 'done').length
  if (live.length > 0 && done === live.length) return 'done'
  return done > 0 ? 'partially-done' : 'accepted'
}

/** Items a treatment done may complete: planned items of an accepted or partially done plan. */
export function completable(status: StoredPlanStatus): boolean {
  return status === 'accepted' || status === 'partially-done'
}

/**
 * "Accepted but not scheduled": an accepted or partially done plan with a phase that still has
 * planned items and no appointment booked for it.
 */
export function needsBooking(status: StoredPlanStatus, phases: readonly PlanPhaseLike[]): boolean {
  if (!completable(status)) return false
  return phases.some((phase) => !phase.appointmentId && phase.items.some((item) => item.status === 'planned'))
}

/** A phase's booking length: the sum of its planned items' durations × quantity, at least `minimum` minutes. */
export function phaseDuration(items: ReadonlyArray<{ duration: number; quantity: number; status: PlanItemStatus }>, minimum = 15): number {
  const total = items.filter((item) => item.status === 'planned').reduce((sum, item) => sum + item.duration * item.quantity, 0)
  return Math.max(minimum, total)
}
