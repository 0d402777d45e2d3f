import type { Appointment, AppointmentData as CreateData, AppointmentPatch, reminderUnits } from '../../../../server/src/services/appointments/appointment/appointment.shared'

export type { AppointmentStatus } from '../../../../domain/appointments/status'

// The records come from the server's shared files (what the typed client returns); only the
// booking form's own shape, which allows "not chosen yet", is written here.
export type { RepeatFrequency, RepeatEnds, RepeatRule } from '../../../../domain/appointments/recurrence'
export type ReminderUnit = (typeof reminderUnits)[number]
export type AppointmentRecord = Appointment
export type AppointmentService = Appointment['services'][number]
export type { ClinicService as CatalogueService } from '../../../../server/src/services/catalogue/service/service.shared'
export type { WorkPlace } from '../../../../server/src/services/schedule/work-place/work-place.shared'
export type { AppointmentSlot, AppointmentSlotsQuery } from '../../../../server/src/services/appointments/appointment-slots/appointment-slots.shared'
export { defaultCalendarSettings, type CalendarSettings } from '../../../../domain/schedule/calendar-settings'

/**
 * What the booking form sends on create: the server's create data (appointment.shared), every
 * field the form owns set. Start and duration; the server computes end, date and time, and the
 * branch from the signed-in scope. A customer may be null: the server refuses it with the
 * "No customer was selected" message at the Customer field.
 */
export type AppointmentData = Required<
  Pick<CreateData, 'customerId' | 'staffId' | 'workPlaceId' | 'start' | 'duration' | 'status' | 'services' | 'repeat' | 'notifyClient' | 'reminder' | 'notes'>
>
/** What an edit sends: the server's patch data, without the repeat rule (set at booking only). */
export type AppointmentChanges = Partial<Pick<AppointmentPatch, Exclude<keyof AppointmentData, 'repeat'>>>
