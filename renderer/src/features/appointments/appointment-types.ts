import type { AppointmentStatus } from '../../../../domain/appointments/status'
import type { RepeatRule } from '../../../../domain/appointments/recurrence'
import type { Appointment, reminderUnits } from '../../../../server/src/services/appointments/appointment/appointment.shared'

export type { AppointmentStatus } from '../../../../domain/appointments/status'

// The records come from the server's shared files (what the typed client returns); only the
// booking form's own shape, which allows "not chosen yet", is written here.
export type { RepeatFrequency, RepeatEnds, RepeatRule } from '../../../../domain/appointments/recurrence'
export type ReminderUnit = (typeof reminderUnits)[number]
export type AppointmentRecord = Appointment
export type AppointmentService = Appointment['services'][number]
export type { ClinicService as CatalogueService } from '../../../../server/src/services/catalogue/service/service.shared'
export type { WorkPlace } from '../../../../server/src/services/schedule/work-place/work-place.shared'
export { defaultCalendarSettings, type CalendarSettings } from '../../../../domain/schedule/calendar-settings'

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

