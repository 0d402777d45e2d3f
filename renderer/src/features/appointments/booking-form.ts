import { initialStatuses, allowedNextStatuses, type AppointmentStatus } from '../../../../domain/appointments/status'
import { roundUpToStep, visitDuration } from '../../../../domain/appointments/visit-duration'
import type { AppointmentChanges, AppointmentData, AppointmentRecord, AppointmentService, CalendarSettings, CatalogueService, ReminderUnit, RepeatFrequency, RepeatRule } from './appointment-types'
import { dayKey, instantOfWallTime, minutesOf, timeKey, timeOfMinutes, toFloating } from './zoned-time'

/**
 * The booking form's values and how they become the appointment the server takes. Pure, so the
 * rules (durations from services, repeat choices, time lists) are unit-tested.
 */

/** The repeat choices of the form: every 2/3/4 months are the contract's everyNMonths. */
export const repeatChoices = ['none', 'daily', 'everyNDays', 'weekly', 'monthly', 'every2Months', 'every3Months', 'every4Months', 'yearly'] as const
export type RepeatChoice = (typeof repeatChoices)[number]
export const reminderUnits: ReminderUnit[] = ['minutes', 'hours', 'days', 'weeks', 'months']

export interface BookingValues {
  customerId: string | null
  staffId: string | null
  workPlaceId: string | null
  /** Clinic day 'YYYY-MM-DD'. */
  date: string
  /** Clinic time 'HH:mm'. */
  time: string
  duration: number
  serviceIds: string[]
  status: AppointmentStatus
  repeat: RepeatChoice
  everyDays: number
  endsType: 'date' | 'count' | 'never'
  endsDate: string | null
  endsCount: number
  notifyClient: boolean
  reminderOn: boolean
  reminderAmount: number
  reminderUnit: ReminderUnit
  notes: string
}

/** What another screen may hand the form (the contract's ?book=1 parameters). */
export interface BookingPrefill {
  start?: string | null
  staffId?: string | null
  workPlaceId?: string | null
  customerId?: string | null
  duration?: number | null
  waitingListId?: string | null
  /** Services to book (a treatment plan's phase). */
  serviceIds?: string[] | null
  /** Booked from a treatment plan's phase: the visit is made through the plan, linked to the phase in one transaction. */
  planPhase?: { planId: string; phaseId: string } | null
}

export const FORM_FIELDS = ['customerId', 'staffId', 'workPlaceId', 'date', 'time', 'duration', 'serviceIds', 'status', 'repeat', 'notes'] as const

/** A server error's path → the form field that shows it. */
export function fieldOfPath(path: string | undefined): string | undefined {
  if (!path) return undefined
  if (path === 'start' || path === 'end') return 'time'
  if (path === 'services' || path.startsWith('services.')) return 'serviceIds'
  if (path.startsWith('repeat')) return 'repeat'
  return (FORM_FIELDS as readonly string[]).includes(path) ? path : undefined
}

/** Rounds up to the duration step (a 40-minute treatment on a 15-minute grid takes 45). */
export const roundUp = roundUpToStep

/** The form's duration when services are chosen: the sum of their durations, on the grid (the slot search's rule too). */
export function durationOfServices(ids: string[], catalogue: CatalogueService[], step: number): number | null {
  const chosen = ids.map((id) => catalogue.find((item) => item._id === id)).filter((item): item is CatalogueService => Boolean(item))
  return visitDuration(chosen.map((item) => item.duration), step)
}

/** Times offered in the form: every hoursStep minutes from the day's start to its end. */
export function timeOptions(settings: CalendarSettings): string[] {
  const out: string[] = []
  const step = Math.max(5, settings.hoursStep)
  for (let minute = minutesOf(settings.dayStart); minute < minutesOf(settings.dayEnd); minute += step) out.push(timeOfMinutes(minute))
  return out
}

/** Durations offered: multiples of durationStep up to 12 hours (the catalogue's longest). */
export function durationOptions(settings: CalendarSettings, current?: number): number[] {
  const step = Math.max(5, settings.durationStep)
  const out: number[] = []
  for (let minutes = step; minutes <= 720; minutes += step) out.push(minutes)
  if (current && !out.includes(current)) out.push(current)
  return out.sort((a, b) => a - b)
}

/** Statuses the status select offers: the initial ones for a new booking, else the allowed moves. */
export function statusChoices(current: AppointmentStatus | null): AppointmentStatus[] {
  if (!current) return [...initialStatuses]
  return [current, ...allowedNextStatuses(current)]
}

function repeatToChoice(repeat: RepeatRule | null): RepeatChoice {
  if (!repeat) return 'none'
  if (repeat.frequency === 'everyNMonths') return `every${repeat.interval}Months` as RepeatChoice
  return repeat.frequency
}

export function choiceToRepeat(values: Pick<BookingValues, 'repeat' | 'everyDays' | 'endsType' | 'endsDate' | 'endsCount'>): RepeatRule | null {
  if (values.repeat === 'none') return null
  const months = /^every(\d)Months$/.exec(values.repeat)
  const frequency: RepeatFrequency = months ? 'everyNMonths' : (values.repeat as RepeatFrequency)
  const interval = months ? Number(months[1]) : frequency === 'everyNDays' ? values.everyDays : 1
  const ends =
    values.endsType === 'date' && values.endsDate
      ? { type: 'date' as const, date: values.endsDate }
      : values.endsType === 'count'
        ? { type: 'count' as const, count: values.endsCount }
        : { type: 'never' as const }
  return { frequency, interval, ends }
}

/** Starting values: an existing appointment, or a new one from the prefill. */
export function initialValues(
  appointment: AppointmentRecord | null,
  prefill: BookingPrefill,
  settings: CalendarSettings,
  timeZone: string,
  today: string
): BookingValues {
  const base: BookingValues = {
    customerId: prefill.customerId ?? null,
    staffId: prefill.staffId ?? null,
    workPlaceId: prefill.workPlaceId ?? null,
    date: today,
    time: settings.dayStart,
    duration: prefill.duration && prefill.duration > 0 ? prefill.duration : roundUp(30, settings.durationStep),
    serviceIds: prefill.serviceIds ? [...prefill.serviceIds] : [],
    status: 'planned',
    repeat: 'none',
    everyDays: 2,
    endsType: 'count',
    endsDate: null,
    endsCount: 4,
    notifyClient: true,
    reminderOn: false,
    reminderAmount: 2,
    reminderUnit: 'hours',
    notes: ''
  }
  const start = appointment?.start ?? prefill.start
  if (start && !Number.isNaN(Date.parse(start))) {
    const floating = toFloating(start, timeZone)
    base.date = dayKey(floating)
    base.time = timeKey(floating)
  }
  if (!appointment) return base
  const ends = appointment.repeat?.ends
  return {
    ...base,
    customerId: appointment.customerId,
    staffId: appointment.staffId,
    workPlaceId: appointment.workPlaceId,
    duration: appointment.duration,
    serviceIds: appointment.services.map((item) => item.serviceId),
    status: appointment.status,
    repeat: repeatToChoice(appointment.repeat),
    everyDays: appointment.repeat?.frequency === 'everyNDays' ? appointment.repeat.interval : 2,
    endsType: ends?.type ?? 'count',
    endsDate: ends?.type === 'date' ? ends.date : null,
    endsCount: ends?.type === 'count' ? ends.count : 4,
    notifyClient: appointment.notifyClient,
    reminderOn: Boolean(appointment.reminder),
    reminderAmount: appointment.reminder?.amount ?? 2,
    reminderUnit: appointment.reminder?.unit ?? 'hours',
    notes: appointment.notes ?? ''
  }
}

/** The clinic-local date and time → the UTC instant. */
export function startInstant(date: string, time: string, timeZone: string): string {
  const [year, month, day] = date.split('-').map(Number)
  const [hour, minute] = time.split(':').map(Number)
  return instantOfWallTime({ year, month, day, hour, minute }, timeZone).toISOString()
}

/**
 * The services as the appointment keeps them (name, duration and price copied at booking, so a
 * later price change does not rewrite history); ones already on the appointment keep theirs.
 */
export function servicesOf(ids: string[], catalogue: CatalogueService[], existing: AppointmentService[] = []): AppointmentService[] {
  return ids.flatMap((id) => {
    const kept = existing.find((item) => item.serviceId === id)
    if (kept) return [kept]
    const item = catalogue.find((entry) => entry._id === id)
    return item ? [{ serviceId: item._id, name: item.name, duration: item.duration, price: item.price, quantity: 1 }] : []
  })
}

/** The form's values once its rules passed: a doctor is chosen (the server requires one). */
export type BookableValues = BookingValues & { staffId: string }

export function hasDoctor(values: BookingValues): values is BookableValues {
  return Boolean(values.staffId)
}

export function toAppointmentData(values: BookableValues, timeZone: string, catalogue: CatalogueService[], existing?: AppointmentRecord | null): AppointmentData {
  return {
    customerId: values.customerId ?? null,
    staffId: values.staffId,
    workPlaceId: values.workPlaceId ?? null,
    start: startInstant(values.date, values.time, timeZone),
    duration: values.duration,
    status: values.status,
    services: servicesOf(values.serviceIds ?? [], catalogue, existing?.services),
    repeat: choiceToRepeat(values),
    notifyClient: Boolean(values.notifyClient),
    reminder: values.reminderOn ? { amount: values.reminderAmount, unit: values.reminderUnit } : null,
    notes: values.notes?.trim() ? values.notes.trim() : null
  }
}

/**
 * A patch holds only what changed, so editing the notes never re-checks the slot. Repeat rules
 * are set at booking: a single visit's edit leaves the series rule alone.
 */
export function changedFields(data: AppointmentData, appointment: AppointmentRecord): AppointmentChanges {
  const patch: AppointmentChanges = {}
  const differs = <K extends keyof AppointmentChanges & keyof AppointmentRecord>(key: K) => JSON.stringify(data[key] ?? null) !== JSON.stringify(appointment[key] ?? null)
  if (differs('customerId')) patch.customerId = data.customerId
  if (differs('staffId')) patch.staffId = data.staffId
  if (differs('workPlaceId')) patch.workPlaceId = data.workPlaceId
  if (differs('duration')) patch.duration = data.duration
  if (differs('status')) patch.status = data.status
  if (differs('services')) patch.services = data.services
  if (differs('notifyClient')) patch.notifyClient = data.notifyClient
  if (differs('reminder')) patch.reminder = data.reminder
  if (differs('notes')) patch.notes = data.notes
  // The server computes the end from both: a moved or resized visit always sends the pair.
  if (patch.duration !== undefined || Date.parse(data.start) !== Date.parse(appointment.start)) Object.assign(patch, { start: data.start, duration: data.duration })
  return patch
}
