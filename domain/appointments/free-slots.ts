/**
 * The first free slots for a visit ("first free slot, anywhere"): given the doctors' working
 * hours, what already holds their time (and the work places' time), a span of company-local
 * days, the booking form's time step, the visit's duration and the buffer after it, the earliest
 * starts a booking would take, sorted. Pure: the server reads the rows (appointment-slots) and
 * this decides. The rules are exactly the booking's (appointment-booking.ts), so a proposal is
 * never refused:
 * - the whole visit [start, start + duration) lies within one of the doctor's working intervals
 *   of the start's local day (what isWithinWorkingHours checks: minutes of that day);
 * - the time it holds, [start, start + duration + buffer), overlaps nothing the doctor holds,
 *   each of those [start, blockedUntil) (both sides' buffers count);
 * - when a work place is required, one of the branch's places is free the same way.
 * On top of them, what the search asks: starts on the step from local midnight, not before
 * `notBefore` (now), and the visit within the time-of-day window when one is given.
 */
import { isoWeekday, workingIntervalsOn, type StaffSchedule } from '../schedule/working-hours'
import { toMinutes } from '../schedule/intervals'
import { addLocalDays, daysBetween, timeOfMinutes, toZoned, zoneOffsetMs, zonedToUtcMs } from './zoned-time'

const MINUTE = 60_000

/** A span of time [start, end) in epoch milliseconds. */
export interface Interval {
  start: number
  end: number
}

/** A doctor who may be proposed, in each branch where they may be booked. */
export interface SlotDoctor {
  staffId: string
  /** The branches to propose them in (where they work and the caller may book). */
  branchIds: readonly string[]
  schedule: StaffSchedule | null
}

/** A work place that may be proposed with a visit of its branch. */
export interface SlotPlace {
  _id: string
  branchId: string
}

export interface FreeSlotsInput {
  doctors: readonly SlotDoctor[]
  /** null: no work place needed. Else the places to choose from, in order of preference. */
  places: readonly SlotPlace[] | null
  /** What holds each doctor's time: [start, blockedUntil) of their slot-holding appointments. */
  busyByStaff: ReadonlyMap<string, readonly Interval[]>
  /** The same for each work place. */
  busyByPlace: ReadonlyMap<string, readonly Interval[]>
  /** Company-local days to search, 'YYYY-MM-DD', inclusive. */
  dateFrom: string
  dateTo: string
  timeZone: string
  /** No slot starts before this instant (ms): now. */
  notBefore: number
  /** No slot starts at or after this instant (ms); none: the end of `dateTo`. */
  notAfter?: number
  /** Starts fall on multiples of this many minutes from local midnight (the form's hours step). */
  step: number
  /** The visit's minutes. */
  duration: number
  /** Minutes held after the visit. */
  buffer: number
  /** ISO weekdays (1 Monday .. 7 Sunday) the visit may fall on; null or none: every day. */
  weekdays?: ReadonlySet<number> | null
  /** Local minutes of the day the whole visit must lie within; null: any time. */
  window: { from: number; to: number } | null
  /** The most slots wanted. */
  limit: number
}

export interface FreeSlot {
  /** ISO instants (UTC). */
  start: string
  end: string
  staffId: string
  branchId: string
  workPlaceId: string | null
}

/** The intervals as one sorted list of disjoint ones (touching ones joined). */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].filter((interval) => interval.end > interval.start).sort((a, b) => a.start - b.start)
  const merged: Interval[] = []
  for (const interval of sorted) {
    const last = merged[merged.length - 1]
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end)
    else merged.push({ ...interval })
  }
  return merged
}

/** Whether [start, end) overlaps none of `merged` (sorted, disjoint): binary search for the first ending after start. */
export function isFree(merged: readonly Interval[], start: number, end: number): boolean {
  let low = 0
  let high = merged.length
  while (low < high) {
    const middle = (low + high) >> 1
    if (merged[middle].end <= start) low = middle + 1
    else high = middle
  }
  return low === merged.length || merged[low].start >= end
}

/**
 * The instant of local minute `minutes` of a day, and whether it is one the day really has at
 * that reading: on a day without a clock change the day's offset applies throughout; on a day
 * with one, each start goes through the zone conversion and is read back.
 */
function dayClock(date: string, timeZone: string) {
  const midnight = zonedToUtcMs(date, '00:00', timeZone)
  const nextMidnight = zonedToUtcMs(addLocalDays(date, 1), '00:00', timeZone)
  const steady = zoneOffsetMs(midnight, timeZone) === zoneOffsetMs(nextMidnight - 1, timeZone) && nextMidnight - midnight === 1440 * MINUTE
  return (minutes: number): { ms: number; date: string; minutes: number } => {
    if (steady) return { ms: midnight + minutes * MINUTE, date, minutes }
    const ms = zonedToUtcMs(date, timeOfMinutes(minutes), timeZone)
    const local = toZoned(ms, timeZone)
    return { ms, date: local.date, minutes: local.minutes }
  }
}

interface Candidate {
  ms: number
  staffId: string
  branchId: string
  workPlaceId: string | null
}

/** Slot order: start, then doctor, then branch (ids). */
const compareCandidates = (a: Candidate, b: Candidate) =>
  a.ms - b.ms || (a.staffId < b.staffId ? -1 : a.staffId > b.staffId ? 1 : 0) || (a.branchId < b.branchId ? -1 : a.branchId > b.branchId ? 1 : 0)

/** Puts `candidate` into `best` (sorted, at most `size` long) when it is among the first `size`. */
function keepBest(best: Candidate[], candidate: Candidate, size: number): void {
  if (best.length === size && compareCandidates(candidate, best[size - 1]) >= 0) return
  let at = best.length
  while (at > 0 && compareCandidates(candidate, best[at - 1]) < 0) at -= 1
  best.splice(at, 0, candidate)
  if (best.length > size) best.pop()
}

/**
 * The first `limit` free slots from `dateFrom` to `dateTo`, sorted by start, then doctor, then
 * branch (ids). A doctor of two branches is proposed in each. A slot names the first free place
 * of its branch (in the order given) when places are required, and is left out when none is free.
 * Day by day, keeping only the best `limit` of a day: a doctor's walk through the day stops as
 * soon as their next start is later than the last of those (a chain's 600 doctors cost a few
 * steps each, not a day of steps each).
 */
export function freeSlots(input: FreeSlotsInput): FreeSlot[] {
  const { doctors, places, timeZone, step, duration, buffer, window, limit } = input
  if (limit <= 0 || duration <= 0 || step <= 0) return []
  const merged = (map: ReadonlyMap<string, readonly Interval[]>) => new Map([...map].map(([key, list]) => [key, mergeIntervals(list)]))
  const staffBusy = merged(input.busyByStaff)
  const placeBusy = merged(input.busyByPlace)
  const placesOf = new Map<string, Array<{ _id: string; busy: Interval[] }>>()
  for (const place of places ?? []) {
    const list = placesOf.get(place.branchId) ?? []
    list.push({ _id: place._id, busy: placeBusy.get(place._id) ?? [] })
    placesOf.set(place.branchId, list)
  }
  const found: Candidate[] = []
  const days = daysBetween(input.dateFrom, input.dateTo)
  for (let offset = 0; offset <= days && found.length < limit; offset += 1) {
    const date = addLocalDays(input.dateFrom, offset)
    if (input.weekdays && !input.weekdays.has(isoWeekday(date))) continue
    const clock = dayClock(date, timeZone)
    const wanted = limit - found.length
    const best: Candidate[] = []
    for (const doctor of doctors) {
      const busy = staffBusy.get(doctor.staffId) ?? []
      const branches = places ? doctor.branchIds.filter((branchId) => placesOf.has(branchId)) : doctor.branchIds
      if (branches.length === 0) continue
      walk: for (const interval of workingIntervalsOn(doctor.schedule, date)) {
        const from = Math.max(toMinutes(interval.start), window?.from ?? 0)
        const to = Math.min(toMinutes(interval.end), window?.to ?? 1440)
        for (let minutes = Math.ceil(from / step) * step; minutes + duration <= to; minutes += step) {
          const start = clock(minutes)
          // A local time the day skips (the spring-forward gap) would be booked at another one,
          // which this walk reaches on its own: only times the day has are proposed.
          if (start.date !== date || start.minutes !== minutes) continue
          if (start.ms < input.notBefore) continue
          if (input.notAfter !== undefined && start.ms >= input.notAfter) break walk
          // Starts only grow from here: none of this doctor's later ones can make the day's best.
          if (best.length === wanted && start.ms > best[wanted - 1].ms) break walk
          const held = start.ms + (duration + buffer) * MINUTE
          if (!isFree(busy, start.ms, held)) continue
          for (const branchId of branches) {
            const place = places ? placesOf.get(branchId)!.find((candidate) => isFree(candidate.busy, start.ms, held)) : null
            if (place !== undefined) keepBest(best, { ms: start.ms, staffId: doctor.staffId, branchId, workPlaceId: place ? place._id : null }, wanted)
          }
        }
      }
    }
    found.push(...best)
  }
  return found.map(({ ms, staffId, branchId, workPlaceId }) => ({ start: new Date(ms).toISOString(), end: new Date(ms + duration * MINUTE).toISOString(), staffId, branchId, workPlaceId }))
}
