import type { Application } from './declarations'
import { newId } from './hooks/ids'
import { companyTimeZone } from './services/waiting-list/waiting-list.class'
import { STATUS_HISTORY_TABLE } from './services/appointment/appointment-booking'
import type { RecordService } from './services/record.class'
import { planDemoWeek, type DemoDoctor, type DemoWeek } from './seed-demo-week'
import type { DemoService } from './seed-demo-catalogue'

export interface DemoAppointmentsInput {
  companyId: string
  /** The demo administrator: who booked and changed everything. */
  userId: string
  now: number
  doctors: DemoDoctor[]
  services: DemoService[]
  customers: Array<{ _id: string; branchId: string; blacklisted: boolean; archived: boolean }>
}

/**
 * The demo clinic's appointments around `now` (planDemoWeek: the same rules as the appointment
 * service, checked in memory) with their status history and the waiting list, written in
 * batches through the services' row codecs, so the rows are what the services would store. Not
 * through the service itself: several hundred bookings one transaction each would make the
 * first start of the demo slow; the seed-demo-appointments test checks the result with the
 * service's own rules instead.
 */
export async function seedDemoAppointments(app: Application, input: DemoAppointmentsInput): Promise<DemoWeek> {
  const db = app.get('db')
  const customersByBranch = new Map<string, string[]>()
  for (const customer of input.customers) {
    if (customer.blacklisted || customer.archived) continue
    customersByBranch.set(customer.branchId, [...(customersByBranch.get(customer.branchId) ?? []), customer._id])
  }
  const week = planDemoWeek({ ...input, timeZone: await companyTimeZone(db, input.companyId), customersByBranch, newId })
  const codec = (path: 'appointment' | 'waiting-list') => (app.service(path) as unknown as RecordService).codec
  // One transaction: one commit for all of it (SQLite syncs the file once, not per batch).
  await db.transaction(async (trx) => {
    const write = async (table: string, rows: object[]) => {
      for (let start = 0; start < rows.length; start += 100) await trx(table).insert(rows.slice(start, start + 100))
    }
    await write('appointment', week.appointments.map((row) => codec('appointment').toDb(row)))
    await write(STATUS_HISTORY_TABLE, week.history)
    await write('waiting_list', week.waitingList.map((row) => codec('waiting-list').toDb(row)))
  })
  return week
}
