import { attachmentLevel, siteRedFlags, toothRedFlags, type PerioChart, type PerioSite, type PerioSiteEntry, type PerioThresholds, type PerioToothEntry, type SiteChange, buccalSites, lingualSites } from '../../../../domain/clinical/perio'
import { sidesLeftToRight } from '../../../../domain/clinical/perio-entry'
import { permanentRows, type FdiTooth } from '../../../../domain/clinical/teeth'

/**
 * The perio grid as the dentist reads it: the upper arch with its buccal rows above the tooth
 * numbers and its palatal rows below, then the lower arch with its lingual rows above and its
 * buccal rows below, so the two inner sides meet in the middle. Teeth run as on the odontogram
 * (patient's right on the left); in each tooth the three sites left to right as drawn.
 */
export type GridSide = 'buccal' | 'lingual'
export interface GridBand {
  arch: 'upper' | 'lower'
  side: GridSide
  /** Above the tooth numbers (true) or below them. */
  above: boolean
}
export interface GridArch {
  arch: 'upper' | 'lower'
  teeth: readonly FdiTooth[]
  /** Bands in screen order; the tooth numbers sit between the first and the second. */
  bands: readonly [GridBand, GridBand]
}

export const gridArches: readonly GridArch[] = [
  { arch: 'upper', teeth: permanentRows.upper, bands: [{ arch: 'upper', side: 'buccal', above: true }, { arch: 'upper', side: 'lingual', above: false }] },
  { arch: 'lower', teeth: permanentRows.lower, bands: [{ arch: 'lower', side: 'lingual', above: true }, { arch: 'lower', side: 'buccal', above: false }] }
]

/** The three sites of one side of a tooth, left to right on the screen. */
export function gridSites(tooth: FdiTooth, side: GridSide): PerioSite[] {
  return sidesLeftToRight(tooth, side === 'buccal' ? buccalSites : lingualSites)
}

/**
 * The rows of a band in screen order, mirrored about the tooth numbers: the depth is always next
 * to the numbers, then the margin, the computed CAL, and the site marks outermost.
 */
export type GridRow = 'depth' | 'margin' | 'attachment' | 'marks'
const outward: readonly GridRow[] = ['depth', 'margin', 'attachment', 'marks']
export function bandRows(band: Pick<GridBand, 'above'>): GridRow[] {
  return band.above ? [...outward].reverse() : [...outward]
}

export function toothEntry(chart: PerioChart, tooth: FdiTooth): PerioToothEntry | undefined {
  return chart.teeth.find((entry) => entry.tooth === tooth)
}

/** The text of one number cell: the depth or margin as stored (margin with its sign), CAL computed. */
export function cellValue(site: PerioSiteEntry | undefined, row: Exclude<GridRow, 'marks'>): number | null {
  if (!site) return null
  if (row === 'depth') return site.depth
  if (row === 'margin') return site.margin
  return site.depth === null ? null : attachmentLevel(site)
}

export function cellText(value: number | null, row: Exclude<GridRow, 'marks'>): string {
  if (value === null) return ''
  return row === 'margin' && value > 0 ? `+${value}` : String(value)
}

/** Whether a number cell shows red under the company's thresholds. */
export function cellRed(site: PerioSiteEntry | undefined, row: Exclude<GridRow, 'marks'>, thresholds: PerioThresholds): boolean {
  if (!site) return false
  const flags = siteRedFlags(site, thresholds)
  return row === 'depth' ? flags.depth : row === 'margin' ? flags.recession : flags.attachment
}

export { toothRedFlags }

/**
 * A key press as perio entry reads it (domain entryKey's keys), or 'mode' to switch between
 * depth and margin entry. Positions are read from KeyboardEvent.code, so the letters and the
 * digit row work on a Cyrillic layout; modified keys (Ctrl, Alt, Meta) are left to the browser.
 */
export interface KeyPress {
  key: string
  code?: string
  ctrlKey?: boolean
  metaKey?: boolean
  altKey?: boolean
  shiftKey?: boolean
}
export function perioKeyOf(press: KeyPress): string | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null
  const code = press.code ?? ''
  const digit = /^(?:Digit|Numpad)([0-9])$/.exec(code)
  if (digit && !(press.shiftKey && code.startsWith('Digit'))) return digit[1]
  if (code === 'NumpadAdd' || press.key === '+' || (code === 'Equal' && press.shiftKey)) return '+'
  if (code === 'Minus' || code === 'NumpadSubtract' || press.key === '-') return '-'
  const letter = /^Key([A-Z])$/.exec(code)?.[1]?.toLowerCase()
  if (letter && 'bspcd'.includes(letter)) return letter
  if (letter === 'g') return 'mode'
  if (['ArrowRight', 'ArrowLeft', 'Backspace'].includes(press.key)) return press.key
  if (/^[0-9]$/.test(press.key)) return press.key
  return null
}

/** The per-site change shown in the comparison: CAL where both exams have it, else depth. */
export function changeValue(change: SiteChange): number | null {
  return change.attachmentChange ?? change.depthChange
}

export function changeText(value: number | null): string {
  if (value === null) return ''
  return value > 0 ? `+${value}` : String(value)
}

/** Counts of sites better and worse by the 2 mm rule. */
export function changeSummary(changes: readonly SiteChange[]): { better: number; worse: number; same: number } {
  return {
    better: changes.filter((change) => change.trend === 'better').length,
    worse: changes.filter((change) => change.trend === 'worse').length,
    same: changes.filter((change) => change.trend === 'same').length
  }
}
