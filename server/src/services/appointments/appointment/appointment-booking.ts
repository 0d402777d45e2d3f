import { BadRequest, Conflict, Unprocessable } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { databaseEngine } from '../../../db'
import { clinicError } from '../../../errors'
import { RowCodec } from '../../row-codec'
import { SERVICE_BUFFER } from '../../catalogue/service/service.shared'
import { staffSchedule } from '../../team/users/user-rows'
import { workPlaceInBranch } from '../../schedule/work-place/work-place-rows'
import { APPOINTMENT_MAX_DURATION } from './appointment.shared'
import { slotHoldingStatuses } from '../../../../../domain/appointments/status'
import { toZoned } from '../../../../../domain/appointments/zoned-time'
import { isWithinWorkingHours, outsideHoursReason, type StaffSchedule } from '../../../../../domain/schedule/working-hours'
import { busyReason, type HeldSlot } from '../../../../../domain/appointments/busy-reason'

export const APPOINTMENT_TABLE = 'appointment'
export const STATUS_HISTORY_TABLE = 'appointment_status_history'

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
  for (const key of [...keys].sort()) await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [key])
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
  const overlapping = () => {
    const builder = trx(APPOINTMENT_TABLE)
      .where('companyId', row.companyId)
      .whereIn('status', slotHoldingStatuses as string[])
      .andWhere('start', '>', earliest)
      .andWhere('start', '<', row.blockedUntil)
      .andWhere('blockedUntil', '>', row.start)
    if (exclude.length > 0) builder.whereNotIn('_id', exclude)
    return builder
  }
  const held: Array<keyof HeldSlot> = ['start', 'end', 'blockedUntil', 'time']
  const staffTaken: HeldSlot | undefined = await overlapping().andWhere('staffId', row.staffId).orderBy('start').first(held)
  if (staffTaken) {
    throw clinicError(Conflict, 'appointment-staff-busy', 'staffId', { start: row.start, ...busyReason(row, instantsOf(staffTaken)) })
  }
  const chairTaken: HeldSlot | undefined = row.workPlaceId ? await overlapping().andWhere('workPlaceId', row.workPlaceId).orderBy('start').first(held) : undefined
  if (chairTaken) {
    throw clinicError(Conflict, 'appointment-workplace-busy', 'workPlaceId', { start: row.start, ...busyReason(row, instantsOf(chairTaken)) })
  }
}

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
 * span, in one read (the slot search). The same lower bound on start keeps each doctor's and
 * chair's read a range of its index ((companyId, staffId, start), (companyId, workPlaceId, start)).
 */
export async function heldTimes(db: Knex, companyId: string, owners: { staffIds: readonly string[]; workPlaceIds: readonly string[] }, from: number, to: number): Promise<HeldTime[]> {
  const earliest = new Date(from - LONGEST_HOLD_MINUTES * MINUTE).toISOString()
  const heldBy = (column: 'staffId' | 'workPlaceId', ids: readonly string[]) =>
    db(APPOINTMENT_TABLE)
      .select('staffId', 'workPlaceId', 'start', 'blockedUntil')
      .where('companyId', companyId)
      .whereIn(column, [...ids])
      .whereIn('status', slotHoldingStatuses as string[])
      .andWhere('start', '>', earliest)
      .andWhere('start', '<', new Date(to).toISOString())
      .andWhere('blockedUntil', '>', new Date(from).toISOString())
  // One statement; a part per index (an OR of the two made PostgreSQL merge bitmaps of both
  // indexes, many times slower). A row of a doctor and a chair both asked for comes twice: the
  // same held time, merged.
  const parts = [...(owners.staffIds.length > 0 ? [heldBy('staffId', owners.staffIds)] : []), ...(owners.workPlaceIds.length > 0 ? [heldBy('workPlaceId', owners.workPlaceIds)] : [])]
  if (parts.length === 0) return []
  const statement = parts.length === 1 ? parts[0] : parts[0].unionAll(parts[1])
  const rows = (await statement) as Array<{ staffId: string; workPlaceId: string | null; start: string | Date; blockedUntil: string | Date }>
  return rows.map((row) => ({ staffId: row.staffId, workPlaceId: row.workPlaceId, start: new Date(row.start).getTime(), blockedUntil: new Date(row.blockedUntil).getTime() }))
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
