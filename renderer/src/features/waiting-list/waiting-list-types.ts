/**
 * Shapes of issue 5's `waiting-list` and `appointment` services, re-exported from the server's
 * shared files (type-only: no server code reaches the bundle), plus what the form sends.
 */
import type { AppointmentStatus } from '../../../../domain/appointments/status'
import type { WaitingListEntry } from '../../../../server/src/services/appointments/waiting-list/waiting-list.shared'

export type { WaitingListEntry }
export type { Appointment as AppointmentSummary, SlotFreed as SlotFreedEvent } from '../../../../server/src/services/appointments/appointment/appointment.shared'
export type { WaitingListStatus as WaitingStatus } from '../../../../server/src/services/appointments/waiting-list/waiting-list.shared'
export { waitingListStatuses as waitingStatuses } from '../../../../server/src/services/appointments/waiting-list/waiting-list.shared'

/** What the form sends: the server fills company, status and appointment; the client the branch. */
export type WaitingListData = Pick<
  WaitingListEntry,
  'customerId' | 'staffId' | 'serviceIds' | 'dateFrom' | 'dateTo' | 'days' | 'timeFrom' | 'timeTo' | 'duration' | 'notes'
>

/** Statuses that hold no slot until someone confirms them (second tab). */
export const unconfirmedStatuses: AppointmentStatus[] = ['draft', 'onlineWaiting']

/** A catalogue `service` as the form's service picker needs it. */
export interface CatalogueService {
  _id: string
  name: string
  duration: number
  archived?: boolean
}
