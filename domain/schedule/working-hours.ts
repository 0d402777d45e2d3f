import { MAX_INTERVALS_PER_DAY, coversRange, intervalsProblem, sortIntervals, toMinutes, type IntervalProblemCode, type TimeInterval } from './intervals'

/** Days of the week as the schedule keys them: '1' Monday .. '7' Sunday (spec section 9). */
export const weekdayKeys = ['1', '2', '3', '4', '5', '6', '7'] as const
export type WeekdayKey = (typeof weekdayKeys)[number]

/**
 * A team member's working hours (`users.schedule`). `week`: the usual hours per weekday (an
 * empty list is a day off). `dates`: exceptions for single company-local dates, each replacing
 * that day's weekday hours (an empty list: off that day). Without `week` no working hours are
 * set at all: the person works only on the dates listed.
 */
export interface StaffSchedule {
  week?: Partial<Record<WeekdayKey, TimeInterval[]>>
  dates?: Record<string, TimeInterval[]>
}

/** The most dated exceptions one schedule keeps (about three years of daily changes). */
export const MAX_SCHEDULE_DATES = 1000

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** True for a real calendar date 'YYYY-MM-DD' (no 2026-02-30). */
export function isLocalDate(value: unknown): value is string {
  if (typeof value !== 'string') return false
  const match = DATE.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** The weekday of a local date, 1 = Monday .. 7 = Sunday. */
export function isoWeekday(localDate: string): number {
  const [year, month, day] = localDate.split('-').map(Number)
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay()
  return weekday === 0 ? 7 : weekday
}

/** True when the schedule sets usual weekly hours (else only dated entries make working days). */
export function hasWeeklyHours(schedule: StaffSchedule | null | undefined): boolean {
  return Boolean(schedule && schedule.week)
}

/**
 * The intervals someone works on a company-local date 'YYYY-MM-DD', sorted: the dated entry
 * when there is one, else that weekday's hours, else none.
 */
export function workingIntervalsOn(schedule: StaffSchedule | null | undefined, localDate: string): TimeInterval[] {
  const dated = schedule?.dates?.[localDate]
  if (dated) return sortIntervals(dated)
  const weekly = schedule?.week?.[String(isoWeekday(localDate)) as WeekdayKey]
  return weekly ? sortIntervals(weekly) : []
}

/**
 * True when [startMinutes, endMinutes) of that local date (minutes since midnight) lies wholly
 * within one of the day's working intervals. An appointment across a break is outside.
 */
export function isWithinWorkingHours(schedule: StaffSchedule | null | undefined, localDate: string, startMinutes: number, endMinutes: number): boolean {
  return coversRange(workingIntervalsOn(schedule, localDate), startMinutes, endMinutes)
}

export type ScheduleProblemCode = IntervalProblemCode | 'date-invalid' | 'too-many-intervals'

export interface ScheduleProblem {
  code: ScheduleProblemCode
  /** Relative to the schedule: 'week.1.0.start', 'dates.2026-05-01.1.end', 'dates.2026-13-01'. */
  path: string
}

/** The first problem of a day's intervals, with the path prefixed by where the day is. */
function dayProblem(intervals: TimeInterval[], at: string): ScheduleProblem | null {
  if (intervals.length > MAX_INTERVALS_PER_DAY) return { code: 'too-many-intervals', path: at }
  const problem = intervalsProblem(intervals)
  return problem ? { code: problem.code, path: `${at}.${problem.path}` } : null
}

/** The first problem of a schedule (times, order, overlaps, real dates), or null. */
export function scheduleProblem(schedule: StaffSchedule): ScheduleProblem | null {
  for (const key of weekdayKeys) {
    const day = schedule.week?.[key]
    const problem = day ? dayProblem(day, `week.${key}`) : null
    if (problem) return problem
  }
  for (const [date, day] of Object.entries(schedule.dates ?? {})) {
    if (!isLocalDate(date)) return { code: 'date-invalid', path: `dates.${date}` }
    const problem = dayProblem(day, `dates.${date}`)
    if (problem) return problem
  }
  return null
}

/**
 * The stored form of a valid schedule: every weekday present (a missing one is a day off) and
 * every day's intervals sorted; dates in calendar order. A schedule without `week` keeps none.
 */
export function normalizeSchedule(schedule: StaffSchedule): StaffSchedule {
  const result: StaffSchedule = {}
  if (schedule.week) result.week = Object.fromEntries(weekdayKeys.map((key) => [key, sortIntervals(schedule.week?.[key] ?? [])]))
  result.dates = Object.fromEntries(Object.keys(schedule.dates ?? {}).sort().map((date) => [date, sortIntervals(schedule.dates![date])]))
  return result
}

/** Why a visit is outside someone's hours, in words the front desk can act on. */
export type OutsideHoursReason =
  | { reason: 'day-off' }
  /** The visit runs into a break between two of the day's intervals. */
  | { reason: 'break'; from: string; to: string }
  /** The visit starts before the day's first interval or ends after its last. */
  | { reason: 'hours'; hours: string }

/**
 * Why [startMinutes, endMinutes) of a local date is not within the schedule's hours (call it
 * only when isWithinWorkingHours said no): a day off, a break it touches, or the day's hours.
 */
export function outsideHoursReason(schedule: StaffSchedule | null | undefined, localDate: string, startMinutes: number, endMinutes: number): OutsideHoursReason {
  const intervals = workingIntervalsOn(schedule, localDate)
  if (intervals.length === 0) return { reason: 'day-off' }
  for (let index = 1; index < intervals.length; index++) {
    const breakFrom = toMinutes(intervals[index - 1].end)
    const breakTo = toMinutes(intervals[index].start)
    if (breakTo > breakFrom && startMinutes < breakTo && endMinutes > breakFrom) return { reason: 'break', from: intervals[index - 1].end, to: intervals[index].start }
  }
  return { reason: 'hours', hours: intervals.map((interval) => `${interval.start}–${interval.end}`).join(', ') }
}
