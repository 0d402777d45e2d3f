/**
 * Report periods (spec section 9: today, tomorrow, this and previous week and month, custom) as
 * half-open ranges of company-local days: `from` is the first day, `to` the day after the last.
 * Weeks start on Monday (ISO, as calendars in Russia, Uzbekistan and Finland do).
 */
import { addLocalDays, daysBetween, weekdayOf } from '../appointments/zoned-time'

export const periodPresets = ['today', 'tomorrow', 'thisWeek', 'previousWeek', 'thisMonth', 'previousMonth', 'custom'] as const
export type PeriodPreset = (typeof periodPresets)[number]

/** `[from, to)`: company-local days 'YYYY-MM-DD', `to` excluded. */
export interface DayRange {
  from: string
  to: string
}

/** The longest period one report covers (a leap year and a day). */
export const REPORT_MAX_DAYS = 367

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** Whether `day` is a real calendar day 'YYYY-MM-DD'. */
export function isLocalDay(day: unknown): day is string {
  if (typeof day !== 'string' || !DAY.test(day)) return false
  const ms = Date.parse(`${day}T00:00:00Z`)
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === day
}

const monthStart = (day: string) => `${day.slice(0, 8)}01`
function nextMonthStart(day: string): string {
  const year = Number(day.slice(0, 4))
  const month = Number(day.slice(5, 7))
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`
}

/**
 * The range of a preset, given the company's today. `custom` takes the first and last day
 * chosen (both included) and answers null when either is missing or not a day, when the last is
 * before the first, or when the range is longer than REPORT_MAX_DAYS.
 */
export function periodRange(preset: PeriodPreset, today: string, custom?: { first?: string | null; last?: string | null }): DayRange | null {
  switch (preset) {
    case 'today':
      return { from: today, to: addLocalDays(today, 1) }
    case 'tomorrow':
      return { from: addLocalDays(today, 1), to: addLocalDays(today, 2) }
    case 'thisWeek': {
      const monday = addLocalDays(today, 1 - weekdayOf(today))
      return { from: monday, to: addLocalDays(monday, 7) }
    }
    case 'previousWeek': {
      const monday = addLocalDays(today, 1 - weekdayOf(today) - 7)
      return { from: monday, to: addLocalDays(monday, 7) }
    }
    case 'thisMonth':
      return { from: monthStart(today), to: nextMonthStart(today) }
    case 'previousMonth': {
      const to = monthStart(today)
      return { from: monthStart(addLocalDays(to, -1)), to }
    }
    case 'custom': {
      const first = custom?.first
      const last = custom?.last
      if (!isLocalDay(first) || !isLocalDay(last)) return null
      const range = { from: first, to: addLocalDays(last, 1) }
      return rangeProblem(range) ? null : range
    }
  }
}

/** What is wrong with a range given by a caller: null when it is a usable report period. */
export function rangeProblem(range: { from?: unknown; to?: unknown }): 'missing' | 'invalid' | 'too-long' | null {
  if (range.from === undefined || range.to === undefined || range.from === null || range.to === null || range.from === '' || range.to === '') return 'missing'
  if (!isLocalDay(range.from) || !isLocalDay(range.to)) return 'invalid'
  const days = daysBetween(range.from, range.to)
  if (days < 1) return 'invalid'
  return days > REPORT_MAX_DAYS ? 'too-long' : null
}

/** Every day of a range, in order. */
export function daysOf(range: DayRange): string[] {
  const days: string[] = []
  for (let day = range.from; day < range.to; day = addLocalDays(day, 1)) days.push(day)
  return days
}

/** The last day of a range (the one before `to`), for showing it as "from – to". */
export const lastDayOf = (range: DayRange) => addLocalDays(range.to, -1)

/**
 * The period a report compares with (summary 2.0): whole calendar months go back as many months
 * (November with October, a quarter with the quarter before), any other period by its own
 * number of days (a week with the week before, a day with the day before).
 */
export function previousRange(range: DayRange): DayRange {
  if (range.from.endsWith('-01') && range.to.endsWith('-01')) {
    const index = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1
    const start = index(range.from) - (index(range.to) - index(range.from))
    return { from: `${String(Math.floor(start / 12)).padStart(4, '0')}-${String((start % 12) + 1).padStart(2, '0')}-01`, to: range.from }
  }
  return { from: addLocalDays(range.from, -daysBetween(range.from, range.to)), to: range.from }
}

/** The four periods of the director's home: today against yesterday, this month to today against the previous month to the same day. */
export interface HomePeriods {
  today: DayRange
  yesterday: DayRange
  month: DayRange
  previousMonth: DayRange
}
export const homePeriodKeys = ['today', 'yesterday', 'month', 'previousMonth'] as const
export type HomePeriod = (typeof homePeriodKeys)[number]

/**
 * The home's periods on the company's `today`: today; yesterday; this month from its first day
 * to today (included); the previous month from its first day to the same day of the month, or
 * to its last day when it is shorter (31 March compares with 1-28 February).
 */
export function homePeriods(today: string): HomePeriods {
  const month = monthStart(today)
  const previousStart = monthStart(addLocalDays(month, -1))
  const sameDay = addLocalDays(previousStart, daysBetween(month, today) + 1)
  return {
    today: { from: today, to: addLocalDays(today, 1) },
    yesterday: { from: addLocalDays(today, -1), to: today },
    month: { from: month, to: addLocalDays(today, 1) },
    previousMonth: { from: previousStart, to: sameDay < month ? sameDay : month }
  }
}
