import { intervalsProblem, sortIntervals, toMinutes, fromMinutes, type TimeInterval } from '../../../../domain/schedule/intervals'
import { hasWeeklyHours, isoWeekday, weekdayKeys, type StaffSchedule, type WeekdayKey } from '../../../../domain/schedule/working-hours'

/**
 * The working-hours editors' helpers. The rules themselves (valid times, order, overlaps, what a
 * schedule means) live in domain/schedule, shared with the server; this file adds what an editor
 * needs: all seven days always present, time choices on the company step, copy and templates.
 * Days 1 = Monday .. 7 = Sunday; an empty list is a day off.
 */
export type Interval = TimeInterval
export type DayKey = WeekdayKey
export type Schedule = StaffSchedule
export type Week = Record<DayKey, Interval[]>
export const dayKeys: DayKey[] = [...weekdayKeys]
export { intervalsProblem, sortIntervals }
export const minutesOf = toMinutes
export const timeOf = fromMinutes

/** The editor's shape: always all seven days, and the dated exceptions. */
export interface ScheduleDraft {
  week: Week
  dates: Record<string, Interval[]>
}

export const emptyWeek = (): Week => ({ '1': [], '2': [], '3': [], '4': [], '5': [], '6': [], '7': [] })

/**
 * Times on the company step: starts from 00:00, ends up to 24:00 (the end of the day). A value
 * already stored off the step (the step changed later) stays choosable so it is not lost.
 */
export function timeChoices(step: number, keep: string[] = [], kind: 'start' | 'end' = 'start'): string[] {
  const safe = step > 0 ? step : 15
  const times = new Set<string>()
  for (let minute = kind === 'start' ? 0 : safe; minute <= 24 * 60; minute += safe) {
    if (kind === 'start' && minute >= 24 * 60) break
    times.add(timeOf(minute))
  }
  for (const value of keep) if (/^\d{2}:\d{2}$/.test(value)) times.add(value)
  return [...times].sort((a, b) => minutesOf(a) - minutesOf(b))
}

const copyIntervals = (list: readonly Interval[] | undefined): Interval[] => (list ?? []).map(({ start, end }) => ({ start, end }))

export const hasWorkingHours = hasWeeklyHours

/** Stored schedule to the editor's shape; without a week the given fallback (clinic hours) is shown. */
export function toDraft(schedule: Schedule | null | undefined, fallback: Week = emptyWeek()): ScheduleDraft {
  const week = emptyWeek()
  const source: Partial<Record<DayKey, Interval[]>> = hasWorkingHours(schedule) ? (schedule?.week ?? {}) : fallback
  for (const day of dayKeys) week[day] = sortIntervals(copyIntervals(source[day]))
  const dates: Record<string, Interval[]> = {}
  for (const [date, list] of Object.entries(schedule?.dates ?? {})) dates[date] = sortIntervals(copyIntervals(list))
  return { week, dates }
}

/** The clinic's own day (calendar settings) as a starting week for someone without hours. */
export function clinicWeek(settings: { dayStart: string; dayEnd: string; workingDays: number[] }): Week {
  const week = emptyWeek()
  for (const day of dayKeys) {
    if (settings.workingDays.includes(Number(day))) week[day] = [{ start: settings.dayStart, end: settings.dayEnd }]
  }
  return week
}

/** Every day (weekday key or date) whose intervals have a problem, with the message code. */
export function draftProblems(draft: ScheduleDraft): Record<string, string> {
  const problems: Record<string, string> = {}
  for (const [key, list] of [...Object.entries(draft.week), ...Object.entries(draft.dates)]) {
    const found = intervalsProblem(list)
    if (found) problems[key] = found.code
  }
  return problems
}

/** A new interval after the day's last one (or at the clinic's day start), an hour long where it fits. */
export function nextInterval(list: Interval[], dayStart: string, step: number): Interval {
  const last = sortIntervals(list).at(-1)
  const day = 24 * 60
  const start = Math.min(last ? minutesOf(last.end) + step : minutesOf(dayStart), day - step)
  const end = Math.min(start + Math.max(60, step), day)
  return { start: timeOf(start), end: timeOf(end) }
}

/** The same intervals on the chosen days (copies, so editing one day never edits another). */
export function copyDay(week: Week, from: DayKey, to: DayKey[]): Week {
  const next = { ...week }
  for (const day of to) if (day !== from) next[day] = copyIntervals(week[from])
  return next
}

/** A template's intervals on the chosen days. */
export function applyTemplate(week: Week, intervals: readonly Interval[], days: DayKey[]): Week {
  const next = { ...week }
  for (const day of days) next[day] = sortIntervals(copyIntervals(intervals))
  return next
}

/** Weekday key (1 = Monday .. 7 = Sunday) of a 'YYYY-MM-DD' date. */
export const weekdayOf = (date: string): DayKey => String(isoWeekday(date)) as DayKey

/** A dated exception starts as that weekday's usual hours, the easiest thing to adjust. */
export function addException(draft: ScheduleDraft, date: string): ScheduleDraft {
  if (draft.dates[date]) return draft
  return { ...draft, dates: { ...draft.dates, [date]: copyIntervals(draft.week[weekdayOf(date)]) } }
}

export function removeException(draft: ScheduleDraft, date: string): ScheduleDraft {
  const dates = { ...draft.dates }
  delete dates[date]
  return { ...draft, dates }
}

/** The editor's shape to what is stored: every weekday, intervals sorted, dates in order. */
export function fromDraft(draft: ScheduleDraft): Required<Schedule> {
  const week: Week = emptyWeek()
  for (const day of dayKeys) week[day] = sortIntervals(copyIntervals(draft.week[day]))
  const dates: Record<string, Interval[]> = {}
  for (const date of Object.keys(draft.dates).sort()) dates[date] = sortIntervals(copyIntervals(draft.dates[date]))
  return { week, dates }
}

/** Total working minutes of a day, for the summary next to each row. */
export function dayMinutes(list: readonly Interval[]): number {
  return list.reduce((sum, interval) => sum + Math.max(0, minutesOf(interval.end) - minutesOf(interval.start)), 0)
}

/** Same content, ignoring key order: tells whether the editor has unsaved changes. */
export function sameDraft(a: ScheduleDraft, b: ScheduleDraft): boolean {
  return JSON.stringify(fromDraft(a)) === JSON.stringify(fromDraft(b))
}

/** A schedule as the server stores it: only the days that are set, each a list of intervals. */
export function scheduleData(schedule: Required<Schedule>) {
  const week = Object.fromEntries(Object.entries(schedule.week).filter((entry): entry is [string, Interval[]] => Array.isArray(entry[1])))
  return { week, dates: schedule.dates }
}
