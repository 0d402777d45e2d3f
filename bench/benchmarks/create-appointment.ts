import type { BenchContext } from '../context'
import { directDriver } from '../direct-sql'
import { timeCalls, type Measurement } from '../measure'
import { deskEmail, MAIN_BRANCH_DOCTORS } from '../seed-clinic'
import { TIME_ZONE, WORKING_HOURS } from '../dataset'
import { newId, now } from '../../server/src/hooks/ids'
import { databaseEngine } from '../../server/src/db'
import { addLocalDays, toZoned, weekdayOf, zonedToUtcMs } from '../../domain/appointments/zoned-time'

const N = 300
const MINUTE = 60_000

/**
 * Free 30-minute slots of the main branch's doctors, after every appointment the branch has
 * (so a run never collides with data, nor with an earlier run): each working day from 08:00,
 * doctor after doctor, Sundays skipped.
 */
export async function freeSlots(context: BenchContext, count: number) {
  const branchId = context.dataset.branchIds[0]
  const doctors = context.dataset.doctors.filter((doctor) => doctor.branchId === branchId)
  const latest = (await context.db('appointment').where({ companyId: context.dataset.companyId, branchId }).max({ end: 'end' }).first()) as { end: string | Date }
  let day = addLocalDays(toZoned(new Date(latest.end).getTime(), TIME_ZONE).date, 1)
  const slots: Array<{ staffId: string; workPlaceId: string; start: number }> = []
  while (slots.length < count) {
    if (weekdayOf(day) !== 7) {
      const midnight = zonedToUtcMs(day, '00:00', TIME_ZONE)
      for (let minutes = WORKING_HOURS.start; minutes + 30 <= WORKING_HOURS.end; minutes += 30) {
        for (const doctor of doctors) slots.push({ staffId: doctor._id, workPlaceId: doctor.workPlaceId, start: midnight + minutes * MINUTE })
      }
    }
    day = addLocalDays(day, 1)
  }
  return slots.slice(0, count)
}

/**
 * appointment.create by the main branch's front desk: schema validation, permission and
 * branch checks, working hours, the locked double-booking check of doctor and chair, the
 * status history row, the activity log entry and the `created` event to the branch. Floor:
 * one INSERT of an equivalent row straight to the driver (no check, no history, no log, no
 * event). Both sets of rows, with their history and log entries, are deleted afterwards.
 */
export async function benchCreateAppointment(context: BenchContext): Promise<Measurement> {
  const { db, dataset } = context
  const branchId = dataset.branchIds[0]
  const client = await context.signIn(deskEmail(0))
  const service = dataset.services.find((item) => item.duration === 30)!
  const booked = [{ serviceId: service._id, name: service.name, duration: 30, price: service.price, quantity: 1 }]
  const customers = (await db('customers').where({ companyId: dataset.companyId, branchId, archived: false, blacklisted: false }).limit(N * 2).pluck('_id')) as string[]
  const slots = await freeSlots(context, N * 2 + 40)
  const created: string[] = []
  try {
    const subject = await timeCalls(
      async (index) => {
        const at = index < 0 ? -1 - index : 20 + index
        const slot = slots[at]
        const appointment = await client.service('appointment').create({
          branchId, customerId: customers[at % customers.length], staffId: slot.staffId, workPlaceId: slot.workPlaceId, start: new Date(slot.start).toISOString(),
          duration: 30, status: 'planned', services: booked
        })
        created.push(appointment._id)
      },
      { n: N, warmup: 20, profile: `create-appointment-${context.engine}` }
    )

    const sqlite = databaseEngine(db) === 'sqlite'
    const rowAt = (at: number) => {
      const slot = slots[at]
      const local = toZoned(slot.start, TIME_ZONE)
      const stamp = now()
      const _id = newId()
      created.push(_id)
      return {
        _id, companyId: dataset.companyId, createdAt: stamp, updatedAt: stamp, createdBy: null, branchId, customerId: customers[at % customers.length],
        staffId: slot.staffId, workPlaceId: slot.workPlaceId, start: new Date(slot.start).toISOString(), end: new Date(slot.start + 30 * MINUTE).toISOString(),
        blockedUntil: new Date(slot.start + 30 * MINUTE).toISOString(), duration: 30, date: local.date, time: local.time, status: 'planned',
        services: JSON.stringify(booked), repeat: null, seriesId: null, seriesIndex: null, notifyClient: sqlite ? 0 : false, reminder: null, notes: null, color: null,
        statusChangedAt: stamp, statusChangedBy: null
      }
    }
    const driver = await directDriver(db)
    let floor
    try {
      floor = await timeCalls((index) => driver.run(db('appointment').insert(rowAt(20 + N + index)).toSQL().toNative() as never), { n: N, warmup: 0 })
    } finally {
      await driver.release()
    }
    return {
      name: `appointment.create (front desk; ${MAIN_BRANCH_DOCTORS} doctors' free slots)`,
      engine: context.engine,
      subject,
      floorName: 'a bare INSERT of the same row on the driver',
      floor,
      notes: [`${N} appointments through the socket, ${N} bare rows; all removed afterwards`]
    }
  } finally {
    for (let at = 0; at < created.length; at += 500) {
      const ids = created.slice(at, at + 500)
      await db('appointment_status_history').whereIn('appointmentId', ids).delete()
      await db('user_activities').where({ companyId: dataset.companyId }).whereIn('recordId', ids).delete()
      await db('appointment').whereIn('_id', ids).delete()
    }
  }
}
