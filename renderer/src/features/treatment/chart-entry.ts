import { addDays, dayStartInstant } from '../appointments/zoned-time'
import { chartEntryProblem, findingOf, type ChartEvent, type ChartEventProblem } from '../../../../domain/clinical/chart-events'
import { conditionCodes, conditionOf, type ConditionCode, type FindingStatus, type ToothCondition } from '../../../../domain/clinical/conditions'
import type { FdiTooth } from '../../../../domain/clinical/teeth'
import type { OdontogramSelection } from '../clinical/odontogram-selection'
import { describeFinding, type Translate } from '../clinical/tooth-description'

/**
 * The treatment tab's palette keys, read from KeyboardEvent.code so a Cyrillic layout works too:
 * the codes on the digit row in legend order (1 caries ... 0 missing, - periodontal disease,
 * = mobility), the statuses on Q W E. None is a key the odontogram itself uses (arrows, Space,
 * Enter, Esc, M O I D B F L P V).
 */
const codeKeys = ['Digit1', 'Digit2', 'Digit3', 'Digit4', 'Digit5', 'Digit6', 'Digit7', 'Digit8', 'Digit9', 'Digit0', 'Minus', 'Equal']
export const codeShortcuts: ReadonlyMap<ConditionCode, string> = new Map(conditionCodes.map((code, index) => [code, codeKeys[index]]))
const statusKeys: Record<string, FindingStatus> = { KeyQ: 'existing', KeyW: 'planned', KeyE: 'done' }
export const statusShortcuts: ReadonlyMap<FindingStatus, string> = new Map(Object.entries(statusKeys).map(([key, status]) => [status, key]))

/** The key as printed on the palette's button: "1", "-", "Q". */
export function keyLabel(code: string | undefined): string {
  if (!code) return ''
  if (code === 'Minus') return '-'
  if (code === 'Equal') return '='
  return code.replace(/^(Digit|Key)/, '')
}

export interface KeyPress {
  code?: string
  key: string
  ctrlKey?: boolean
  metaKey?: boolean
  altKey?: boolean
}

export type PaletteAction = { kind: 'code'; code: ConditionCode } | { kind: 'status'; status: FindingStatus } | { kind: 'degree'; degree: 1 | 2 | 3 }

/**
 * What a key press means to the palette. While a mobility code waits for its degree, 1 2 3 give
 * the degree; otherwise a digit-row key picks a code and Q W E a status. Modified keys are left alone.
 */
export function paletteKey(press: KeyPress, awaitingDegree: boolean): PaletteAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null
  const code = press.code ?? ''
  if (awaitingDegree) {
    const degree = { Digit1: 1, Digit2: 2, Digit3: 3 }[code]
    return degree ? { kind: 'degree', degree: degree as 1 | 2 | 3 } : null
  }
  const status = statusKeys[code]
  if (status) return { kind: 'status', status }
  const found = [...codeShortcuts].find(([, key]) => key === code)
  return found ? { kind: 'code', code: found[0] } : null
}

/** What the palette charts: a code with its status (and degree), or a whole-tooth condition. */
export type PaletteChoice = { code: ConditionCode; status: FindingStatus; degree?: 1 | 2 | 3 } | { condition: ToothCondition }

export interface ChartEntryData {
  customerId: string
  teeth: Array<{ tooth: FdiTooth; surfaces?: string[] }>
  code?: ConditionCode
  condition?: ToothCondition
  status?: FindingStatus
  degree?: number
}

/**
 * The `tooth` service's data for the selection and the choice, or the problem to show first
 * (the server's own message codes). A tooth code drops the surfaces picked (it is charted on the
 * whole tooth); a surface code needs surfaces on every selected tooth.
 */
export function chartEntry(customerId: string, selection: OdontogramSelection, choice: PaletteChoice): { data: ChartEntryData } | { problem: ChartEventProblem | 'teeth-not-selected' } {
  if (selection.length === 0) return { problem: 'teeth-not-selected' }
  const onSurfaces = 'code' in choice && conditionOf(choice.code).scope === 'surface'
  const teeth = selection.map((entry) => (onSurfaces ? { tooth: entry.tooth, surfaces: [...entry.surfaces] } : { tooth: entry.tooth }))
  const base = 'code' in choice
    ? { code: choice.code, status: choice.status, ...(choice.degree ? { degree: choice.degree } : {}) }
    : { condition: choice.condition }
  for (const entry of teeth) {
    const problem = chartEntryProblem({ ...entry, ...base })
    if (problem) return { problem: problem.code }
  }
  return { data: { customerId, teeth, ...base } }
}

/** One line of a tooth's history: what happened, and whether it is still on the chart. */
export interface HistoryLine {
  event: ChartEvent & { createdBy?: string | null }
  text: string
  /** An `add` still on the chart (it can be ended). */
  active: boolean
  /** An `add` a later event ended. */
  ended: boolean
}

/**
 * A tooth's history, newest first: each add described (a code with its surfaces and status, or
 * the condition), each remove as "removed: <what it ended>".
 */
export function historyLines(events: readonly (ChartEvent & { createdBy?: string | null })[], tooth: FdiTooth, t: Translate): HistoryLine[] {
  const mine = events.filter((event) => event.tooth === tooth)
  const byId = new Map(mine.map((event) => [event._id, event]))
  const endedIds = new Set(mine.filter((event) => event.action === 'remove').map((event) => event.endsEventId))
  const describe = (event: ChartEvent): string => {
    const finding = findingOf(event)
    if (finding) return describeFinding(tooth, finding, t)
    return event.condition ? t(`clinical.condition.${event.condition}`) : ''
  }
  const sorted = [...mine].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a._id < b._id ? 1 : -1))
  return sorted.map((event) => {
    if (event.action === 'remove') {
      const target = event.endsEventId ? byId.get(event.endsEventId) : undefined
      return { event, text: t('treatment.history.removed', { what: target ? describe(target) : '' }), active: false, ended: false }
    }
    const ended = endedIds.has(event._id)
    return { event, text: describe(event), active: !ended, ended }
  })
}

/**
 * The end of a clinic day (YYYY-MM-DD) in the clinic's zone, as an instant: "the chart as of" that
 * day. The clinic's zone, not the browser's: a laptop set to another zone sees the same chart.
 */
export function endOfDayInstant(day: string, timeZone: string): string {
  return new Date(dayStartInstant(addDays(day, 1), timeZone).getTime() - 1).toISOString()
}
