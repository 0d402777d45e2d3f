/**
 * Staff working hours (issue 5 contract): `users.schedule` =
 * { week: { '1'..'7': Interval[] }, dates: { 'YYYY-MM-DD': Interval[] } }. Days 1 = Monday .. 7 = Sunday.
 * An empty list is a day off; a schedule without `week` means "no working hours set".
 * Everything here is pure so the editors and the tests share it.
 */
export interface Interval {
  start: string
  end: string
}

export type DayKey = '1' | '2' | '3' | '4' | '5' | '6' | '7'
export const dayKeys: DayKey[] = ['1', '2', '3', '4', '5', '6', '7']
export type Week = Record<DayKey, Interval[]>

export interface Schedule {
  week?: Partial<Record<string, Interval[]>>
  dates?: Record<string, Interval[]>
}

/** The editor's shape: always all seven days, and the dated exceptions. */
export interface ScheduleDraft {
  week: Week
  dates: Record<string, Interval[]>
}

export const emptyWeek = (): Week => ({ '1': [], '2': [], '3': [], '4': [], '5': [], '6': [], '7': [] })

export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number)
  return hours * 60 + minutes
}

export function timeOf(minutes: number): string {
  const hours = Math.floor(minutes / 60)
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

/**
 * Times on the company step from 00:00 to the last step of the day. A value already stored off
 * the step (the step changed later) stays choosable so it is not silently lost.
 */
export function timeChoices(step: number, keep: string[] = []): string[] {
  const safe = step > 0 ? step : 15
  const times = new Set<string>()
  for (let minute = 0; minute < 24 * 60; minute += safe) times.add(timeOf(minute))
  times.add('23:59')
  for (const value of keep) if (/^\d{2}:\d{2}$/.test(value)) times.add(value)
  return [...times].sort((a, b) => minutesOf(a) - minutesOf(b))
}

const copyIntervals = (list: Interval[] | undefined): Interval[] => (list ?? []).map(({ start, end }) => ({ start, end }))

export function hasWorkingHours(schedule: Schedule | null | undefined): boolean {
  return Boolean(schedule?.week && typeof schedule.week === 'object')
}

/** Stored schedule to the editor's shape; without a week the given fallback (clinic hours) is shown. */
export function toDraft(schedule: Schedule | null | undefined, fallback: Week = emptyWeek()): ScheduleDraft {
  const week = emptyWeek()
  const source = hasWorkingHours(schedule) ? (schedule?.week ?? {}) : fallback
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

export function sortIntervals(list: Interval[]): Interval[] {
  return [...list].sort((a, b) => minutesOf(a.start) - minutesOf(b.start) || minutesOf(a.end) - minutesOf(b.end))
}

export type IntervalProblem = 'interval-order' | 'interval-overlap'

/** The first problem of one day's intervals: an end not after its start, or two that overlap. */
export function intervalsProblem(list: Interval[]): { index: number; problem: IntervalProblem } | null {
  for (const [index, interval] of list.entries()) {
    if (minutesOf(interval.end) <= minutesOf(interval.start)) return { index, problem: 'interval-order' }
  }
  const sorted = list.map((interval, index) => ({ ...interval, index })).sort((a, b) => minutesOf(a.start) - minutesOf(b.start))
  for (let i = 1; i < sorted.length; i++) {
    if (minutesOf(sorted[i].start) < minutesOf(sorted[i - 1].end)) return { index: sorted[i].index, problem: 'interval-overlap' }
  }
  return null
}

/** Every day (weekday key or date) whose intervals have a problem. */
export function draftProblems(draft: ScheduleDraft): Record<string, IntervalProblem> {
  const problems: Record<string, IntervalProblem> = {}
  for (const [key, list] of [...Object.entries(draft.week), ...Object.entries(draft.dates)]) {
    const found = intervalsProblem(list)
    if (found) problems[key] = found.problem
  }
  return problems
}

/** A new interval after the day's last one (or the clinic's day start), one hour long by default. */
export function nextInterval(list: Interval[], dayStart: string, dayEnd: string, step: number): Interval {
  const last = sortIntervals(list).at(-1)
  const start = last ? minutesOf(last.end) + step : minutesOf(dayStart)
  const end = Math.min(start + 60, minutesOf(dayEnd) > start ? minutesOf(dayEnd) : 24 * 60 - 1)
  if (start >= 24 * 60 - step) return { start: timeOf(24 * 60 - 2 * step), end: timeOf(24 * 60 - step) }
  return { start: timeOf(start), end: timeOf(Math.max(end, start + step)) }
}

/** The same intervals on the chosen days (copies, so editing one day never edits another). */
export function copyDay(week: Week, from: DayKey, to: DayKey[]): Week {
  const next = { ...week }
  for (const day of to) if (day !== from) next[day] = copyIntervals(week[from])
  return next
}

/** A template's intervals on the chosen days. */
export function applyTemplate(week: Week, intervals: Interval[], days: DayKey[]): Week {
  const next = { ...week }
  for (const day of days) next[day] = sortIntervals(copyIntervals(intervals))
  return next
}

/** Weekday key (1 = Monday .. 7 = Sunday) of a 'YYYY-MM-DD' date. */
export function weekdayOf(date: string): DayKey {
  const [year, month, day] = date.split('-').map(Number)
  const sunday0 = new Date(Date.UTC(year, month - 1, day)).getUTCDay()
  return String(sunday0 === 0 ? 7 : sunday0) as DayKey
}

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

/** The editor's shape to what is stored: intervals sorted, dates in order. */
export function fromDraft(draft: ScheduleDraft): Required<Schedule> {
  const week: Record<string, Interval[]> = {}
  for (const day of dayKeys) week[day] = sortIntervals(copyIntervals(draft.week[day]))
  const dates: Record<string, Interval[]> = {}
  for (const date of Object.keys(draft.dates).sort()) dates[date] = sortIntervals(copyIntervals(draft.dates[date]))
  return { week, dates }
}

/** Total working minutes of a day, for the summary next to each row. */
export function dayMinutes(list: Interval[]): number {
  return list.reduce((sum, interval) => sum + Math.max(0, minutesOf(interval.end) - minutesOf(interval.start)), 0)
}

/** Same content, ignoring key order: tells whether the editor has unsaved changes. */
export function sameDraft(a: ScheduleDraft, b: ScheduleDraft): boolean {
  return JSON.stringify(fromDraft(a)) === JSON.stringify(fromDraft(b))
}
