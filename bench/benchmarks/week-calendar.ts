import type { BenchContext } from '../context'
import { againstTheSameSql } from '../direct-sql'
import type { Measurement } from '../measure'
import { scansAppointments, scansCustomers } from '../query-plan'
import { deskEmail, MAIN_BRANCH_DOCTORS } from '../seed-clinic'
import { TIME_ZONE } from '../dataset'
import { seededRandom } from '../../server/src/demo-people'
import { addLocalDays, daysBetween, weekdayOf, zonedToUtc } from '../../domain/appointments/zoned-time'
import { CALENDAR_CUSTOMER_FIELDS, CALENDAR_FIELDS } from '../../renderer/src/features/appointments/calendar-model'

const WEEKS = 60
const RANGE_LIMIT = 1000
const CUSTOMER_PAGE = 500
const WEEK_TABLES = /from [`"](appointment|customers)[`"]/

const mondayOf = (day: string) => addLocalDays(day, 1 - weekdayOf(day))

/**
 * A week of the main branch (10 doctors) as its front desk opens it in the calendar
 * (renderer/src/features/appointments/CalendarPage.tsx): the appointment find of the week
 * (start range, sorted, $limit 1000, `$select` of the fields the calendar draws), then the
 * customers of those appointments by `_id $in` in pages of 500, only their names (`$select`). Weeks spread over the whole history and the weeks ahead, the same every run.
 * Floor: the same statements (pages and counts) straight to the driver.
 */
export async function benchWeekCalendar(context: BenchContext): Promise<Measurement> {
  const client = await context.signIn(deskEmail(0))
  const branchId = context.dataset.branchIds[0]
  const first = mondayOf(addLocalDays(context.dataset.firstDay, 7))
  const span = Math.floor(daysBetween(first, mondayOf(context.dataset.lastDay)) / 7)
  const random = seededRandom(5)
  const mondays = Array.from({ length: WEEKS }, () => addLocalDays(first, 7 * Math.floor(random() * span)))

  const loadWeek = async (monday: string) => {
    const start = { $gte: zonedToUtc(monday, '00:00', TIME_ZONE), $lt: zonedToUtc(addLocalDays(monday, 7), '00:00', TIME_ZONE) }
    const page = await client.service('appointment').find({ query: { branchId, start, $sort: { start: 1 as const }, $limit: RANGE_LIMIT, $select: [...CALENDAR_FIELDS] } })
    const ids = [...new Set(page.data.map((appointment) => appointment.customerId))].sort()
    let customers = 0
    for (let at = 0; at < ids.length; at += CUSTOMER_PAGE) {
      const chunk = ids.slice(at, at + CUSTOMER_PAGE)
      customers += (await client.service('customers').find({ query: { _id: { $in: chunk }, $limit: chunk.length, $select: [...CALENDAR_CUSTOMER_FIELDS] } })).data.length
    }
    if (customers !== ids.length) throw new Error(`week of ${monday}: ${ids.length - customers} customers of its appointments not found`)
    return page.data.length
  }

  const { subject, floor, results: sizes, planNote } = await againstTheSameSql(context.db, WEEK_TABLES, mondays, loadWeek, (plan) => scansAppointments(plan) || scansCustomers(plan), `week-calendar-${context.engine}`)
  sizes.sort((a, b) => a - b)
  return {
    name: `a branch's week calendar (${MAIN_BRANCH_DOCTORS} doctors) with its customers`,
    engine: context.engine,
    subject,
    floorName: 'the same SQL (appointments and customers, pages and any counts) on the driver',
    floor,
    notes: [`${WEEKS} weeks from ${context.dataset.firstDay} to ${context.dataset.lastDay}; appointments per week median ${sizes[Math.floor(sizes.length / 2)]}, max ${sizes[sizes.length - 1]}`, planNote]
  }
}
