import dayjs, { type Dayjs } from 'dayjs'
import { minutesOfDay } from '../../../../domain/appointments/zoned-time'
import type { CatalogueService, WaitingListData, WaitingListEntry } from './waiting-list-types'

/** The form's values: antd pickers work with dayjs; the record with 'YYYY-MM-DD' and 'HH:mm'. */
export interface WaitingFormValues {
  customerId?: string
  staffId?: string | null
  serviceIds: string[]
  dates?: [Dayjs, Dayjs]
  days: number[]
  times?: [Dayjs, Dayjs]
  duration?: number | null
  notes?: string | null
}

/** A time of day as the time pickers hold it (today's date; only hours and minutes count). */
function clockTime(time: string, day: Dayjs = dayjs()): Dayjs {
  const [hours, minutes] = time.split(':').map(Number)
  return day.startOf('day').hour(hours).minute(minutes)
}

export const DEFAULT_DURATION = 30
export const DEFAULT_WINDOW_DAYS = 14

export function emptyForm(customerId?: string, today: Dayjs = dayjs()): WaitingFormValues {
  return {
    customerId,
    staffId: null,
    serviceIds: [],
    dates: [today.startOf('day'), today.startOf('day').add(DEFAULT_WINDOW_DAYS, 'day')],
    days: [],
    times: [clockTime('09:00', today), clockTime('18:00', today)],
    duration: DEFAULT_DURATION,
    notes: ''
  }
}

export function entryToForm(entry: WaitingListEntry): WaitingFormValues {
  return {
    customerId: entry.customerId,
    staffId: entry.staffId,
    serviceIds: entry.serviceIds ?? [],
    dates: [dayjs(entry.dateFrom), dayjs(entry.dateTo)],
    days: entry.days ?? [],
    times: [clockTime(entry.timeFrom), clockTime(entry.timeTo)],
    duration: entry.duration,
    notes: entry.notes ?? ''
  }
}

export function formToData(values: WaitingFormValues): WaitingListData {
  const [from, to] = values.dates as [Dayjs, Dayjs]
  const [start, end] = values.times as [Dayjs, Dayjs]
  return {
    customerId: values.customerId as string,
    staffId: values.staffId || null,
    serviceIds: values.serviceIds ?? [],
    dateFrom: from.format('YYYY-MM-DD'),
    dateTo: to.format('YYYY-MM-DD'),
    days: [...(values.days ?? [])].sort((a, b) => a - b),
    timeFrom: start.format('HH:mm'),
    timeTo: end.format('HH:mm'),
    duration: Number(values.duration),
    notes: values.notes?.trim() ? values.notes.trim() : null
  }
}

/** The visit must fit in the time window; an empty or reversed window never fits anything. */
export function windowProblem(timeFrom: string, timeTo: string, duration: number): 'reversed' | 'tooShort' | null {
  const length = minutesOfDay(timeTo) - minutesOfDay(timeFrom)
  if (length <= 0) return 'reversed'
  if (duration > length) return 'tooShort'
  return null
}

/** Picking services suggests their total duration (the person can still change it). */
export function servicesDuration(serviceIds: string[], catalogue: CatalogueService[]): number | undefined {
  const byId = new Map(catalogue.map((item) => [item._id, item.duration]))
  const total = serviceIds.reduce((sum, id) => sum + (byId.get(id) ?? 0), 0)
  return total > 0 ? total : undefined
}

/**
 * Days of week in a short, readable form: consecutive runs joined ("Mon–Fri", "Mon, Wed–Fri").
 * `name` gives the short name of day 1..7; empty means any day.
 */
export function daysText(days: number[], name: (day: number) => string, any: string): string {
  const sorted = [...new Set(days)].filter((day) => day >= 1 && day <= 7).sort((a, b) => a - b)
  if (sorted.length === 0 || sorted.length === 7) return any
  const runs: [number, number][] = []
  for (const day of sorted) {
    const last = runs[runs.length - 1]
    if (last && day === last[1] + 1) last[1] = day
    else runs.push([day, day])
  }
  return runs.map(([from, to]) => (from === to ? name(from) : to === from + 1 ? `${name(from)}, ${name(to)}` : `${name(from)}–${name(to)}`)).join(', ')
}
