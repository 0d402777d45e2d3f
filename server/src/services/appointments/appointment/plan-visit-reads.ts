import type { Knex } from 'knex'
import { APPOINTMENT_TABLE } from './appointment-booking'
import type { AppointmentStatus } from '../../../../../domain/appointments/status'

/** A visit still to happen or happening: booked, not completed, cancelled or missed. */
export const AHEAD_STATUSES: readonly AppointmentStatus[] = ['planned', 'confirmed', 'notConfirmed', 'late', 'arrived', 'started']

/**
 * Of these visits (a plan's phases name theirs), those still ahead at `now`: in a status of
 * `AHEAD_STATUSES` and not ended. The treatment plans report's "scheduled" (docs/decisions/reports.md).
 */
export async function visitsAhead(db: Knex, companyId: string, appointmentIds: readonly string[], now: string): Promise<Map<string, string>> {
  const found = new Map<string, string>()
  const ids = [...new Set(appointmentIds)]
  for (let start = 0; start < ids.length; start += 500) {
    const rows = (await db(APPOINTMENT_TABLE)
      .where({ companyId })
      .whereIn('_id', ids.slice(start, start + 500))
      .whereIn('status', [...AHEAD_STATUSES])
      .where('end', '>', now)
      .select('_id', 'start')) as Array<{ _id: string; start: string | Date }>
    for (const row of rows) found.set(row._id, new Date(row.start).toISOString())
  }
  return found
}
