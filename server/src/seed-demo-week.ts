import { seededRandom } from './demo-people'
import { timing, type AppointmentRow } from './services/appointments/appointment/appointment-booking'
import { canTransition, holdsSlot, initialStatuses, type AppointmentStatus } from '../../domain/appointments/status'
import { occurrences, type RepeatRule } from '../../domain/appointments/recurrence'
import { addLocalDays, daysBetween, toZoned, weekdayOf, zonedToUtcMs } from '../../domain/appointments/zoned-time'
import { isWithinWorkingHours, workingIntervalsOn, type StaffSchedule } from '../../domain/schedule/working-hours'
import { toMinutes } from '../../domain/schedule/intervals'
import { DEMO_APPOINTMENT_NOTES, DEMO_BOOKED_ONLINE, DEMO_WAITING_NOTES, type DemoLocale, type Words } from './seed-demo-texts'
import { pushTo } from '../../domain/multimap'

export type DemoSpecialty = 'Therapist' | 'Orthodontist' | 'Surgeon'

/** A catalogue service as the plan books it: the specialty offering it, and whether it takes the X-ray room. */
export interface DemoWeekService {
  _id: string
  code: string
  name: string
  duration: number
  bufferTime: number
  price: number
  specialty: DemoSpecialty
  room: boolean
}

/** Where a doctor works on a weekday: the branch and their chair there. */
export interface DemoPlacement {
  branchId: string
  workPlaceId: string
  /** A room of that branch some short services (the X-ray) take instead of the chair. */
  roomId?: string
}

export interface DemoDoctor {
  _id: string
  specialty: DemoSpecialty
  schedule: StaffSchedule
  /** By weekday 1..7; a day the schedule has hours must have a placement. */
  placements: Partial<Record<number, DemoPlacement>>
}

export interface DemoWeekInput {
  companyId: string
  timeZone: string
  /** The seed's moment: what is before it happened, what is after it is booked. */
  now: number
  /** Who booked and changed the appointments (the demo administrator). */
  userId: string
  doctors: DemoDoctor[]
  services: DemoWeekService[]
  /** Customers who may be booked (not blacklisted or archived), per branch. */
  customersByBranch: Map<string, string[]>
  newId: () => string
  /** The language of the notes (the services come named already). */
  locale: DemoLocale
  seed?: number
}

export type DemoAppointment = AppointmentRow & Record<string, unknown>
export interface DemoHistory { _id: string; companyId: string; appointmentId: string; from: string | null; to: string; at: string; by: string }
export type DemoWaitingEntry = Record<string, unknown> & { _id: string; branchId: string; customerId: string; status: 'waiting' }

export interface DemoWeek {
  /** The company-local days filled: the last Monday before the seed day to the next Sunday after it. */
  firstDay: string
  lastDay: string
  appointments: DemoAppointment[]
  history: DemoHistory[]
  waitingList: DemoWaitingEntry[]
}

const MINUTE = 60_000
const roundUp = (minutes: number, step: number) => Math.ceil(minutes / step) * step

/**
 * The days of the demo: from the last Monday strictly before the seed day to the next Sunday
 * strictly after it, so there are always done days, today and days ahead (8 to 14 days).
 */
/** The week's visits done by `now` (completed, with a patient, ended a quarter of an hour before): what the money and the plans follow. */
export function demoVisitsDone(appointments: readonly DemoAppointment[], now: number): DemoAppointment[] {
  return appointments.filter((visit) => visit.status === 'completed' && visit.customerId && Date.parse(visit.end) + 15 * MINUTE <= now)
}

export function demoDays(today: string): { firstDay: string; lastDay: string } {
  const weekday = weekdayOf(today)
  return { firstDay: addLocalDays(today, -(weekday === 1 ? 7 : weekday - 1)), lastDay: addLocalDays(today, weekday === 7 ? 7 : 7 - weekday) }
}

/**
 * The statuses an appointment went through to reach `status`, each step one the state machine
 * allows (checked), starting in a status a booking may be created in.
 */
export function statusPath(status: AppointmentStatus, random: () => number): AppointmentStatus[] {
  const booked: AppointmentStatus = random() < 0.7 ? 'planned' : 'confirmed'
  const paths: Record<AppointmentStatus, AppointmentStatus[]> = {
    planned: ['planned'],
    confirmed: booked === 'confirmed' ? ['confirmed'] : ['planned', 'confirmed'],
    notConfirmed: ['planned', 'notConfirmed'],
    late: [booked, 'late'],
    arrived: [booked, 'arrived'],
    started: [booked, 'arrived', 'started'],
    completed: [booked, 'arrived', 'started', 'completed'],
    cancelled: [booked, 'cancelled'],
    noShow: [booked, 'noShow'],
    draft: ['draft'],
    onlineWaiting: ['onlineWaiting']
  }
  const path = paths[status]
  if (!initialStatuses.includes(path[0]) || path.some((step, at) => at > 0 && !canTransition(path[at - 1], step))) throw new Error(`demo status path to ${status} breaks the state machine`)
  return path
}

/** A status that fits the appointment's time relative to the seed's moment. */
function statusAt(startMs: number, endMs: number, now: number, today: boolean, random: () => number): AppointmentStatus {
  const roll = random()
  if (endMs <= now) return roll < 0.06 ? 'noShow' : roll < 0.13 ? 'cancelled' : 'completed'
  if (startMs <= now) return roll < 0.8 ? 'started' : 'arrived'
  if (today) {
    if (startMs - now < 40 * MINUTE) return roll < 0.5 ? 'arrived' : 'confirmed'
    return roll < 0.55 ? 'confirmed' : roll < 0.9 ? 'planned' : 'notConfirmed'
  }
  return roll < 0.45 ? 'planned' : roll < 0.8 ? 'confirmed' : roll < 0.95 ? 'notConfirmed' : 'cancelled'
}

/**
 * When each status of `path` was set: the booking at `created`, then each change at its usual
 * moment around the visit (confirmed the day before, arrived ten minutes early, completed at the
 * end...), never before the previous one and never after the seed's moment.
 */
function stepTimes(path: AppointmentStatus[], created: number, start: number, end: number, now: number): number[] {
  const usual: Partial<Record<AppointmentStatus, number>> = {
    confirmed: start - 24 * 60 * MINUTE, notConfirmed: start - 24 * 60 * MINUTE, cancelled: start - 20 * 60 * MINUTE, late: start + 10 * MINUTE,
    arrived: start - 10 * MINUTE, started: start + 2 * MINUTE, completed: end, noShow: start + 20 * MINUTE
  }
  const times = [created]
  for (const status of path.slice(1)) times.push(Math.max(times[times.length - 1] + MINUTE, Math.min(now, usual[status] ?? now)))
  return times.map((time) => Math.min(time, now))
}

/**
 * Plans the demo clinic's appointments, without touching the database: every doctor's working
 * days from demoDays() filled with visits of their specialty inside their hours, with the rules
 * the appointment service keeps (no two slot-holding visits of one doctor or one chair overlap,
 * buffer time included; statuses reached through allowed transitions, history included), a
 * few free gaps, drafts and online requests, two weekly series and a short waiting list. The
 * same input gives the same plan (seeded random; ids from input.newId).
 */
export function planDemoWeek(input: DemoWeekInput): DemoWeek {
  const random = seededRandom(input.seed ?? 5)
  const { timeZone, now } = input
  const today = toZoned(now, timeZone).date
  const { firstDay, lastDay } = demoDays(today)
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]
  const appointments: DemoAppointment[] = []
  const history: DemoHistory[] = []
  /** Slot-holding [start, blockedUntil) per doctor and per work place, in ms. */
  const busy = new Map<string, Array<[number, number]>>()
  const customerDays = new Set<string>()
  const iso = (ms: number) => new Date(ms).toISOString()

  const conflict = (keys: string[], from: number, until: number) => {
    for (const key of keys) for (const [start, end] of busy.get(key) ?? []) if (start < until && end > from) return end
    return null
  }
  const customerFor = (branchId: string, date: string) => {
    const customers = input.customersByBranch.get(branchId) ?? []
    let customerId = pick(customers)
    for (let attempt = 0; attempt < 6 && customerDays.has(`${customerId}:${date}`); attempt += 1) customerId = pick(customers)
    customerDays.add(`${customerId}:${date}`)
    return customerId
  }

  /** Adds one appointment (and its history) if it fits its doctor's hours; returns it. */
  const book = (doctor: DemoDoctor, date: string, minutes: number, services: DemoWeekService[], options: { status?: AppointmentStatus; room?: boolean; series?: { seriesId: string; seriesIndex: number; repeat: RepeatRule } } = {}) => {
    const placement = doctor.placements[weekdayOf(date)]!
    const duration = services.reduce((sum, service) => sum + service.duration, 0)
    const buffer = Math.max(...services.map((service) => service.bufferTime))
    if (!isWithinWorkingHours(doctor.schedule, date, minutes, minutes + duration)) throw new Error(`demo appointment outside ${doctor._id}'s hours on ${date}`)
    const startMs = zonedToUtcMs(date, '00:00', timeZone) + minutes * MINUTE
    const workPlaceId = options.room && placement.roomId ? placement.roomId : placement.workPlaceId
    const status = options.status ?? statusAt(startMs, startMs + duration * MINUTE, now, date === today, random)
    const path = statusPath(status, random)
    const createdMs = Math.min(now - 30 * MINUTE, startMs - Math.floor(1 + random() * 14) * 24 * 60 * MINUTE + Math.floor(random() * 600) * MINUTE)
    const steps = stepTimes(path, createdMs, startMs, startMs + duration * MINUTE, now)
    const _id = input.newId()
    const row: DemoAppointment = {
      _id,
      companyId: input.companyId,
      createdAt: iso(createdMs),
      updatedAt: iso(steps[steps.length - 1]),
      createdBy: input.userId,
      branchId: placement.branchId,
      customerId: customerFor(placement.branchId, date),
      staffId: doctor._id,
      workPlaceId: status === 'onlineWaiting' ? null : workPlaceId,
      ...timing(iso(startMs), duration, buffer, timeZone),
      duration,
      status,
      services: services.map((service) => ({ serviceId: service._id, name: service.name, duration: service.duration, price: service.price, quantity: 1 })),
      repeat: options.series?.repeat ?? null,
      seriesId: options.series?.seriesId ?? null,
      seriesIndex: options.series?.seriesIndex ?? null,
      notifyClient: random() < 0.8,
      reminder: random() < 0.6 ? { amount: pick([2, 3, 24]), unit: 'hours' } : null,
      notes: random() < 0.15 ? pick(DEMO_APPOINTMENT_NOTES)[input.locale] : status === 'onlineWaiting' ? DEMO_BOOKED_ONLINE[input.locale] : null,
      color: null,
      statusChangedAt: iso(steps[steps.length - 1]),
      statusChangedBy: input.userId
    }
    appointments.push(row)
    path.forEach((to, at) => history.push({ _id: input.newId(), companyId: input.companyId, appointmentId: _id, from: at === 0 ? null : path[at - 1], to, at: iso(steps[at]), by: input.userId }))
    if (holdsSlot(status)) {
      const slot: [number, number] = [startMs, Date.parse(row.blockedUntil)]
      for (const key of [doctor._id, row.workPlaceId].filter((key): key is string => Boolean(key))) pushTo(busy, key, slot)
    }
    return row
  }

  // A doctor's services in catalogue order (the consultation first), and those taking the room.
  const offered = (doctor: DemoDoctor) => input.services.filter((service) => service.specialty === doctor.specialty && !service.room)
  const roomServices = (doctor: DemoDoctor) => input.services.filter((service) => service.specialty === doctor.specialty && service.room)
  const byCode = (code: string) => input.services.find((service) => service.code === code)!

  // Two weekly series, booked first (the days are then filled around them): braces adjustments
  // every week for six weeks, and a root canal treatment in three weekly visits.
  const seriesPlans: Array<[DemoSpecialty, string, string, number]> = [['Orthodontist', 'OR-04', '16:00', 6], ['Therapist', 'T-03', '09:00', 3]]
  for (const [specialty, code, time, count] of seriesPlans) {
    const doctor = input.doctors.find((candidate) => candidate.specialty === specialty)
    if (!doctor) continue
    const service = byCode(code)
    const date = [...Array(daysBetween(firstDay, lastDay) + 1).keys()].map((days) => addLocalDays(firstDay, days)).find((day) => isWithinWorkingHours(doctor.schedule, day, toMinutes(time), toMinutes(time) + service.duration))
    if (!date) continue
    const repeat: RepeatRule = { frequency: 'weekly', interval: 1, ends: { type: 'count', count } }
    const seriesId = input.newId()
    const customerId = customerFor(doctor.placements[weekdayOf(date)]!.branchId, date)
    occurrences(repeat, date, time, timeZone).forEach((occurrence, seriesIndex) => {
      const row = book(doctor, occurrence.date, toMinutes(time), [service], { series: { seriesId, seriesIndex, repeat } })
      row.customerId = customerId
    })
  }

  // The days: each doctor's hours filled visit after visit, with some free gaps; a few gaps on
  // days ahead hold a draft or an online request instead (they hold no slot).
  let drafts = 0
  for (let date = firstDay; date <= lastDay; date = addLocalDays(date, 1)) {
    for (const doctor of input.doctors) {
      const placement = doctor.placements[weekdayOf(date)]
      if (!placement) continue
      const services = offered(doctor)
      const dayStart = zonedToUtcMs(date, '00:00', timeZone)
      for (const interval of workingIntervalsOn(doctor.schedule, date)) {
        const end = toMinutes(interval.end)
        let minutes = toMinutes(interval.start) + pick([0, 0, 0, 15, 30])
        while (minutes < end) {
          if (random() < 0.18) {
            const service = pick(services)
            if (date > today && drafts < 4 && minutes + service.duration <= end && conflict([doctor._id], dayStart + minutes * MINUTE, dayStart + (minutes + service.duration) * MINUTE) === null) {
              book(doctor, date, minutes, [service], { status: drafts % 2 === 0 ? 'draft' : 'onlineWaiting' })
              drafts += 1
              minutes = roundUp(minutes + service.duration + service.bufferTime, 15)
            } else minutes += 15 * (1 + Math.floor(random() * 3))
            continue
          }
          const room = placement.roomId !== undefined && roomServices(doctor).length > 0 && random() < 0.1
          const chosen = room ? [pick(roomServices(doctor))] : random() < 0.2 ? [services[0], pick(services.slice(1))] : [pick(services)]
          const duration = chosen.reduce((sum, service) => sum + service.duration, 0)
          const buffer = Math.max(...chosen.map((service) => service.bufferTime))
          if (minutes + duration > end) break
          const from = dayStart + minutes * MINUTE
          const taken = conflict(room ? [doctor._id, placement.roomId!] : [doctor._id, placement.workPlaceId], from, from + (duration + buffer) * MINUTE)
          if (taken !== null) {
            minutes = roundUp(minutes + Math.ceil((taken - from) / MINUTE), 15)
            continue
          }
          book(doctor, date, minutes, chosen, { room })
          minutes = roundUp(minutes + duration + buffer, 15)
        }
      }
    }
  }

  // A short waiting list: people who want an earlier slot, some with a doctor, some with any.
  const waitingList: DemoWaitingEntry[] = []
  const waiting: Array<[DemoSpecialty, boolean, number[], string, string, Words | null]> = [
    ['Therapist', true, [], '09:00', '18:00', DEMO_WAITING_NOTES.toothache],
    ['Orthodontist', true, [1, 3, 5], '14:00', '19:00', DEMO_WAITING_NOTES.afterSchool],
    ['Surgeon', false, [], '09:00', '13:00', DEMO_WAITING_NOTES.morning],
    ['Therapist', false, [2, 4, 6], '09:00', '12:00', null]
  ]
  for (const [specialty, withDoctor, days, timeFrom, timeTo, notes] of waiting) {
    const doctor = input.doctors.find((candidate) => candidate.specialty === specialty)
    if (!doctor) continue
    const service = offered(doctor)[0]
    const placement = Object.values(doctor.placements)[0]!
    const createdAt = iso(now - Math.floor(1 + random() * 48) * 60 * MINUTE)
    waitingList.push({
      _id: input.newId(),
      companyId: input.companyId,
      createdAt,
      updatedAt: createdAt,
      createdBy: input.userId,
      branchId: placement.branchId,
      customerId: pick(input.customersByBranch.get(placement.branchId) ?? []),
      staffId: withDoctor ? doctor._id : null,
      serviceIds: [service._id],
      dateFrom: today,
      dateTo: addLocalDays(today, 14 + Math.floor(random() * 14)),
      days,
      timeFrom,
      timeTo,
      duration: service.duration,
      notes: notes ? notes[input.locale] : null,
      status: 'waiting',
      appointmentId: null
    })
  }
  return { firstDay, lastDay, appointments, history, waitingList }
}
