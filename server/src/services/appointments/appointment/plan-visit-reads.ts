import type { Knex } from 'knex'
import { APPOINTMENT_TABLE } from './appointment-booking'
import type { AppointmentStatus } from '../../../../../domain/appointments/status'

/** A visit still to happen or happening: booked, not completed, cancelled or missed. */
export const AHEAD_STATUSES: readonly AppointmentStatus[] = ['planned', 'confirmed', 'notConfirmed', 'late', 'arrived', 'started']

/**
 * Of these visits (a plan's phases name theirs), those in a status of `AHEAD_STATUSES` (booked, not
 * completed, cancelled or missed), with their start and end: ahead at an instant while it is
 * before their end. Read by primary key alone and judged here: with the company, the status or
 * the end in the statement, SQLite's planner chose a company index range and took 200 ms a chunk
 * of 500 ids on the bench's small dataset.
 */
export async function visitsInAheadStatus(db: Knex, companyId: string, appointmentIds: readonly string[]): Promise<Map<string, { start: string; end: string }>> {
  const found = new Map<string, { start: string; end: string }>()
  const ids = [...new Set(appointmentIds)]
  const ahead = new Set<string>(AHEAD_STATUSES)
  for (let start = 0; start < ids.length; start += 500) {
    const rows = (await db(APPOINTMENT_TABLE).whereIn('_id', ids.slice(start, start + 500)).select('_id', 'companyId', 'status', 'start', 'end')) as Array<{ _id: string; companyId: string; status: string; start: string | Date; end: string | Date }>
    for (const row of rows) {
      if (row.companyId === companyId && ahead.has(row.status)) found.set(row._id, { start: new Date(row.start).toISOString(), end: new Date(row.end).toISOString() })
    }
  }
  return found
}

/** Of these visits, those still ahead at `now` (`visitsInAheadStatus`, not ended), with their start: the treatment plans report's "scheduled". */
export async function visitsAhead(db: Knex, companyId: string, appointmentIds: readonly string[], now: string): Promise<Map<string, string>> {
  const nowMs = Date.parse(now)
  const found = new Map<string, string>()
  for (const [id, visit] of await visitsInAheadStatus(db, companyId, appointmentIds)) if (Date.parse(visit.end) > nowMs) found.set(id, visit.start)
  return found
}
