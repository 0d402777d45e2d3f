import type { BenchContext } from '../context'
import { againstTheSameSql } from '../direct-sql'
import type { Measurement } from '../measure'
import { scansAppointments } from '../query-plan'
import { ADMIN_EMAIL, deskEmail, MAIN_BRANCH_DOCTORS } from '../seed-clinic'
import { TIME_ZONE } from '../dataset'
import { seededRandom } from '../../server/src/demo-people'
import type { ClientApplication } from '../../server/src/client'
import type { AppointmentSlotsQuery } from '../../server/src/services/appointments/appointment-slots/appointment-slots.shared'
import { addLocalDays, toZoned } from '../../domain/appointments/zoned-time'

const CALLS = 60
const SLOTS = 10
/** The statements of a search: the doctors, the services, the chairs and the appointments. */
const SLOT_TABLES = /from [`"](appointment|users|services|work_places)[`"]/

/**
 * "The first 10 free slots" (appointment-slots.find) as the booking form asks it: a service of
 * the catalogue (30 to 90 minutes), every other search needing a free chair too, from one of the
 * next seven days over four weeks (the default span), the same searches every run. Twice: by the
 * main branch's front desk, for any doctor of that branch (10 doctors), and by the administrator,
 * for any doctor of any branch. Floor: the same statements (doctors, services, chairs, each
 * stretch's held times) straight to the driver.
 */
export async function benchSlots(context: BenchContext): Promise<Measurement[]> {
  const desk = await context.signIn(deskEmail(0))
  const admin = await context.signIn(ADMIN_EMAIL)
  const branches = context.dataset.branchIds.length
  return [
    await measure(context, desk, `appointment-slots: first ${SLOTS} slots, any doctor of a branch (${MAIN_BRANCH_DOCTORS} doctors), 4 weeks`, 21),
    await measure(context, admin, `appointment-slots: first ${SLOTS} slots, any doctor of any branch (${branches} branches), 4 weeks`, 22)
  ]
}

async function measure(context: BenchContext, client: ClientApplication, name: string, seed: number): Promise<Measurement> {
  const random = seededRandom(seed)
  // The next four weeks, or, when the dataset's appointments begin later (the customers size
  // holds only the last two of its eight weeks ahead), four weeks from its first booked day.
  const today = toZoned(Date.now(), TIME_ZONE).date
  const first = context.dataset.firstDay > today ? context.dataset.firstDay : today
  const services = context.dataset.services
  const queries: AppointmentSlotsQuery[] = Array.from({ length: CALLS }, (_, index) => ({
    serviceIds: [services[Math.floor(random() * services.length)]._id],
    dateFrom: addLocalDays(first, Math.floor(random() * 7)),
    ...(index % 2 === 1 ? { workPlaceKind: 'chair' as const } : {}),
    $limit: SLOTS
  }))
  const search = async (query: AppointmentSlotsQuery) => (await client.service('appointment-slots').find({ query })).data.length
  const { subject, floor, results, planNote } = await againstTheSameSql(context.db, SLOT_TABLES, queries, search, scansAppointments, `slots-${context.engine}-${seed}`)
  const short = results.filter((count) => count < SLOTS).length
  return {
    name,
    engine: context.engine,
    subject,
    floorName: 'the same SQL (doctors, services, chairs, held times of each stretch) on the driver',
    floor,
    notes: [`${CALLS} searches from ${first} (the first of 7 days; today ${today}), half of them needing a chair; ${short === 0 ? `each found ${SLOTS} slots` : `${short} found fewer than ${SLOTS} slots`}`, planNote]
  }
}
