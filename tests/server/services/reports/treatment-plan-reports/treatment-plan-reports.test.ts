import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { FULL_WEEK, ZONE, booking, openTwoBranchClinic, setSchedule, type Clinic } from '../../../support/appointment-fixtures'
import { addLocalDays } from '../../../../../domain/appointments/zoned-time'
import { todayIn } from '../../../../../server/src/services/customers/customers/customer-rules'
import { exportRound } from '../../../../../server/src/services/reports/report-exports/export-run'
import type { ReportExport } from '../../../../../server/src/services/reports/report-exports/report-exports.shared'
import type { TreatmentPlan } from '../../../../../server/src/services/clinical/treatment-plan/treatment-plan.shared'
import { planFigureGroups } from '../../../../../server/src/services/clinical/treatment-plan/plan-stats'
import {
  treatmentPlanFigures,
  type PlanFigureValues,
  type TreatmentPlanFigure,
  type TreatmentPlanReport,
  type TreatmentPlanReportRows
} from '../../../../../server/src/services/reports/treatment-plan-reports/treatment-plan-reports.shared'

const TODAY = todayIn(ZONE)
const PERIOD = { from: addLocalDays(TODAY, -3), to: addLocalDays(TODAY, 1) }
const AHEAD = addLocalDays(TODAY, 3)

/** The figures all zero but those given. */
const figures = (given: Partial<Record<TreatmentPlanFigure, [number, number]>>): PlanFigureValues =>
  Object.fromEntries(treatmentPlanFigures.map((figure) => [figure, { count: given[figure]?.[0] ?? 0, value: given[figure]?.[1] ?? 0 }])) as PlanFigureValues

/**
 * The treatment plans report (issue 19) over one small clinic, both engines. Plans made today
 * (the consultation day) unless said:
 *
 * | plan | patient | doctor | branch | contents | state |
 * | P1 | Aino | A | main | phase 1: filling 36 (1 500.00), crown 26 −10 % (8 100.00); phase 2: filling 46 (1 500.00) | accepted, phase 1 booked ahead |
 * | P2 | Ольга | B | main | filling (1 500.00) | presented |
 * | P3 | Мария | A | North | crown (9 000.00) | rejected |
 * | P4 | Aino | A | main | filling | draft (never counted) |
 * | P5 | Ольга | B | main | crown | accepted, consultation 10 days ago (outside the period) |
 */
describe.each(engines)('treatment plans report on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let finance: SignedIn
  let doctorB: SignedIn & { user: { _id: string } }
  let northId: string
  let filling: string
  let crown: string
  const ids: Record<string, string> = {}
  let p1: TreatmentPlan

  const report = (who: SignedIn, query: Record<string, unknown> = {}) => who.client.service('treatment-plan-reports').find({ query: { ...PERIOD, ...query } }) as Promise<TreatmentPlanReport>
  const rows = (who: SignedIn, figure: TreatmentPlanFigure, query: Record<string, unknown> = {}) =>
    who.client.service('treatment-plan-reports').find({ query: { ...PERIOD, $rows: figure, ...query } }) as Promise<TreatmentPlanReportRows>
  const plans = () => clinic.admin.client.service('treatment-plan')

  async function plan(customerId: string, doctorId: string, phases: Array<Array<{ serviceId: string; tooth: number; discount?: number }>>, extra: Record<string, unknown> = {}): Promise<TreatmentPlan> {
    return plans().create({
      customerId, doctorId, ...extra,
      phases: phases.map((items, index) => ({ title: `Phase ${index + 1}`, items: items.map((item) => ({ serviceId: item.serviceId, teeth: [{ tooth: item.tooth }], discount: item.discount ?? 0 })) }))
    })
  }
  async function patient(name: string, extra: Record<string, unknown> = {}) {
    return (await clinic.admin.client.service('customers').create({ first_name: name, last_name: 'Тестова', phone: '+998901234567', ...extra }))._id as string
  }

  /** Every total and every line of `found` equals the count and the value of its rows. */
  async function expectRowsMatch(who: SignedIn, found: TreatmentPlanReport) {
    const check = async (label: string, figure: TreatmentPlanFigure, expected: { count: number; value: number }, query: Record<string, unknown> = {}) => {
      const some = await rows(who, figure, query)
      expect([label, figure, some.total, some.sum, some.data.length, some.data.reduce((sum, row) => sum + row.value, 0)]).toEqual([label, figure, expected.count, expected.value, expected.count, expected.value])
    }
    for (const figure of treatmentPlanFigures) {
      await check('total', figure, found.totals[figure])
      for (const line of found.byDoctor) await check(`doctor ${line.name}`, figure, line[figure], { doctorId: line.key })
      for (const line of found.byBranch) await check(`branch ${line.key}`, figure, line[figure], { branchId: line.key })
    }
  }

  beforeAll(async () => {
    server = await startServer(engine)
    ;({ clinic, northId, finance, doctorB } = await openTwoBranchClinic(server))
    const services = clinic.admin.client.service('service')
    filling = (await services.create({ name: 'Пломба', duration: 30, price: 150_000 }))._id
    crown = (await services.create({ name: 'Коронка', duration: 30, price: 900_000 }))._id
    ids.aino = clinic.customerId
    ids.olga = await patient('Ольга')
    ids.maria = await patient('Мария', { branchId: northId })
    const A = clinic.doctor.user._id
    const B = doctorB.user._id

    p1 = await plan(ids.aino, A, [[{ serviceId: filling, tooth: 36 }, { serviceId: crown, tooth: 26, discount: 10 }], [{ serviceId: filling, tooth: 46 }]])
    await plans().patch(p1._id, { action: 'present' })
    await plans().patch(p1._id, { action: 'accept' })
    p1 = await plans().patch(p1._id, { book: { phase: p1.phases[0]._id, appointment: booking(clinic, AHEAD, '10:00') } })
    const p2 = await plan(ids.olga, B, [[{ serviceId: filling, tooth: 11 }]])
    await plans().patch(p2._id, { action: 'present' })
    const p3 = await plan(ids.maria, A, [[{ serviceId: crown, tooth: 21 }]])
    await plans().patch(p3._id, { action: 'present' })
    await plans().patch(p3._id, { action: 'reject' })
    await plan(ids.aino, A, [[{ serviceId: filling, tooth: 17 }]])
    const p5 = await plan(ids.olga, B, [[{ serviceId: crown, tooth: 22 }]], { consultationDate: addLocalDays(TODAY, -10) })
    await plans().patch(p5._id, { action: 'present' })
    await plans().patch(p5._id, { action: 'accept' })
    ids.p2 = p2._id
    ids.p3 = p3._id
  })
  afterAll(() => server.stop())

  it('counts plans presented, waiting, accepted and rejected and the accepted items by where they stand, per doctor and branch', async () => {
    const found = await report(finance)
    expect(found.totals).toEqual(figures({
      presented: [3, 2_160_000], waiting: [1, 150_000], accepted: [1, 1_110_000], rejected: [1, 900_000],
      itemsScheduled: [2, 960_000], itemsUnscheduled: [1, 150_000]
    }))
    const doctorA = found.byDoctor.find((line) => line.key === clinic.doctor.user._id)!
    expect([doctorA.presented, doctorA.accepted, doctorA.rejected]).toEqual([{ count: 2, value: 2_010_000 }, { count: 1, value: 1_110_000 }, { count: 1, value: 900_000 }])
    expect(found.byDoctor.find((line) => line.key === doctorB.user._id)!.waiting).toEqual({ count: 1, value: 150_000 })
    expect(found.byBranch.find((line) => line.key === northId)!.presented).toEqual({ count: 1, value: 900_000 })
    expect(found.formulas.itemsUnscheduled).toBe('reports.plans.formulas.itemsUnscheduled')
    // Filters: a branch, a doctor; the plan of 10 days ago in a longer period.
    expect((await report(finance, { branchId: northId })).totals.presented).toEqual({ count: 1, value: 900_000 })
    expect((await report(finance, { doctorId: doctorB.user._id })).totals.presented).toEqual({ count: 1, value: 150_000 })
    const longer = await report(finance, { from: addLocalDays(TODAY, -12) })
    expect([longer.totals.presented.count, longer.totals.accepted, longer.totals.itemsUnscheduled]).toEqual([4, { count: 2, value: 2_010_000 }, { count: 2, value: 1_050_000 }])
  })

  it('each total and each line equals the count and the sum of its drill-down rows', async () => {
    await expectRowsMatch(finance, await report(finance))
    const unscheduled = await rows(finance, 'itemsUnscheduled')
    expect(unscheduled.data.map((row) => [row.customerName, row.phone, row.serviceName, row.teeth, row.value, row.day, row.daysSince, row.planId, row.visitStart])).toEqual([
      ['Virtanen Aino', '', 'Пломба', '46', 150_000, TODAY, 0, p1._id, null]
    ])
    const scheduled = await rows(finance, 'itemsScheduled')
    expect(scheduled.data.map((row) => [row.serviceName, row.teeth, row.value, row.visitStart !== null])).toEqual([['Пломба', '36', 150_000, true], ['Коронка', '26', 810_000, true]])
    // A page of items: the second alone, the figure's count and value whole.
    const second = await rows(finance, 'itemsScheduled', { $limit: 1, $skip: 1 })
    expect([second.data.map((row) => row.teeth), second.total, second.sum]).toEqual([['26'], 2, 960_000])
    expect((await rows(finance, 'itemsScheduled', { $limit: 5, $skip: 2 })).data).toEqual([])
    const presented = await rows(finance, 'presented', { $limit: 2 })
    expect([presented.total, presented.sum, presented.data.length, presented.limit]).toEqual([3, 2_160_000, 2, 2])
    const rest = await rows(finance, 'presented', { $limit: 2, $skip: 2 })
    expect(rest.data.length).toBe(1)
  })

  it('follows booking, completing and cancelling: the unscheduled list stays right', async () => {
    // Booking phase 2 ahead: nothing left unscheduled.
    const booked: TreatmentPlan = await plans().patch(p1._id, { book: { phase: p1.phases[1]._id, appointment: booking(clinic, AHEAD, '12:00') } })
    let found = await report(finance)
    expect([found.totals.itemsScheduled, found.totals.itemsUnscheduled]).toEqual([{ count: 3, value: 1_110_000 }, { count: 0, value: 0 }])
    // The rollup keeps each booked visit's end, not whether it is ahead: read a week later, with no write, both visits are over.
    const weekLater = await planFigureGroups(server.db, { companyId: clinic.admin.auth.company._id, ...PERIOD, branchIds: null, doctorId: null }, new Date(Date.now() + 7 * 86_400_000).toISOString())
    const items = (figure: string) => weekLater.filter((group) => group.figure === figure).reduce((sum, group) => sum + group.count, 0)
    expect([items('itemsScheduled'), items('itemsUnscheduled')]).toEqual([0, 3])
    // A treatment done completes filling 36: done, and the plan partially done.
    const visitId = booked.phases[0].appointmentId!
    await clinic.doctor.client.service('treatment').create({ customerId: ids.aino, appointmentId: visitId, serviceId: filling, teeth: [{ tooth: 36, surfaces: ['O'] }], planItemId: booked.phases[0].items[0]._id })
    found = await report(finance)
    expect([found.totals.itemsDone, found.totals.itemsScheduled, found.totals.partiallyDone, found.totals.accepted.count]).toEqual([{ count: 1, value: 150_000 }, { count: 2, value: 960_000 }, { count: 1, value: 1_110_000 }, 1])
    // Phase 1's visit is over (completed) with the crown not done: the crown needs a visit again.
    await server.db('appointment').where({ _id: visitId }).update({ status: 'completed' })
    found = await report(finance)
    expect([found.totals.itemsScheduled, found.totals.itemsUnscheduled]).toEqual([{ count: 1, value: 150_000 }, { count: 1, value: 810_000 }])
    // Phase 2's visit cancelled: the phase is free again, its filling unscheduled.
    await clinic.admin.client.service('appointment').patch(booked.phases[1].appointmentId!, { status: 'cancelled' })
    found = await report(finance)
    expect([found.totals.itemsScheduled, found.totals.itemsUnscheduled]).toEqual([{ count: 0, value: 0 }, { count: 2, value: 960_000 }])
    expect((await rows(finance, 'itemsUnscheduled')).data.map((row) => row.teeth)).toEqual(['26', '46'])
    await expectRowsMatch(finance, found)
    // The plan done: every item done by a treatment.
    const latest: TreatmentPlan = await plans().get(p1._id)
    for (const item of latest.phases.flatMap((phase) => phase.items).filter((entry) => entry.status === 'planned')) {
      await clinic.doctor.client.service('treatment').create({ customerId: ids.aino, appointmentId: visitId, serviceId: item.serviceId, teeth: [{ tooth: item.teeth[0].tooth }], planItemId: item._id })
    }
    found = await report(finance)
    expect([found.totals.done, found.totals.partiallyDone, found.totals.itemsDone, found.totals.itemsUnscheduled.count]).toEqual([{ count: 1, value: 1_110_000 }, { count: 0, value: 0 }, { count: 3, value: 1_110_000 }, 0])
    await expectRowsMatch(finance, found)
  })

  it('follows writes made straight to the plans table: the trigger marks the day and the report recomputes it', async () => {
    const before = await report(finance)
    const stale = () => server.db('plan_stats_dirty').where({ day: TODAY }).count({ marks: '*' }).first().then((row) => Number(row?.marks))
    // A repair accepts P2 (presented, filling 1 500.00): it leaves waiting, and its filling has no visit.
    await server.db('treatment_plans').where({ _id: ids.p2 }).update({ status: 'accepted' })
    expect(await stale()).toBe(1)
    let found = await report(finance)
    expect(await stale()).toBe(0)
    expect([found.totals.waiting, found.totals.accepted.count, found.totals.itemsUnscheduled]).toEqual([
      { count: 0, value: 0 }, before.totals.accepted.count + 1, { count: before.totals.itemsUnscheduled.count + 1, value: before.totals.itemsUnscheduled.value + 150_000 }
    ])
    await expectRowsMatch(finance, found)
    // Moved out of the period, then back and presented again: the report as it was.
    await server.db('treatment_plans').where({ _id: ids.p2 }).update({ consultationDate: addLocalDays(TODAY, -20) })
    found = await report(finance)
    expect([found.totals.presented.count, found.totals.accepted.count]).toEqual([before.totals.presented.count - 1, before.totals.accepted.count])
    await server.db('treatment_plans').where({ _id: ids.p2 }).update({ consultationDate: TODAY, status: 'presented' })
    expect((await report(finance)).totals).toEqual(before.totals)
  })

  it('exports every row of a figure in the background, the file as the drawer', async () => {
    const made = (await finance.client.service('report-exports').create({
      report: 'treatment-plan-reports', query: { ...PERIOD, $rows: 'presented' }, format: 'csv', title: 'Планы',
      columns: [{ key: 'customerName', title: 'Пациент', kind: 'text' }, { key: 'day', title: 'День', kind: 'date' }, { key: 'value', title: 'Сумма', kind: 'money' }], labels: {}
    })) as ReportExport
    while ((await exportRound(server.app)) > 0);
    const ready = (await finance.client.service('report-exports').get(made._id)) as ReportExport
    expect(ready.status).toBe('ready')
    const text = Buffer.from(await (await fetch(`${server.url}${ready.link!.file}`)).arrayBuffer()).toString('utf8').slice(1)
    const lines = text.slice(0, -2).split('\r\n').map((line) => line.split(';'))
    const shown = await rows(finance, 'presented')
    expect(lines.slice(1).map((line) => line[0])).toEqual(shown.data.map((row) => row.customerName))
    expect(lines.slice(1).reduce((sum, line) => sum + Math.round(Number(line[2]) * 100), 0)).toBe(shown.sum)
    expect(shown.sum).toBe(2_160_000)
  })

  it('refuses a missing or bad period and unknown fields', async () => {
    const none = await failure(finance.client.service('treatment-plan-reports').find({ query: {} }))
    expect([none.name, none.data?.code, none.data?.path]).toEqual(['BadRequest', 'date-constraint-required', 'from'])
    for (const query of [{ from: PERIOD.to, to: PERIOD.from }, { ...PERIOD, $rows: 'visits' }, { ...PERIOD, extra: 1 }, { ...PERIOD, day: TODAY }, { ...PERIOD, $limit: 5000 }, { ...PERIOD, branchId: 'north' }]) {
      expect([JSON.stringify(query), (await failure(finance.client.service('treatment-plan-reports').find({ query: malformed(query) }))).name]).toEqual([JSON.stringify(query), 'BadRequest'])
    }
  })

  it('hides phones from those phone protection hides them from', async () => {
    await clinic.admin.client.service('company').patch('mine', { settings: { phoneProtection: true } })
    try {
      const hidden = await rows(finance, 'presented')
      expect(hidden.data.every((row) => row.phone === null && row.phoneHidden)).toBe(true)
      expect((await rows(clinic.admin, 'waiting')).data.map((row) => [row.phone, row.phoneHidden])).toEqual([['998901234567', false]])
    } finally {
      await clinic.admin.client.service('company').patch('mine', { settings: { phoneProtection: false } })
    }
  })

  it('shows a caller without seeAll only their own plans, limits branches, and keeps companies apart', async () => {
    // The doctor role has no reports at all.
    expect((await failure(report(clinic.doctor))).name).toBe('Forbidden')
    const ownOnly = await clinic.admin.client.service('roles').create({ name: 'Doctor with reports', permissions: [{ resource: 'reports', view: true }] })
    const own = await signedInMember(server, clinic.admin, { roleId: ownOnly._id, branchIds: [clinic.branchId, northId] })
    await setSchedule(server, own.user._id, FULL_WEEK)
    const mine = await plan(ids.olga, own.user._id, [[{ serviceId: crown, tooth: 31 }]])
    await plans().patch(mine._id, { action: 'present' })
    try {
      const found = await report(own)
      expect([found.doctorId, found.totals.presented, found.byDoctor.map((line) => line.key)]).toEqual([own.user._id, { count: 1, value: 900_000 }, [own.user._id]])
      expect((await rows(own, 'presented')).data.map((row) => row.planId)).toEqual([mine._id])
      const refused = await failure(report(own, { doctorId: clinic.doctor.user._id }))
      expect([refused.name, refused.data?.code]).toEqual(['Forbidden', 'access-restricted'])
      expect((await failure(rows(own, 'waiting', { doctorId: doctorB.user._id }))).name).toBe('Forbidden')
      // Everyone's report has the plan too.
      expect((await report(finance)).totals.waiting.count).toBe(2)
    } finally {
      await server.db('treatment_plans').where({ _id: mine._id }).del()
    }

    const limited = await signedInMember(server, clinic.admin, { role: 'finance', branchIds: [clinic.branchId] })
    const outside = await failure(report(limited, { branchId: northId }))
    expect([outside.name, outside.data?.code]).toEqual(['BadRequest', 'branch-not-allowed'])
    expect((await failure(rows(limited, 'rejected', { branchId: northId }))).data?.code).toBe('branch-not-allowed')
    const main = await report(limited)
    expect([main.totals.rejected.count, main.byBranch.map((line) => line.key)]).toEqual([0, [clinic.branchId]])

    const stranger = await server.registerClinic('Elsewhere')
    const foreign = await report(stranger, { branchId: clinic.branchId })
    expect(foreign.totals).toEqual(figures({}))
    expect((await rows(stranger, 'presented')).data).toEqual([])
  })
})
