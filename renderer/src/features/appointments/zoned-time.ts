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
 * Pure functions on Intl; no dependency on the browser zone beyond Date's own local getters.
 */

export interface WallTime {
  year: number
  /** 1..12 */
  month: number
  day: number
  hour: number
  minute: number
  second?: number
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone)
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric'
    })
    formatters.set(timeZone, found)
  }
  return found
}

/** The wall clock in `timeZone` at an instant. */
export function wallTimeAt(instant: Date | string | number, timeZone: string): WallTime {
  const parts: Record<string, number> = {}
  for (const part of formatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  }
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour % 24, minute: parts.minute, second: parts.second }
}

/** Minutes the zone is ahead of UTC at an instant (Helsinki in summer: 180). */
export function zoneOffsetMinutes(instant: number, timeZone: string): number {
  const wall = wallTimeAt(instant, timeZone)
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second ?? 0)
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000)
}

/**
 * The instant when the clock in `timeZone` reads `wall`. A wall time skipped by a spring-forward
 * change (Helsinki 03:30 on the last Sunday of March) is taken as the same number of minutes
 * after the gap, like the clocks themselves do; an hour repeated in autumn takes the first one.
 */
export function instantOfWallTime(wall: WallTime, timeZone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second ?? 0)
  // The offsets a day either side bound every change a zone makes around this wall time.
  const day = 86_400_000
  const candidates = [...new Set([asUtc - day, asUtc, asUtc + day].map((probe) => asUtc - zoneOffsetMinutes(probe, timeZone) * 60_000))]
  const readsRight = (candidate: number) => {
    const back = wallTimeAt(candidate, timeZone)
    return back.day === wall.day && back.hour === wall.hour && back.minute === wall.minute
  }
  const fits = candidates.filter(readsRight)
  // Repeated hour: both fit, take the earlier. Gap: none fits, and the one with the offset from
  // before the change lands as far past the gap as the wall time was into it.
  return new Date(fits.length ? Math.min(...fits) : Math.max(...candidates))
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
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number)
  const moved = new Date(Date.UTC(year, month - 1, date + days))
  return `${moved.getUTCFullYear()}-${pad(moved.getUTCMonth() + 1)}-${pad(moved.getUTCDate())}`
}

/** 1 = Monday .. 7 = Sunday, of 'YYYY-MM-DD'. */
export function isoWeekday(day: string): number {
  const [year, month, date] = day.split('-').map(Number)
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay()
  return weekday === 0 ? 7 : weekday
}

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
