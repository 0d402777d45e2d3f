import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { at, booking, openClinic, type Clinic } from '../../../support/appointment-fixtures'
import { invoicesOf, key, paymentsOf, visitWithTreatments } from '../../billing/billing-fixtures'
import { homeFigures, type ReportsHome, type ReportsSummary, type SummaryFigures } from '../../../../../server/src/services/reports/reports-summary/reports-summary.shared'
import type { AppointmentReport } from '../../../../../server/src/services/reports/appointment-reports/appointment-reports.shared'

/**
 * The director's home (`reports-summary` with `view: 'home'`): today, yesterday, this month to
 * today and the previous month to the same day, in total and per branch, each equal to the
 * summary's figures for the same period. The clock is fixed on 31 March (Helsinki): February is
 * shorter, so "the previous month to the same day" is the whole of February.
 */
const TODAY = '2026-03-31'
const clockAt = (date: string) => Date.parse(at(date, '15:00'))

describe.each(engines)('the director\'s home on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let finance: SignedIn
  let northId: string

  const home = (who: SignedIn, query: Record<string, unknown> = {}) => who.client.service('reports-summary').find({ query: { view: 'home', ...query } }) as Promise<ReportsHome>
  const summary = (who: SignedIn, query: Record<string, unknown>) => who.client.service('reports-summary').find({ query }) as Promise<ReportsSummary>
  const pick = (figures: SummaryFigures) => Object.fromEntries(homeFigures.map((figure) => [figure, figures[figure]]))

  async function visit(date: string, time: string, status: string, extra: Record<string, unknown> = {}) {
    const created = await clinic.admin.client.service('appointment').create(booking(clinic, date, time, extra))
    await server.db('appointment').where({ _id: created._id }).update({ status })
  }

  beforeAll(async () => {
    server = await startServer(engine)
    server.app.set('reportsClock', () => clockAt(TODAY))
    clinic = await openClinic(server)
    northId = (await clinic.admin.client.service('branches').create({ name: 'North' }))._id
    finance = await signedInMember(server, clinic.admin, { role: 'finance', branchIds: [clinic.branchId, northId] })
    finance.client.set('currentBranchId', clinic.branchId)
    const second = (await clinic.admin.client.service('customers').create({ first_name: 'Ольга', last_name: 'Петрова' }))._id
    // The clinic's doctor takes appointments: their hours (08-20) are the load's available minutes.
    await server.db('users').where({ _id: clinic.doctor.user._id }).update({ acceptsAppointments: true })

    // Visits: two today (Aino's first ever was in February, Ольга's first is today, in North),
    // one yesterday, one on 5 March, two in February (10th: Aino's first; 28th); no-shows today
    // and on 15 February; a cancelled one today counts nowhere.
    await visit('2026-02-10', '09:00', 'completed')
    await visit('2026-02-28', '09:00', 'completed')
    await visit('2026-02-15', '10:00', 'noShow')
    await visit('2026-03-05', '09:00', 'completed')
    await visit('2026-03-30', '09:00', 'completed')
    await visit(TODAY, '09:00', 'completed', { workPlaceId: clinic.chairId })
    await visit(TODAY, '10:00', 'arrived', { customerId: second, branchId: northId })
    await visit(TODAY, '11:00', 'noShow')
    await visit(TODAY, '12:00', 'cancelled')

    // Money: an invoice of 100.00 issued today, 40.00 paid by card today (debt created 60.00);
    // one of 50.00 issued yesterday, paid in full in cash yesterday; 30.00 cash in North today
    // (a top-up); 20.00 on 20 February to an invoice of 20.00 issued that day.
    const serviceId = (await clinic.admin.client.service('service').create({ name: 'Пломба', duration: 30, price: 1 }))._id
    const make = async (price: number, issuedOn: string) => {
      const invoice = await invoicesOf(finance).create({ customerId: clinic.customerId, treatmentIds: (await visitWithTreatments(clinic, serviceId, [price])).treatmentIds })
      await server.db('invoices').where({ _id: invoice._id }).update({ issuedOn })
      return invoice._id as string
    }
    const todays = await make(10_000, TODAY)
    const yesterdays = await make(5_000, '2026-03-30')
    const februarys = await make(2_000, '2026-02-20')
    await paymentsOf(finance).create({ clientKey: key(), customerId: clinic.customerId, amount: 4_000, method: 'card', date: at(TODAY, '10:00'), allocations: [{ invoiceId: todays, amount: 4_000 }] })
    await paymentsOf(finance).create({ clientKey: key(), customerId: clinic.customerId, amount: 5_000, method: 'cash', date: at('2026-03-30', '18:00'), allocations: [{ invoiceId: yesterdays, amount: 5_000 }] })
    await paymentsOf(finance).create({ clientKey: key(), customerId: second, branchId: northId, amount: 3_000, method: 'cash', date: at(TODAY, '11:00') })
    await paymentsOf(finance).create({ clientKey: key(), customerId: clinic.customerId, amount: 2_000, method: 'cash', date: at('2026-02-20', '12:00'), allocations: [{ invoiceId: februarys, amount: 2_000 }] })
  })
  afterAll(() => server.stop())

  it('answers today, yesterday, the month and the previous month to the same day, in total and per branch', async () => {
    const answer = await home(finance)
    expect(answer.today).toBe(TODAY)
    expect(answer.periods).toEqual({
      today: { from: TODAY, to: '2026-04-01' },
      yesterday: { from: '2026-03-30', to: TODAY },
      month: { from: '2026-03-01', to: '2026-04-01' },
      previousMonth: { from: '2026-02-01', to: '2026-03-01' }
    })
    expect(answer.totals).toEqual({
      today: { visits: 2, collected: 7_000, noShows: 1, debtCreated: 6_000, newPatients: 1 },
      yesterday: { visits: 1, collected: 5_000, noShows: 0, debtCreated: 0, newPatients: 0 },
      month: { visits: 4, collected: 12_000, noShows: 1, debtCreated: 6_000, newPatients: 1 },
      previousMonth: { visits: 2, collected: 2_000, noShows: 1, debtCreated: 0, newPatients: 1 }
    })
    // Every branch seen, the main one first.
    expect(answer.branches.map((branch) => branch.branchId)).toEqual([clinic.branchId, northId])
    expect(answer.branches[1].name).toBe('North')
    const north = answer.branches.find((branch) => branch.branchId === northId)!
    expect(north.today).toEqual({ visits: 1, collected: 3_000, noShows: 0, debtCreated: 0, newPatients: 1 })
    expect(north.previousMonth).toEqual({ visits: 0, collected: 0, noShows: 0, debtCreated: 0, newPatients: 0 })
  })

  it('equals the summary for each of its periods, in total and per branch', async () => {
    const answer = await home(finance)
    for (const [period, range] of Object.entries(answer.periods) as Array<[keyof ReportsHome['periods'], { from: string; to: string }]>) {
      expect([period, pick((await summary(finance, range)).totals)]).toEqual([period, answer.totals[period]])
      for (const branch of answer.branches) {
        expect([period, branch.name, pick((await summary(finance, { ...range, branchId: branch.branchId })).totals)]).toEqual([period, branch.name, branch[period]])
      }
    }
  })

  it('gives the load of doctors and chairs as the appointments report does for each period, in total and per branch', async () => {
    const answer = await home(finance)
    const report = (query: Record<string, unknown>) => finance.client.service('appointment-reports').find({ query }) as Promise<AppointmentReport>
    // Today: 09:00 on the chair and 10:00 in North (30 minutes each); the doctor works 08-20.
    expect(answer.load!.totals.today).toEqual({ bookedMinutes: 60, availableMinutes: 720, chairBookedMinutes: 30, chairAvailableMinutes: 720 })
    for (const [period, range] of Object.entries(answer.periods) as Array<[keyof ReportsHome['periods'], { from: string; to: string }]>) {
      const whole = await report(range)
      const sums = { bookedMinutes: whole.totals.bookedMinutes, availableMinutes: whole.totals.availableMinutes, chairBookedMinutes: whole.chairs.totals.bookedMinutes, chairAvailableMinutes: whole.chairs.totals.availableMinutes }
      expect([period, answer.load!.totals[period]]).toEqual([period, sums])
      for (const branch of answer.branches) {
        const one = await report({ ...range, branchId: branch.branchId })
        const load = answer.load!.branches[branch.branchId]?.[period] ?? { bookedMinutes: 0, availableMinutes: 0, chairBookedMinutes: 0, chairAvailableMinutes: 0 }
        expect([period, branch.name, load]).toEqual([
          period, branch.name,
          { bookedMinutes: one.totals.bookedMinutes, availableMinutes: one.totals.availableMinutes, chairBookedMinutes: one.chairs.totals.bookedMinutes, chairAvailableMinutes: one.chairs.totals.availableMinutes }
        ])
      }
    }
  })

  it('compares the month with the previous one to the same day', async () => {
    server.app.set('reportsClock', () => clockAt('2026-03-05'))
    try {
      const early = await home(finance)
      expect(early.periods.previousMonth).toEqual({ from: '2026-02-01', to: '2026-02-06' })
      expect(early.periods.month).toEqual({ from: '2026-03-01', to: '2026-03-06' })
      // 5 March: one visit; 1-5 February: nothing (the 10th, the 15th and the 20th come later).
      expect(early.totals.month).toMatchObject({ visits: 1, noShows: 0, collected: 0 })
      expect(early.totals.previousMonth).toEqual({ visits: 0, collected: 0, noShows: 0, debtCreated: 0, newPatients: 0 })
      expect(early.totals.yesterday.visits).toBe(0)
    } finally {
      server.app.set('reportsClock', () => clockAt(TODAY))
    }
  })

  it('is refused to a doctor and a front desk without the right; branches and doctors are limited; companies apart', async () => {
    expect((await failure(home(clinic.doctor))).name).toBe('Forbidden')
    const desk = await clinic.admin.client.service('roles').create({ name: 'Front desk', permissions: [{ resource: 'appointment', view: true, create: true, edit: true, seeAll: true }, { resource: 'customers', view: true, seeAll: true }] })
    const frontDesk = await signedInMember(server, clinic.admin, { roleId: desk._id, branchIds: [clinic.branchId] })
    expect((await failure(home(frontDesk))).name).toBe('Forbidden')

    const limited = await signedInMember(server, clinic.admin, { role: 'finance', branchIds: [northId] })
    const own = await home(limited)
    expect(own.branches.map((branch) => branch.branchId)).toEqual([northId])
    expect(own.totals.today).toEqual({ visits: 1, collected: 3_000, noShows: 0, debtCreated: 0, newPatients: 1 })

    // With the summary's view only (no seeAll): their own figures (this doctor has none).
    const ownOnly = await clinic.admin.client.service('roles').create({ name: 'Doctor with a report', permissions: [{ resource: 'reports-summary', view: true }] })
    const doctor = await signedInMember(server, clinic.admin, { roleId: ownOnly._id, branchIds: [clinic.branchId] })
    const mine = await home(doctor)
    expect(mine.doctorId).toBe(doctor.user._id)
    expect(mine.totals.today).toEqual({ visits: 0, collected: 0, noShows: 0, debtCreated: 0, newPatients: 0 })
    // No view of the appointments report: no load on the home.
    expect(mine.load).toBeNull()
    // With it but without its seeAll: the load of their own visits over their own hours.
    const withLoad = await clinic.admin.client.service('roles').create({ name: 'Doctor with load', permissions: [{ resource: 'reports-summary', view: true }, { resource: 'appointment-reports', view: true }] })
    const loaded = await home(await signedInMember(server, clinic.admin, { roleId: withLoad._id, branchIds: [clinic.branchId] }))
    expect(loaded.load!.totals.today).toEqual({ bookedMinutes: 0, availableMinutes: 0, chairBookedMinutes: 0, chairAvailableMinutes: 0 })
    expect(own.load!.totals.today).toMatchObject({ bookedMinutes: 30, chairBookedMinutes: 0 })
    expect(Object.keys(own.load!.branches)).toEqual([northId])
    expect((await failure(home(doctor, { doctorId: clinic.doctor.user._id }))).name).toBe('Forbidden')
    // Finance may look at one doctor's home figures: today's visits and no-show are the clinic doctor's.
    expect((await home(finance, { doctorId: clinic.doctor.user._id })).totals.today).toMatchObject({ visits: 2, noShows: 1 })

    for (const query of [{ from: TODAY, to: '2026-04-01' }, { branchId: northId }, { $rows: 'visits' }, { day: TODAY }, { view: 'week' }, { extra: 1 }]) {
      const refused = await failure(home(finance, malformed(query)))
      expect([JSON.stringify(query), refused.name]).toEqual([JSON.stringify(query), 'BadRequest'])
    }

    const stranger = await server.registerClinic('Elsewhere')
    const foreign = await home(stranger)
    expect(foreign.totals.today).toEqual({ visits: 0, collected: 0, noShows: 0, debtCreated: 0, newPatients: 0 })
    expect(foreign.branches.some((branch) => branch.branchId === clinic.branchId || branch.branchId === northId)).toBe(false)
  })
})
