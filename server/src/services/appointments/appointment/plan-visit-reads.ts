import type { Knex } from 'knex'
import { APPOINTMENT_TABLE } from './appointment-booking'
import type { AppointmentStatus } from '../../../../../domain/appointments/status'

/** A visit still to happen or happening: booked, not completed, cancelled or missed. */
export const AHEAD_STATUSES: readonly AppointmentStatus[] = ['planned', 'confirmed', 'notConfirmed', 'late', 'arrived', 'started']

/**
 * Of these visits (a plan's phases name theirs), those still ahead at `now`, with their start: in
 * a status of `AHEAD_STATUSES` and not ended. The treatment plans report's "scheduled"
 * (docs/decisions/reports.md). Read by primary key alone and judged here: with the company, the
 * status or the end in the statement, SQLite's planner chose a company index range and took
 * 200 ms a chunk of 500 ids on the bench's small dataset.
 */
export async function visitsAhead(db: Knex, companyId: string, appointmentIds: readonly string[], now: string): Promise<Map<string, string>> {
  const found = new Map<string, string>()
  const ids = [...new Set(appointmentIds)]
  const ahead = new Set<string>(AHEAD_STATUSES)
  const nowMs = Date.parse(now)
  for (let start = 0; start < ids.length; start += 500) {
    const rows = (await db(APPOINTMENT_TABLE).whereIn('_id', ids.slice(start, start + 500)).select('_id', 'companyId', 'status', 'start', 'end')) as Array<{ _id: string; companyId: string; status: string; start: string | Date; end: string | Date }>
    for (const row of rows) {
      if (row.companyId === companyId && ahead.has(row.status) && new Date(row.end).getTime() > nowMs) found.set(row._id, new Date(row.start).toISOString())
    }
  }
  return found
}

/**
 * The same question inside another area's statement (the plans' rollup, clinical's
 * plan-stats.ts): `exists` over this subquery is true when the visit whose id is the outer column
 * `idColumn` is ahead at `now` (`AHEAD_STATUSES`, not ended). One probe by primary key per row.
 */
export function visitAheadOf(db: Knex, companyId: string, idColumn: string, now: string): Knex.QueryBuilder {
  return db(`${APPOINTMENT_TABLE} as va`)
    .select(db.raw('1'))
    .where('va._id', db.ref(idColumn))
    .where('va.companyId', companyId)
    .whereIn('va.status', [...AHEAD_STATUSES])
    .where('va.end', '>', now)
}
