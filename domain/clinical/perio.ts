import { isMultiRooted, isFdiTooth, permanentTeeth, type FdiTooth } from './teeth'
import { effectiveFindings, isToothAbsent, type ToothChartState } from './conditions'
import { DEPTH_MAX, DEPTH_MIN, GRADE_MAX, MARGIN_MAX, MARGIN_MIN, defaultPerioThresholds, type PerioThresholds } from './perio-thresholds'

/**
 * The periodontal chart's data and maths. Six sites per tooth (Open Dental's API names):
 * MB mesio-buccal, B mid-buccal, DB disto-buccal on the outer side; ML, L, DL on the inner side
 * (lingual in the lower arch, palatal in the upper; the same three letters for both).
 *
 * Sign convention (docs/decisions/clinical.md): the gingival margin GM is the gum edge measured
 * from the cemento-enamel junction, positive when the gum covers the CEJ (swelling), negative when
 * the root shows (recession). Clinical attachment level CAL = PD - GM, so 3 mm of pocket with
 * 2 mm of recession (GM -2) is 5 mm of attachment loss. CAL is always computed, never typed.
 */
export type PerioSite = 'MB' | 'B' | 'DB' | 'ML' | 'L' | 'DL'
export const perioSites: readonly PerioSite[] = ['MB', 'B', 'DB', 'ML', 'L', 'DL']
export const buccalSites: readonly PerioSite[] = ['MB', 'B', 'DB']
export const lingualSites: readonly PerioSite[] = ['ML', 'L', 'DL']

export { DEPTH_MIN, DEPTH_MAX, MARGIN_MIN, MARGIN_MAX, GRADE_MAX } from './perio-thresholds'
export { defaultPerioThresholds, perioThresholdKeys, perioThresholdLimits, perioThresholdProblem, perioThresholds, type PerioThresholds } from './perio-thresholds'

/** One probing site. Null depth or margin: not recorded. */
export interface PerioSiteEntry {
  /** Probing pocket depth, whole millimetres 0-19. */
  depth: number | null
  /** Gingival margin, whole millimetres -9..+9, negative for recession. */
  margin: number | null
  bleeding: boolean
  suppuration: boolean
  plaque: boolean
  calculus: boolean
}

export interface PerioToothEntry {
  tooth: FdiTooth
  sites: Partial<Record<PerioSite, PerioSiteEntry>>
  /** Miller mobility 0-3, one value per tooth. */
  mobility: number | null
  /** Furcation involvement 0-3 (Glickman), worst furcation of the tooth; multi-rooted teeth only. */
  furcation: number | null
  /** Missing teeth are skipped by entry and left out of every index. */
  missing?: boolean
  implant?: boolean
}

/** One perio exam: the teeth charted. Teeth not listed were not charted. */
export interface PerioChart {
  teeth: PerioToothEntry[]
}

export function emptySite(): PerioSiteEntry {
  return { depth: null, margin: null, bleeding: false, suppuration: false, plaque: false, calculus: false }
}

export function emptyTooth(tooth: FdiTooth, missing = false): PerioToothEntry {
  return { tooth, sites: {}, mobility: null, furcation: null, missing }
}

/** CAL = PD - GM; an unrecorded margin counts as 0 (gum at the CEJ); null without a depth. */
export function attachmentLevel(site: Pick<PerioSiteEntry, 'depth' | 'margin'>): number | null {
  if (site.depth === null) return null
  return site.depth - (site.margin ?? 0)
}

// ---------------------------------------------------------------------------------------------
// Validation.

const isWhole = (value: number) => Number.isInteger(value)

export const isValidDepth = (value: number) => isWhole(value) && value >= DEPTH_MIN && value <= DEPTH_MAX
export const isValidMargin = (value: number) => isWhole(value) && value >= MARGIN_MIN && value <= MARGIN_MAX
export const isValidGrade = (value: number) => isWhole(value) && value >= 0 && value <= GRADE_MAX

export type PerioProblemReason = 'unknownTooth' | 'depthRange' | 'marginRange' | 'mobilityRange' | 'furcationRange' | 'furcationNotMultiRooted' | 'valuesOnMissingTooth' | 'duplicateTooth'

export interface PerioProblem {
  tooth: number
  site?: PerioSite
  reason: PerioProblemReason
}

function siteHasValues(site: PerioSiteEntry): boolean {
  return site.depth !== null || site.margin !== null || site.bleeding || site.suppuration || site.plaque || site.calculus
}

/** Everything wrong with one tooth's entry; empty when it can be saved. */
export function perioToothProblems(entry: PerioToothEntry): PerioProblem[] {
  const tooth = entry.tooth
  if (!isFdiTooth(tooth)) return [{ tooth, reason: 'unknownTooth' }]
  const problems: PerioProblem[] = []
  const sites = perioSites.flatMap((site) => (entry.sites[site] ? [[site, entry.sites[site]] as const] : []))
  if (entry.missing) {
    if (sites.some(([, value]) => siteHasValues(value)) || entry.mobility !== null || entry.furcation !== null) problems.push({ tooth, reason: 'valuesOnMissingTooth' })
    return problems
  }
  for (const [site, value] of sites) {
    if (value.depth !== null && !isValidDepth(value.depth)) problems.push({ tooth, site, reason: 'depthRange' })
    if (value.margin !== null && !isValidMargin(value.margin)) problems.push({ tooth, site, reason: 'marginRange' })
  }
  if (entry.mobility !== null && !isValidGrade(entry.mobility)) problems.push({ tooth, reason: 'mobilityRange' })
  if (entry.furcation !== null) {
    if (!isMultiRooted(tooth)) problems.push({ tooth, reason: 'furcationNotMultiRooted' })
    else if (!isValidGrade(entry.furcation)) problems.push({ tooth, reason: 'furcationRange' })
  }
  return problems
}

/** Problems of a whole chart, a tooth listed twice included. */
export function perioChartProblems(chart: PerioChart): PerioProblem[] {
  const seen = new Set<number>()
  const problems: PerioProblem[] = []
  for (const entry of chart.teeth) {
    if (seen.has(entry.tooth)) problems.push({ tooth: entry.tooth, reason: 'duplicateTooth' })
    seen.add(entry.tooth)
    problems.push(...perioToothProblems(entry))
  }
  return problems
}

export interface SiteFlags {
  depth: boolean
  attachment: boolean
  recession: boolean
}

/** Which of a site's numbers show red. */
export function siteRedFlags(site: PerioSiteEntry, thresholds: PerioThresholds = defaultPerioThresholds): SiteFlags {
  const attachment = attachmentLevel(site)
  return {
    depth: site.depth !== null && site.depth >= thresholds.depth,
    attachment: attachment !== null && attachment >= thresholds.attachment,
    recession: site.margin !== null && -site.margin >= thresholds.recession
  }
}

/** Whether a tooth's mobility and furcation show red. */
export function toothRedFlags(entry: PerioToothEntry, thresholds: PerioThresholds = defaultPerioThresholds): { mobility: boolean; furcation: boolean } {
  return {
    mobility: entry.mobility !== null && entry.mobility >= thresholds.mobility,
    furcation: entry.furcation !== null && entry.furcation >= thresholds.furcation
  }
}

// ---------------------------------------------------------------------------------------------
// Indices: share of available sites marked. Available sites are six per charted tooth that is
// not missing (192 for 32 teeth), whether or not every site was probed, as Open Dental counts.

export interface SiteIndex {
  marked: number
  available: number
  /** Whole per cent, rounded down (Open Dental's rounding); null when no site is available. */
  percent: number | null
}

export type SiteMark = 'bleeding' | 'suppuration' | 'plaque' | 'calculus'

export function siteIndex(chart: PerioChart, mark: SiteMark): SiteIndex {
  const present = chart.teeth.filter((entry) => !entry.missing)
  const available = present.length * perioSites.length
  const marked = present.reduce((count, entry) => count + perioSites.filter((site) => entry.sites[site]?.[mark]).length, 0)
  return { marked, available, percent: available === 0 ? null : Math.floor((marked * 100) / available) }
}

/** Bleeding on probing, per cent of available sites. */
export const bleedingIndex = (chart: PerioChart) => siteIndex(chart, 'bleeding')
/** Plaque, per cent of available sites. */
export const plaqueIndex = (chart: PerioChart) => siteIndex(chart, 'plaque')

/** The four site indices of a chart (computed on every read; never stored or accepted from a client). */
export interface PerioIndices {
  bleeding: SiteIndex
  plaque: SiteIndex
  suppuration: SiteIndex
  calculus: SiteIndex
}

export function perioIndices(chart: PerioChart): PerioIndices {
  return { bleeding: siteIndex(chart, 'bleeding'), plaque: siteIndex(chart, 'plaque'), suppuration: siteIndex(chart, 'suppuration'), calculus: siteIndex(chart, 'calculus') }
}

/** Sites at or over the depth threshold (the usual "pockets of 4 mm or more" count). */
export function deepSiteCount(chart: PerioChart, thresholds: PerioThresholds = defaultPerioThresholds): number {
  return chart.teeth
    .filter((entry) => !entry.missing)
    .reduce((count, entry) => count + perioSites.filter((site) => {
      const depth = entry.sites[site]?.depth
      return depth !== null && depth !== undefined && depth >= thresholds.depth
    }).length, 0)
}

// ---------------------------------------------------------------------------------------------
// Comparison of two exams, site by site.

/** A change of 2 mm or more is beyond probing error (±1 mm) and counts as a real change. */
export const SIGNIFICANT_CHANGE_MM = 2

export type Trend = 'better' | 'worse' | 'same'

export interface SiteChange {
  tooth: FdiTooth
  site: PerioSite
  before: { depth: number | null; attachment: number | null }
  after: { depth: number | null; attachment: number | null }
  /** after - before; null when either exam lacks the value. Positive = deeper = worse. */
  depthChange: number | null
  attachmentChange: number | null
  /** By attachment when both have it, else by depth: worse/better at ±2 mm or more, else same. */
  trend: Trend | null
}

function siteOf(chart: PerioChart, tooth: FdiTooth, site: PerioSite): PerioSiteEntry | null {
  const entry = chart.teeth.find((candidate) => candidate.tooth === tooth)
  if (!entry || entry.missing) return null
  return entry.sites[site] ?? null
}

function trendOf(change: number | null): Trend | null {
  if (change === null) return null
  if (change >= SIGNIFICANT_CHANGE_MM) return 'worse'
  if (change <= -SIGNIFICANT_CHANGE_MM) return 'better'
  return 'same'
}

/** Per site of the teeth in either exam (FDI order): the values then and now and the change. */
export function compareCharts(before: PerioChart, after: PerioChart): SiteChange[] {
  const teeth = [...new Set([...before.teeth, ...after.teeth].map((entry) => entry.tooth))].sort((a, b) => a - b)
  const changes: SiteChange[] = []
  for (const tooth of teeth) {
    for (const site of perioSites) {
      const then = siteOf(before, tooth, site)
      const now = siteOf(after, tooth, site)
      const beforeValues = { depth: then?.depth ?? null, attachment: then ? attachmentLevel(then) : null }
      const afterValues = { depth: now?.depth ?? null, attachment: now ? attachmentLevel(now) : null }
      const difference = (a: number | null, b: number | null) => (a === null || b === null ? null : b - a)
      const depthChange = difference(beforeValues.depth, afterValues.depth)
      const attachmentChange = difference(beforeValues.attachment, afterValues.attachment)
      changes.push({ tooth, site, before: beforeValues, after: afterValues, depthChange, attachmentChange, trend: trendOf(attachmentChange ?? depthChange) })
    }
  }
  return changes
}

// ---------------------------------------------------------------------------------------------
// Starting a chart.

/**
 * A new chart's teeth from the patient's tooth chart (chartAsOf of the `tooth` events): the 32
 * permanent teeth, those absent on the chart (missing, adentia, an M that is not only planned, or
 * a pontic AT standing in for one) marked missing, implants (an I that is not only planned)
 * marked implant. Nothing is probed yet.
 */
export function perioPrefill(toothChart: Readonly<Record<number, ToothChartState>> = {}): PerioToothEntry[] {
  return permanentTeeth.map((tooth) => {
    const state = toothChart[tooth]
    const actual = effectiveFindings(state).filter((finding) => finding.status !== 'planned')
    const missing = isToothAbsent(state) || actual.some((finding) => finding.code === 'AT')
    const implant = !missing && actual.some((finding) => finding.code === 'I')
    return { ...emptyTooth(tooth, missing), ...(implant ? { implant: true } : {}) }
  })
}

/**
 * A new chart cloned from an earlier one (Dentally's "clone last exam"): teeth, missing and
 * implant marks, depths, margins, mobility and furcation are copied to be probed over; the day's
 * marks (bleeding, suppuration, plaque, calculus) are not, so an unprobed site never inflates
 * today's indices.
 */
export function clonePerioChart(chart: PerioChart): PerioChart {
  return {
    teeth: chart.teeth.map((entry) => ({
      ...entry,
      sites: Object.fromEntries(Object.entries(entry.sites).map(([site, value]) => [site, { ...emptySite(), depth: value?.depth ?? null, margin: value?.margin ?? null }]))
    }))
  }
}
