import type { Surface } from './surfaces'
import type { FdiTooth } from './teeth'

/**
 * OHI-S, the simplified oral hygiene index of Greene and Vermillion (1964): debris (DI-S) and
 * calculus (CI-S) scored 0-3 on one surface of six index teeth, each averaged over the teeth
 * scored; OHI-S = DI-S + CI-S (0-6). The index surfaces are the buccal of the upper first molars,
 * the labial of 11 and 31, and the lingual of the lower first molars. A missing index tooth is
 * replaced by the next tooth of its group (second, then third molar; 21 for 11, 41 for 31). At
 * least two teeth must be scored.
 */
export interface IndexTooth {
  /** The index tooth as the method names it. */
  tooth: FdiTooth
  surface: Surface
  /** Stand-ins in order of preference when the index tooth is missing. */
  substitutes: readonly FdiTooth[]
}

export const ohisIndexTeeth: readonly IndexTooth[] = [
  { tooth: 16, surface: 'B', substitutes: [17, 18] },
  { tooth: 11, surface: 'F', substitutes: [21] },
  { tooth: 26, surface: 'B', substitutes: [27, 28] },
  { tooth: 36, surface: 'L', substitutes: [37, 38] },
  { tooth: 31, surface: 'F', substitutes: [41] },
  { tooth: 46, surface: 'L', substitutes: [47, 48] }
]

export const OHIS_SCORE_MAX = 3
export const OHIS_MIN_TEETH = 2

/** Which tooth to score for each index tooth, given the teeth present; null where none is. */
export function ohisTeethToScore(present: Iterable<FdiTooth>): { index: FdiTooth; scored: FdiTooth | null; surface: Surface }[] {
  const teeth = new Set(present)
  return ohisIndexTeeth.map(({ tooth, surface, substitutes }) => ({
    index: tooth,
    scored: [tooth, ...substitutes].find((candidate) => teeth.has(candidate)) ?? null,
    surface
  }))
}

/** One scored tooth: debris and calculus 0-3 (null: not scored). */
export interface OhisEntry {
  tooth: FdiTooth
  debris: number | null
  calculus: number | null
}

export type HygieneBand = 'good' | 'fair' | 'poor'

export interface OhisResult {
  /** DI-S, CI-S and OHI-S rounded to one decimal, the precision the bands are defined in. */
  debris: number
  calculus: number
  total: number
  debrisBand: HygieneBand
  calculusBand: HygieneBand
  band: HygieneBand
  /** Teeth that counted (both scores given). */
  teethScored: number
}

const isScore = (value: number | null): value is number => value !== null && Number.isInteger(value) && value >= 0 && value <= OHIS_SCORE_MAX

/** Greene-Vermillion bands of DI-S and CI-S: good 0.0-0.6, fair 0.7-1.8, poor 1.9-3.0. */
export function componentBand(value: number): HygieneBand {
  if (value <= 0.6) return 'good'
  return value <= 1.8 ? 'fair' : 'poor'
}

/** Bands of OHI-S: good 0.0-1.2, fair 1.3-3.0, poor 3.1-6.0. */
export function ohisBand(value: number): HygieneBand {
  if (value <= 1.2) return 'good'
  return value <= 3 ? 'fair' : 'poor'
}

const oneDecimal = (sum: number, count: number) => Math.round((sum * 10) / count) / 10

/** Whether an entry's scores are whole numbers 0-3 (or unscored). */
export function isValidOhisEntry(entry: OhisEntry): boolean {
  return (entry.debris === null || isScore(entry.debris)) && (entry.calculus === null || isScore(entry.calculus))
}

/**
 * The index from its entries. Only index teeth and their stand-ins count (one per index tooth:
 * the first one entered in order of preference); entries with both scores count. Null when fewer
 * than two teeth are scored or a score is out of range.
 */
export function computeOhis(entries: readonly OhisEntry[]): OhisResult | null {
  if (!entries.every(isValidOhisEntry)) return null
  const scored = entries.filter((entry) => isScore(entry.debris) && isScore(entry.calculus))
  const byTooth = new Map(scored.map((entry) => [entry.tooth, entry]))
  const used = ohisIndexTeeth
    .map(({ tooth, substitutes }) => [tooth, ...substitutes].map((candidate) => byTooth.get(candidate)).find(Boolean))
    .filter((entry): entry is OhisEntry => entry !== undefined)
  if (used.length < OHIS_MIN_TEETH) return null
  const debrisSum = used.reduce((sum, entry) => sum + (entry.debris as number), 0)
  const calculusSum = used.reduce((sum, entry) => sum + (entry.calculus as number), 0)
  const debris = oneDecimal(debrisSum, used.length)
  const calculus = oneDecimal(calculusSum, used.length)
  // The total from the sums, not from the rounded parts, so rounding happens once.
  const total = oneDecimal(debrisSum + calculusSum, used.length)
  return { debris, calculus, total, debrisBand: componentBand(debris), calculusBand: componentBand(calculus), band: ohisBand(total), teethScored: used.length }
}
