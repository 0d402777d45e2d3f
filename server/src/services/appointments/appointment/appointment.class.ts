/* eslint-disable @typescript-eslint/no-explicit-any */
import { BadRequest } from '@feathersjs/errors'
import { afterCommit } from '../../../hooks/call-transaction'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import { clinicError } from '../../../errors'
import { newId, now } from '../../../hooks/ids'
import { hasPermission } from '../../../../../domain/access/check'
import { canTransition, holdsSlot, initialStatuses, type AppointmentStatus } from '../../../../../domain/appointments/status'
import { occurrences, repeatProblem, type RepeatRule } from '../../../../../domain/appointments/recurrence'
import { addLocalDays, daysBetween, toZoned, zonedToUtc } from '../../../../../domain/appointments/zoned-time'
import { fittingEntries, WAITING_LIST_TABLE } from '../waiting-list/waiting-list.class'
import { companyTimeZone, companyTimeZoneFor } from '../../company/company/company-reads'
import { bufferMinutes } from '../../catalogue/service/service-rows'
import {
  APPOINTMENT_TABLE,
  STATUS_HISTORY_TABLE,
  assertSlotFree,
  assertWorkPlace,
  assertWorkingHours,
  lockSlots,
  doctorSchedule,
  timing,
  type AppointmentRow
} from './appointment-booking'
import type { Appointment, AppointmentData, AppointmentPatch, AppointmentQuery } from './appointment.schema'
import { APPOINTMENT_MAX_PAGE, type SeriesScope, type SlotFreed } from './appointment.shared'

export type { Appointment, AppointmentData, AppointmentPatch, AppointmentQuery }

declare module '@feathersjs/feathers' {
  interface Params {
    /** `query.$series` of an appointment patch or remove (moved out of the query by a hook). */
    appointmentSeries?: SeriesScope
    /** Booking past the doctor's working hours (honoured with seeAll on appointment). */
    overrideWorkingHours?: boolean
    /** The waiting-list entry an appointment create books. */
    waitingListId?: string
    /**
     * Filled by a patch that gave the appointment to another doctor: the one it left (for its
     * events). An object set by a hook, because the adapter passes the service a copy of params.
     */
    appointmentMove?: { formerStaffId?: string }
  }
}

export type AppointmentParams = RecordParams & { query?: AppointmentQuery }

export const appointmentRowShape = {
  json: ['services', 'repeat', 'reminder'],
  boolean: ['notifyClient'],
  instant: ['start', 'end', 'blockedUntil', 'statusChangedAt'],
  hidden: ['blockedUntil']
}

/** Fields a patch copies onto every occurrence it touches, as sent. */
const copiedFields = ['customerId', 'staffId', 'workPlaceId', 'services', 'notifyClient', 'reminder', 'notes', 'color'] as const

type Row = AppointmentRow & Record<string, any>
type HistoryRow = { _id: string; companyId: string; appointmentId: string; from: string | null; to: string; at: string; by: string | null }

interface Written {
  primary: Appointment
  others: Appointment[]
  freed: Array<Omit<SlotFreed, 'candidates'> & { companyId: string }>
  waitingEntry?: Record<string, unknown>
}

const iso = (instant: string) => new Date(Date.parse(instant)).toISOString()
const pagingKeys = new Set(['$limit', '$skip', '$sort', '$select'])
const scopeOf = (query: Record<string, unknown> | undefined) => Object.fromEntries(Object.entries(query ?? {}).filter(([key]) => !pagingKeys.has(key)))

/**
 * Appointments. The rules that need the database to stay true under concurrency live here, in
 * one transaction per call: the doctor's and chair's double booking (under a lock, see
 * lockSlots), the status machine with its history, series, and the waiting-list entry a
 * booking takes. Checks that only read the caller and the data run in hooks (appointment-rules.ts).
 */
export class AppointmentService extends RecordService<Appointment, AppointmentData, AppointmentParams, AppointmentPatch> {
  private async transact<T>(params: AppointmentParams | undefined, work: (trx: Knex.Transaction, inTrx: AppointmentParams) => Promise<T>): Promise<T> {
    const outer = params?.transaction?.trx
    if (outer) return work(outer, params!)
    return this.Model.transaction((trx) => work(trx, { ...(params ?? {}), transaction: { trx } } as AppointmentParams))
  }

  private async timeZone(trx: Knex, companyId: string, params?: AppointmentParams): Promise<string> {
    return companyTimeZoneFor(trx, companyId, params)
  }

  /** Working hours are waived only when asked for, by someone with seeAll on appointment (or the server). */
  private overrides(params?: AppointmentParams): boolean {
    if (params?.overrideWorkingHours !== true) return false
    return !params.provider || hasPermission(params.identity?.role.permissions, 'appointment', 'seeAll')
  }

  private decodeRow(row: Row): Appointment {
    return this.codec.fromDb<Appointment>(row)
  }

  override async _create(data: any, params?: AppointmentParams): Promise<any> {
    if (Array.isArray(data)) throw clinicError(BadRequest, 'invalid-request')
    const written = await this.transact(params, async (trx) => {
      const timeZone = await this.timeZone(trx, data.companyId, params)
      if (!initialStatuses.includes(data.status)) throw clinicError(BadRequest, 'appointment-status-transition', 'status')
      const first = toZoned(data.start, timeZone)
      const repeat = data.repeat as RepeatRule | null
      if (repeat && repeatProblem(repeat, first.date)) throw clinicError(BadRequest, 'invalid-repeat', 'repeat')
      const starts = repeat ? occurrences(repeat, first.date, first.time, timeZone).map((occurrence) => occurrence.start) : [iso(data.start)]
      const seriesId = repeat ? newId() : null
      const buffer = await bufferMinutes(trx, data.companyId, data.services)
      const schedule = await doctorSchedule(trx, data.companyId, data.staffId)
      await assertWorkPlace(trx, data.companyId, data.branchId, data.workPlaceId)
      const rows: Row[] = starts.map((start, index) => ({
        ...data,
        _id: index === 0 ? data._id : newId(),
        ...timing(start, data.duration, buffer, timeZone),
        seriesId,
        seriesIndex: repeat ? index : null,
        statusChangedAt: data.createdAt,
        statusChangedBy: data.createdBy
      }))
      if (!this.overrides(params)) for (const row of rows) assertWorkingHours(schedule, row, timeZone)
      if (holdsSlot(data.status)) {
        await lockSlots(trx, rows)
        // Row by row, each insert visible to the next check: a series cannot overlap itself either.
        for (const row of rows) {
          await assertSlotFree(trx, row, [])
          await trx(this.table).insert(this.codec.toDb(row))
        }
      } else {
        for (let index = 0; index < rows.length; index += 100) await trx(this.table).insert(rows.slice(index, index + 100).map((row) => this.codec.toDb(row)))
      }
      const history: HistoryRow[] = rows.map((row) => ({ _id: newId(), companyId: row.companyId, appointmentId: row._id, from: null, to: row.status, at: row.createdAt, by: row.createdBy ?? null }))
      for (let index = 0; index < history.length; index += 100) await trx(STATUS_HISTORY_TABLE).insert(history.slice(index, index + 100))
      const waitingEntry = params?.waitingListId ? await this.bookWaitingEntry(trx, rows[0], params.waitingListId) : undefined
      const [primary, ...others] = rows.map((row) => this.decodeRow(row))
      return { primary, others, freed: [], waitingEntry } satisfies Written
    })
    await afterCommit(params, () => this.announce(written, 'created'))
    return written.primary
  }

  /** In the booking's transaction: the waiting customer's entry is taken by this appointment. */
  private async bookWaitingEntry(trx: Knex.Transaction, row: Row, waitingListId: string): Promise<Record<string, unknown>> {
    const where = { _id: waitingListId, companyId: row.companyId, branchId: row.branchId, status: 'waiting' }
    const changed = await trx(WAITING_LIST_TABLE).where(where).update({ status: 'booked', appointmentId: row._id, updatedAt: now() })
    if (Number(changed) !== 1) throw clinicError(BadRequest, 'waiting-list-not-waiting', 'waitingListId')
    const entry = await trx(WAITING_LIST_TABLE).where({ _id: waitingListId }).first()
    const service = this.app?.service('waiting-list' as never) as unknown as RecordService | undefined
    return service ? service.codec.fromDb(entry) : entry
  }

  /** The rows a patch or remove of `id` touches: it, or it and the rest of its series. */
  private async targets(id: Id, inTrx: AppointmentParams, scope: SeriesScope): Promise<Appointment[]> {
    const query = scopeOf(inTrx.query as Record<string, unknown>)
    const current = await super._get(id, { ...inTrx, query } as AppointmentParams)
    if (scope !== 'following' || current.seriesId === null) return [current]
    const rest = (await super._find({
      ...inTrx,
      paginate: false,
      query: { ...query, seriesId: current.seriesId, seriesIndex: { $gt: current.seriesIndex }, $sort: { seriesIndex: 1 } }
    } as any)) as Appointment[]
    return [current, ...rest]
  }

  override async _patch(id: NullableId, data: any, params?: AppointmentParams): Promise<any> {
    if (id === null) throw clinicError(BadRequest, 'invalid-request', '_id')
    const scope = params?.appointmentSeries ?? 'this'
    const written = await this.transact(params, async (trx, inTrx) => {
      const targets = await this.targets(id, inTrx, scope)
      const current = targets[0]
      const timeZone = await this.timeZone(trx, current.companyId, params)
      const userId = params?.identity?.user._id ?? null
      const at = now()
      const newStart = data.start !== undefined && iso(data.start) !== current.start ? iso(data.start) : undefined
      const moveTo = newStart ? toZoned(newStart, timeZone) : undefined
      const dayShift = moveTo ? daysBetween(current.date, moveTo.date) : 0
      // A series shares its doctor, chair and services: each is read once, not once per occurrence.
      const schedules = new Map<string, Awaited<ReturnType<typeof doctorSchedule>>>()
      const buffers = new Map<string, number>()
      const checkedPlaces = new Set<string | null>()
      const plans: Array<{ before: Appointment; row: Row; changes: Record<string, unknown>; check: boolean; freed: boolean }> = []
      const history: HistoryRow[] = []

      for (const before of targets) {
        const next: Record<string, any> = { ...before }
        for (const field of copiedFields) if (data[field] !== undefined) next[field] = data[field]
        if (data.duration !== undefined) next.duration = data.duration
        if (newStart) next.start = before._id === current._id ? newStart : zonedToUtc(addLocalDays(before.date, dayShift), moveTo!.time, timeZone)
        // Moving one occurrence on its own takes it out of its series.
        if (newStart && scope === 'this' && before.seriesId !== null) Object.assign(next, { seriesId: null, seriesIndex: null, repeat: null })
        if (data.status !== undefined && data.status !== before.status) {
          if (!canTransition(before.status as AppointmentStatus, data.status)) throw clinicError(BadRequest, 'appointment-status-transition', 'status', { from: before.status, to: data.status })
          Object.assign(next, { status: data.status, statusChangedAt: at, statusChangedBy: userId })
          history.push({ _id: newId(), companyId: before.companyId, appointmentId: before._id, from: before.status, to: data.status, at, by: userId })
        }
        const servicesKey = JSON.stringify(next.services.map((item: { serviceId: string }) => item.serviceId))
        if (!buffers.has(servicesKey)) buffers.set(servicesKey, await bufferMinutes(trx, before.companyId, next.services))
        const buffer = buffers.get(servicesKey)!
        const row = { ...next, ...timing(next.start, next.duration, buffer, timeZone), updatedAt: at } as unknown as Row
        const moved = row.start !== before.start || row.end !== before.end || row.staffId !== before.staffId || row.workPlaceId !== before.workPlaceId
        const timeChanged = row.start !== before.start || row.duration !== before.duration || row.staffId !== before.staffId
        if (row.staffId !== before.staffId || !schedules.has(row.staffId)) schedules.set(row.staffId, await doctorSchedule(trx, row.companyId, row.staffId))
        if (row.workPlaceId !== before.workPlaceId && !checkedPlaces.has(row.workPlaceId)) {
          await assertWorkPlace(trx, row.companyId, row.branchId, row.workPlaceId)
          checkedPlaces.add(row.workPlaceId)
        }
        if (timeChanged && !this.overrides(params)) assertWorkingHours(schedules.get(row.staffId)!, row, timeZone)
        const wasHeld = holdsSlot(before.status as AppointmentStatus)
        const nowHolds = holdsSlot(row.status as AppointmentStatus)
        const changes = Object.fromEntries(Object.entries(row).filter(([key, value]) => key === 'blockedUntil' || JSON.stringify(value) !== JSON.stringify((before as any)[key])))
        plans.push({ before, row, changes, check: nowHolds && (moved || !wasHeld || data.services !== undefined), freed: wasHeld && (!nowHolds || moved) })
      }

      const checked = plans.filter((plan) => plan.check)
      if (checked.length > 0) {
        await lockSlots(trx, checked.map((plan) => plan.row))
        const ids = plans.map((plan) => plan.before._id)
        for (const plan of checked) await assertSlotFree(trx, plan.row, ids)
      }
      const results: Appointment[] = []
      for (const plan of plans) {
        const { _id, companyId, createdAt, createdBy, ...changes } = plan.changes
        void _id
        void companyId
        void createdAt
        void createdBy
        results.push(await super._patch(plan.before._id, changes, { ...inTrx, query: { companyId: plan.before.companyId } } as AppointmentParams))
      }
      if (history.length > 0) await trx(STATUS_HISTORY_TABLE).insert(history)
      if (params?.appointmentMove && current.staffId !== results[0].staffId) params.appointmentMove.formerStaffId = current.staffId
      const freed = plans.filter((plan) => plan.freed).map((plan) => slotOf(plan.before))
      return { primary: results[0], others: results.slice(1), freed } satisfies Written
    })
    await afterCommit(params, () => this.announce(written, 'patched'))
    return written.primary
  }

  override async _remove(id: NullableId, params?: AppointmentParams): Promise<any> {
    if (id === null) throw clinicError(BadRequest, 'invalid-request', '_id')
    const scope = params?.appointmentSeries ?? 'this'
    const written = await this.transact(params, async (_trx, inTrx) => {
      const targets = await this.targets(id, inTrx, scope)
      const removed: Appointment[] = []
      for (const target of targets) removed.push(await super._remove(target._id, { ...inTrx, query: { companyId: target.companyId } } as AppointmentParams))
      const freed = targets.filter((target) => holdsSlot(target.status as AppointmentStatus)).map(slotOf)
      return { primary: removed[0], others: removed.slice(1), freed } satisfies Written
    })
    await afterCommit(params, () => this.announce(written, 'removed'))
    return written.primary
  }

  /**
   * Restoring an appointment from trash puts back a slot-holding row: the same double-booking
   * check under the same lock, so a restore cannot double-book either.
   */
  override async insertExact(trx: Knex.Transaction, record: Record<string, unknown>): Promise<void> {
    const row = record as Row
    if (holdsSlot(row.status as AppointmentStatus)) {
      await lockSlots(trx, [row])
      await assertSlotFree(trx, row, [])
    }
    await super.insertExact(trx, record)
  }

  /**
   * Once the transaction has committed: events for the occurrences beyond the one the call returns
   * (Feathers sends that one's), the booked waiting-list entry, and `slot-freed` with the waiting
   * customers who fit each freed slot.
   */
  private announce(written: Written, event: 'created' | 'patched' | 'removed') {
    const app = this.app
    if (!app || !this.path) return
    const service = app.service(this.path as never) as unknown as { emit: (event: string, data: unknown) => void }
    for (const record of written.others) service.emit(event, record)
    if (written.waitingEntry) (app.service('waiting-list' as never) as unknown as { emit: (event: string, data: unknown) => void }).emit('patched', written.waitingEntry)
    if (written.freed.length === 0) return
    void this.offerFreedSlots(written.freed).catch((error) => app.get('logger').error({ err: error, msg: 'slot-freed failed' }))
  }

  private async offerFreedSlots(freed: Written['freed']) {
    const service = this.app!.service(this.path as never) as unknown as { emit: (event: string, data: unknown) => void }
    const zones = new Map<string, string>()
    for (const { companyId, ...slot } of freed) {
      if (!zones.has(companyId)) zones.set(companyId, await companyTimeZone(this.Model, companyId))
      const candidates = await fittingEntries(this.Model, companyId, [slot.branchId], slot, zones.get(companyId)!)
      service.emit('slot-freed', { ...slot, companyId, candidates } satisfies SlotFreed & { companyId: string })
    }
  }
}

/** The slot an appointment held (its own time, without the buffer). */
function slotOf(appointment: Appointment): Omit<SlotFreed, 'candidates'> & { companyId: string } {
  const { companyId, branchId, staffId, workPlaceId, start, end } = appointment
  return { companyId, branchId, staffId, workPlaceId, start, end }
}

export const appointmentServiceOptions = (app: Application) =>
  recordOptions(app, APPOINTMENT_TABLE, { paginate: { default: 50, max: APPOINTMENT_MAX_PAGE } })
