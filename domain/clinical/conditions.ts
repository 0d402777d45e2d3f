import { sortSurfaces, surfacesOf, type Surface } from './surfaces'
import type { FdiTooth } from './teeth'

/**
 * The dental chart's vocabulary in one table: the exam's tooth condition codes (spec section 3:
 * C, Pl, D, P, Pt, Cr, AT, I, R, M, DP, TM) and the spec's whole-tooth conditions (intact,
 * depulped, pulpitis, periodontitis, missing, primary adentia, secondary adentia).
 *
 * The spec names the codes without defining them. They are read as a Latin-letter form of the
 * 043/у tooth-formula legend (С caries, П filling, Р pulpitis, Pt periodontitis, К crown,
 * И artificial tooth, R root, О missing, А periodontal disease, I-III mobility) plus the two
 * codes that legend lacks (D depulped, I implant). Why each letter means what it means:
 * docs/decisions/clinical.md.
 */
export type ConditionCode = 'C' | 'Pl' | 'D' | 'P' | 'Pt' | 'Cr' | 'AT' | 'I' | 'R' | 'M' | 'DP' | 'TM'

/** Whether a code is charted on surfaces (caries, a filling) or on the whole tooth. */
export type ConditionScope = 'surface' | 'tooth'

/**
 * How the odontogram draws a code: `surface` fills the charted surfaces; the others mark the
 * tooth: `crown` a cap over the crown, `pontic` a crown without a root (a bridge's artificial
 * tooth), `implant` a screw for the root, `root` a root without its crown, `canal` a filled root
 * canal, `pulp` an inflamed pulp chamber, `apex` a lesion at the root tip, `missing` a crossed-out
 * tooth, `gum` a band along the gum line, `mobility` the degree beside the tooth.
 */
export type ConditionMark = 'surface' | 'crown' | 'pontic' | 'implant' | 'root' | 'canal' | 'pulp' | 'apex' | 'missing' | 'gum' | 'mobility'

export interface ConditionDefinition {
  code: ConditionCode
  /** Its name and legend text live under `clinical.code.<key>` (see conditionLabelKey). */
  key: string
  scope: ConditionScope
  /** Legend and drawing colour, #rrggbb, distinguishable on white and from each other. */
  color: string
  mark: ConditionMark
  /** The 043/у (Russian tooth formula) letter the code stands for, for the printed card. */
  form043: string
  /** Mobility carries a degree 1-3 (043/у I-III). */
  hasDegree: boolean
}

const condition = (code: ConditionCode, key: string, scope: ConditionScope, color: string, mark: ConditionMark, form043: string, hasDegree = false): ConditionDefinition =>
  ({ code, key, scope, color, mark, form043, hasDegree })

/** Legend order: surface findings, then the pulp and periapex, restorations, absence, periodontium. */
export const conditionTable: readonly ConditionDefinition[] = [
  condition('C', 'caries', 'surface', '#d9363e', 'surface', 'С'),
  condition('Pl', 'filling', 'surface', '#1c7ed6', 'surface', 'П'),
  condition('P', 'pulpitis', 'tooth', '#d6336c', 'pulp', 'Р'),
  condition('Pt', 'periodontitis', 'tooth', '#9c1c1c', 'apex', 'Pt'),
  condition('D', 'depulped', 'tooth', '#7048e8', 'canal', 'Д'),
  condition('Cr', 'crown', 'tooth', '#e0a100', 'crown', 'К'),
  condition('AT', 'artificialTooth', 'tooth', '#0c8599', 'pontic', 'И'),
  condition('I', 'implant', 'tooth', '#495057', 'implant', 'Им'),
  condition('R', 'root', 'tooth', '#8d5524', 'root', 'R'),
  condition('M', 'missing', 'tooth', '#868e96', 'missing', 'О'),
  condition('DP', 'periodontalDisease', 'tooth', '#f08c00', 'gum', 'А'),
  condition('TM', 'mobility', 'tooth', '#2f9e44', 'mobility', 'I-III', true)
]

export const conditionCodes: readonly ConditionCode[] = conditionTable.map((entry) => entry.code)

const byCode = new Map<string, ConditionDefinition>(conditionTable.map((entry) => [entry.code, entry]))

export function isConditionCode(value: unknown): value is ConditionCode {
  return typeof value === 'string' && byCode.has(value)
}

/** The i18n key of a code's name, as the legend and the chart's accessible names show it. */
export function conditionLabelKey(code: ConditionCode): string {
  return `clinical.code.${conditionOf(code).key}`
}

export function conditionOf(code: ConditionCode): ConditionDefinition {
  const found = byCode.get(code)
  if (!found) throw new RangeError(`unknown condition code: ${code}`)
  return found
}

/** The spec's whole-tooth conditions (section 3), each tied to the code it charts as. */
export type ToothCondition = 'intact' | 'depulped' | 'pulpitis' | 'periodontitis' | 'missing' | 'primaryAdentia' | 'secondaryAdentia'

export interface ToothConditionDefinition {
  key: ToothCondition
  /** The exam code drawn for it; null for intact (nothing to draw). */
  code: ConditionCode | null
  /** The tooth is absent: no surfaces can be charted on it. */
  absent: boolean
}

/**
 * Primary adentia (the tooth never developed) and secondary adentia (it was lost) are both drawn
 * as missing (M); the reason is what the condition adds.
 */
export const toothConditionTable: readonly ToothConditionDefinition[] = [
  { key: 'intact', code: null, absent: false },
  { key: 'depulped', code: 'D', absent: false },
  { key: 'pulpitis', code: 'P', absent: false },
  { key: 'periodontitis', code: 'Pt', absent: false },
  { key: 'missing', code: 'M', absent: true },
  { key: 'primaryAdentia', code: 'M', absent: true },
  { key: 'secondaryAdentia', code: 'M', absent: true }
]

export const toothConditions: readonly ToothCondition[] = toothConditionTable.map((entry) => entry.key)

export function isToothCondition(value: unknown): value is ToothCondition {
  return typeof value === 'string' && (toothConditions as readonly string[]).includes(value)
}

export function toothConditionOf(key: ToothCondition): ToothConditionDefinition {
  const found = toothConditionTable.find((entry) => entry.key === key)
  if (!found) throw new RangeError(`unknown tooth condition: ${key}`)
  return found
}

/**
 * Where a finding stands: `existing` was found in the mouth (work done elsewhere or earlier,
 * a disease), `planned` is proposed treatment, `done` was done here. Drawn differently so a plan
 * is never mistaken for a procedure (PRODUCT-NOTES 1.2).
 */
export type FindingStatus = 'existing' | 'planned' | 'done'
export const findingStatuses: readonly FindingStatus[] = ['existing', 'planned', 'done']

export interface StatusStyle {
  /** `solid` fills with the code's colour; `hatched` draws diagonal lines of it on white. */
  fill: 'solid' | 'hatched'
  /** Opacity of the fill: existing findings are a lighter tone than work done here. */
  opacity: number
  /** Outline: planned work is dashed, done work has a dark border. */
  stroke: 'none' | 'dashed' | 'dark'
}

export const statusStyles: Readonly<Record<FindingStatus, StatusStyle>> = {
  existing: { fill: 'solid', opacity: 0.55, stroke: 'none' },
  planned: { fill: 'hatched', opacity: 1, stroke: 'dashed' },
  done: { fill: 'solid', opacity: 1, stroke: 'dark' }
}

/** One code charted on one tooth. `surfaces` only for surface codes, `degree` only for TM. */
export interface ChartFinding {
  code: ConditionCode
  status: FindingStatus
  surfaces?: Surface[]
  degree?: 1 | 2 | 3
}

/** A tooth as the chart draws it: its whole-tooth condition and its findings. */
export interface ToothChartState {
  condition?: ToothCondition
  findings?: ChartFinding[]
}

/** The findings to draw: the tooth condition's code first (as existing), then the findings. */
export function effectiveFindings(state: ToothChartState | undefined): ChartFinding[] {
  if (!state) return []
  const code = state.condition ? toothConditionOf(state.condition).code : null
  const fromCondition: ChartFinding[] = code ? [{ code, status: 'existing' }] : []
  return [...fromCondition, ...(state.findings ?? [])]
}

/** The tooth is absent and not (yet) replaced: missing, adentia, or an M that is not planned. */
export function isToothAbsent(state: ToothChartState | undefined): boolean {
  return effectiveFindings(state).some((finding) => finding.code === 'M' && finding.status !== 'planned')
}

/**
 * The finding drawn on one surface: the last non-planned one wins over earlier ones (a filling
 * done over caries shows the filling); a planned one shows only where nothing else is charted.
 */
export function findingOnSurface(findings: readonly ChartFinding[], surface: Surface): ChartFinding | null {
  const on = findings.filter((finding) => conditionOf(finding.code).scope === 'surface' && finding.surfaces?.includes(surface))
  const actual = on.filter((finding) => finding.status !== 'planned')
  return actual.at(-1) ?? on.at(-1) ?? null
}

export type FindingProblem = 'surfacesRequired' | 'surfacesNotAllowed' | 'surfaceNotOnTooth' | 'degreeRequired' | 'degreeNotAllowed'

/** What is wrong with a finding on a tooth; an empty list when it is fine. */
export function findingProblems(tooth: FdiTooth, finding: ChartFinding): FindingProblem[] {
  const definition = conditionOf(finding.code)
  const problems: FindingProblem[] = []
  const surfaces = finding.surfaces ?? []
  if (definition.scope === 'surface') {
    if (surfaces.length === 0) problems.push('surfacesRequired')
    const allowed = new Set<Surface>([...surfacesOf(tooth), 'V'])
    if (surfaces.some((surface) => !allowed.has(surface))) problems.push('surfaceNotOnTooth')
  } else if (surfaces.length > 0) problems.push('surfacesNotAllowed')
  if (definition.hasDegree && ![1, 2, 3].includes(finding.degree ?? 0)) problems.push('degreeRequired')
  if (!definition.hasDegree && finding.degree !== undefined) problems.push('degreeNotAllowed')
  return problems
}

/** Surfaces as one short string in chart order ("MOD"), the form a dentist reads and types. */
export function surfaceString(surfaces: Iterable<Surface>): string {
  return sortSurfaces(surfaces).join('')
}
