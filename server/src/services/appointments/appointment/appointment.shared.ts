import { clientService } from '../../../client-service'
import type { Appointment, AppointmentData, AppointmentPatch, AppointmentQuery, AppointmentService } from './appointment.class'
import type { WaitingListEntry } from '../waiting-list/waiting-list.shared'

export type { Appointment, AppointmentData, AppointmentPatch, AppointmentQuery }
export { appointmentStatuses, slotHoldingStatuses, allowedNextStatuses, canTransition, holdsSlot, type AppointmentStatus } from '../../../../../domain/appointments/status'
export type { RepeatRule } from '../../../../../domain/appointments/recurrence'

export const appointmentPath = 'appointment'
export const appointmentMethods = ['find', 'get', 'create', 'patch', 'remove'] as const
export type AppointmentClientService = Pick<AppointmentService, (typeof appointmentMethods)[number]>

/** Custom events of the service (besides created, patched, removed). */
export const appointmentEvents = ['slot-freed'] as const

/** The largest page of a find: a branch's week calendar in one call. */
export const APPOINTMENT_MAX_PAGE = 1000
/** The longest appointment, in minutes (a day). */
export const APPOINTMENT_MAX_DURATION = 1440

/** `query.$series` of patch and remove: this occurrence only (default), or it and the rest. */
export const seriesScopes = ['this', 'following'] as const
export type SeriesScope = (typeof seriesScopes)[number]

/**
 * The `slot-freed` event: an appointment stopped holding its time (cancelled, no-show, moved,
 * removed); `candidates` are the waiting-list entries of its branch that fit the freed slot.
 */
export interface SlotFreed {
  branchId: string
  staffId: string
  workPlaceId: string | null
  start: string
  end: string
  candidates: WaitingListEntry[]
}

export const reminderUnits = ['minutes', 'hours', 'days', 'weeks', 'months'] as const
export const appointmentClient = clientService<AppointmentClientService>()(appointmentPath, appointmentMethods, { branchScoped: true })
