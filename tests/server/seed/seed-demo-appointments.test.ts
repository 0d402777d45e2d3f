import { engines, failure, startServer, type SignedIn, type TestServer } from '../support/harness'
import { DEMO_SIGN_IN, seedDemoClinic } from '../../../server/src/seed-demo'
import type { ReportsSummary } from '../../../server/src/services/reports/reports-summary/reports-summary.shared'
import type { TreatmentPlanReport } from '../../../server/src/services/reports/treatment-plan-reports/treatment-plan-reports.shared'
import type { FunnelReport } from '../../../server/src/services/reports/customer-conversion-funnel-reports/customer-conversion-funnel-reports.shared'
import { DEMO_PLACES, demoWeekDoctors, demoWeekServices } from '../../../server/src/seed-demo-appointments'
import { demoDays, planDemoWeek, type DemoWeek, type DemoWeekInput } from '../../../server/src/seed-demo-week'
import { canTransition, holdsSlot, initialStatuses, isAppointmentStatus, type AppointmentStatus } from '../../../domain/appointments/status'
import { addLocalDays, daysBetween, toZoned, zonedToUtc } from '../../../domain/appointments/zoned-time'
import { isWithinWorkingHours, type StaffSchedule } from '../../../domain/schedule/working-hours'

const ZONE = 'Asia/Tashkent'
/** A Wednesday, 11:10 in Tashkent: done visits, visits under way and ahead the same day. */
const SEED_TIME = new Date('2026-11-25T06:10:00Z')

interface Row {
  _id: string
  staffId: string
  workPlaceId: string | null
  customerId: string
  branchId: string
  start: string
  end: string
  blockedUntil: string
  duration: number
  date: string
  time: string
  status: string
  seriesId: string | null
  seriesIndex: number | null
  services: Array<{ serviceId: string; duration: number; quantity: number }>
}
interface History { appointmentId: string; from: string | null; to: string; at: string }

/**
 * Everything the appointment service would refuse or that would look wrong on the calendar,
 * as readable lines (an empty list is a good week).
 */
function problems(rows: Row[], history: History[], schedules: Map<string, StaffSchedule>, now: number, timeZone: string): string[] {
  const found: string[] = []
  const today = toZoned(now, timeZone).date
  const holding = rows.filter((row) => holdsSlot(row.status as AppointmentStatus))
  for (const key of ['staffId', 'workPlaceId'] as const) {
    const byKey = new Map<string, Row[]>()
    for (const row of holding) if (row[key]) byKey.set(row[key]!, [...(byKey.get(row[key]!) ?? []), row])
    for (const list of byKey.values()) {
      const sorted = [...list].sort((a, b) => a.start.localeCompare(b.start))
      for (let at = 1; at < sorted.length; at += 1) {
        if (Date.parse(sorted[at].start) < Date.parse(sorted[at - 1].blockedUntil)) found.push(`${key} double-booked: ${sorted[at - 1].start} and ${sorted[at].start}`)
      }
    }
  }
  const histories = new Map<string, History[]>()
  for (const entry of history) histories.set(entry.appointmentId, [...(histories.get(entry.appointmentId) ?? []), entry])
  for (const row of rows) {
    const local = toZoned(row.start, timeZone)
    if (local.date !== row.date || local.time !== row.time) found.push(`${row._id}: date/time ${row.date} ${row.time} is not its start`)
    if (Date.parse(row.end) - Date.parse(row.start) !== row.duration * 60_000) found.push(`${row._id}: end is not start + duration`)
    if (row.duration !== row.services.reduce((sum, service) => sum + service.duration * service.quantity, 0)) found.push(`${row._id}: duration is not its services'`)
    if (!isWithinWorkingHours(schedules.get(row.staffId), local.date, local.minutes, local.minutes + row.duration)) found.push(`${row._id}: outside working hours ${row.date} ${row.time}`)
    if (!isAppointmentStatus(row.status)) found.push(`${row._id}: unknown status ${row.status}`)
    const endMs = Date.parse(row.end)
    const status = row.status as AppointmentStatus
    if (endMs <= now && !['completed', 'cancelled', 'noShow'].includes(status)) found.push(`${row._id}: ${status} although over`)
    if (row.date > today && !['planned', 'confirmed', 'notConfirmed', 'cancelled', 'draft', 'onlineWaiting'].includes(status)) found.push(`${row._id}: ${status} on a day ahead`)
    if (Date.parse(row.start) > now && ['completed', 'started', 'noShow'].includes(status)) found.push(`${row._id}: ${status} before it began`)
    const steps = [...(histories.get(row._id) ?? [])].sort((a, b) => a.at.localeCompare(b.at) || (a.from === null ? -1 : 1))
    const chainOk =
      steps.length > 0 &&
      steps[0].from === null &&
      initialStatuses.includes(steps[0].to as AppointmentStatus) &&
      steps.every((step, at) => at === 0 || (step.from === steps[at - 1].to && canTransition(step.from as AppointmentStatus, step.to as AppointmentStatus))) &&
      steps[steps.length - 1].to === row.status &&
      steps.every((step) => Date.parse(step.at) <= now)
    if (!chainOk) found.push(`${row._id}: status history ${steps.map((step) => `${step.from}->${step.to}`).join(', ')} does not lead to ${row.status}`)
  }
  return found
}

/** The planner's input as the seed builds it, with counted ids (no database). */
function plannerInput(now: Date): DemoWeekInput & { schedules: Map<string, StaffSchedule> } {
  let counter = 0
  const id = () => `id-${(counter += 1)}`
  const branches = { main: 'branch-main', second: 'branch-second' }
  const doctors = demoWeekDoctors(new Map(Object.keys(DEMO_PLACES).map((email) => [email, email])), branches, (branchId, name) => `${branchId}/${name}`)
  const customersByBranch = new Map(Object.values(branches).map((branch) => [branch, Array.from({ length: 150 }, (_, index) => `${branch}-customer-${index}`)]))
  return {
    companyId: 'company', timeZone: ZONE, now: now.getTime(), userId: 'admin', doctors, services: demoWeekServices((code) => `service-${code}`, 'ru'), customersByBranch, newId: id, locale: 'ru',
    schedules: new Map(doctors.map((doctor) => [doctor._id, doctor.schedule]))
  }
}

describe('the demo week planner', () => {
  it('covers the last Monday before the seed day to the next Sunday after it', () => {
    expect(demoDays('2026-11-25')).toEqual({ firstDay: '2026-11-23', lastDay: '2026-11-29' })
    expect(demoDays('2026-11-23')).toEqual({ firstDay: '2026-11-16', lastDay: '2026-11-29' })
    expect(demoDays('2026-11-29')).toEqual({ firstDay: '2026-11-23', lastDay: '2026-12-06' })
  })

  it('is deterministic and quick', () => {
    const started = performance.now()
    const first = planDemoWeek(plannerInput(SEED_TIME))
    // Tens of milliseconds warm; the bound only catches a plan gone quadratic on a busy machine.
    expect(performance.now() - started).toBeLessThan(5000)
    expect(JSON.stringify(planDemoWeek(plannerInput(SEED_TIME)))).toBe(JSON.stringify(first))
  })

  // Every weekday and several times of day (before opening, midday, evening): the rules hold.
  it.each(Array.from({ length: 14 }, (_, index) => new Date(Date.parse('2026-11-23T02:00:00Z') + index * 13 * 3600_000).toISOString()))('keeps the rules when seeded at %s', (instant) => {
    const input = plannerInput(new Date(instant))
    const week: DemoWeek = planDemoWeek(input)
    expect(week.appointments.length).toBeGreaterThan(60)
    expect(problems(week.appointments as unknown as Row[], week.history, input.schedules, input.now, ZONE)).toEqual([])
  })
})

describe.each(engines)('the demo clinic week on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let rows: Row[]
  let days: { firstDay: string; lastDay: string }

  beforeAll(async () => {
    server = await startServer(engine)
    await seedDemoClinic(server.app, { now: SEED_TIME })
    admin = await server.signIn(DEMO_SIGN_IN.email, DEMO_SIGN_IN.password)
    days = demoDays(toZoned(SEED_TIME, ZONE).date)
    const page = await admin.client.service('appointment').find({
      query: { start: { $gte: zonedToUtc(days.firstDay, '00:00', ZONE), $lt: zonedToUtc(addLocalDays(days.lastDay, 1), '00:00', ZONE) }, $sort: { start: 1 as const }, $limit: 1000 }
    })
    rows = page.data
  }, 60_000)
  afterAll(() => server.stop())

  it('fills both branches for every doctor, and the rules of the service hold', async () => {
    expect(rows.length).toBeGreaterThan(60)
    expect(new Set(rows.map((row) => row.branchId)).size).toBe(2)
    const users = await server.db('users').where({ acceptsAppointments: true }).select('_id', 'schedule')
    expect(new Set(rows.map((row) => row.staffId))).toEqual(new Set(users.map((user: { _id: string }) => user._id)))
    const schedules = new Map(users.map((user: { _id: string; schedule: unknown }) => [user._id, (typeof user.schedule === 'string' ? JSON.parse(user.schedule) : user.schedule) as StaffSchedule]))
    const history = (await server.db('appointment_status_history').select('appointmentId', 'from', 'to', 'at')).map((entry: History & { at: string | Date }) => ({ ...entry, at: new Date(entry.at).toISOString() }))
    expect(problems(rows.filter((row) => row.date <= days.lastDay), history, schedules, SEED_TIME.getTime(), ZONE)).toEqual([])
    expect(rows.every((row) => row.date >= days.firstDay)).toBe(true)
  })

  it('has statuses that fit the time: done, today a mix, ahead booked; a few drafts and online requests', () => {
    const today = toZoned(SEED_TIME, ZONE).date
    const count = (list: Row[], status: string) => list.filter((row) => row.status === status).length
    const past = rows.filter((row) => row.date < today)
    expect(count(past, 'completed')).toBeGreaterThan(past.length * 0.7)
    expect(count(past, 'noShow') + count(past, 'cancelled')).toBeGreaterThan(0)
    const todays = rows.filter((row) => row.date === today)
    for (const status of ['completed', 'started', 'confirmed', 'planned']) expect(count(todays, status)).toBeGreaterThan(0)
    expect(count(todays, 'arrived') + count(todays, 'started')).toBeGreaterThan(1)
    const ahead = rows.filter((row) => row.date > today)
    expect(count(ahead, 'planned') + count(ahead, 'confirmed')).toBeGreaterThan(ahead.length * 0.6)
    expect(count(rows, 'draft') + count(rows, 'onlineWaiting')).toBeGreaterThanOrEqual(2)
  })

  it('books services of the catalogue, customers who may be booked, chairs of the branch', async () => {
    const catalogue = new Set((await admin.client.service('service').find({ query: { $limit: 500 } })).data.map((service) => service._id))
    expect(rows.every((row) => row.services.length > 0 && row.services.every((service) => catalogue.has(service.serviceId)))).toBe(true)
    const customers = await server.db('customers').whereIn('_id', [...new Set(rows.map((row) => row.customerId))]).select('_id', 'branchId', 'blacklisted', 'archived')
    expect(customers.length).toBe(new Set(rows.map((row) => row.customerId)).size)
    expect(customers.some((customer: { blacklisted: unknown; archived: unknown }) => Boolean(customer.blacklisted) || Boolean(customer.archived))).toBe(false)
    const places = await server.db('work_places').select('_id', 'branchId')
    const placeBranch = new Map(places.map((place: { _id: string; branchId: string }) => [place._id, place.branchId]))
    expect(rows.every((row) => row.workPlaceId === null ? row.status === 'onlineWaiting' : placeBranch.get(row.workPlaceId) === row.branchId)).toBe(true)
  })

  it('has weekly series: same weekday and time, a week apart, continuing past the demo week', async () => {
    const series = await admin.client.service('appointment').find({ query: { seriesId: { $ne: null }, $sort: { start: 1 as const }, $limit: 100 } })
    const byId = new Map<string, typeof series.data>()
    for (const item of series.data) byId.set(item.seriesId!, [...(byId.get(item.seriesId!) ?? []), item])
    expect(byId.size).toBeGreaterThanOrEqual(2)
    for (const occurrences of byId.values()) {
      expect(occurrences.length).toBeGreaterThanOrEqual(3)
      occurrences.forEach((item, at) => {
        expect(item.seriesIndex).toBe(at)
        expect(item.repeat).toMatchObject({ frequency: 'weekly', interval: 1 })
        if (at > 0) expect([daysBetween(occurrences[at - 1].date, item.date), item.time]).toEqual([7, occurrences[0].time])
      })
    }
  })

  it('has a short waiting list the front desk sees', async () => {
    const waiting = await admin.client.service('waiting-list').find({ query: { status: 'waiting', $limit: 50 } })
    expect(waiting.total).toBeGreaterThanOrEqual(3)
    expect(waiting.total).toBeLessThanOrEqual(5)
  })

  it('is what the service itself enforces: booking over a seeded visit is refused', async () => {
    const today = toZoned(SEED_TIME, ZONE).date
    const taken = rows.find((row) => row.date > today && row.status === 'planned' && row.workPlaceId)!
    const error = await failure(
      admin.client.service('appointment').create({
        branchId: taken.branchId, customerId: taken.customerId, staffId: taken.staffId, workPlaceId: taken.workPlaceId, start: taken.start, duration: 15, status: 'planned', services: []
      })
    )
    expect(error).toMatchObject({ code: 409, data: { code: 'appointment-staff-busy', path: 'staffId' } })
  })

  it('has the money of the visits done, made by billing: paid, part paid, owed, prepaid, one refund; the ledger holds', async () => {
    const done = rows.filter((row) => row.status === 'completed' && Date.parse(row.end) + 15 * 60_000 <= SEED_TIME.getTime())
    const invoices = (await server.db('invoices').select('_id', 'appointmentId', 'issuedOn', 'customerId', 'total')) as Array<{ appointmentId: string; issuedOn: string; customerId: string }>
    const byVisit = new Map(invoices.map((invoice) => [invoice.appointmentId, invoice]))
    expect(done.length).toBeGreaterThan(10)
    expect(done.map((row) => [row._id, byVisit.get(row._id)?.issuedOn])).toEqual(done.map((row) => [row._id, row.date]))
    const payments = (await server.db('transactions').select('kind', 'method', 'amount', 'date')) as Array<{ kind: string; method: string; date: string | Date }>
    const methods = new Set(payments.map((payment) => `${payment.kind}:${payment.method}`))
    for (const kind of ['payment:cash', 'payment:card', 'payment:balance']) expect([kind, methods.has(kind)]).toEqual([kind, true])
    expect(payments.filter((payment) => payment.kind === 'refund')).toHaveLength(1)
    expect(payments.every((payment) => new Date(payment.date).getTime() <= SEED_TIME.getTime())).toBe(true)
    // What the patients' records say is what the ledger says (billing's settleCustomer wrote it).
    const states = new Set<string>()
    for (const customerId of new Set(invoices.map((invoice) => invoice.customerId))) {
      const history = await admin.client.service('payment-history').find({ query: { customerId, $limit: 0 } })
      const stored = await server.db('customers').where({ _id: customerId }).first('balance', 'debt')
      expect([customerId, Number(stored.balance), Number(stored.debt)]).toEqual([customerId, history.balance, history.debt])
    }
    for (const invoice of (await admin.client.service('invoices').find({ query: { $limit: 200, $select: ['total'] } })).data) states.add(invoice.state)
    for (const state of ['paid', 'paid-partially', 'not-paid']) expect([state, states.has(state)]).toEqual([state, true])
    // The demo's reports show money: the summary of the week.
    const summary = (await admin.client.service('reports-summary').find({ query: { from: days.firstDay, to: addLocalDays(days.lastDay, 1) } })) as ReportsSummary
    expect(summary.totals.collected).toBeGreaterThan(0)
    expect(summary.totals.debtCreated).toBeGreaterThan(0)
    expect(summary.totals.prepayments).toBeGreaterThan(0)
    expect(summary.totals.refunds).toBeGreaterThan(0)
  })

  it('has treatment plans from visits done: presented, accepted (booked on the next visit or waiting), refused; the reports count them', async () => {
    // Through the service (a plan is read per patient), as the patient's card shows them.
    const plans = []
    for (const customerId of new Set((await server.db('treatment_plans').pluck('customerId')) as string[])) plans.push(...(await admin.client.service('treatment-plan').find({ query: { customerId } })).data)
    expect(plans.length).toBeGreaterThanOrEqual(4)
    const done = rows.filter((row) => row.status === 'completed' && Date.parse(row.end) + 15 * 60_000 <= SEED_TIME.getTime())
    for (const plan of plans) {
      // Made at a visit of the patient done that day, by its doctor.
      expect([plan._id, done.some((row) => row.customerId === plan.customerId && row.staffId === plan.doctorId && row.date === plan.consultationDate)]).toEqual([plan._id, true])
      expect(plan.phases.every((phase) => phase.items.length > 0 && phase.items.every((item) => item.price > 0 && item.teeth.length === 1))).toBe(true)
      // A phase booked is on the patient's own visit ahead.
      for (const phase of plan.phases.filter((entry) => entry.appointmentId)) {
        const visit = rows.find((row) => row._id === phase.appointmentId)!
        expect([plan.status, visit.customerId, Date.parse(visit.start) > SEED_TIME.getTime()]).toEqual(['accepted', plan.customerId, true])
      }
    }
    expect(new Set(plans.map((plan) => plan.status))).toEqual(new Set(['presented', 'accepted', 'rejected']))
    expect(plans.some((plan) => plan.phases.some((phase) => phase.appointmentId))).toBe(true)
    const week = { from: days.firstDay, to: addLocalDays(days.lastDay, 1) }
    const report = (await admin.client.service('treatment-plan-reports').find({ query: week })) as unknown as TreatmentPlanReport
    expect(report.totals.presented.count).toBe(plans.length)
    for (const figure of ['waiting', 'accepted', 'rejected', 'itemsUnscheduled'] as const) expect([figure, report.totals[figure].count > 0]).toEqual([figure, true])
    expect(report.totals.accepted.value).toBe(report.totals.itemsDone.value + report.totals.itemsScheduled.value + report.totals.itemsUnscheduled.value)
    // The funnel of the patients registered in the last year (the demo's span two) gets past the plans: as many as their plans.
    const today = toZoned(Date.now(), ZONE).date
    const year = { from: addLocalDays(today, -364), to: addLocalDays(today, 1) }
    const registered = new Map(((await server.db('customers').select('_id', 'createdAt')) as Array<{ _id: string; createdAt: string | Date }>).map((row) => [row._id, new Date(row.createdAt).toISOString()]))
    const inYear = plans.filter((plan) => registered.get(plan.customerId)! >= zonedToUtc(year.from, '00:00', ZONE))
    expect(inYear.length).toBeGreaterThan(0)
    const funnel = (await admin.client.service('customer-conversion-funnel-reports').find({ query: year })) as unknown as FunnelReport
    expect([funnel.totals.presented, funnel.totals.accepted]).toEqual([inYear.length, inYear.filter((plan) => plan.status === 'accepted').length])
    expect(funnel.totals.paid).toBeGreaterThan(0)
  })
})
