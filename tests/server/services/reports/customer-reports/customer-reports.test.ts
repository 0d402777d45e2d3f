import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { FULL_WEEK, addDoctor, at, booking, openClinic, setSchedule, type Clinic } from '../../../support/appointment-fixtures'
import { newId } from '../../../../../server/src/hooks/ids'
import { shiftMonths } from '../../../../../domain/reports/customer-reports'
import { customerFigures, type CustomerFigure, type CustomerReport, type CustomerReportLine, type CustomerReportRows } from '../../../../../server/src/services/reports/customer-reports/customer-reports.shared'
import { funnelSteps, type FunnelReport, type FunnelRows, type FunnelStep } from '../../../../../server/src/services/reports/customer-conversion-funnel-reports/customer-conversion-funnel-reports.shared'

const D1 = '2026-11-10'
const D2 = '2026-11-11'
const PERIOD = { from: D1, to: '2026-11-12' }

/**
 * The customers report and the conversion funnel (issue 19) over one small clinic, both engines:
 *
 * | patient | source | registered | visits (status) | plan | paid |
 * | Aino | Instagram | before | 2026-05-11 A, 2026-10-01 A, D1 A (completed), D2 B (arrived) | - | - |
 * | Ольга | none | D1 | D1 A completed (first ever) | accepted | yes |
 * | Павел | Instagram | D2 | booked 2026-11-20 (planned) | - | - |
 * | Мария | none | D2, North | D2 B North completed (first ever) | presented | - |
 * | Лев | none | before | 2026-05-10 A completed (last): lapsed at 6 months on D1 | - | - |
 * | merged copy | none | D1 | - (merged into Ольга: not counted) | - | - |
 *
 * So: new 2 (Ольга, Мария), returning 2 (Aino's D1 and D2), registered 3, lapsed (6 months) 1
 * (Лев); the funnel: entered 3, booked 3, arrived 2, presented 2, accepted 1, paid 1.
 */
describe.each(engines)('customers report and conversion funnel on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let finance: SignedIn
  let doctorB: Awaited<ReturnType<typeof addDoctor>>
  let northId: string
  let instagram: string
  const ids: Record<string, string> = {}

  const report = (who: SignedIn, query: Record<string, unknown> = {}) => who.client.service('customer-reports').find({ query: { ...PERIOD, ...query } }) as Promise<CustomerReport>
  const rows = (who: SignedIn, figure: CustomerFigure, query: Record<string, unknown> = {}) =>
    who.client.service('customer-reports').find({ query: { ...PERIOD, $rows: figure, ...query } }) as Promise<CustomerReportRows>
  const funnel = (who: SignedIn, query: Record<string, unknown> = {}) => who.client.service('customer-conversion-funnel-reports').find({ query: { ...PERIOD, ...query } }) as Promise<FunnelReport>
  const funnelRows = (who: SignedIn, step: FunnelStep, query: Record<string, unknown> = {}) =>
    who.client.service('customer-conversion-funnel-reports').find({ query: { ...PERIOD, $rows: step, ...query } }) as Promise<FunnelRows>

  async function visit(customerId: string, date: string, time: string, extra: Record<string, unknown> = {}, status = 'completed') {
    const created = await clinic.admin.client.service('appointment').create(booking(clinic, date, time, { customerId, ...extra }))
    if (status !== 'planned') await server.db('appointment').where({ _id: created._id }).update({ status })
    return created._id as string
  }
  async function patient(name: string, registeredAt: string | null, extra: Record<string, unknown> = {}) {
    const created = await clinic.admin.client.service('customers').create({ first_name: name, last_name: 'Тестов', phone: '+998901234567', ...extra })
    if (registeredAt) await server.db('customers').where({ _id: created._id }).update({ createdAt: new Date(registeredAt).toISOString() })
    return created._id as string
  }
  async function plan(customerId: string, status: string) {
    await server.db('treatment_plans').insert({
      _id: newId(), companyId: clinic.admin.auth.company._id, branchId: clinic.branchId, customerId, title: 'Plan', doctorId: clinic.doctor.user._id,
      status, consultationDate: D1, phases: '[]', needsBooking: false
    })
  }

  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
    northId = (await clinic.admin.client.service('branches').create({ name: 'North' }))._id
    finance = await signedInMember(server, clinic.admin, { role: 'finance', branchIds: [clinic.branchId, northId] })
    doctorB = await addDoctor(server, clinic, { branchIds: [clinic.branchId, northId] })
    instagram = (await clinic.admin.client.service('sources').create({ name: 'Instagram' }))._id
    const B = { staffId: doctorB.user._id }
    ids.aino = clinic.customerId
    await clinic.admin.client.service('customers').patch(ids.aino, { sourceId: instagram })
    await server.db('customers').where({ _id: ids.aino }).update({ createdAt: new Date('2026-01-05T10:00:00Z').toISOString() })
    await visit(ids.aino, '2026-05-11', '09:00')
    await visit(ids.aino, '2026-10-01', '09:00')
    await visit(ids.aino, D1, '09:00')
    await visit(ids.aino, D2, '10:00', B, 'arrived')

    ids.olga = await patient('Ольга', at(D1, '08:00'))
    await visit(ids.olga, D1, '11:00')
    await plan(ids.olga, 'accepted')
    await clinic.admin.client.service('transactions').create({ clientKey: `funnel-${engine}`, customerId: ids.olga, method: 'cash', amount: 10_000 })
    ids.pavel = await patient('Павел', at(D2, '09:00'), { sourceId: instagram })
    await visit(ids.pavel, '2026-11-20', '12:00', {}, 'planned')
    ids.maria = await patient('Мария', at(D2, '12:00'), { branchId: northId })
    await visit(ids.maria, D2, '13:00', { ...B, branchId: northId })
    await plan(ids.maria, 'presented')
    ids.lev = await patient('Лев', '2026-01-01T10:00:00Z')
    await visit(ids.lev, '2026-05-10', '15:00')
    ids.copy = await patient('Копия', at(D1, '12:00'))
    await server.db('customers').where({ _id: ids.copy }).update({ mergedInto: ids.olga })
  })
  afterAll(() => server.stop())

  const line = (lines: CustomerReportLine[], key: string | null) => lines.find((entry) => entry.key === key)!

  it('counts new, returning, registered and lapsed patients by their definitions, per day, doctor, source and branch', async () => {
    const found = await report(finance)
    expect(found.totals).toEqual({ newPatients: 2, returning: 2, registered: 3, lapsed: 1 })
    expect([found.registeredShown, found.lapsedMonths]).toEqual([true, 6])
    expect(found.byDay).toEqual([
      { key: D1, name: '', newPatients: 1, returning: 1, registered: 1, lapsed: 0 },
      { key: D2, name: '', newPatients: 1, returning: 1, registered: 2, lapsed: 0 }
    ])
    expect(line(found.byDoctor, clinic.doctor.user._id)).toMatchObject({ newPatients: 1, returning: 1, registered: 0, lapsed: 1 })
    expect(line(found.byDoctor, doctorB.user._id)).toMatchObject({ newPatients: 1, returning: 1, lapsed: 0 })
    expect(line(found.bySource, instagram)).toMatchObject({ name: 'Instagram', newPatients: 0, returning: 2, registered: 1, lapsed: 0 })
    expect(line(found.bySource, null)).toMatchObject({ newPatients: 2, returning: 0, registered: 2, lapsed: 1 })
    expect(line(found.byBranch, northId)).toMatchObject({ newPatients: 1, returning: 0, registered: 1, lapsed: 0 })
    expect(found.formulas.returning).toBe('reports.customers.formulas.returning')
    // New + returning are the summary's visits, with the same definition of a first visit.
    const summary = (await finance.client.service('reports-summary').find({ query: PERIOD })) as { totals: { visits: number; newPatients: number } }
    expect([summary.totals.visits, summary.totals.newPatients]).toEqual([found.totals.newPatients + found.totals.returning, found.totals.newPatients])
    // At 3 or 12 months nobody's last visit falls on the days 3 or 12 months before the period.
    expect((await report(finance, { lapsedMonths: 3 })).totals.lapsed).toBe(0)
    expect((await report(finance, { lapsedMonths: 12 })).totals.lapsed).toBe(0)
    // Filters: a source, no source, a branch, one day.
    expect((await report(finance, { sourceId: instagram })).totals).toEqual({ newPatients: 0, returning: 2, registered: 1, lapsed: 0 })
    expect((await report(finance, { sourceId: 'none' })).totals).toEqual({ newPatients: 2, returning: 0, registered: 2, lapsed: 1 })
    expect((await report(finance, { branchId: northId })).totals).toEqual({ newPatients: 1, returning: 0, registered: 1, lapsed: 0 })
    expect((await report(finance, { from: D2 })).totals).toMatchObject({ newPatients: 1, returning: 1, registered: 2 })
  })

  it('each total and each line equals the sum of its drill-down rows, which name the patient', async () => {
    const found = await report(finance)
    const check = async (label: string, figure: CustomerFigure, expected: number, query: Record<string, unknown> = {}) => {
      const some = await rows(finance, figure, query)
      expect([label, figure, some.data.reduce((sum, row) => sum + row.value, 0), some.sum, some.total]).toEqual([label, figure, expected, expected, some.data.length])
    }
    for (const figure of customerFigures) {
      await check('total', figure, found.totals[figure])
      if (figure !== 'lapsed') for (const entry of found.byDay) await check(`day ${entry.key}`, figure, entry[figure], { day: entry.key })
      if (figure !== 'registered') for (const entry of found.byDoctor) await check(`doctor ${entry.name}`, figure, entry[figure], { doctorId: entry.key })
      for (const entry of found.bySource) await check(`source ${entry.name}`, figure, entry[figure], { sourceId: entry.key ?? 'none' })
      for (const entry of found.byBranch) await check(`branch ${entry.key}`, figure, entry[figure], { branchId: entry.key })
    }
    const fresh = await rows(finance, 'newPatients')
    expect(fresh.data.map((row) => [row.customerName, row.phone, row.day, row.firstVisit, row.doctorId])).toEqual([
      ['Тестов Ольга', '998901234567', D1, D1, clinic.doctor.user._id],
      ['Тестов Мария', '998901234567', D2, D2, doctorB.user._id]
    ])
    const back = await rows(finance, 'returning')
    expect(back.data.map((row) => [row.customerName, row.day, row.firstVisit, row.sourceName])).toEqual([
      ['Virtanen Aino', D1, '2026-05-11', 'Instagram'],
      ['Virtanen Aino', D2, '2026-05-11', 'Instagram']
    ])
    const lapsed = await rows(finance, 'lapsed')
    expect(lapsed.data.map((row) => [row.customerName, row.day, row.doctorName !== ''])).toEqual([['Тестов Лев', '2026-05-10', true]])
    const registered = await rows(finance, 'registered')
    expect(registered.data.map((row) => [row.customerName, row.day, row.firstVisit])).toEqual([['Тестов Ольга', D1, D1], ['Тестов Павел', D2, null], ['Тестов Мария', D2, D2]])
    const limited = await rows(finance, 'registered', { $limit: 1 })
    expect([limited.data.length, limited.total, limited.sum]).toEqual([1, 3, 3])
  })

  it('follows the patients who entered through the funnel, each step within the one before, every step drillable', async () => {
    const found = await funnel(finance)
    expect(found.totals).toEqual({ entered: 3, booked: 3, arrived: 2, presented: 2, accepted: 1, paid: 1 })
    expect(found.bySource.find((entry) => entry.key === instagram)).toMatchObject({ name: 'Instagram', entered: 1, booked: 1, arrived: 0, paid: 0 })
    expect(found.bySource.find((entry) => entry.key === null)).toMatchObject({ entered: 2, booked: 2, arrived: 2, presented: 2, accepted: 1, paid: 1 })
    expect(found.byBranch.find((entry) => entry.key === northId)).toMatchObject({ entered: 1, arrived: 1, presented: 1, accepted: 0 })
    // The funnel's "entered" is the customers report's "registered".
    expect(found.totals.entered).toBe((await report(finance)).totals.registered)
    for (const step of funnelSteps) {
      const all = await funnelRows(finance, step)
      expect([step, all.data.length, all.sum, all.total]).toEqual([step, found.totals[step], found.totals[step], found.totals[step]])
      for (const entry of [...found.bySource, ...found.byBranch.map((branch) => ({ ...branch, branch: true }))]) {
        const narrowed = 'branch' in entry ? { branchId: entry.key } : { sourceId: entry.key ?? 'none' }
        expect([step, narrowed, (await funnelRows(finance, step, narrowed)).total]).toEqual([step, narrowed, entry[step]])
      }
    }
    expect((await funnelRows(finance, 'paid')).data.map((row) => [row.customerName, row.day, row.firstVisit])).toEqual([['Тестов Ольга', D1, D1]])
    expect((await funnel(finance, { from: D2 })).totals).toEqual({ entered: 2, booked: 2, arrived: 1, presented: 1, accepted: 0, paid: 0 })
  })

  it('hides phones from those phone protection hides them from', async () => {
    const reader = await clinic.admin.client.service('roles').create({ name: 'Customers reader', permissions: [{ resource: 'customer-reports', view: true, seeAll: true }] })
    const member = await signedInMember(server, clinic.admin, { roleId: reader._id, branchIds: [clinic.branchId, northId] })
    await clinic.admin.client.service('company').patch('mine', { settings: { phoneProtection: true } })
    try {
      const hidden = await rows(member, 'newPatients')
      expect(hidden.data.map((row) => [row.phone, row.phoneHidden])).toEqual([[null, true], [null, true]])
      expect((await funnelRows(member, 'entered')).data.every((row) => row.phone === null && row.phoneHidden)).toBe(true)
      expect((await rows(clinic.admin, 'newPatients')).data[0].phone).toBe('998901234567')
    } finally {
      await clinic.admin.client.service('company').patch('mine', { settings: { phoneProtection: false } })
    }
  })

  it('refuses a missing or bad period and unknown fields', async () => {
    for (const service of ['customer-reports', 'customer-conversion-funnel-reports']) {
      const none = await failure(finance.client.service(service as 'customer-reports').find({ query: {} }))
      expect([service, none.name, none.data?.code, none.data?.path, none.message]).toEqual([service, 'BadRequest', 'date-constraint-required', 'from', 'Date constraint is required'])
      const half = await failure(finance.client.service(service as 'customer-reports').find({ query: { to: D2 } }))
      expect([half.data?.code, half.data?.path]).toEqual(['date-constraint-required', 'from'])
    }
    for (const query of [{ from: D2, to: D1 }, { ...PERIOD, $rows: 'visits' }, { ...PERIOD, extra: 1 }, { ...PERIOD, sourceId: 'web' }, { ...PERIOD, day: D1 }, { ...PERIOD, $rows: 'lapsed', day: D1 }, { ...PERIOD, $rows: 'newPatients', day: '2026-11-12' }, { ...PERIOD, lapsedMonths: 5 }]) {
      expect([JSON.stringify(query), (await failure(finance.client.service('customer-reports').find({ query: malformed(query) }))).name]).toEqual([JSON.stringify(query), 'BadRequest'])
    }
    for (const query of [{ ...PERIOD, $rows: 'newPatients' }, { ...PERIOD, day: D1 }, { ...PERIOD, extra: 1 }]) {
      expect([JSON.stringify(query), (await failure(finance.client.service('customer-conversion-funnel-reports').find({ query: malformed(query) }))).name]).toEqual([JSON.stringify(query), 'BadRequest'])
    }
  })

  it('shows a caller without seeAll only their own patients, limits branches, and keeps companies apart', async () => {
    // The doctor role has no customer-reports at all, for either report.
    expect((await failure(report(clinic.doctor))).name).toBe('Forbidden')
    expect((await failure(funnel(clinic.doctor))).name).toBe('Forbidden')
    const ownOnly = await clinic.admin.client.service('roles').create({ name: 'Doctor with customer reports', permissions: [{ resource: 'customer-reports', view: true }] })
    const own = await signedInMember(server, clinic.admin, { roleId: ownOnly._id, branchIds: [clinic.branchId] })
    await setSchedule(server, own.user._id, FULL_WEEK)
    await server.db('users').where({ _id: own.user._id }).update({ acceptsAppointments: true })
    const newcomer = await patient('Новый', at(D1, '07:00'))
    await visit(newcomer, D1, '16:00', { staffId: own.user._id })
    try {
      const mine = await report(own)
      expect([mine.doctorId, mine.registeredShown]).toEqual([own.user._id, false])
      expect(mine.totals).toEqual({ newPatients: 1, returning: 0, registered: 0, lapsed: 0 })
      expect((await rows(own, 'newPatients')).data.map((row) => [row.customerId, row.doctorId])).toEqual([[newcomer, own.user._id]])
      const refused = await failure(report(own, { doctorId: clinic.doctor.user._id }))
      expect([refused.name, refused.data?.code]).toEqual(['Forbidden', 'access-restricted'])
      expect((await failure(rows(own, 'registered'))).data?.code).toBe('invalid-request')
      // The funnel of a doctor: the patients who entered and booked with them.
      const myFunnel = await funnel(own)
      expect(myFunnel.totals).toEqual({ entered: 1, booked: 1, arrived: 1, presented: 0, accepted: 0, paid: 0 })
      expect((await funnelRows(own, 'arrived')).data.map((row) => row._id)).toEqual([newcomer])
      expect((await failure(funnel(own, { doctorId: clinic.doctor.user._id }))).name).toBe('Forbidden')
      // Everyone's funnel now has the newcomer too.
      expect((await funnel(finance)).totals.entered).toBe(4)
    } finally {
      await server.db('appointment').where({ customerId: newcomer }).del()
      await server.db('customers').where({ _id: newcomer }).del()
    }

    const limited = await signedInMember(server, clinic.admin, { role: 'finance', branchIds: [clinic.branchId] })
    for (const call of [report(limited, { branchId: northId }), funnel(limited, { branchId: northId })]) {
      const outside = await failure(call)
      expect([outside.name, outside.data?.code]).toEqual(['BadRequest', 'branch-not-allowed'])
    }
    const main = await report(limited)
    expect([main.totals.newPatients, main.totals.registered, main.byBranch.map((entry) => entry.key)]).toEqual([1, 2, [clinic.branchId]])
    expect((await rows(limited, 'returning')).data.every((row) => row.branchId === clinic.branchId)).toBe(true)
    expect((await funnel(limited)).totals.entered).toBe(2)

    const stranger = await server.registerClinic('Elsewhere')
    const foreign = await report(stranger, { branchId: clinic.branchId })
    expect(foreign.totals).toEqual({ newPatients: 0, returning: 0, registered: 0, lapsed: 0 })
    expect((await funnel(stranger, { branchId: clinic.branchId })).totals.entered).toBe(0)
    expect((await rows(stranger, 'lapsed')).data).toEqual([])
  })

  it('moves a day by months within the calendar', () => {
    expect([shiftMonths('2026-03-31', -1), shiftMonths('2024-03-31', -1), shiftMonths('2026-01-15', -6), shiftMonths('2026-11-10', 3)]).toEqual(['2026-02-28', '2024-02-29', '2025-07-15', '2027-02-10'])
  })
})
