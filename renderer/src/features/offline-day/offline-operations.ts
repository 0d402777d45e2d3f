import { offlineId } from '../../../../main/src/offline/offline-ids'
import type { OfflineOperation } from '../../../../main/src/offline/offline-types'

/*
 * The writes the offline day makes, as outbox entries (docs/decisions/offline-day.md, "Writes
 * offline"). Each carries its own client key; a create's record is `offline:<key>` until the
 * replay learns the server's id. A patch names the base (the values this workstation saw) of
 * exactly the fields it changes, so the replay can tell a change made on both sides.
 */

type Json = Record<string, unknown>

export interface VisitSeen {
  _id: string
  status?: unknown
  start?: unknown
  staffId?: unknown
  duration?: unknown
  notes?: unknown
}

/** Checks a patient in: the status becomes `arrived`, from the status seen. */
export function checkInOperation(visit: VisitSeen, key: string): OfflineOperation {
  return { key, kind: 'appointment', action: 'patch', id: visit._id, data: { status: 'arrived' }, base: { status: visit.status ?? null } }
}

export interface VisitChanges {
  start?: string
  staffId?: string
  duration?: number
  notes?: string | null
}

/** Edits a visit: only the fields that really change, each with its base; null when nothing does. */
export function editOperation(visit: VisitSeen, changes: VisitChanges, key: string): OfflineOperation | null {
  const data: Json = {}
  const base: Json = {}
  for (const [field, value] of Object.entries(changes) as Array<[keyof VisitChanges, unknown]>) {
    if (value === undefined) continue
    const seen = visit[field] ?? null
    const wanted = field === 'notes' && value === '' ? null : value
    if (field === 'start' ? Date.parse(String(seen)) === Date.parse(String(wanted)) : seen === wanted) continue
    data[field] = wanted
    base[field] = seen
  }
  return Object.keys(data).length ? { key, kind: 'appointment', action: 'patch', id: visit._id, data, base } : null
}

export interface NewPatient {
  firstName: string
  lastName: string
  phone: string
}

/** A service as an appointment keeps it (copied from the price list at booking). */
export interface BookedService {
  serviceId: string
  name: string
  duration: number
  price: number
  quantity: number
}

export interface Booking {
  branchId: string
  staffId: string
  start: string
  duration: number
  notes?: string
  /** From the saved price list; the replay's free-slot suggestions need them. */
  services?: BookedService[]
  /** A cached patient's id, or the new patient to create first. */
  patient: { customerId: string } | { create: NewPatient }
}

/**
 * Books a visit: for a new patient, the customer's create, then the appointment naming
 * `offline:<the customer's key>`. `keys` gives a fresh client key per write, in order.
 */
export function bookingOperations(booking: Booking, keys: () => string): OfflineOperation[] {
  const operations: OfflineOperation[] = []
  let customerId: string
  if ('create' in booking.patient) {
    const { firstName, lastName, phone } = booking.patient.create
    const key = keys()
    // Every create names its branch: the client would fill in the current one when sending, and a
    // key fingerprints the body sent (a replay after a branch change would be client-key-reused).
    operations.push({ key, kind: 'customer', action: 'create', data: { branchId: booking.branchId, first_name: firstName.trim(), last_name: lastName.trim(), ...(phone.trim() ? { phone: phone.trim() } : {}) } })
    customerId = offlineId(key)
  } else customerId = booking.patient.customerId
  const notes = booking.notes?.trim()
  operations.push({
    key: keys(),
    kind: 'appointment',
    action: 'create',
    data: {
      branchId: booking.branchId,
      customerId,
      staffId: booking.staffId,
      start: booking.start,
      duration: booking.duration,
      ...(booking.services?.length ? { services: booking.services } : {}),
      ...(notes ? { notes } : {})
    }
  })
  return operations
}

/** A note on the patient's card. */
export function noteOperation(customerId: string, branchId: string, text: string, key: string): OfflineOperation {
  return { key, kind: 'note', action: 'create', data: { customerId, branchId, text: text.trim() } }
}
