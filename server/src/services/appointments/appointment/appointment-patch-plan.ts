/* eslint-disable @typescript-eslint/no-explicit-any */
import { BadRequest } from '@feathersjs/errors'
import { clinicError } from '../../../errors'
import { canTransition, holdsSlot, type AppointmentStatus } from '../../../../../domain/appointments/status'
import { addLocalDays, daysBetween, toZoned, zonedToUtc } from '../../../../../domain/appointments/zoned-time'
import type { StaffSchedule } from '../../../../../domain/schedule/working-hours'
import { assertWorkingHours, timing, type AppointmentRow } from './appointment-booking'
import type { Appointment, AppointmentPatch } from './appointment.schema'
import type { SeriesScope } from './appointment.shared'

/**
 * What a patch of appointments does, worked out without the database (AppointmentService._patch
 * loads, then plans with this, then checks and writes): from the rows it touches, the data and
 * the looked-up time zone, buffers and schedules, the new row of each occurrence, what changes,
 * whether its slot must be checked or was freed, and the status history rows.
 */

/** Fields a patch copies onto every occurrence it touches, as sent. */
export const copiedFields = ['customerId', 'staffId', 'workPlaceId', 'services', 'notifyClient', 'reminder', 'notes', 'color'] as const

export type Row = AppointmentRow & Record<string, any>
export type HistoryRow = { _id: string; companyId: string; appointmentId: string; from: string | null; to: string; at: string; by: string | null }
/** A booked appointment moved to another start (`appointment_moves`, the appointments report's "rescheduled"). */
export type MoveRow = { _id: string; companyId: string; appointmentId: string; branchId: string; staffId: string; fromStart: string; fromDate: string; toStart: string; at: string; by: string | null }

/** One occurrence's part of a patch. */
export interface PatchPlan {
  before: Appointment
  /** The row as it will be. */
  row: Row
  /** Its fields that differ from before (blockedUntil always). */
  changes: Record<string, unknown>
  /** Its slot must be free (it holds one now, and moved, or did not hold one, or its services changed). */
  check: boolean
  /** It gave up the slot it held (released, or moved away). */
  freed: boolean
}

/** What the plan needs looked up, keyed as `lookupsNeeded` says. */
export interface PatchLookups {
  timeZone: string
  /** Buffer minutes by `servicesKey` of the services an occurrence will have. */
  buffers: ReadonlyMap<string, number>
  /** Working hours by doctor. */
  schedules: ReadonlyMap<string, StaffSchedule>
}

export interface PatchInput {
  /** The occurrences touched: the one patched first, then the rest of its series by index. */
  targets: Appointment[]
  data: AppointmentPatch
  scope: SeriesScope
  lookups: PatchLookups
  /** Working hours are waived (overrideWorkingHours, allowed for the caller). */
  overridesHours: boolean
  at: string
  userId: string | null
  newId: () => string
}

const iso = (instant: string) => new Date(Date.parse(instant)).toISOString()

/** The key of a list of booked services in `PatchLookups.buffers`. */
export const servicesKey = (services: ReadonlyArray<{ serviceId: string }>) => JSON.stringify(services.map((item) => item.serviceId))

/** The new start of the patched occurrence, or undefined when the patch keeps it. */
function newStartOf(current: Appointment, data: AppointmentPatch): string | undefined {
  return data.start !== undefined && iso(data.start) !== current.start ? iso(data.start) : undefined
}

/**
 * What to look up before planning: each occurrence's services (for the buffer), doctors (for
 * their hours), and the chairs it moves to, by branch (each must be of the branch).
 */
export function lookupsNeeded(targets: Appointment[], data: AppointmentPatch) {
  const services = new Map<string, ReadonlyArray<{ serviceId: string }>>()
  const doctors = new Set<string>()
  const places = new Map<string, { branchId: string; workPlaceId: string | null }>()
  for (const before of targets) {
    const next = data.services ?? before.services
    services.set(servicesKey(next), next)
    const staffId = data.staffId ?? before.staffId
    doctors.add(staffId)
    const workPlaceId = data.workPlaceId === undefined ? before.workPlaceId : data.workPlaceId
    if (workPlaceId !== before.workPlaceId) places.set(JSON.stringify([before.branchId, workPlaceId]), { branchId: before.branchId, workPlaceId })
  }
  return { services: [...services.values()], doctors: [...doctors], places: [...places.values()] }
}

/** Refuses a status change the status machine does not allow, for any occurrence touched. */
export function assertTransitions(targets: Appointment[], data: AppointmentPatch): void {
  if (data.status === undefined) return
  for (const before of targets) {
    if (data.status !== before.status && !canTransition(before.status as AppointmentStatus, data.status as AppointmentStatus)) {
      throw clinicError(BadRequest, 'appointment-status-transition', 'status', { from: before.status, to: data.status })
    }
  }
}

/**
 * The plans of a patch, its status history rows and its moves (an occurrence that held its slot
 * and now starts at another time). Throws on a status change not allowed or a time outside
 * working hours.
 */
export function planPatch({ targets, data, scope, lookups, overridesHours, at, userId, newId }: PatchInput): { plans: PatchPlan[]; history: HistoryRow[]; moves: MoveRow[] } {
  const current = targets[0]
  const { timeZone } = lookups
  const newStart = newStartOf(current, data)
  const moveTo = newStart ? toZoned(newStart, timeZone) : undefined
  const dayShift = moveTo ? daysBetween(current.date, moveTo.date) : 0
  const plans: PatchPlan[] = []
  const history: HistoryRow[] = []
  const moves: MoveRow[] = []
  const fields = data as Record<string, unknown>

  for (const before of targets) {
    const next: Record<string, any> = { ...before }
    for (const field of copiedFields) if (fields[field] !== undefined) next[field] = fields[field]
    if (data.duration !== undefined) next.duration = data.duration
    if (newStart) next.start = before._id === current._id ? newStart : zonedToUtc(addLocalDays(before.date, dayShift), moveTo!.time, timeZone)
    // Moving one occurrence on its own takes it out of its series.
    if (newStart && scope === 'this' && before.seriesId !== null) Object.assign(next, { seriesId: null, seriesIndex: null, repeat: null })
    if (data.status !== undefined && data.status !== before.status) {
      if (!canTransition(before.status as AppointmentStatus, data.status as AppointmentStatus)) throw clinicError(BadRequest, 'appointment-status-transition', 'status', { from: before.status, to: data.status })
      Object.assign(next, { status: data.status, statusChangedAt: at, statusChangedBy: userId })
      history.push({ _id: newId(), companyId: before.companyId, appointmentId: before._id, from: before.status, to: data.status, at, by: userId })
    }
    const buffer = lookups.buffers.get(servicesKey(next.services))!
    const row = { ...next, ...timing(next.start, next.duration, buffer, timeZone), updatedAt: at } as unknown as Row
    const moved = row.start !== before.start || row.end !== before.end || row.staffId !== before.staffId || row.workPlaceId !== before.workPlaceId
    const timeChanged = row.start !== before.start || row.duration !== before.duration || row.staffId !== before.staffId
    if (timeChanged && !overridesHours) assertWorkingHours(lookups.schedules.get(row.staffId)!, row, timeZone)
    const wasHeld = holdsSlot(before.status as AppointmentStatus)
    if (wasHeld && row.start !== before.start) {
      moves.push({ _id: newId(), companyId: before.companyId, appointmentId: before._id, branchId: before.branchId, staffId: before.staffId, fromStart: before.start, fromDate: before.date, toStart: row.start, at, by: userId })
    }
    const nowHolds = holdsSlot(row.status as AppointmentStatus)
    const changes = Object.fromEntries(Object.entries(row).filter(([key, value]) => key === 'blockedUntil' || JSON.stringify(value) !== JSON.stringify((before as any)[key])))
    plans.push({ before, row, changes, check: nowHolds && (moved || !wasHeld || data.services !== undefined), freed: wasHeld && (!nowHolds || moved) })
  }
  return { plans, history, moves }
}

/** The fields a plan writes: its changes but the row's identity and creation. */
export function writtenChanges(plan: PatchPlan): Record<string, unknown> {
  const { _id, companyId, createdAt, createdBy, ...changes } = plan.changes
  void _id
  void companyId
  void createdAt
  void createdBy
  return changes
}
