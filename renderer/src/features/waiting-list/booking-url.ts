import { addLocalDays, minutesOfDay, timeOfMinutes, toZoned, weekdayOf, zonedToUtc } from '../../../../domain/appointments/zoned-time'
import type { WaitingListEntry } from './waiting-list-types'

/** BRIEF5 "Booking from elsewhere": the calendar opens on that day with the booking form prefilled. */
export interface BookingParams {
  start?: string
  staffId?: string | null
  workPlaceId?: string | null
  customerId?: string | null
  duration?: number | null
  waitingListId?: string | null
}

export const CALENDAR_PATH = '/appointments/calendar'

export function bookingUrl(params: BookingParams): string {
  const search = new URLSearchParams({ book: '1' })
  for (const key of ['start', 'staffId', 'workPlaceId', 'customerId', 'duration', 'waitingListId'] as const) {
    const value = params[key]
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value))
  }
  return `${CALENDAR_PATH}?${search.toString()}`
}

/**
 * The first moment the entry's window allows from now on: its first allowed day on or after
 * today (company-local) at the start of its time window, or later today when that start has
 * passed but the window still has room. Undefined when the window is over.
 */
export function firstPossibleStart(entry: Pick<WaitingListEntry, 'dateFrom' | 'dateTo' | 'days' | 'timeFrom' | 'timeTo' | 'duration'>, timeZone: string, now: Date = new Date()): string | undefined {
  const today = toZoned(now, timeZone)
  let day = entry.dateFrom > today.date ? entry.dateFrom : today.date
  for (let guard = 0; guard < 400 && day <= entry.dateTo; guard += 1, day = addLocalDays(day, 1)) {
    if (entry.days.length > 0 && !entry.days.includes(weekdayOf(day))) continue
    if (day !== today.date) return zonedToUtc(day, entry.timeFrom, timeZone)
    // Today: the next quarter hour that still leaves room for the whole visit.
    const from = Math.max(minutesOfDay(entry.timeFrom), Math.ceil((today.minutes + 1) / 15) * 15)
    if (from + entry.duration <= minutesOfDay(entry.timeTo)) return zonedToUtc(day, timeOfMinutes(from), timeZone)
  }
  return undefined
}

/** "Find a slot" for an entry: the calendar at its first possible day, the form filled with it. */
export function entryBookingUrl(entry: WaitingListEntry, timeZone: string, now?: Date): string {
  return bookingUrl({
    start: firstPossibleStart(entry, timeZone, now),
    staffId: entry.staffId,
    customerId: entry.customerId,
    duration: entry.duration,
    waitingListId: entry._id
  })
}
