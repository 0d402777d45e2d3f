/**
 * Company time ↔ the calendar's "floating" Dates.
 *
 * The server stores instants in UTC and the clinic thinks in its own timezone (company.timezone),
 * but react-big-calendar lays out JS Dates by the *browser's* clock. So every instant is turned
 * into a floating Date: a browser-local Date whose wall clock (getHours(), getDate()…) reads what
 * a clock on the clinic's wall reads at that instant. A laptop in Moscow looking at a Tashkent
 * clinic still sees 09:00 where the clinic has 09:00. Going back, the floating Date's wall clock
 * is read as clinic time and turned into the instant.
 *
 * The zone arithmetic is domain/appointments/zoned-time.ts, the one the server books with; this
 * file adds only the floating Dates. No dependency on the browser zone beyond Date's local getters.
 */
import { addLocalDays, wallClock, weekdayOf, zoneOffsetMs, zonedToUtcMs } from '../../../../domain/appointments/zoned-time'

export interface WallTime {
  year: number
  /** 1..12 */
  month: number
  day: number
  hour: number
  minute: number
  second?: number
}

/** The wall clock in `timeZone` at an instant. */
export function wallTimeAt(instant: Date | string | number, timeZone: string): WallTime {
  return wallClock(new Date(instant).getTime(), timeZone)
}

/** Minutes the zone is ahead of UTC at an instant (Helsinki in summer: 180). */
export function zoneOffsetMinutes(instant: number, timeZone: string): number {
  return Math.round(zoneOffsetMs(instant, timeZone) / 60_000)
}

/**
 * The instant when the clock in `timeZone` reads `wall` (to the minute), by the domain's rule: a
 * wall time skipped by a spring-forward change is taken as that many minutes after the gap, an
 * hour repeated in autumn means the first one.
 */
export function instantOfWallTime(wall: WallTime, timeZone: string): Date {
  return new Date(zonedToUtcMs(dayKey(wall), timeKey(wall), timeZone))
}

/** An instant → the floating Date the calendar draws. */
export function toFloating(instant: Date | string | number, timeZone: string): Date {
  const wall = wallTimeAt(instant, timeZone)
  return new Date(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second ?? 0)
}

/** The wall clock a floating Date shows. */
export function floatingWall(floating: Date): WallTime {
  return {
    year: floating.getFullYear(),
    month: floating.getMonth() + 1,
    day: floating.getDate(),
    hour: floating.getHours(),
    minute: floating.getMinutes(),
    second: floating.getSeconds()
  }
}

/** A floating Date the calendar handed back (slot, drop) → the real instant. */
export function fromFloating(floating: Date, timeZone: string): Date {
  return instantOfWallTime(floatingWall(floating), timeZone)
}

/** The instant as an ISO string in UTC, as the server takes it. */
export function floatingToIso(floating: Date, timeZone: string): string {
  return fromFloating(floating, timeZone).toISOString()
}

const pad = (value: number) => String(value).padStart(2, '0')

/** 'YYYY-MM-DD' of a wall time or floating Date. */
export function dayKey(value: WallTime | Date): string {
  const wall = value instanceof Date ? floatingWall(value) : value
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`
}

/** 'HH:mm' of a wall time or floating Date. */
export function timeKey(value: WallTime | Date): string {
  const wall = value instanceof Date ? floatingWall(value) : value
  return `${pad(wall.hour)}:${pad(wall.minute)}`
}

/** The clinic's today as 'YYYY-MM-DD'. */
export function companyToday(timeZone: string, now: Date = new Date()): string {
  return dayKey(wallTimeAt(now, timeZone))
}

/** 'YYYY-MM-DD' → a floating Date at local midnight of that day. */
export function floatingDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number)
  return new Date(year, month - 1, date)
}

/** Adds whole calendar days to 'YYYY-MM-DD' (no clock involved, so no DST surprises). */
export const addDays = addLocalDays

/** 1 = Monday .. 7 = Sunday, of 'YYYY-MM-DD'. */
export const isoWeekday = weekdayOf

/** The instant the clinic's day 'YYYY-MM-DD' begins (its midnight, whatever DST does). */
export function dayStartInstant(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number)
  return instantOfWallTime({ year, month, day: date, hour: 0, minute: 0 }, timeZone)
}

/**
 * The query range of clinic days [fromDay, toDayExclusive): UTC instants from the first day's
 * midnight to the midnight after, in clinic time. A Helsinki day in March can be 23 hours long.
 */
export function dayRangeQuery(fromDay: string, toDayExclusive: string, timeZone: string) {
  return { $gte: dayStartInstant(fromDay, timeZone).toISOString(), $lt: dayStartInstant(toDayExclusive, timeZone).toISOString() }
}

/** 'HH:mm' → minutes after midnight. */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number)
  return hours * 60 + (minutes || 0)
}

/** Minutes after midnight → 'HH:mm'. */
export function timeOfMinutes(total: number): string {
  return `${pad(Math.floor(total / 60) % 24)}:${pad(total % 60)}`
}
