/**
 * Time-of-day intervals ('HH:mm' to 'HH:mm', company-local wall clock) as used by staff working
 * hours, time templates and the calendar's day. Pure: no dates, no time zones.
 */

export interface TimeInterval {
  start: string
  end: string
}

/** Minutes in a day; '24:00' (only as an end) means the end of the day. */
export const MINUTES_PER_DAY = 24 * 60
/** The most intervals one day may hold (shifts with breaks; more is surely a mistake). */
export const MAX_INTERVALS_PER_DAY = 12

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/

/** True for a wall-clock time 'HH:mm' from '00:00' to '23:59'. */
export function isTime(value: unknown): value is string {
  return typeof value === 'string' && TIME.test(value)
}

/** True for a time that may end an interval: any time, or '24:00' (end of day). */
export function isEndTime(value: unknown): value is string {
  return value === '24:00' || isTime(value)
}

/** 'HH:mm' as minutes since midnight ('24:00' is 1440). Assumes a valid time. */
export function toMinutes(time: string): number {
  if (time === '24:00') return MINUTES_PER_DAY
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))
}

/** Minutes since midnight as 'HH:mm' (1440 is '24:00'). */
export function fromMinutes(minutes: number): string {
  if (minutes >= MINUTES_PER_DAY) return '24:00'
  const clamped = Math.max(0, Math.floor(minutes))
  return `${String(Math.floor(clamped / 60)).padStart(2, '0')}:${String(clamped % 60).padStart(2, '0')}`
}

/** Message codes of the interval problems (domain/messages.ts). */
export type IntervalProblemCode = 'time-invalid' | 'interval-start-after-end' | 'intervals-overlap'

export interface IntervalProblem {
  code: IntervalProblemCode
  /** Where, relative to the list: '2.start', '0.end'. */
  path: string
}

/** The intervals ordered by start (then end), as they are stored. */
export function sortIntervals(intervals: readonly TimeInterval[]): TimeInterval[] {
  return [...intervals].sort((a, b) => toMinutes(a.start) - toMinutes(b.start) || toMinutes(a.end) - toMinutes(b.end))
}

/**
 * The first problem of a day's intervals, or null: each time is 'HH:mm', each start is before its
 * end, and no two intervals overlap (touching ones, 09:00-13:00 and 13:00-18:00, are fine).
 * Order does not matter here; `sortIntervals` gives the stored order. Paths name the position in
 * the list as given.
 */
export function intervalsProblem(intervals: readonly TimeInterval[]): IntervalProblem | null {
  for (const [index, interval] of intervals.entries()) {
    if (!isTime(interval.start)) return { code: 'time-invalid', path: `${index}.start` }
    if (!isEndTime(interval.end)) return { code: 'time-invalid', path: `${index}.end` }
    if (toMinutes(interval.start) >= toMinutes(interval.end)) return { code: 'interval-start-after-end', path: `${index}.end` }
  }
  const order = intervals.map((interval, index) => ({ interval, index })).sort((a, b) => toMinutes(a.interval.start) - toMinutes(b.interval.start))
  for (let at = 1; at < order.length; at += 1) {
    if (toMinutes(order[at].interval.start) < toMinutes(order[at - 1].interval.end)) return { code: 'intervals-overlap', path: `${order[at].index}.start` }
  }
  return null
}

/** True when [startMinutes, endMinutes) lies wholly inside one of the intervals. */
export function coversRange(intervals: readonly TimeInterval[], startMinutes: number, endMinutes: number): boolean {
  if (!(startMinutes < endMinutes)) return false
  return intervals.some((interval) => toMinutes(interval.start) <= startMinutes && endMinutes <= toMinutes(interval.end))
}

/**
 * The union of intervals that may overlap (several people's hours of one day), sorted, with
 * overlapping and touching ones joined: 09-13 and 12-18 make 09-18.
 */
export function unionOfIntervals(intervals: readonly TimeInterval[]): TimeInterval[] {
  const union: Array<{ start: number; end: number }> = []
  for (const interval of sortIntervals(intervals)) {
    const start = toMinutes(interval.start)
    const end = toMinutes(interval.end)
    const last = union[union.length - 1]
    if (last && start <= last.end) last.end = Math.max(last.end, end)
    else union.push({ start, end })
  }
  return union.map((part) => ({ start: fromMinutes(part.start), end: fromMinutes(part.end) }))
}

/** The minutes the intervals cover (assumes no overlaps, as a stored day or a union). */
export function minutesOf(intervals: readonly TimeInterval[]): number {
  return intervals.reduce((sum, interval) => sum + Math.max(0, toMinutes(interval.end) - toMinutes(interval.start)), 0)
}
