/**
 * Company-local dates and times to UTC instants and back, with Intl only (no time zone library),
 * independent of the machine's own zone. Local dates are 'YYYY-MM-DD', local times 'HH:mm'.
 *
 * Daylight saving: a local time that does not exist (the spring-forward gap) moves forward by the
 * gap's length (Helsinki 03:30 on the last Sunday of March becomes 04:30); a local time that
 * exists twice (the autumn overlap) means the first of the two. This is what Temporal calls
 * 'compatible' disambiguation and what people expect of a booking.
 */
import { toMinutes } from '../schedule/intervals'

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit'
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

export interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

/** The zone's offset at instant `ms` as Intl tells it (a few microseconds: see zoneOffsetMs). */
function readOffsetMs(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {}
  for (const part of formatterFor(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  }
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour % 24, parts.minute, parts.second)
  return asUtc - Math.floor(ms / 1000) * 1000
}

const DAY_MS = 86_400_000
/** Per zone and UTC day: the offset that holds the whole day, or null on a day it changes. */
const steadyOffsets = new Map<string, Map<number, number | null>>()
const STEADY_DAYS_KEPT = 20_000

/**
 * The zone's offset from UTC at instant `ms`, in milliseconds (Helsinki summer: +3 h). A week's
 * calendar converts thousands of instants and Intl's formatToParts is the slow part, so each UTC
 * day's offset is read once (at its first and last second): a day whose two agree has no
 * transition (no zone changes twice within a day), and on the day of a transition, which may
 * fall on any minute (Goose Bay's 00:01), every instant is read from Intl.
 */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  let zone = steadyOffsets.get(timeZone)
  if (!zone) steadyOffsets.set(timeZone, (zone = new Map()))
  const day = Math.floor(ms / DAY_MS)
  let steady = zone.get(day)
  if (steady === undefined) {
    const first = readOffsetMs(day * DAY_MS, timeZone)
    steady = first === readOffsetMs(day * DAY_MS + DAY_MS - 1000, timeZone) ? first : null
    if (zone.size >= STEADY_DAYS_KEPT) zone.clear()
    zone.set(day, steady)
  }
  return steady ?? readOffsetMs(ms, timeZone)
}

/** The wall clock in `timeZone` at instant `ms`. */
export function wallClock(ms: number, timeZone: string): WallClock {
  const local = new Date(ms + zoneOffsetMs(ms, timeZone))
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate(), hour: local.getUTCHours(), minute: local.getUTCMinutes(), second: local.getUTCSeconds() }
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME = /^(\d{2}):(\d{2})$/

function parseDate(date: string): [number, number, number] {
  const match = DATE.exec(date)
  if (!match) throw new RangeError(`not a local date: ${date}`)
  return [Number(match[1]), Number(match[2]), Number(match[3])]
}

/** Minutes since local midnight of 'HH:mm' ('24:00' is 1440, the end of a day); toMinutes, refusing what is not HH:mm. */
export function minutesOfDay(time: string): number {
  if (!TIME.test(time)) throw new RangeError(`not a local time: ${time}`)
  return toMinutes(time)
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0')

/** 'HH:mm' of minutes since midnight (0..1439). */
export function timeOfMinutes(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`
}

/** The UTC instant (ms) of a company-local date and time; see the file comment for DST. */
export function zonedToUtcMs(date: string, time: string, timeZone: string): number {
  const [year, month, day] = parseDate(date)
  const minutes = minutesOfDay(time)
  const local = Date.UTC(year, month - 1, day, 0, minutes)
  // The offsets in force a day either side cover every real zone's transitions.
  const before = zoneOffsetMs(local - 86_400_000, timeZone)
  const after = zoneOffsetMs(local + 86_400_000, timeZone)
  const candidates = [...new Set([before, after])]
    .map((offset) => local - offset)
    .filter((instant) => zoneOffsetMs(instant, timeZone) === local - instant)
    .sort((a, b) => a - b)
  if (candidates.length > 0) return candidates[0]
  // A gap: read the wall time with the offset from before the jump, which lands after it.
  return local - before
}

/** The same, as an ISO-8601 UTC string. */
export function zonedToUtc(date: string, time: string, timeZone: string): string {
  return new Date(zonedToUtcMs(date, time, timeZone)).toISOString()
}

/** The company-local date, time and weekday (1 Monday .. 7 Sunday) of an instant. */
export function toZoned(instant: string | number | Date, timeZone: string): { date: string; time: string; minutes: number; weekday: number } {
  const ms = typeof instant === 'number' ? instant : new Date(instant).getTime()
  const wall = wallClock(ms, timeZone)
  const date = `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`
  return { date, time: `${pad(wall.hour)}:${pad(wall.minute)}`, minutes: wall.hour * 60 + wall.minute, weekday: weekdayOf(date) }
}

export const localDate = (instant: string | number | Date, timeZone: string) => toZoned(instant, timeZone).date
export const localTime = (instant: string | number | Date, timeZone: string) => toZoned(instant, timeZone).time

/** A local date `days` later (or earlier): calendar arithmetic, no zone involved. */
export function addLocalDays(date: string, days: number): string {
  const [year, month, day] = parseDate(date)
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10)
}

/** Days from local date `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [y1, m1, d1] = parseDate(from)
  const [y2, m2, d2] = parseDate(to)
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000)
}

/** Day of the week of a local date: 1 Monday .. 7 Sunday. */
export function weekdayOf(date: string): number {
  const [year, month, day] = parseDate(date)
  const sundayZero = new Date(Date.UTC(year, month - 1, day)).getUTCDay()
  return sundayZero === 0 ? 7 : sundayZero
}

/** Whether `timeZone` is a zone Intl knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone)
    return true
  } catch {
    return false
  }
}
