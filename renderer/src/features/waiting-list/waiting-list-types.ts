import type { AppointmentStatus } from '../../../../domain/appointments/status'

/**
 * Record shapes of issue 5's shared contract as this screen reads them (BRIEF5: `waiting-list`,
 * `appointment` and its `slot-freed` event). Kept narrow: only what the renderer shows or sends.
 */
export type WaitingStatus = 'waiting' | 'booked' | 'removed'
export const waitingStatuses: WaitingStatus[] = ['waiting', 'booked', 'removed']

export interface WaitingListEntry {
  _id: string
  companyId?: string
  branchId: string
  customerId: string
  /** Preferred doctor; null means any doctor. */
  staffId: string | null
  serviceIds: string[]
  /** Company-local days 'YYYY-MM-DD', both inclusive. */
  dateFrom: string
  dateTo: string
  /** 1 = Monday .. 7 = Sunday; empty means any day. */
  days: number[]
  /** Company-local 'HH:mm': the appointment must start and end inside this window. */
  timeFrom: string
  timeTo: string
  /** Minutes. */
  duration: number
  notes: string | null
  status: WaitingStatus
  appointmentId: string | null
  createdAt?: string
  updatedAt?: string
}

/** What the form sends: the server fills company, branch (client hook), status and appointment. */
export type WaitingListData = Pick<
  WaitingListEntry,
  'customerId' | 'staffId' | 'serviceIds' | 'dateFrom' | 'dateTo' | 'days' | 'timeFrom' | 'timeTo' | 'duration' | 'notes'
> & { branchId?: string }

/** Statuses that hold no slot until someone confirms them (second tab). */
export const unconfirmedStatuses: AppointmentStatus[] = ['draft', 'onlineWaiting']

export interface AppointmentService {
  serviceId: string
  name: string
  duration: number
  price: number
  quantity: number
}

export interface AppointmentSummary {
  _id: string
  branchId: string
  customerId: string
  staffId: string
  workPlaceId: string | null
  start: string
  end: string
  duration: number
  /** Company-local, computed by the server. */
  date: string
  time: string
  status: AppointmentStatus
  services: AppointmentService[]
  notes: string | null
}

/** The appointment service's custom event when a slot stops being held (cancel, no show, move, remove). */
export interface SlotFreedEvent {
  branchId: string
  staffId: string
  workPlaceId: string | null
  start: string
  end: string
  candidates: WaitingListEntry[]
}

/** A catalogue `service` as the form's service picker needs it. */
export interface CatalogueService {
  _id: string
  name: string
  duration: number
  archived?: boolean
}
