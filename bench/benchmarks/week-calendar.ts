import type { BenchContext } from '../context'
import { againstTheSameSql } from '../direct-sql'
import { timeCalls, type Measurement } from '../measure'
import { openSocket, startBareServer } from './socket-kit'
import { scansAppointments, scansCustomers } from '../query-plan'
import { deskEmail, MAIN_BRANCH_DOCTORS } from '../seed-clinic'
import { TIME_ZONE } from '../dataset'
import { seededRandom } from '../../server/src/demo-people'
import { addLocalDays, daysBetween, weekdayOf, zonedToUtc } from '../../domain/appointments/zoned-time'
import { decodeCalendarWeek } from '../../domain/appointments/calendar-week'

const WEEKS = 60
const RANGE_LIMIT = 1000
const WEEK_TABLES = /from [`"](appointment|customers)[`"]/

const mondayOf = (day: string) => addLocalDays(day, 1 - weekdayOf(day))

/**
 * A week of the main branch (10 doctors) as its front desk opens it in the calendar
 * (renderer/src/features/appointments/CalendarPage.tsx, useCalendarRange): one
 * `appointment-calendar` find of the week (start range, $limit 1000), whose compact answer holds
 * the appointments the calendar draws and their customers' names, decoded as the screen decodes
 * it. The service reads through the appointment find (sorted, `$select` of the calendar's fields)
 * and the customers find by `_id $in` (names only). Weeks spread over the whole history and the
 * weeks ahead, the same every run. Floor: the same statements (pages and counts) straight to the
 * driver.
 */
export async function benchWeekCalendar(context: BenchContext): Promise<Measurement> {
  const client = await context.signIn(deskEmail(0))
  const branchId = context.dataset.branchIds[0]
  const first = mondayOf(addLocalDays(context.dataset.firstDay, 7))
  const span = Math.floor(daysBetween(first, mondayOf(context.dataset.lastDay)) / 7)
  const random = seededRandom(5)
  const mondays = Array.from({ length: WEEKS }, () => addLocalDays(first, 7 * Math.floor(random() * span)))

  // Each week's calls and answers, as sent and received: the transport figure replays them.
  const exchanges = new Map<string, Array<{ query: unknown; answer: unknown }>>()
  const loadWeek = async (monday: string) => {
    const start = { $gte: zonedToUtc(monday, '00:00', TIME_ZONE), $lt: zonedToUtc(addLocalDays(monday, 7), '00:00', TIME_ZONE) }
    const query = { branchId, start, $limit: RANGE_LIMIT }
    const answer = await client.service('appointment-calendar').find({ query })
    const { appointments, customers } = decodeCalendarWeek(answer)
    exchanges.set(monday, [{ query, answer }])
    const ids = new Set(appointments.map((appointment) => appointment.customerId))
    if (customers.length !== ids.size) throw new Error(`week of ${monday}: ${ids.size - customers.length} customers of its appointments not found`)
    return appointments.length
  }

  const { subject, floor, results: sizes, planNote } = await againstTheSameSql(context.db, WEEK_TABLES, mondays, loadWeek, (plan) => scansAppointments(plan) || scansCustomers(plan), `week-calendar-${context.engine}`)
  const transport = await bareTransport(mondays.map((monday) => exchanges.get(monday)!))
  sizes.sort((a, b) => a - b)
  const bytes = mondays.map((monday) => Buffer.byteLength(JSON.stringify(exchanges.get(monday)![0].answer))).sort((a, b) => a - b)
  return {
    name: `a branch's week calendar (${MAIN_BRANCH_DOCTORS} doctors) with its customers, one compact call`,
    engine: context.engine,
    subject,
    floorName: 'the same SQL (appointments and customers, pages and any counts) on the driver',
    floor,
    notes: [
      `${WEEKS} weeks from ${context.dataset.firstDay} to ${context.dataset.lastDay}; appointments per week median ${sizes[Math.floor(sizes.length / 2)]}, max ${sizes[sizes.length - 1]}`,
      `a week's answer as JSON: median ${(bytes[Math.floor(bytes.length / 2)] / 1000).toFixed(1)} kB`,
      `the same calls answered with the same JSON by a bare socket.io server (no database, no hooks): median ${transport.median.toFixed(2)} ms, p95 ${transport.p95.toFixed(2)} ms; SQL floor + that transport ${(floor.median + transport.median).toFixed(2)} ms, the product ${(subject.median / (floor.median + transport.median)).toFixed(2)}× of it`,
      planNote
    ]
  }
}

/**
 * What moving a week's calls and answers over the socket costs by itself: a bare socket.io server
 * (the product's transport options) acknowledges each recorded call with the answer the product
 * gave, one week after another, through a raw client emitting what the Feathers client emits.
 */
async function bareTransport(weeks: Array<Array<{ query: unknown; answer: unknown }>>) {
  const answers = weeks.flat().map((exchange) => exchange.answer)
  let next = 0
  const bare = await startBareServer((socket) => {
    socket.on('find', (...args: unknown[]) => (args[args.length - 1] as (error: null, result: unknown) => void)(null, answers[next++ % answers.length]))
  })
  const socket = await openSocket(bare.url)
  try {
    const emit = (path: string, query: unknown) => new Promise<void>((resolve) => socket.emit('find', path, query, {}, () => resolve()))
    const week = async (index: number) => {
      for (const exchange of weeks[Math.max(0, index)]) await emit('appointment-calendar', exchange.query)
    }
    // Answers are served in recorded order: the warm-up replays the first week whole.
    next = 0
    await week(0)
    next = 0
    return await timeCalls(week, { n: weeks.length, warmup: 0 })
  } finally {
    socket.disconnect()
    await bare.close()
  }
}
