/* eslint-disable @typescript-eslint/no-explicit-any */
import { BadRequest } from '@feathersjs/errors'
import { afterCommit } from '../../../hooks/call-transaction'
import type { Id, NullableId, Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { RecordService, inTransaction, recordOptions, type RecordParams } from '../../record.class'
import { clinicError } from '../../../errors'
import { newId, now } from '../../../hooks/ids'
import { hasPermission } from '../../../../../domain/access/check'
import { holdsSlot, type AppointmentStatus } from '../../../../../domain/appointments/status'
import type { StaffSchedule } from '../../../../../domain/schedule/working-hours'
import { fittingEntries, WAITING_LIST_TABLE } from '../waiting-list/waiting-list.class'
import { companyTimeZone, companyTimeZoneFor } from '../../company/company/company-reads'
import { bufferMinutes } from '../../catalogue/service/service-rows'
import { APPOINTMENT_TABLE, MOVES_TABLE, STATUS_HISTORY_TABLE, assertSlotFree, assertWorkPlace, bookingFacts, lockSlots, doctorSchedule } from './appointment-booking'
import { assertTransitions, lookupsNeeded, planPatch, servicesKey, writtenChanges, type HistoryRow, type PatchLookups, type PatchPlan, type Row } from './appointment-patch-plan'
import { occurrenceStarts, planCreate, type BookingFields } from './appointment-create-plan'
import type { Appointment, AppointmentData, AppointmentPatch, AppointmentQuery } from './appointment.schema'
import { APPOINTMENT_MAX_PAGE, type SeriesScope, type SlotFreed } from './appointment.shared'
import { formerDoctor } from './appointment-publish'
import { announceMessages, planAppointmentMessages, type PlannedMessages } from '../../messaging/communications/appointment-messages'
import { followPhaseVisits, type PhaseVisit } from '../../clinical/treatment-plan/plan-items'
import { createOnce } from '../../client-keys'

export type { Appointment, AppointmentData, AppointmentPatch, AppointmentQuery }

export type AppointmentParams = RecordParams & { query?: AppointmentQuery }

export const appointmentRowShape = {
  json: ['services', 'repeat', 'reminder'],
  boolean: ['notifyClient'],
  instant: ['start', 'end', 'blockedUntil', 'statusChangedAt']
}

interface Written {
  primary: Appointment
  others: Appointment[]
  freed: Array<Omit<SlotFreed, 'candidates'> & { companyId: string }>
  waitingEntry?: Record<string, unknown>
  /** The patient's messages this write scheduled, rewrote or withdrew (messaging outbox). */
  messages?: PlannedMessages
}

/** A visit as a treatment plan's phases follow it (a cancelled one frees its phase for booking). */
const phaseVisit = (appointment: Appointment): PhaseVisit => ({
  _id: appointment._id,
  companyId: appointment.companyId,
  customerId: appointment.customerId ?? null,
  holdsSlot: holdsSlot(appointment.status as AppointmentStatus)
})

/** Query keys that are not conditions on the rows. */
const notConditions = new Set(['$limit', '$skip', '$sort', '$select', '$series'])
const scopeOf = (query: Record<string, unknown> | undefined) => Object.fromEntries(Object.entries(query ?? {}).filter(([key]) => !notConditions.has(key)))

/**
 * `query.$series` of a patch or remove: this occurrence (the default), or it and the rest of its
 * series; and the params without it for the adapter's own reads. The query schema validates it;
 * a filter of the service's options lets it through the adapter's query checks.
 */
function seriesOf<P extends Params>(params: P | undefined): { scope: SeriesScope; params: P | undefined } {
  const query = params?.query as Record<string, unknown> | undefined
  if (!query || !('$series' in query)) return { scope: 'this', params }
  const { $series, ...rest } = query
  return { scope: ($series as SeriesScope | undefined) ?? 'this', params: { ...params, query: rest } as P }
}

/** The booking options of a create or patch, which are not stored: taken off the fields. */
function bookingOptionsOf(data: Record<string, any>): { overrideWorkingHours?: boolean; waitingListId?: string; fields: Record<string, any> } {
  const { overrideWorkingHours, waitingListId, ...fields } = data
  return { overrideWorkingHours, waitingListId, fields }
}

/**
 * Appointments. The rules that need the database to stay true under concurrency live here, in
 * one transaction per call: the doctor's and chair's double booking (under a lock, see
 * lockSlots), the status machine with its history, series, and the waiting-list entry a
 * booking takes. Checks that only read the caller and the data run in hooks (appointment-rules.ts).
 * A create and a patch read as steps: load, plan (pure: appointment-create-plan.ts,
 * appointment-patch-plan.ts), check the slots under lock, write, record the status history,
 * and answer.
 */
export class AppointmentService extends RecordService<Appointment, AppointmentData, AppointmentParams, AppointmentPatch> {
  /** Working hours are waived only when asked for (`overrideWorkingHours` in the data), by someone with seeAll on appointment (or the server). */
  private overridesHours(overrideWorkingHours: boolean | undefined, params?: AppointmentParams): boolean {
    if (overrideWorkingHours !== true) return false
    return !params?.provider || hasPermission(params.identity?.role.permissions, 'appointment', 'seeAll')
  }

  private decodeRow(row: Row): Appointment {
    return this.codec.fromDb<Appointment>(row)
  }

  override async _find(params?: AppointmentParams & { paginate?: false }): Promise<any>
  override async _find(params?: AppointmentParams): Promise<any> {
    return super._find(seriesOf(params).params as any)
  }

  override async _get(id: Id, params?: AppointmentParams): Promise<Appointment> {
    return super._get(id, seriesOf(params).params)
  }

  override async _create(data: any, params?: AppointmentParams): Promise<any> {
    if (Array.isArray(data)) throw clinicError(BadRequest, 'invalid-request')
    const { overrideWorkingHours, waitingListId, fields } = bookingOptionsOf(data)
    const booking = fields as BookingFields
    // Once per client key (client-keys.ts): the key names the series' first row, the one answered.
    return createOnce<Appointment>(this, booking.companyId, params, (inTrx) => this.book(booking, overrideWorkingHours, waitingListId, inTrx))
  }

  private async book(booking: BookingFields, overrideWorkingHours: boolean | undefined, waitingListId: string | undefined, params: AppointmentParams): Promise<Appointment> {
    const written = await inTransaction(this.Model, params, async (trx) => {
      const timeZone = await companyTimeZoneFor(trx, booking.companyId, params)
      const starts = occurrenceStarts(booking, timeZone)
      const { buffer, schedule } = await bookingFacts(trx, booking as BookingFields & { branchId: string; staffId: string; services: Array<{ serviceId: string }> })
      const { rows, history } = planCreate({ fields: booking, starts, timeZone, buffer, schedule, overridesHours: this.overridesHours(overrideWorkingHours, params), newId })
      await this.insertRows(trx, rows)
      await this.recordHistory(trx, history)
      const waitingEntry = waitingListId ? await this.bookWaitingEntry(trx, rows[0], waitingListId) : undefined
      const [primary, ...others] = rows.map((row) => this.decodeRow(row))
      const messages = await planAppointmentMessages(trx, this.app!, [], [primary, ...others])
      return { primary, others, freed: [], waitingEntry, messages } satisfies Written
    })
    await afterCommit(params, () => this.announce(written, 'created'))
    return written.primary
  }

  /**
   * Writes a booking's rows. Holding a slot: under the lock, row by row, each insert visible to
   * the next check (a series cannot overlap itself either); else in batches.
   */
  private async insertRows(trx: Knex.Transaction, rows: Row[]): Promise<void> {
    if (holdsSlot(rows[0].status as AppointmentStatus)) {
      await lockSlots(trx, rows)
      for (const row of rows) {
        await assertSlotFree(trx, row, [])
        await trx(this.table).insert(this.codec.toDb(row))
      }
      return
    }
    for (let index = 0; index < rows.length; index += 100) await trx(this.table).insert(rows.slice(index, index + 100).map((row) => this.codec.toDb(row)))
  }

  /** The status history of the rows written, in batches. */
  private async recordHistory(trx: Knex.Transaction, history: HistoryRow[]): Promise<void> {
    for (let index = 0; index < history.length; index += 100) await trx(STATUS_HISTORY_TABLE).insert(history.slice(index, index + 100))
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
    const { scope } = seriesOf(params)
    const { overrideWorkingHours, fields } = bookingOptionsOf(data)
    const patch = fields as AppointmentPatch
    const written = await inTransaction(this.Model, params, async (trx, inTrx) => {
      const targets = await this.targets(id, inTrx, scope)
      assertTransitions(targets, patch)
      const lookups = await this.patchLookups(trx, targets, patch, params)
      const { plans, history, moves } = planPatch({
        targets, data: patch, scope, lookups, overridesHours: this.overridesHours(overrideWorkingHours, params), at: now(), userId: params?.identity?.user._id ?? null, newId
      })
      await this.checkSlots(trx, plans)
      const results = await this.writePlans(plans, inTrx)
      await this.recordHistory(trx, history)
      for (let index = 0; index < moves.length; index += 100) await trx(MOVES_TABLE).insert(moves.slice(index, index + 100))
      // Given to another doctor: the one it left hears of it (appointment-publish.ts).
      if (params && targets[0].staffId !== results[0].staffId) formerDoctor.set(params, targets[0].staffId)
      const messages = await planAppointmentMessages(trx, this.app!, targets, results)
      await followPhaseVisits(this.app!, inTrx, targets.map((target, index) => ({ before: phaseVisit(target), after: phaseVisit(results[index]) })))
      return { primary: results[0], others: results.slice(1), freed: plans.filter((plan) => plan.freed).map((plan) => slotOf(plan.before)), messages } satisfies Written
    })
    await afterCommit(params, () => this.announce(written, 'patched'))
    return written.primary
  }

  /**
   * A patch's look-ups, each read once for a whole series: the company's time zone, the buffer
   * of each set of services, each doctor's hours (a doctor archived or not of the company is
   * refused), and each chair it moves to must be of the branch.
   */
  private async patchLookups(trx: Knex, targets: Appointment[], data: AppointmentPatch, params?: AppointmentParams): Promise<PatchLookups> {
    const { companyId } = targets[0]
    const needed = lookupsNeeded(targets, data)
    const timeZone = await companyTimeZoneFor(trx, companyId, params)
    const buffers = new Map<string, number>()
    for (const services of needed.services) buffers.set(servicesKey(services), await bufferMinutes(trx, companyId, services))
    const schedules = new Map<string, StaffSchedule>()
    for (const staffId of needed.doctors) schedules.set(staffId, await doctorSchedule(trx, companyId, staffId))
    for (const place of needed.places) await assertWorkPlace(trx, companyId, place.branchId, place.workPlaceId)
    return { timeZone, buffers, schedules }
  }

  /** Under the lock: every occurrence that must hold a free slot does (the others being rewritten do not count). */
  private async checkSlots(trx: Knex.Transaction, plans: PatchPlan[]): Promise<void> {
    const checked = plans.filter((plan) => plan.check)
    if (checked.length === 0) return
    await lockSlots(trx, checked.map((plan) => plan.row))
    const ids = plans.map((plan) => plan.before._id)
    for (const plan of checked) await assertSlotFree(trx, plan.row, ids)
  }

  /** Writes each occurrence's changes (through the record service: the activity log sees the first). */
  private async writePlans(plans: PatchPlan[], inTrx: AppointmentParams): Promise<Appointment[]> {
    const results: Appointment[] = []
    for (const plan of plans) results.push(await super._patch(plan.before._id, writtenChanges(plan), { ...inTrx, query: { companyId: plan.before.companyId } } as AppointmentParams))
    return results
  }

  override async _remove(id: NullableId, params?: AppointmentParams): Promise<any> {
    if (id === null) throw clinicError(BadRequest, 'invalid-request', '_id')
    const { scope } = seriesOf(params)
    const written = await inTransaction(this.Model, params, async (trx, inTrx) => {
      const targets = await this.targets(id, inTrx, scope)
      const removed: Appointment[] = []
      for (const target of targets) removed.push(await super._remove(target._id, { ...inTrx, query: { companyId: target.companyId } } as AppointmentParams))
      const freed = targets.filter((target) => holdsSlot(target.status as AppointmentStatus)).map(slotOf)
      const messages = await planAppointmentMessages(trx, this.app!, targets, [])
      await followPhaseVisits(this.app!, inTrx, targets.map((target) => ({ before: phaseVisit(target) })))
      return { primary: removed[0], others: removed.slice(1), freed, messages } satisfies Written
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
    if (written.messages) announceMessages(app, written.messages)
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
  recordOptions(app, APPOINTMENT_TABLE, { paginate: { default: 50, max: APPOINTMENT_MAX_PAGE }, filters: { $series: (value: unknown) => value } })
