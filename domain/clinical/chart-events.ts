import {
  findingProblems, isConditionCode, isToothCondition,
  type ChartFinding, type ConditionCode, type FindingProblem, type FindingStatus, type ToothChartState, type ToothCondition
} from './conditions'
import { isSurface, type Surface } from './surfaces'
import { isFdiTooth, type FdiTooth } from './teeth'

/**
 * The dental chart is a projection of events, never overwritten (issue 14, docs/decisions/
 * clinical.md "Chart events"). An `add` event charts one thing on one tooth: a condition code
 * (with its status, surfaces, degree) or a whole-tooth condition. A `remove` event ends one
 * earlier `add` (`endsEventId`); nothing is ever changed or deleted, so the chart of any earlier
 * instant is the same function over the events up to it.
 */
export type ChartEventAction = 'add' | 'remove'

/** The fields of a stored chart event the projection reads (the `tooth` service's record). */
export interface ChartEvent {
  _id: string
  tooth: FdiTooth
  action: ChartEventAction
  code?: ConditionCode | null
  condition?: ToothCondition | null
  status?: FindingStatus | null
  surfaces?: Surface[] | null
  degree?: number | null
  endsEventId?: string | null
  /** ISO instant; events of one instant keep their id order (ids are time-ordered UUIDv7). */
  createdAt: string
}

/** Events in the order they happened. */
export function chronological<E extends ChartEvent>(events: readonly E[]): E[] {
  return [...events].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0))
}

const at = (instant: string | null | undefined) => (instant ? Date.parse(instant) : Number.POSITIVE_INFINITY)

/**
 * The `add` events still on the chart at `asOf` (every event when null), oldest first: those
 * written by then and not ended by a `remove` written by then.
 */
export function activeEvents<E extends ChartEvent>(events: readonly E[], asOf?: string | null): E[] {
  const limit = at(asOf)
  const upTo = chronological(events).filter((event) => Date.parse(event.createdAt) <= limit)
  const ended = new Set(upTo.filter((event) => event.action === 'remove' && event.endsEventId).map((event) => event.endsEventId))
  return upTo.filter((event) => event.action === 'add' && !ended.has(event._id))
}

/** An event's finding as the odontogram draws it; null for a condition event. */
export function findingOf(event: ChartEvent): ChartFinding | null {
  if (!event.code) return null
  const degree = event.degree === 1 || event.degree === 2 || event.degree === 3 ? event.degree : undefined
  return {
    code: event.code,
    status: event.status ?? 'existing',
    ...(event.surfaces && event.surfaces.length > 0 ? { surfaces: [...event.surfaces] } : {}),
    ...(degree ? { degree } : {})
  }
}

/**
 * The chart as it stood at `asOf` (now when null), by FDI tooth: the latest active whole-tooth
 * condition, and the active findings in the order they were charted (the odontogram draws the
 * later one over an earlier one on a surface). Teeth with nothing charted are left out.
 */
export function chartAsOf(events: readonly ChartEvent[], asOf?: string | null): Record<number, ToothChartState> {
  const chart: Record<number, ToothChartState> = {}
  for (const event of activeEvents(events, asOf)) {
    const state = (chart[event.tooth] ??= {})
    if (event.condition) {
      if (event.condition === 'intact') delete state.condition
      else state.condition = event.condition
      continue
    }
    const finding = findingOf(event)
    if (finding) state.findings = [...(state.findings ?? []), finding]
  }
  for (const [tooth, state] of Object.entries(chart)) if (!state.condition && !state.findings) delete chart[Number(tooth)]
  return chart
}

/** One tooth's events, newest first (its history panel). */
export function toothHistory<E extends ChartEvent>(events: readonly E[], tooth: FdiTooth): E[] {
  return chronological(events.filter((event) => event.tooth === tooth)).reverse()
}

/** What a new `add` event may be wrong about, as message codes (domain/messages.ts). */
export type ChartEventProblem =
  | 'tooth-unknown' | 'condition-code-unknown' | 'chart-entry-required' | 'surface-not-on-tooth'
  | 'surfaces-required' | 'surfaces-not-allowed' | 'degree-required' | 'degree-not-allowed'

const problemCodes: Record<FindingProblem, ChartEventProblem> = {
  surfacesRequired: 'surfaces-required',
  surfacesNotAllowed: 'surfaces-not-allowed',
  surfaceNotOnTooth: 'surface-not-on-tooth',
  degreeRequired: 'degree-required',
  degreeNotAllowed: 'degree-not-allowed'
}

/** The entry one tooth gets from an `add`: exactly one of a code or a whole-tooth condition. */
export interface ChartEntry {
  tooth: unknown
  surfaces?: unknown
  code?: unknown
  condition?: unknown
  degree?: unknown
}

/**
 * The first problem of an `add` on one tooth, with the field it is about, or null. Surfaces are
 * taken as stored (the client normalises typed letters per tooth with normalizeSurface), so an
 * occlusal surface on an incisor is refused rather than guessed.
 */
export function chartEntryProblem(entry: ChartEntry): { code: ChartEventProblem; field: string } | null {
  if (!isFdiTooth(entry.tooth)) return { code: 'tooth-unknown', field: 'tooth' }
  const surfaces = Array.isArray(entry.surfaces) ? entry.surfaces : []
  if (surfaces.some((surface) => !isSurface(surface))) return { code: 'surface-not-on-tooth', field: 'surfaces' }
  const hasCode = entry.code !== undefined && entry.code !== null
  const hasCondition = entry.condition !== undefined && entry.condition !== null
  if (hasCode === hasCondition) return { code: 'chart-entry-required', field: 'code' }
  if (hasCondition) {
    if (!isToothCondition(entry.condition)) return { code: 'condition-code-unknown', field: 'condition' }
    if (surfaces.length > 0) return { code: 'surfaces-not-allowed', field: 'surfaces' }
    if (entry.degree !== undefined && entry.degree !== null) return { code: 'degree-not-allowed', field: 'degree' }
    return null
  }
  if (!isConditionCode(entry.code)) return { code: 'condition-code-unknown', field: 'code' }
  const degree = entry.degree === null ? undefined : entry.degree
  const problems = findingProblems(entry.tooth, { code: entry.code, status: 'existing', surfaces: surfaces as Surface[], degree: degree as 1 | 2 | 3 | undefined })
  const first = problems[0]
  return first ? { code: problemCodes[first], field: first.startsWith('degree') ? 'degree' : 'surfaces' } : null
}
