/**
 * Teeth: the stored identity (FDI / ISO 3950 two-digit codes), the display numberings, and the
 * anatomy facts the chart, exams and perio chart need (arch, quadrant, kind, roots, successor).
 *
 * FDI is the only id ever stored: permanent 11-48 (quadrants 1-4, positions 1-8 from the
 * midline), primary 51-85 (quadrants 5-8, positions 1-5), supernumerary 99 with a position note
 * kept beside it by whoever stores it. Universal (the company setting "American") and Palmer are
 * display formats only; see docs/decisions/clinical.md.
 */

export const SUPERNUMERARY = 99 as const

type PermanentQuadrant = 1 | 2 | 3 | 4
type PrimaryQuadrant = 5 | 6 | 7 | 8
export type Quadrant = PermanentQuadrant | PrimaryQuadrant

/** A two-digit FDI code of a permanent or primary tooth (never 99: see `ChartTooth`); check with isFdiTooth. */
export type FdiTooth = number
/** Any tooth a chart may hold: a regular FDI tooth or the supernumerary code 99. */
export type ChartTooth = FdiTooth | typeof SUPERNUMERARY

/** The company's "dental chart format" (spec section 7: FDI or American) plus Palmer. */
export type ToothNumbering = 'FDI' | 'American' | 'Palmer'
export const toothNumberings: readonly ToothNumbering[] = ['FDI', 'American', 'Palmer']

export type Arch = 'upper' | 'lower'
/** Side of the patient's mouth (the dentist sees the patient's right on their own left). */
export type Side = 'right' | 'left'
export type ToothKind = 'incisor' | 'canine' | 'premolar' | 'molar'
export type Dentition = 'permanent' | 'primary' | 'mixed'
export const dentitions: readonly Dentition[] = ['permanent', 'primary', 'mixed']

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index)

/** The 32 permanent teeth in FDI order (11-18, 21-28, 31-38, 41-48). */
export const permanentTeeth: readonly FdiTooth[] = [1, 2, 3, 4].flatMap((quadrant) => range(1, 8).map((position) => quadrant * 10 + position))
/** The 20 primary teeth in FDI order (51-55, 61-65, 71-75, 81-85). */
export const primaryTeeth: readonly FdiTooth[] = [5, 6, 7, 8].flatMap((quadrant) => range(1, 5).map((position) => quadrant * 10 + position))
/** All 52 teeth. */
export const allTeeth: readonly FdiTooth[] = [...permanentTeeth, ...primaryTeeth]

const knownTeeth = new Set<number>(allTeeth)

export function isFdiTooth(value: unknown): value is FdiTooth {
  return typeof value === 'number' && knownTeeth.has(value)
}

/** A regular tooth or the supernumerary 99. */
export function isChartTooth(value: unknown): value is ChartTooth {
  return value === SUPERNUMERARY || isFdiTooth(value)
}

function assertTooth(tooth: FdiTooth): void {
  if (!isFdiTooth(tooth)) throw new RangeError(`not an FDI tooth: ${String(tooth)}`)
}

export function quadrantOf(tooth: FdiTooth): Quadrant {
  assertTooth(tooth)
  return Math.floor(tooth / 10) as Quadrant
}

/** Position from the midline: 1 (central incisor) to 8 (third molar), 1 to 5 for primary teeth. */
export function positionOf(tooth: FdiTooth): number {
  assertTooth(tooth)
  return tooth % 10
}

export function isPrimary(tooth: FdiTooth): boolean {
  return quadrantOf(tooth) >= 5
}

export function isPermanent(tooth: FdiTooth): boolean {
  return !isPrimary(tooth)
}

export function archOf(tooth: FdiTooth): Arch {
  const quadrant = quadrantOf(tooth)
  return quadrant === 1 || quadrant === 2 || quadrant === 5 || quadrant === 6 ? 'upper' : 'lower'
}

export function sideOf(tooth: FdiTooth): Side {
  const quadrant = quadrantOf(tooth)
  return quadrant === 1 || quadrant === 4 || quadrant === 5 || quadrant === 8 ? 'right' : 'left'
}

export function kindOf(tooth: FdiTooth): ToothKind {
  const position = positionOf(tooth)
  if (position <= 2) return 'incisor'
  if (position === 3) return 'canine'
  if (isPrimary(tooth)) return 'molar' // primary 4 and 5 are the first and second primary molars
  return position <= 5 ? 'premolar' : 'molar'
}

/** Incisors and canines: their biting surface is incisal (I) and their outer one facial (F). */
export function isAnterior(tooth: FdiTooth): boolean {
  const kind = kindOf(tooth)
  return kind === 'incisor' || kind === 'canine'
}

/** Premolars and molars: occlusal (O) and buccal (B) surfaces. */
export function isPosterior(tooth: FdiTooth): boolean {
  return !isAnterior(tooth)
}

export function isMolar(tooth: FdiTooth): boolean {
  return kindOf(tooth) === 'molar'
}

/**
 * Teeth with a furcation to probe: every molar (upper ones three roots, lower ones two, primary
 * molars too) and the upper first premolars 14 and 24, which usually have two roots.
 */
export function isMultiRooted(tooth: FdiTooth): boolean {
  if (isMolar(tooth)) return true
  return tooth === 14 || tooth === 24
}

/** Usual number of roots, for drawing: upper molars 3, lower molars and 14/24 two, else one. */
export function rootCount(tooth: FdiTooth): 1 | 2 | 3 {
  if (isMolar(tooth)) return archOf(tooth) === 'upper' ? 3 : 2
  return tooth === 14 || tooth === 24 ? 2 : 1
}

/** The permanent tooth that replaces a primary one (55 → 15, 71 → 31); null for a permanent tooth. */
export function successorOf(tooth: FdiTooth): FdiTooth | null {
  if (!isPrimary(tooth)) return null
  return (quadrantOf(tooth) - 4) * 10 + positionOf(tooth)
}

/** The primary tooth a permanent one replaces (15 → 55); null for molars 6-8 (no predecessor). */
export function predecessorOf(tooth: FdiTooth): FdiTooth | null {
  if (isPrimary(tooth) || positionOf(tooth) > 5) return null
  return (quadrantOf(tooth) + 4) * 10 + positionOf(tooth)
}

// ---------------------------------------------------------------------------------------------
// Universal (American) numbering: 1-32 from the upper right third molar round to the lower right
// third molar; primary teeth A-T in the same round.

const PRIMARY_LETTERS = 'ABCDEFGHIJKLMNOPQRST'

/** Universal number 1-32 of a permanent tooth. */
function universalNumber(tooth: FdiTooth): number {
  const position = positionOf(tooth)
  switch (quadrantOf(tooth)) {
    case 1: return 9 - position
    case 2: return 8 + position
    case 3: return 25 - position
    default: return 24 + position
  }
}

/** 0-based index A=0 … T=19 of a primary tooth. */
function primaryLetterIndex(tooth: FdiTooth): number {
  const position = positionOf(tooth)
  switch (quadrantOf(tooth)) {
    case 5: return 5 - position
    case 6: return 4 + position
    case 7: return 15 - position
    default: return 14 + position
  }
}

/** "1"-"32" for permanent teeth, "A"-"T" for primary teeth. */
export function toUniversal(tooth: FdiTooth): string {
  return isPrimary(tooth) ? PRIMARY_LETTERS[primaryLetterIndex(tooth)] : String(universalNumber(tooth))
}

const byUniversal = new Map<string, FdiTooth>(allTeeth.map((tooth) => [toUniversal(tooth), tooth]))

/** FDI tooth of a Universal label ("19" → 36, "k" → 75); null when it names no tooth. */
export function fromUniversal(label: string): FdiTooth | null {
  return byUniversal.get(label.trim().toUpperCase()) ?? null
}

/**
 * The spec's "row letters A to T map to 4 to 29 zig-zag": the Universal number of the permanent
 * position a primary letter sits over (A-J over 4-13, K-T over 20-29). It is the Universal number
 * of the letter's successor, so a mixed chart draws each primary tooth over its successor.
 */
export function letterToUniversalPosition(letter: string): number | null {
  const tooth = fromUniversal(letter)
  if (tooth === null || !isPrimary(tooth)) return null
  return universalNumber(successorOf(tooth) as FdiTooth)
}

/** The inverse: the primary letter drawn at a Universal position (4 → "A"), null outside 4-13 and 20-29. */
export function universalPositionToLetter(position: number): string | null {
  const tooth = byUniversal.get(String(position))
  if (tooth === undefined) return null
  const predecessor = predecessorOf(tooth)
  return predecessor === null ? null : toUniversal(predecessor)
}

// ---------------------------------------------------------------------------------------------
// Palmer (Zsigmondy) notation: the position (1-8, primary A-E) inside a right angle that shows
// the quadrant as the dentist faces the patient: 8┘ upper right, └8 upper left, 8┐ lower right,
// ┌8 lower left.

const PALMER_BRACKETS: Record<Arch, Record<Side, { before: string; after: string }>> = {
  upper: { right: { before: '', after: '┘' }, left: { before: '└', after: '' } },
  lower: { right: { before: '', after: '┐' }, left: { before: '┌', after: '' } }
}

export function toPalmer(tooth: FdiTooth): string {
  const bracket = PALMER_BRACKETS[archOf(tooth)][sideOf(tooth)]
  const position = positionOf(tooth)
  const symbol = isPrimary(tooth) ? PRIMARY_LETTERS[position - 1] : String(position)
  return `${bracket.before}${symbol}${bracket.after}`
}

const byPalmer = new Map<string, FdiTooth>(allTeeth.map((tooth) => [toPalmer(tooth), tooth]))

export function fromPalmer(label: string): FdiTooth | null {
  return byPalmer.get(label.trim().toUpperCase()) ?? null
}

// ---------------------------------------------------------------------------------------------

/** A tooth's label in a numbering: FDI "36", American "19", Palmer "└6"… 99 shows as "99"/"S". */
export function formatTooth(tooth: ChartTooth, numbering: ToothNumbering): string {
  if (tooth === SUPERNUMERARY) return numbering === 'FDI' ? '99' : 'S'
  if (numbering === 'American') return toUniversal(tooth)
  if (numbering === 'Palmer') return toPalmer(tooth)
  assertTooth(tooth)
  return String(tooth)
}

/** The inverse of formatTooth for regular teeth ("19" American → 36); null when unknown. */
export function parseTooth(label: string, numbering: ToothNumbering): FdiTooth | null {
  if (numbering === 'American') return fromUniversal(label)
  if (numbering === 'Palmer') return fromPalmer(label)
  const value = Number(label.trim())
  return /^\d{2}$/.test(label.trim()) && isFdiTooth(value) ? value : null
}

// ---------------------------------------------------------------------------------------------
// Dentition and drawing order.

/** The teeth a dentition shows: 32 permanent, 20 primary, or all 52 for a mixed dentition. */
export function teethOf(dentition: Dentition): readonly FdiTooth[] {
  if (dentition === 'permanent') return permanentTeeth
  if (dentition === 'primary') return primaryTeeth
  return allTeeth
}

/**
 * A starting suggestion from the patient's age (the doctor decides): under 6 primary, 6 to 12
 * mixed, from 13 permanent. Null age (unknown birth date) suggests permanent.
 */
export function suggestDentition(ageYears: number | null): Dentition {
  if (ageYears === null || ageYears >= 13) return 'permanent'
  return ageYears < 6 ? 'primary' : 'mixed'
}

/** One arch of a set of teeth as the dentist sees it: the patient's right on the left. */
function archRow(quadrantRight: Quadrant, quadrantLeft: Quadrant, count: number): FdiTooth[] {
  return [
    ...range(1, count).reverse().map((position) => quadrantRight * 10 + position),
    ...range(1, count).map((position) => quadrantLeft * 10 + position)
  ]
}

/** Drawing order of the permanent set: upper 18…11 21…28, lower 48…41 31…38. */
export const permanentRows: { upper: readonly FdiTooth[]; lower: readonly FdiTooth[] } = {
  upper: archRow(1, 2, 8),
  lower: archRow(4, 3, 8)
}

/** Drawing order of the primary set: upper 55…51 61…65, lower 85…81 71…75. */
export const primaryRows: { upper: readonly FdiTooth[]; lower: readonly FdiTooth[] } = {
  upper: archRow(5, 6, 5),
  lower: archRow(8, 7, 5)
}

/**
 * Every tooth of a dentition in drawing order: upper right to upper left, then lower right to
 * lower left (permanent row before primary row in each arch for a mixed dentition).
 */
export function chartOrder(dentition: Dentition): FdiTooth[] {
  if (dentition === 'permanent') return [...permanentRows.upper, ...permanentRows.lower]
  if (dentition === 'primary') return [...primaryRows.upper, ...primaryRows.lower]
  return [...permanentRows.upper, ...primaryRows.upper, ...primaryRows.lower, ...permanentRows.lower]
}

/**
 * Column (0-15) of a tooth in a 16-column chart, the columns of the permanent row: a primary
 * tooth takes its successor's column (the zig-zag rule), so 55 sits over 15 in column 3.
 */
export function chartColumn(tooth: FdiTooth): number {
  const permanent = successorOf(tooth) ?? tooth
  const row = archOf(permanent) === 'upper' ? permanentRows.upper : permanentRows.lower
  return row.indexOf(permanent)
}
