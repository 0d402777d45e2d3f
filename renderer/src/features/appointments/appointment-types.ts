import type { AppointmentStatus } from '../../../../domain/appointments/status'

export type { AppointmentStatus } from '../../../../domain/appointments/status'

/**
 * The appointment as the renderer reads it (the shared contract of issue 5). Written here rather
 * than imported from the server's shared file so the screens do not depend on its internals.
 */
export type RepeatFrequency = 'daily' | 'everyNDays' | 'weekly' | 'monthly' | 'everyNMonths' | 'yearly'
export type RepeatEnds = { type: 'date'; date: string } | { type: 'count'; count: number } | { type: 'never' }
export interface RepeatRule {
  frequency: RepeatFrequency
  interval: number
  ends: RepeatEnds
}
export type ReminderUnit = 'minutes' | 'hours' | 'days' | 'weeks' | 'months'
export interface AppointmentService {
  serviceId: string
  name: string
  duration: number
  price: number
  quantity: number
}

export interface AppointmentRecord {
  _id: string
  companyId: string
  branchId: string
  customerId: string
  staffId: string
  workPlaceId: string | null
  start: string
  end: string
  duration: number
  date: string
  time: string
  status: AppointmentStatus
  services: AppointmentService[]
  repeat: RepeatRule | null
  seriesId: string | null
  seriesIndex: number | null
  notifyClient: boolean
  reminder: { amount: number; unit: ReminderUnit } | null
  notes: string | null
  color: string | null
  statusChangedAt?: string | null
  statusChangedBy?: string | null
  createdAt?: string
  updatedAt?: string
  createdBy?: string | null
}

/** What the booking form sends: start and duration; the server computes end, date and time. */
export interface AppointmentData {
  customerId: string | null
  staffId: string | null
  workPlaceId: string | null
  start: string
  duration: number
  status: AppointmentStatus
  services: AppointmentService[]
  repeat: RepeatRule | null
  notifyClient: boolean
  reminder: { amount: number; unit: ReminderUnit } | null
  notes: string | null
  waitingListId?: string
}

/** The `service` catalogue record (catalogue-server). */
export interface CatalogueService {
  _id: string
  categoryId: string | null
  name: string
  code: string | null
  duration: number
  bufferTime: number
  price: number
  staticPrice: boolean
  staticDuration: boolean
  color: string | null
  archived: boolean
}

/** The `work-place` record: a chair or a room of a branch. */
export interface WorkPlace {
  _id: string
  branchId: string
  name: string
  kind: 'chair' | 'room'
  color: string | null
  rank: number
  active: boolean
}

/** company.settings.calendar */
export interface CalendarSettings {
  zoom: number
  step: number
  durationStep: number
  hoursStep: number
  dayStart: string
  dayEnd: string
  workingDays: number[]
}

export const defaultCalendarSettings: CalendarSettings = {
  zoom: 2,
  step: 15,
  durationStep: 15,
  hoursStep: 15,
  dayStart: '08:00',
  dayEnd: '20:00',
  workingDays: [1, 2, 3, 4, 5, 6]
}
