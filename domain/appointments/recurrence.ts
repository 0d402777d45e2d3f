import { addLocalDays, zonedToUtc } from './zoned-time'

/** How an appointment repeats (the contract's `repeat`). */
export type RepeatFrequency = 'daily' | 'everyNDays' | 'weekly' | 'monthly' | 'everyNMonths' | 'yearly'
export const repeatFrequencies: readonly RepeatFrequency[] = ['daily', 'everyNDays', 'weekly', 'monthly', 'everyNMonths', 'yearly']

export type RepeatEnds = { type: 'date'; date: string } | { type: 'count'; count: number } | { type: 'never' }

export interface RepeatRule {
  frequency: RepeatFrequency
  /** N of everyNDays (2..365) and everyNMonths (2, 3 or 4); 1 for the others. */
  interval: number
  ends: RepeatEnds
}

/** A series never has more occurrences than this, however its end is set. */
export const MAX_OCCURRENCES = 500

/** Why a rule cannot be used ('invalid-repeat'), or null when it can, for a series from `startDate`. */
export function repeatProblem(rule: RepeatRule, startDate: string): 'invalid-repeat' | null {
  const { frequency, interval, ends } = rule
  if (!repeatFrequencies.includes(frequency) || !Number.isInteger(interval)) return 'invalid-repeat'
  if (frequency === 'everyNDays' && (interval < 2 || interval > 365)) return 'invalid-repeat'
  if (frequency === 'everyNMonths' && ![2, 3, 4].includes(interval)) return 'invalid-repeat'
  if (frequency !== 'everyNDays' && frequency !== 'everyNMonths' && interval !== 1) return 'invalid-repeat'
  if (ends.type === 'count' && (!Number.isInteger(ends.count) || ends.count < 2 || ends.count > MAX_OCCURRENCES)) return 'invalid-repeat'
  if (ends.type === 'date' && !(ends.date > startDate)) return 'invalid-repeat'
  return null
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/** The date `months` calendar months after `date`, its day clamped to the month's end (Jan 31 + 1 = Feb 28/29). */
export function addLocalMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number)
  const index = year * 12 + (month - 1) + months
  const targetYear = Math.floor(index / 12)
  const targetMonth = (index % 12) + 1
  const targetDay = Math.min(day, daysInMonth(targetYear, targetMonth))
  return `${String(targetYear).padStart(4, '0')}-${String(targetMonth).padStart(2, '0')}-${String(targetDay).padStart(2, '0')}`
}

/**
 * The i-th occurrence's date, always counted from the first one (never from the previous one), so
 * a monthly series from the 31st goes Jan 31, Feb 28, Mar 31 rather than drifting to the 28th.
 */
function nthDate(rule: RepeatRule, startDate: string, index: number): string {
  switch (rule.frequency) {
    case 'daily': return addLocalDays(startDate, index)
    case 'everyNDays': return addLocalDays(startDate, index * rule.interval)
    case 'weekly': return addLocalDays(startDate, index * 7)
    case 'monthly': return addLocalMonths(startDate, index)
    case 'everyNMonths': return addLocalMonths(startDate, index * rule.interval)
    case 'yearly': return addLocalMonths(startDate, index * 12)
  }
}

/**
 * The local dates of a series starting on `startDate` (the first occurrence included): until the
 * end date (inclusive), N times, or for 'never' up to one year ahead (inclusive); at most
 * MAX_OCCURRENCES either way.
 */
export function occurrenceDates(rule: RepeatRule, startDate: string): string[] {
  const { ends } = rule
  const limit = ends.type === 'count' ? Math.min(ends.count, MAX_OCCURRENCES) : MAX_OCCURRENCES
  const lastDate = ends.type === 'date' ? ends.date : ends.type === 'never' ? addLocalMonths(startDate, 12) : null
  const dates: string[] = []
  for (let index = 0; dates.length < limit; index += 1) {
    const date = nthDate(rule, startDate, index)
    if (lastDate !== null && date > lastDate) break
    dates.push(date)
  }
  return dates
}

/**
 * The UTC instants of a series whose first occurrence is at local `time` on `startDate` in
 * `timeZone`: every occurrence keeps the local wall time, across daylight-saving changes.
 */
export function occurrences(rule: RepeatRule, startDate: string, time: string, timeZone: string): Array<{ date: string; start: string }> {
  return occurrenceDates(rule, startDate).map((date) => ({ date, start: zonedToUtc(date, time, timeZone) }))
}
