import type { Knex } from 'knex'
import { APPOINTMENT_TABLE } from './appointment-booking'

/** A visit as the cash desk lists it. */
export interface DayVisit {
  _id: string
  branchId: string
  customerId: string
  staffId: string
  start: string
  time: string
  status: string
}

/** Statuses of a visit that did not take place (or not yet as a visit): nothing is paid for them. */
const NOT_VISITS = ['cancelled', 'noShow', 'draft', 'onlineWaiting']

/**
 * The visits of one branch on one company-local day, in one read of the (companyId, branchId,
 * start) index (`from`/`to`: the day's UTC bounds), earliest first. For the cash desk
 * (billing/pos-cart), which may not name this area's table.
 */
export async function visitsOfDay(db: Knex, companyId: string, branchId: string, day: { date: string; from: string; to: string }): Promise<DayVisit[]> {
  const rows = await db(APPOINTMENT_TABLE)
    .where({ companyId, branchId, date: day.date })
    .where('start', '>=', day.from).where('start', '<', day.to)
    .whereNotIn('status', NOT_VISITS)
    .orderBy([{ column: 'start' }, { column: '_id' }])
    .select('_id', 'branchId', 'customerId', 'staffId', 'start', 'time', 'status')
  return (rows as Record<string, unknown>[]).map((row) => ({
    _id: String(row._id), branchId: String(row.branchId), customerId: String(row.customerId), staffId: String(row.staffId),
    start: new Date(row.start as string).toISOString(), time: String(row.time), status: String(row.status)
  }))
}
