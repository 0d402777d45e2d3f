import { busyReason, type BusyReason, type HeldSlot } from '../../../../domain/appointments/busy-reason'
import { isWithinWorkingHours, outsideHoursReason, workingIntervalsOn, type OutsideHoursReason, type StaffSchedule } from '../../../../domain/schedule/working-hours'
import { fromMinutes, toMinutes } from '../../../../domain/schedule/intervals'

/**
 * What the calendar and the booking form can tell before anything is sent: whether a doctor
 * works at a time, and what is in the way of a visit. The same domain rules the server books by
 * (working-hours.ts, busy-reason.ts), so the warning and the server's refusal agree.
 */

/** Why a calendar cell [minutes, minutes + step) of a doctor's local day cannot be booked, or null. */
export function offHours(schedule: StaffSchedule | null | undefined, day: string, minutes: number, step: number): OutsideHoursReason | null {
  return isWithinWorkingHours(schedule, day, minutes, minutes + step) ? null : outsideHoursReason(schedule, day, minutes, minutes + step)
}

/** A refusal the server would give, as code and data (what errorMessage translates). */
export interface BookingProblem {
  code: 'outside-working-hours' | 'appointment-staff-busy'
  data: Record<string, unknown>
}

export interface WantedVisit {
  day: string
  /** Company-local 'HH:mm'. */
  time: string
  start: string
  duration: number
  /** Minutes the chosen services keep the slot after the visit (the largest of their buffers). */
  buffer: number
}

/**
 * The first problem of a visit for a doctor: outside hours (unless `override`), else the first
 * of the doctor's visits that day whose held slot overlaps the visit's (both buffers count).
 */
export function bookingProblem(wanted: WantedVisit, schedule: StaffSchedule | null | undefined, dayVisits: ReadonlyArray<HeldSlot & { _id: string }>, options: { override?: boolean; exclude?: string } = {}): BookingProblem | null {
  const startMinutes = toMinutes(wanted.time)
  if (!options.override && !isWithinWorkingHours(schedule, wanted.day, startMinutes, startMinutes + wanted.duration)) {
    return { code: 'outside-working-hours', data: { date: wanted.day, ...outsideHoursReason(schedule, wanted.day, startMinutes, startMinutes + wanted.duration) } }
  }
  const startMs = Date.parse(wanted.start)
  const slot: HeldSlot = {
    start: wanted.start,
    end: new Date(startMs + wanted.duration * 60_000).toISOString(),
    blockedUntil: new Date(startMs + (wanted.duration + wanted.buffer) * 60_000).toISOString(),
    time: wanted.time
  }
  const taken = [...dayVisits]
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))
    .find((visit) => visit._id !== options.exclude && Date.parse(visit.start) < Date.parse(slot.blockedUntil) && Date.parse(visit.blockedUntil) > startMs)
  if (!taken) return null
  const reason: BusyReason = busyReason(slot, taken)
  return { code: 'appointment-staff-busy', data: { ...reason } }
}

/**
 * Where "+ Book" opens on a day: the earliest start of the doctors' hours that day (the
 * calendar's day start when none works); today, not before now (rounded up to the form's time
 * step) while the day lasts. 'HH:mm', company-local.
 */
export function firstBookableTime(day: string, schedules: ReadonlyArray<StaffSchedule | null | undefined>, options: { dayStart: string; dayEnd: string; step: number; today: string; nowMinutes: number }): string {
  const starts = schedules.flatMap((schedule) => workingIntervalsOn(schedule, day).map((interval) => toMinutes(interval.start)))
  const first = starts.length > 0 ? Math.min(...starts) : toMinutes(options.dayStart)
  const soonest = Math.ceil(options.nowMinutes / options.step) * options.step
  return fromMinutes(day === options.today && soonest < toMinutes(options.dayEnd) ? Math.max(first, soonest) : first)
}
