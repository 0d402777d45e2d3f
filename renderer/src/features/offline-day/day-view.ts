import type { OfflineDaySnapshot, OfflineKind } from '../../../../main/src/offline/offline-types'
import { offlineKeyOf } from '../../../../main/src/offline/offline-ids'
import { allowedNextStatuses, isAppointmentStatus } from '../../../../domain/appointments/status'
import { toZoned } from '../../../../domain/appointments/zoned-time'

/*
 * The offline day screen's view of the cached day: the visits of one day by time and doctor,
 * with their patients and doctors by name. Reads only the snapshot (the store already applied
 * the waiting writes), so it works while the server is unreachable.
 */

type Json = Record<string, unknown>

export interface OfflineVisit {
  _id: string
  /** Made offline, not yet on the server. */
  pending: boolean
  day: string
  time: string
  endTime: string
  start: string
  duration: number
  status: string
  staffId: string
  doctorName: string
  customerId: string
  patientName: string
  phone: string | null
  notes: string | null
  /** The record as cached: the base of an edit. */
  record: Json
}

export interface OfflinePerson {
  _id: string
  name: string
  phone: string | null
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')
export const personName = (data: Json) => [text(data.last_name), text(data.first_name), text(data.middle_name)].filter(Boolean).join(' ')

export function recordsOf(snapshot: OfflineDaySnapshot, kind: OfflineKind): Json[] {
  return snapshot.records.filter((record) => record.kind === kind).map((record) => ({ ...record.data, _id: record._id }))
}

/** The doctors of the cached day (the branch's, and any other an appointment names). */
export function doctorsOf(snapshot: OfflineDaySnapshot): OfflinePerson[] {
  return recordsOf(snapshot, 'staff')
    .map((data) => ({ _id: String(data._id), name: personName(data), phone: null }))
    .sort((a, b) => a.name.localeCompare(b.name))
}

/** The cached patients, by name (a booking picks one of them). */
export function patientsOf(snapshot: OfflineDaySnapshot): OfflinePerson[] {
  return recordsOf(snapshot, 'customer')
    .map((data) => ({ _id: String(data._id), name: personName(data), phone: typeof data.phone === 'string' ? data.phone : null }))
    .sort((a, b) => a.name.localeCompare(b.name))
}

/** The saved price list, as a booking copies it (name, duration and price at booking). */
export function servicesOf(snapshot: OfflineDaySnapshot): Array<{ _id: string; name: string; duration: number; price: number }> {
  return recordsOf(snapshot, 'service').flatMap((data) =>
    typeof data.name === 'string' && typeof data.duration === 'number' && typeof data.price === 'number' ? [{ _id: String(data._id), name: data.name, duration: data.duration, price: data.price }] : []
  )
}

const visitStatuses = new Set(['cancelled', 'noShow'])

/** The visits of `day`, by start then doctor; cancelled ones and no-shows last. */
export function visitsOf(snapshot: OfflineDaySnapshot, day: string): OfflineVisit[] {
  const doctors = new Map(doctorsOf(snapshot).map((doctor) => [doctor._id, doctor.name]))
  const patients = new Map(patientsOf(snapshot).map((patient) => [patient._id, patient]))
  return recordsOf(snapshot, 'appointment')
    .flatMap((data): OfflineVisit[] => {
      const start = text(data.start)
      if (Number.isNaN(Date.parse(start))) return []
      const local = toZoned(start, snapshot.timeZone)
      if (local.date !== day) return []
      const duration = typeof data.duration === 'number' ? data.duration : 0
      // From start and duration, as the server computes it: a visit moved offline has its old `end`.
      const end = duration > 0 ? new Date(Date.parse(start) + duration * 60_000).toISOString() : text(data.end) || start
      const patient = patients.get(text(data.customerId))
      return [
        {
          _id: String(data._id),
          pending: offlineKeyOf(data._id) !== null,
          day,
          time: local.time,
          endTime: toZoned(end, snapshot.timeZone).time,
          start,
          duration,
          status: text(data.status) || 'planned',
          staffId: text(data.staffId),
          doctorName: doctors.get(text(data.staffId)) ?? '',
          customerId: text(data.customerId),
          patientName: patient?.name ?? '',
          phone: patient?.phone ?? null,
          notes: typeof data.notes === 'string' && data.notes ? data.notes : null,
          record: data
        }
      ]
    })
    .sort((a, b) => Number(visitStatuses.has(a.status)) - Number(visitStatuses.has(b.status)) || a.start.localeCompare(b.start) || a.doctorName.localeCompare(b.doctorName))
}

/** Whether the visit's status may become `arrived` (the domain's transitions, as the server checks them). */
export const canCheckIn = (visit: OfflineVisit) => isAppointmentStatus(visit.status) && allowedNextStatuses(visit.status).includes('arrived')
