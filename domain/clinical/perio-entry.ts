import { DEPTH_MAX, MARGIN_MAX, buccalSites, emptySite, lingualSites, type PerioChart, type PerioSite, type PerioSiteEntry } from './perio'
import { permanentRows, quadrantOf, sideOf, type FdiTooth } from './teeth'

/**
 * Keyboard entry of a perio chart, as pure functions so the screen only renders. The default
 * path (docs/decisions/clinical.md) goes quadrant by quadrant, 1 to 4; in each quadrant the
 * buccal sites left to right as the dentist sees the chart, then the lingual (palatal) sites back
 * right to left, so the probe never jumps across the mouth. Missing teeth are skipped.
 */
export interface SiteRef {
  tooth: FdiTooth
  site: PerioSite
}

/** The three sites of one side of a tooth left to right on the chart (distal first on the patient's right). */
export function sidesLeftToRight(tooth: FdiTooth, sites: readonly PerioSite[]): PerioSite[] {
  // sites are listed mesial, middle, distal; on the patient's right the distal side is drawn left.
  return sideOf(tooth) === 'right' ? [...sites].reverse() : [...sites]
}

/**
 * The whole entry path over the given teeth (permanent teeth only: perio charts permanent teeth;
 * pass the teeth that are present).
 */
export function entryPath(present: Iterable<FdiTooth>): SiteRef[] {
  const teeth = new Set(present)
  const path: SiteRef[] = []
  for (const quadrant of [1, 2, 3, 4]) {
    const row = quadrant <= 2 ? permanentRows.upper : permanentRows.lower
    const inQuadrant = row.filter((tooth) => quadrantOf(tooth) === quadrant && teeth.has(tooth))
    for (const tooth of inQuadrant) for (const site of sidesLeftToRight(tooth, buccalSites)) path.push({ tooth, site })
    for (const tooth of [...inQuadrant].reverse()) for (const site of sidesLeftToRight(tooth, lingualSites).reverse()) path.push({ tooth, site })
  }
  return path
}

/** The teeth of a chart that entry visits: charted and not missing. */
export function presentTeeth(chart: PerioChart): FdiTooth[] {
  return chart.teeth.filter((entry) => !entry.missing).map((entry) => entry.tooth)
}

const sameSite = (a: SiteRef, b: SiteRef) => a.tooth === b.tooth && a.site === b.site

/** The site after `current` on the path; the first site when current is null; null at the end. */
export function nextSite(path: readonly SiteRef[], current: SiteRef | null): SiteRef | null {
  if (current === null) return path[0] ?? null
  const index = path.findIndex((entry) => sameSite(entry, current))
  return index < 0 ? path[0] ?? null : path[index + 1] ?? null
}

/** The site before `current`; null at the start. */
export function previousSite(path: readonly SiteRef[], current: SiteRef): SiteRef | null {
  const index = path.findIndex((entry) => sameSite(entry, current))
  return index <= 0 ? null : path[index - 1]
}

/** Where the cursor is and whether the next digit is a 1x (10-19) depth. */
export interface EntryCursor {
  site: SiteRef | null
  /** After the "tens" key: the next digit d records 10 + d. */
  tens: boolean
  /** Margin entry after "-": the next digit d records a recession, -d. */
  negative?: boolean
}

/** What a digit records: the pocket depth, or the gingival margin (negative for recession). */
export type EntryMode = 'depth' | 'margin'

export type EntryChange =
  | { kind: 'depth'; site: SiteRef; depth: number }
  | { kind: 'margin'; site: SiteRef; margin: number }
  | { kind: 'toggle'; site: SiteRef; mark: 'bleeding' | 'suppuration' | 'plaque' | 'calculus' }

export interface EntryResult {
  cursor: EntryCursor
  /** The value to store, or null when the key only moved the cursor (or meant nothing). */
  change: EntryChange | null
}

const MARK_KEYS: Record<string, 'bleeding' | 'suppuration' | 'plaque' | 'calculus'> = { b: 'bleeding', s: 'suppuration', p: 'plaque', c: 'calculus' }

/**
 * One key of perio entry: a digit records the depth of the current site and moves on; "+" (or
 * "d", Dentally's key) makes the next digit 10-19; b s p c toggle bleeding, suppuration,
 * plaque, calculus on the site just entered (the previous one, since a digit already moved on);
 * ArrowRight/Tab and ArrowLeft/Backspace move. Letters are matched case-blind; the caller passes
 * the layout-independent letter (KeyboardEvent.code's) so a Cyrillic layout works too.
 */
export function entryKey(path: readonly SiteRef[], cursor: EntryCursor, key: string, mode: EntryMode = 'depth'): EntryResult {
  const site = cursor.site ?? path[0] ?? null
  if (site === null) return { cursor, change: null }
  if (mode === 'margin') {
    // Margin mode: "-" then a digit is a recession, a digit alone a gum over the CEJ (0-9 mm).
    if (/^[0-9]$/.test(key)) {
      const margin = (cursor.negative ? -1 : 1) * Number(key)
      if (Math.abs(margin) > MARGIN_MAX) return { cursor: { site, tens: false }, change: null }
      return { cursor: { site: nextSite(path, site) ?? site, tens: false }, change: { kind: 'margin', site, margin: margin === 0 ? 0 : margin } }
    }
    if (key === '-') return { cursor: { site, tens: false, negative: !cursor.negative }, change: null }
    if (key === '+') return { cursor: { site, tens: false }, change: null }
  }
  if (/^[0-9]$/.test(key)) {
    const depth = (cursor.tens ? 10 : 0) + Number(key)
    if (depth > DEPTH_MAX) return { cursor: { site, tens: false }, change: null }
    return { cursor: { site: nextSite(path, site) ?? site, tens: false }, change: { kind: 'depth', site, depth } }
  }
  if (key === '+' || key.toLowerCase() === 'd') return { cursor: { site, tens: true }, change: null }
  const mark = MARK_KEYS[key.toLowerCase()]
  if (mark) {
    const target = cursor.site === null ? site : previousSite(path, site) ?? site
    return { cursor: { site, tens: false }, change: { kind: 'toggle', site: target, mark } }
  }
  if (key === 'ArrowRight' || key === 'Tab') return { cursor: { site: nextSite(path, site) ?? site, tens: false }, change: null }
  if (key === 'ArrowLeft' || key === 'Backspace') return { cursor: { site: previousSite(path, site) ?? site, tens: false }, change: null }
  return { cursor, change: null }
}

/** A chart with one entry change applied (a new chart; the old one is left as it was). */
export function applyEntryChange(chart: PerioChart, change: EntryChange): PerioChart {
  const { tooth, site } = change.site
  const exists = chart.teeth.some((entry) => entry.tooth === tooth)
  const teeth = exists ? chart.teeth : [...chart.teeth, { tooth, sites: {}, mobility: null, furcation: null }]
  return {
    teeth: teeth.map((entry) => {
      if (entry.tooth !== tooth) return entry
      const current: PerioSiteEntry = entry.sites[site] ?? emptySite()
      const updated = change.kind === 'depth'
        ? { ...current, depth: change.depth }
        : change.kind === 'margin' ? { ...current, margin: change.margin } : { ...current, [change.mark]: !current[change.mark] }
      return { ...entry, sites: { ...entry.sites, [site]: updated } }
    })
  }
}
