import { minutesOfDay, toZoned, zonedToUtcMs, addLocalDays } from '../appointments/zoned-time'

/**
 * Quiet hours: automated messages go only inside a daily window of the clinic's local time
 * (default 09:00-20:00: "a night SMS is a complaint"). A message due outside it waits for the
 * next opening. The window is [start, end): a message due at 20:00 waits for tomorrow 09:00.
 */
export interface QuietHours {
  /** Local time the window opens, HH:MM. */
  start: string
  /** Local time the window closes, HH:MM (after start). */
  end: string
}

export const defaultQuietHours: QuietHours = { start: '09:00', end: '20:00' }

export function quietHoursProblem(hours: QuietHours): string | null {
  const pattern = /^([01]\d|2[0-3]):[0-5]\d$/
  if (!pattern.test(hours.start) || !pattern.test(hours.end)) return 'invalid-time'
  if (minutesOfDay(hours.end) <= minutesOfDay(hours.start)) return 'end-before-start'
  return null
}

/** The first instant at or after `dueMs` inside the window, in `timeZone`. */
export function nextSendingTime(dueMs: number, timeZone: string, hours: QuietHours = defaultQuietHours): number {
  const local = toZoned(dueMs, timeZone)
  const open = minutesOfDay(hours.start)
  const close = minutesOfDay(hours.end)
  if (local.minutes >= open && local.minutes < close) return dueMs
  const day = local.minutes < open ? local.date : addLocalDays(local.date, 1)
  return zonedToUtcMs(day, hours.start, timeZone)
}
