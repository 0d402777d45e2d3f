import { BadRequest } from '@feathersjs/errors'
import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { clinicError } from '../../../errors'
import { companySettingsFor, companyTimeZoneFor } from '../../company/company/company-reads'
import { bookableMembers } from '../../team/users/user-rows'
import { activeWorkPlaces } from '../../schedule/work-place/work-place-rows'
import { serviceTimes } from '../../catalogue/service/service-rows'
import { heldTimes } from '../appointment/appointment-booking'
import { APPOINTMENT_MAX_DURATION } from '../appointment/appointment.shared'
import { freeSlots, type FreeSlot, type Interval, type SlotDoctor, type SlotPlace } from '../../../../../domain/appointments/free-slots'
import { visitDuration } from '../../../../../domain/appointments/visit-duration'
import { addLocalDays, daysBetween, toZoned, zonedToUtcMs } from '../../../../../domain/appointments/zoned-time'
import { withCalendarDefaults, type CalendarSettings } from '../../../../../domain/schedule/calendar-settings'
import { isLocalDate, workingIntervalsOn } from '../../../../../domain/schedule/working-hours'
import { isEndTime, isTime, toMinutes } from '../../../../../domain/schedule/intervals'
import type { AppointmentSlotsPage, AppointmentSlotsQuery } from './appointment-slots.schema'
import { SLOT_SEARCH_DEFAULT_DAYS, SLOT_SEARCH_DEFAULT_LIMIT, SLOT_SEARCH_MAX_DAYS } from './appointment-slots.shared'

export type { AppointmentSlotsPage, AppointmentSlotsQuery }
export type AppointmentSlotsParams = Params<AppointmentSlotsQuery>

const MINUTE = 60_000
/**
 * The first stretch read and searched: the rest of the first day, or for a chain's many doctors
 * a few hours (their first 10 slots are usually in the first hour; a day of 600 doctors is
 * thousands of rows). Each next stretch is longer (×3), up to four weeks.
 */
const FIRST_STRETCH_MINUTES = (doctors: number) => (doctors > 50 ? 4 * 60 : 24 * 60)
const GROWTH = 3
const LONGEST_STRETCH_MINUTES = 28 * 24 * 60

/** What a search covers, once its query is checked: local days, time-of-day window, now. */
interface Span {
  dateFrom: string
  dateTo: string
  window: { from: number; to: number } | null
  weekdays: ReadonlySet<number> | null
  now: number
}

/** The visit a booking of the services would make: its minutes and the buffer it holds after. */
interface Visit {
  duration: number
  buffer: number
}

/**
 * `appointment-slots` find: the first free slots for a visit. Reads as steps: the company's
 * calendar settings and zone (the caller's, already loaded), the span searched, the visit (the
 * services' duration on the duration step, or the one given, and their buffer: what a booking
 * computes), the doctors who may be proposed (one read), the work places when one is needed (one
 * read), then stretches of time of growing length: what holds those doctors' and places' time in
 * the stretch (one read each) and the slots it leaves (domain/appointments/free-slots.ts), until
 * enough are found or the span ends.
 */
export class AppointmentSlotsService {
  constructor(private readonly app: Application) {}

  async find(params: AppointmentSlotsParams = {}): Promise<AppointmentSlotsPage> {
    const query = params.query
    if (!query?.companyId) throw clinicError(BadRequest, 'invalid-request', 'companyId')
    const { companyId } = query
    const db = dbOf(this.app, params)
    const timeZone = await companyTimeZoneFor(db, companyId, params)
    const calendar = withCalendarDefaults((await companySettingsFor(db, companyId, params)).calendar as Partial<CalendarSettings> | undefined)
    const span = spanOf(query, timeZone, Date.now())
    const visit = await visitOf(db, companyId, query, calendar.durationStep)
    const doctors = await doctorsOf(db, companyId, query, callerBranches(params))
    const places = query.workPlaceKind ? await activeWorkPlaces(db, companyId, query.workPlaceKind, [...new Set(doctors.flatMap((doctor) => doctor.branchIds))]) : null
    const limit = query.$limit ?? SLOT_SEARCH_DEFAULT_LIMIT
    const data = await walk(db, companyId, { doctors, places, span, visit, timeZone, step: calendar.hoursStep, limit })
    return { data }
  }
}

/** The branches an external caller may book in (create's rule: the branches they work in); null for the server's own call. */
function callerBranches(params: AppointmentSlotsParams): readonly string[] | null {
  if (!params.provider) return null
  return params.identity?.branchIds ?? []
}

/** The days and window searched, refusing what is not a date, a time or a range (at its field). */
export function spanOf(query: AppointmentSlotsQuery, timeZone: string, now: number): Span {
  for (const field of ['dateFrom', 'dateTo'] as const) {
    if (query[field] !== undefined && !isLocalDate(query[field])) throw clinicError(BadRequest, 'date-invalid', field)
  }
  if (query.timeFrom !== undefined && !isTime(query.timeFrom)) throw clinicError(BadRequest, 'time-invalid', 'timeFrom')
  if (query.timeTo !== undefined && !isEndTime(query.timeTo)) throw clinicError(BadRequest, 'time-invalid', 'timeTo')
  const today = toZoned(now, timeZone).date
  const dateFrom = query.dateFrom ?? today
  const dateTo = query.dateTo ?? addLocalDays(dateFrom < today ? today : dateFrom, SLOT_SEARCH_DEFAULT_DAYS - 1)
  if (dateTo < dateFrom) throw clinicError(BadRequest, 'invalid-range', 'dateTo')
  if (daysBetween(dateFrom, dateTo) >= SLOT_SEARCH_MAX_DAYS) throw clinicError(BadRequest, 'slot-range-too-long', 'dateTo')
  const window = query.timeFrom !== undefined || query.timeTo !== undefined ? { from: toMinutes(query.timeFrom ?? '00:00'), to: toMinutes(query.timeTo ?? '24:00') } : null
  if (window && window.to <= window.from) throw clinicError(BadRequest, 'invalid-range', 'timeTo')
  // Days gone are not searched: nothing starts before now.
  return { dateFrom: dateFrom < today ? today : dateFrom, dateTo, window, weekdays: query.weekdays ? new Set(query.weekdays) : null, now }
}

/** The visit a booking of the services would make (appointment.create: the form's duration, the catalogue's buffer). */
async function visitOf(db: Knex, companyId: string, query: AppointmentSlotsQuery, durationStep: number): Promise<Visit> {
  const times = await serviceTimes(db, companyId, query.serviceIds)
  const missing = query.serviceIds.findIndex((serviceId) => !times.has(serviceId))
  if (missing >= 0) throw clinicError(BadRequest, 'invalid-reference', `serviceIds.${missing}`)
  const chosen = query.serviceIds.map((serviceId) => times.get(serviceId)!)
  const duration = query.duration ?? visitDuration(chosen.map((service) => service.duration), durationStep)!
  if (duration > APPOINTMENT_MAX_DURATION) throw clinicError(BadRequest, 'invalid-request', 'duration')
  // The longest buffer among them, as bufferMinutes gives a booking (the same read serves both).
  return { duration, buffer: Math.max(0, ...chosen.map((service) => service.bufferTime)) }
}

/**
 * The doctors to propose: members who take appointments (one of them when `staffId` is given),
 * each in the branches they work in that the caller may book in (and the one asked for).
 */
async function doctorsOf(db: Knex, companyId: string, query: AppointmentSlotsQuery, allowed: readonly string[] | null): Promise<SlotDoctor[]> {
  const members = await bookableMembers(db, companyId, { staffId: query.staffId, inBranches: query.branchId ? [query.branchId] : allowed })
  return members
    .map((member) => ({
      staffId: member._id,
      schedule: member.schedule,
      branchIds: [...new Set(member.branchIds)].filter((branchId) => (allowed === null || allowed.includes(branchId)) && (!query.branchId || branchId === query.branchId)).sort()
    }))
    .filter((doctor) => doctor.branchIds.length > 0)
}

interface Search {
  doctors: SlotDoctor[]
  places: SlotPlace[] | null
  span: Span
  visit: Visit
  timeZone: string
  step: number
  limit: number
}

/**
 * Stretch after stretch of time, each longer than the one before: the held time of the doctors
 * and places in it, in one read, then the slots starting in it; stops once `limit` are found.
 */
async function walk(db: Knex, companyId: string, search: Search): Promise<FreeSlot[]> {
  const { doctors, places, span, visit, timeZone, limit } = search
  const found: FreeSlot[] = []
  if (doctors.length === 0 || (places && places.length === 0)) return found
  const owners = { staffIds: doctors.map((doctor) => doctor.staffId), workPlaceIds: (places ?? []).map((place) => place._id) }
  const end = zonedToUtcMs(addLocalDays(span.dateTo, 1), '00:00', timeZone)
  let from = Math.max(span.now, zonedToUtcMs(span.dateFrom, '00:00', timeZone))
  // Nothing starts before the first doctor's day does: the first stretch begins there (an hour
  // early, in case that start lies in a clock change's gap).
  from = Math.max(from, (firstWorkingStart(doctors, toZoned(from, timeZone).date, timeZone) ?? from) - 60 * MINUTE)
  let minutes = FIRST_STRETCH_MINUTES(doctors.length)
  // A whole first day ends at its midnight; a shorter stretch after its minutes.
  let until = minutes >= 24 * 60 ? zonedToUtcMs(addLocalDays(toZoned(from, timeZone).date, 1), '00:00', timeZone) : from + minutes * MINUTE
  while (from < end && found.length < limit) {
    until = Math.min(until, end)
    // A slot starting before `until` holds its time until at most `until` + its visit and buffer.
    const held = await heldTimes(db, companyId, owners, from, until + (visit.duration + visit.buffer) * MINUTE)
    const busyByStaff = new Map<string, Interval[]>()
    const busyByPlace = new Map<string, Interval[]>()
    for (const row of held) {
      const interval = { start: row.start, end: row.blockedUntil }
      push(busyByStaff, row.staffId, interval)
      if (row.workPlaceId) push(busyByPlace, row.workPlaceId, interval)
    }
    found.push(
      ...freeSlots({
        doctors, places, busyByStaff, busyByPlace, dateFrom: toZoned(from, timeZone).date, dateTo: toZoned(until - 1, timeZone).date, timeZone, notBefore: from, notAfter: until,
        step: search.step, duration: visit.duration, buffer: visit.buffer, window: span.window, weekdays: span.weekdays, limit: limit - found.length
      })
    )
    from = until
    minutes = Math.min(minutes * GROWTH, LONGEST_STRETCH_MINUTES)
    until = from + minutes * MINUTE
  }
  return found
}

/** The instant the earliest of the doctors starts work on a local date; null when none works that day. */
function firstWorkingStart(doctors: readonly SlotDoctor[], date: string, timeZone: string): number | null {
  const starts = doctors.flatMap((doctor) => workingIntervalsOn(doctor.schedule, date).slice(0, 1).map((interval) => interval.start))
  return starts.length === 0 ? null : zonedToUtcMs(date, starts.sort()[0], timeZone)
}

function push<T>(map: Map<string, T[]>, key: string, value: T) {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}
