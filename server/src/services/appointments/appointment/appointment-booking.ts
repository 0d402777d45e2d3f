import { listValues, statementTemplate } from '../../../statement-template'
import { BadRequest, Conflict, Unprocessable } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { databaseEngine } from '../../../db'
import { clinicError } from '../../../errors'
import { RowCodec } from '../../row-codec'
import { SERVICE_BUFFER } from '../../catalogue/service/service.shared'
import { staffSchedule, staffScheduleColumns } from '../../team/users/user-rows'
import { workPlaceInBranch, workPlaceInBranchColumn } from '../../schedule/work-place/work-place-rows'
import { bufferMinutesColumn } from '../../catalogue/service/service-rows'
import { APPOINTMENT_MAX_DURATION } from './appointment.shared'
import { LONG_HOLD_CONDITION } from '../../../../migrations/20261128090000_appointment_long_holds'
import { slotHoldingStatuses } from '../../../../../domain/appointments/status'
import { toZoned } from '../../../../../domain/appointments/zoned-time'
import { isWithinWorkingHours, outsideHoursReason, type StaffSchedule } from '../../../../../domain/schedule/working-hours'
import { busyReason, type HeldSlot } from '../../../../../domain/appointments/busy-reason'

export const APPOINTMENT_TABLE = 'appointment'
export const STATUS_HISTORY_TABLE = 'appointment_status_history'
/** Moves of booked appointments (migration 20261130100000_appointment_moves). */
export const MOVES_TABLE = 'appointment_moves'

/** A row as written: the API fields plus the hidden `blockedUntil` (end + buffer time). */
export interface AppointmentRow {
  _id: string
  companyId: string
  branchId: string
  customerId: string
  staffId: string
  workPlaceId: string | null
  start: string
  end: string
  blockedUntil: string
  duration: number
  date: string
  time: string
  status: string
  services: Array<{ serviceId: string; duration: number; quantity: number }>
  [key: string]: unknown
}

const MINUTE = 60_000
/** The longest a row can hold its slot: blockedUntil - start. */
const LONGEST_HOLD_MINUTES = APPOINTMENT_MAX_DURATION + SERVICE_BUFFER.max
/**
 * How far back the read of ordinary rows looks: a row outside appointment_long_holds holds its
 * slot four hours at most (SQLite compares whole seconds there, so a fraction of a second more;
 * the extra minute covers it).
 */
const ORDINARY_LOOK_BACK_MINUTES = 4 * 60 + 1

/** end, blockedUntil, and the company-local date and time of an appointment starting at `start`. */
export function timing(start: string, duration: number, bufferMinutes: number, timeZone: string) {
  const startMs = Date.parse(start)
  const local = toZoned(startMs, timeZone)
  return {
    start: new Date(startMs).toISOString(),
    end: new Date(startMs + duration * MINUTE).toISOString(),
    blockedUntil: new Date(startMs + (duration + bufferMinutes) * MINUTE).toISOString(),
    date: local.date,
    time: local.time
  }
}

/**
 * Serialises bookings of the same doctor or chair, inside the write transaction, before the
 * double-booking check reads. PostgreSQL: transaction-scoped advisory locks on a hash of
 * company + doctor and company + chair, taken in sorted order so two bookings never wait on each
 * other crosswise. SQLite: one write transaction at a time already (one pooled connection per
 * process); the no-op write takes the database's write lock at once (BEGIN IMMEDIATE's effect),
 * so even a second process on the same file cannot slip in between check and insert.
 */
export async function lockSlots(trx: Knex.Transaction, rows: Array<Pick<AppointmentRow, 'companyId' | 'staffId' | 'workPlaceId'>>): Promise<void> {
  if (databaseEngine(trx) === 'sqlite') {
    await trx.raw(`update "${APPOINTMENT_TABLE}" set "_id" = "_id" where 0 = 1`)
    return
  }
  const keys = new Set<string>()
  for (const row of rows) {
    keys.add(`appointment:${row.companyId}:staff:${row.staffId}`)
    if (row.workPlaceId) keys.add(`appointment:${row.companyId}:workplace:${row.workPlaceId}`)
  }
  // One statement takes them all, in the keys' sorted order: PostgreSQL evaluates a volatile
  // function of the select list after ORDER BY, row by row.
  await trx.raw('select pg_advisory_xact_lock(hashtextextended(key, 0)) from unnest(?::text[]) with ordinality as keys(key, position) order by position', [[...keys].sort()])
}

/**
 * Refuses a row whose doctor or chair is taken: another slot-holding appointment overlaps
 * [start, blockedUntil) with its own [start, blockedUntil) (both buffers count). `exclude`: rows
 * being rewritten in the same call. Run after lockSlots, in the same transaction.
 */
export async function assertSlotFree(trx: Knex.Transaction, row: AppointmentRow, exclude: string[]): Promise<void> {
  // No appointment holds its slot longer than the longest visit plus the longest buffer, so one
  // that starts earlier than that cannot reach this one. Without this lower bound the index
  // (companyId, staffId, start) was read from the doctor's first appointment ever: a booking
  // cost grew with the clinic's history (milliseconds at a few thousand past visits).
  const earliest = new Date(Date.parse(row.start) - LONGEST_HOLD_MINUTES * MINUTE).toISOString()
  const shape = { chair: Boolean(row.workPlaceId), excluded: exclude.length }
  const values = { companyId: row.companyId, earliest, start: row.start, blockedUntil: row.blockedUntil, staffId: row.staffId, workPlaceId: row.workPlaceId, ...listValues('exclude', exclude) }
  const taken = await firstHeldSlots<HeldSlot & { heldBy: 'staffId' | 'workPlaceId' }>(trx, shape, values)
  const staffTaken = taken.find((slot) => slot.heldBy === 'staffId')
  if (staffTaken) {
    throw clinicError(Conflict, 'appointment-staff-busy', 'staffId', { start: row.start, ...busyReason(row, instantsOf(staffTaken)) })
  }
  const chairTaken = taken.find((slot) => slot.heldBy === 'workPlaceId')
  if (chairTaken) {
    throw clinicError(Conflict, 'appointment-workplace-busy', 'workPlaceId', { start: row.start, ...busyReason(row, instantsOf(chairTaken)) })
  }
}

type SlotValue = 'companyId' | 'earliest' | 'start' | 'blockedUntil' | 'staffId' | 'workPlaceId' | 'exclude'

/**
 * The doctor's first overlapping visit and the chair's, in one statement (one round trip): each
 * arm is the index range it was alone, tagged with what it holds. Assembled once per shape (with
 * or without a chair, how many rows are excluded): it runs on every booking and every move.
 */
const firstHeldSlots = statementTemplate<SlotValue, { chair: boolean; excluded: number }>(
  ({ chair, excluded }) => `${chair}:${excluded}`,
  (db, slot, { chair, excluded }) => {
    const overlapping = () => {
      const builder = db(APPOINTMENT_TABLE)
        .where('companyId', slot('companyId'))
        .whereIn('status', slotHoldingStatuses as string[])
        .andWhere('start', '>', slot('earliest'))
        .andWhere('start', '<', slot('blockedUntil'))
        .andWhere('blockedUntil', '>', slot('start'))
      if (excluded > 0) builder.whereNotIn('_id', Array.from({ length: excluded }, (_, index) => slot('exclude', index)))
      return builder
    }
    const held: Array<keyof HeldSlot> = ['start', 'end', 'blockedUntil', 'time']
    const firstHeldBy = (column: 'staffId' | 'workPlaceId') =>
      db.select('*').from(overlapping().andWhere(column, slot(column)).orderBy('start').limit(1).select(db.raw('cast(? as varchar(16)) as ??', [column, 'heldBy']), ...held).as(column))
    return chair ? firstHeldBy('staffId').unionAll(firstHeldBy('workPlaceId')) : firstHeldBy('staffId')
  }
)

const heldCodec = new RowCodec({ instant: ['start', 'end', 'blockedUntil'] })
/** A row's instants as ISO strings (SQLite and PostgreSQL hand them back in different forms). */
const instantsOf = (row: HeldSlot) => heldCodec.fromDb<HeldSlot>(row as unknown as Record<string, unknown>)

/** What holds a doctor's or a chair's time: one slot-holding appointment's [start, blockedUntil). */
export interface HeldTime {
  staffId: string
  workPlaceId: string | null
  start: number
  blockedUntil: number
}

/**
 * Every slot-holding appointment of these doctors or chairs whose held time [start,
 * blockedUntil) overlaps [from, to): what assertSlotFree would find for any booking inside that
 * span, in one read (the slot search). Two kinds of rows, so that a stretch's read looks back
 * only as far as the rows it finds can reach:
 * - held four hours or less (almost every visit): from `from` less four hours, a range of the
 *   index (companyId, staffId, start) per doctor and (companyId, workPlaceId, start) per chair;
 * - held longer (up to 24 hours plus the 4-hour buffer): from `from` less that longest hold, in
 *   the small partial index appointment_long_holds, which holds only them.
 * A long row inside the short look-back comes from both parts, as a row of a doctor and a chair
 * both asked for does: the same held time twice, merged by the search.
 */
export async function heldTimes(db: Knex, companyId: string, owners: { staffIds: readonly string[]; workPlaceIds: readonly string[] }, from: number, to: number): Promise<HeldTime[]> {
  const overlapping = (lookBackMinutes: number) =>
    db(APPOINTMENT_TABLE)
      .select('staffId', 'workPlaceId', 'start', 'blockedUntil')
      .where('companyId', companyId)
      .whereIn('status', slotHoldingStatuses as string[])
      .andWhere('start', '>', new Date(from - lookBackMinutes * MINUTE).toISOString())
      .andWhere('start', '<', new Date(to).toISOString())
      .andWhere('blockedUntil', '>', new Date(from).toISOString())
  // A part per index (an OR of the two made PostgreSQL merge bitmaps of both indexes, many
  // times slower).
  const ordinary = (column: 'staffId' | 'workPlaceId', ids: readonly string[]) => overlapping(ORDINARY_LOOK_BACK_MINUTES).whereIn(column, [...ids])
  const parts = [...(owners.staffIds.length > 0 ? [ordinary('staffId', owners.staffIds)] : []), ...(owners.workPlaceIds.length > 0 ? [ordinary('workPlaceId', owners.workPlaceIds)] : [])]
  if (parts.length === 0) return []
  // The long ones of the whole company in the stretch are few; those of other doctors and
  // chairs are dropped below (every row of the other parts is of one asked for).
  const long = overlapping(LONGEST_HOLD_MINUTES).whereRaw(LONG_HOLD_CONDITION[databaseEngine(db) === 'sqlite' ? 'sqlite' : 'pg'])
  const owned = new Set([...owners.staffIds, ...owners.workPlaceIds])
  const rows = ((await parts[0].unionAll([...parts.slice(1), long])) as HeldRow[]).filter((row) => owned.has(row.staffId) || (row.workPlaceId !== null && owned.has(row.workPlaceId)))
  return rows.map((row) => ({ staffId: row.staffId, workPlaceId: row.workPlaceId, start: new Date(row.start).getTime(), blockedUntil: new Date(row.blockedUntil).getTime() }))
}

/**
 * A booking's look-ups in one statement, one round trip instead of three: its services' buffer,
 * its doctor's hours (a doctor archived or not of the company is refused, as doctorSchedule
 * refuses), and its chair must be of its branch (as assertWorkPlace). Each column is its owner's
 * read (service-rows, user-rows, work-place-rows) as a scalar subquery.
 */
export async function bookingFacts(
  trx: Knex,
  booking: { companyId: string; branchId: string; staffId: string; workPlaceId?: string | null; services: ReadonlyArray<{ serviceId: string }> }
): Promise<{ buffer: number; schedule: StaffSchedule }> {
  const buffer = bufferMinutesColumn(trx, booking.companyId, booking.services)
  const doctor = staffScheduleColumns(trx, booking.companyId, booking.staffId)
  const chair = booking.workPlaceId ? workPlaceInBranchColumn(trx, booking.companyId, booking.branchId, booking.workPlaceId) : null
  const columns = [doctor.archived.as('archived'), doctor.schedule.as('schedule'), ...(buffer.query ? [buffer.query.as('buffer')] : []), ...(chair ? [chair.query.as('chair')] : [])]
  const [row] = (await trx.select(columns)) as Array<Record<string, unknown>>
  const schedule = doctor.read(row.archived, row.schedule)
  if (!schedule) throw clinicError(BadRequest, 'invalid-reference', 'staffId')
  if (chair && !chair.read(row.chair)) throw clinicError(BadRequest, 'invalid-reference', 'workPlaceId')
  return { buffer: buffer.read(row.buffer), schedule }
}

interface HeldRow {
  staffId: string
  workPlaceId: string | null
  start: string | Date
  blockedUntil: string | Date
}

/** The doctor's working hours; a doctor not of the company (or archived) is not a choice. */
export async function doctorSchedule(trx: Knex, companyId: string, staffId: string): Promise<StaffSchedule> {
  const schedule = await staffSchedule(trx, companyId, staffId)
  if (!schedule) throw clinicError(BadRequest, 'invalid-reference', 'staffId')
  return schedule
}

/** The chair must be one of the appointment's branch. */
export async function assertWorkPlace(trx: Knex, companyId: string, branchId: string, workPlaceId: string | null): Promise<void> {
  if (!workPlaceId) return
  if (!(await workPlaceInBranch(trx, companyId, branchId, workPlaceId))) throw clinicError(BadRequest, 'invalid-reference', 'workPlaceId')
}

/** Refuses a time outside the doctor's hours on the appointment's local day (Unprocessable at start). */
export function assertWorkingHours(schedule: StaffSchedule, row: Pick<AppointmentRow, 'start' | 'duration'>, timeZone: string): void {
  const local = toZoned(row.start, timeZone)
  if (!isWithinWorkingHours(schedule, local.date, local.minutes, local.minutes + row.duration)) {
    const why = outsideHoursReason(schedule, local.date, local.minutes, local.minutes + row.duration)
    throw clinicError(Unprocessable, 'outside-working-hours', 'start', { date: local.date, time: local.time, ...why })
  }
}
