/**
 * Names shared by the customers report, the conversion funnel and their screens (issue 19;
 * definitions in docs/decisions/reports.md, "The customers report and the conversion funnel").
 */

/**
 * The customers report's figures: new patients (first visits ever), returning visits (visits of
 * a patient with an earlier one; new + returning = the summary's visits), patients registered
 * (customers created) and lapsed patients (whose last visit passed `lapsedMonths` months ago
 * during the period).
 */
export const customerFigures = ['newPatients', 'returning', 'registered', 'lapsed'] as const
export type CustomerFigure = (typeof customerFigures)[number]

/** How long without a visit makes a patient lapsed; 6 months unless asked. */
export const lapsedMonthChoices = [3, 6, 12] as const
export type LapsedMonths = (typeof lapsedMonthChoices)[number]
export const DEFAULT_LAPSED_MONTHS: LapsedMonths = 6

/** The funnel's steps in order; a patient counts at a step when they reached it and every step before. */
export const funnelSteps = ['entered', 'booked', 'arrived', 'presented', 'accepted', 'paid'] as const
export type FunnelStep = (typeof funnelSteps)[number]

/** `sourceId` of patients with no source recorded (every report that splits by source). */
export { NO_SOURCE } from './sources'

/**
 * A company-local day (`YYYY-MM-DD`) moved by whole months, clamped to the month's last day
 * (31 March − 1 month = 28 or 29 February), in the calendar only (no time zone).
 */
export function shiftMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number)
  const index = year * 12 + (month - 1) + months
  const targetYear = Math.floor(index / 12)
  const targetMonth = index - targetYear * 12
  const last = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate()
  return `${String(targetYear).padStart(4, '0')}-${String(targetMonth + 1).padStart(2, '0')}-${String(Math.min(date, last)).padStart(2, '0')}`
}

/** Whole percent of `part` in `whole`, or null when the whole is 0. */
export const percentOf = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part / whole) * 100) : null)
