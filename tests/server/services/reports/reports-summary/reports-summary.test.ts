import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { addDoctor, at, booking, openClinic, type Clinic } from '../../../support/appointment-fixtures'
import { invoicesOf, key, paymentsOf, visitWithTreatments } from '../../billing/billing-fixtures'
import { summaryFigures, type ReportsSummary, type ReportsSummaryRows, type SummaryFigure } from '../../../../../server/src/services/reports/reports-summary/reports-summary.shared'

const D1 = '2026-11-10'
const D2 = '2026-11-11'
const PERIOD = { from: D1, to: '2026-11-12' }

describe.each(engines)('reports summary on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let finance: SignedIn
  let doctorB: Awaited<ReturnType<typeof addDoctor>>
  let northId: string
  let second: string

  const summary = (who: SignedIn, query: Record<string, unknown> = {}) => who.client.service('reports-summary').find({ query: { ...PERIOD, ...query } }) as Promise<ReportsSummary>
  const rows = (who: SignedIn, figure: SummaryFigure, query: Record<string, unknown> = {}) => who.client.service('reports-summary').find({ query: { ...PERIOD, $rows: figure, ...query } }) as Promise<ReportsSummaryRows>

  /** A visit the patient came to (or not), straight to its status. */
  async function visit(date: string, time: string, status: string, extra: Record<string, unknown> = {}) {
    const created = await clinic.admin.client.service('appointment').create(booking(clinic, date, time, extra))
    await server.db('appointment').where({ _id: created._id }).update({ status })
    return created._id as string
  }

  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
    northId = (await clinic.admin.client.service('branches').create({ name: 'North' }))._id
    finance = await signedInMember(server, clinic.admin, { role: 'finance', branchIds: [clinic.branchId, northId] })
    finance.client.set('currentBranchId', clinic.branchId)
    doctorB = await addDoctor(server, clinic)
    second = (await clinic.admin.client.service('customers').create({ first_name: 'Ольга', last_name: 'Петрова' }))._id

    // Visits: Aino's first ever on D1 (new), again on D2 (not new); Ольга's first on D2 with
    // doctor B (new); a cancelled and a planned one on D2 count nowhere.
    await visit(D1, '09:00', 'completed')
    await visit(D2, '09:00', 'arrived')
    await visit(D2, '10:00', 'started', { customerId: second, staffId: doctorB.user._id })
    await visit(D2, '11:00', 'cancelled', { customerId: second })
    await visit(D2, '12:00', 'planned')
    // A no-show on D2: no visit, a no-show.
    await visit(D2, '13:00', 'noShow')

    // Invoices of doctor A issued on D1: 100.00 and 50.00; one cancelled (not billed).
    const serviceId = (await clinic.admin.client.service('service').create({ name: 'Пломба', duration: 30, price: 1 }))._id
    const make = async (price: number) => invoicesOf(finance).create({ customerId: clinic.customerId, treatmentIds: (await visitWithTreatments(clinic, serviceId, [price])).treatmentIds })
    const [big, small, dropped] = [await make(10_000), await make(5_000), await make(7_000)]
    await invoicesOf(finance).patch(dropped._id, { action: 'cancel', reason: 'mistake', note: 'x' })
    await server.db('invoices').whereIn('_id', [big._id, small._id, dropped._id]).update({ issuedOn: D1 })

    // Money: cash 60.00 to the big invoice late on D1 (23:30 Helsinki is still D1), card 20.00 of
    // it on D2, a cash top-up of 30.00 on D2 (a prepayment), 10.00 of the cash refunded on D2, a
    // cancelled card payment and a payment from the balance on D2 (neither is money taken), and a
    // top-up in North on D2 (another branch).
    const cash = await paymentsOf(finance).create({ clientKey: key(), customerId: clinic.customerId, amount: 6_000, method: 'cash', date: at(D1, '23:30'), allocations: [{ invoiceId: big._id, amount: 6_000 }] })
    await paymentsOf(finance).create({ clientKey: key(), customerId: clinic.customerId, amount: 2_000, method: 'card', date: at(D2, '00:10'), allocations: [{ invoiceId: big._id, amount: 2_000 }] })
    await paymentsOf(finance).create({ clientKey: key(), customerId: clinic.customerId, amount: 3_000, method: 'cash', date: at(D2, '12:00') })
    await paymentsOf(finance).create({ clientKey: key(), customerId: clinic.customerId, refundOf: cash._id, amount: 1_000, date: at(D2, '13:00') })
    const cancelled = await paymentsOf(finance).create({ clientKey: key(), customerId: clinic.customerId, amount: 500, method: 'card', date: at(D2, '14:00'), allocations: [{ invoiceId: small._id, amount: 500 }] })
    await paymentsOf(finance).patch(cancelled._id, { action: 'cancel', reason: 'mistake', note: 'x' })
    await paymentsOf(finance).create({ clientKey: key(), customerId: clinic.customerId, amount: 1_500, method: 'balance', date: at(D2, '15:00'), allocations: [{ invoiceId: small._id, amount: 1_500 }] })
    await paymentsOf(clinic.admin).create({ clientKey: key(), customerId: second, branchId: northId, amount: 4_000, method: 'card', date: at(D2, '16:00') })
  })
  afterAll(() => server.stop())

  it('sums each figure per day and branch by its formula', async () => {
    const report = await summary(finance)
    expect(report.totals).toEqual({
      visits: 3, newPatients: 2, noShows: 1, billed: 15_000,
      collected: 6_000 + 2_000 + 3_000 + 4_000, collectedByMethod: { cash: 9_000, card: 6_000 },
      refunds: 1_000, prepayments: 3_000 + 4_000,
      // The big invoice was paid 60.00 on its day, the small one nothing that day.
      debtCreated: 4_000 + 5_000
    })
    const cell = (day: string, branchId: string) => report.cells!.find((entry) => entry.day === day && entry.branchId === branchId)
    expect(cell(D1, clinic.branchId)).toMatchObject({ visits: 1, newPatients: 1, billed: 15_000, collected: 6_000, collectedByMethod: { cash: 6_000 }, refunds: 0, debtCreated: 9_000 })
    expect(cell(D2, clinic.branchId)).toMatchObject({ visits: 2, newPatients: 1, noShows: 1, billed: 0, collected: 5_000, collectedByMethod: { cash: 3_000, card: 2_000 }, refunds: 1_000, prepayments: 3_000 })
    expect(cell(D2, northId)).toMatchObject({ collected: 4_000, prepayments: 4_000, visits: 0 })
    expect(report.cells!.map((entry) => entry.day)).toEqual([...report.cells!.map((entry) => entry.day)].sort())
    expect(report.formulas.debtCreated).toBe('reports.formulas.debtCreated')
    // One branch; one day only.
    expect((await summary(finance, { branchId: northId })).totals).toMatchObject({ collected: 4_000, visits: 0, billed: 0 })
    expect((await summary(finance, { from: D2, to: '2026-11-12' })).totals).toMatchObject({ visits: 2, newPatients: 1, billed: 0, collected: 9_000 })
  })

  it('answers the day and branch tables, the day × branch cells when asked or few, and one figure per branch and day', async () => {
    const report = await summary(finance)
    const cells = report.cells!
    const sumOf = (figure: SummaryFigure, list: ReadonlyArray<Record<SummaryFigure, unknown>>) => list.reduce((sum, entry) => sum + (entry[figure] as number), 0)
    const methodsOf = (list: ReadonlyArray<{ collectedByMethod: Record<string, number> }>) => {
      const methods: Record<string, number> = {}
      for (const entry of list) for (const [method, value] of Object.entries(entry.collectedByMethod)) methods[method] = (methods[method] ?? 0) + value
      return methods
    }
    // Each day's line is its cells summed over the branches, each branch's its cells summed over the days.
    expect(report.byDay.map((day) => day.day)).toEqual([D1, D2])
    expect(report.byBranch.map((branch) => branch.branchId).sort()).toEqual([clinic.branchId, northId].sort())
    for (const figure of summaryFigures) {
      for (const day of report.byDay) expect([figure, day.day, day[figure]]).toEqual([figure, day.day, sumOf(figure, cells.filter((cell) => cell.day === day.day))])
      for (const branch of report.byBranch) expect([figure, branch.branchId, branch[figure]]).toEqual([figure, branch.branchId, sumOf(figure, cells.filter((cell) => cell.branchId === branch.branchId))])
      expect([figure, sumOf(figure, report.byDay)]).toEqual([figure, report.totals[figure]])
    }
    for (const day of report.byDay) expect(day.collectedByMethod).toEqual(methodsOf(cells.filter((cell) => cell.day === day.day)))
    for (const branch of report.byBranch) expect(branch.collectedByMethod).toEqual(methodsOf(cells.filter((cell) => cell.branchId === branch.branchId)))
    expect(report.grid).toBeNull()

    // Two months of every branch: the same days and branches, no cells unless asked; one branch has them.
    const long = { from: '2026-10-01', to: '2026-12-01' }
    const wide = await summary(finance, long)
    expect([wide.cells, wide.totals, wide.byDay, wide.byBranch]).toEqual([null, report.totals, report.byDay, report.byBranch])
    expect((await summary(finance, { ...long, cells: true })).cells).toEqual(cells)
    expect((await summary(finance, { ...long, branchId: northId })).cells).toEqual(cells.filter((cell) => cell.branchId === northId))
    expect((await summary(finance, { cells: false })).cells).toBeNull()

    // One figure per branch and day of the period: the cells' values, 0 where there is none.
    for (const figure of ['visits', 'collected'] as const) {
      const { grid } = await summary(finance, { ...long, grid: figure })
      const days = Array.from({ length: 61 }, (_, index) => new Date(Date.UTC(2026, 9, 1 + index)).toISOString().slice(0, 10))
      const expected = [...new Set(cells.filter((cell) => cell[figure] !== 0).map((cell) => cell.branchId))].sort().map((branchId) => ({ branchId, values: days.map((day) => cells.find((cell) => cell.day === day && cell.branchId === branchId)?.[figure] ?? 0) }))
      expect(grid).toEqual({ figure, branches: expected })
    }
  })

  it('each total and each cell equals the sum of its drill-down rows', async () => {
    const report = await summary(finance)
    for (const figure of summaryFigures) {
      const all = await rows(finance, figure)
      expect([figure, all.data.reduce((sum, row) => sum + row.value, 0)]).toEqual([figure, report.totals[figure]])
      expect([figure, all.sum, all.total]).toEqual([figure, report.totals[figure], all.data.length])
      for (const cell of report.cells!) {
        const some = await rows(finance, figure, { day: cell.day, branchId: cell.branchId })
        expect([figure, cell.day, some.data.reduce((sum, row) => sum + row.value, 0)]).toEqual([figure, cell.day, cell[figure]])
      }
    }
    const card = await rows(finance, 'collected', { day: D2, method: 'card' })
    expect(card.data.map((row) => [row.value, row.method, row.customerName])).toEqual([[2_000, 'card', 'Virtanen Aino'], [4_000, 'card', 'Петрова Ольга']])
    const visits = await rows(finance, 'newPatients')
    expect(visits.data.map((row) => [row.day, row.label, row.customerName])).toEqual([[D1, '09:00', 'Virtanen Aino'], [D2, '10:00', 'Петрова Ольга']])
    const billed = await rows(finance, 'billed', { $limit: 1 })
    expect([billed.data.length, billed.total, billed.sum]).toEqual([1, 2, 15_000])
  })

  it('refuses a missing or bad period with the spec\'s message', async () => {
    const none = await failure(finance.client.service('reports-summary').find({ query: {} }))
    expect([none.name, none.data?.code, none.data?.path, none.message]).toEqual(['BadRequest', 'date-constraint-required', 'from', 'Date constraint is required'])
    const half = await failure(finance.client.service('reports-summary').find({ query: { from: D1 } }))
    expect([half.data?.code, half.data?.path]).toEqual(['date-constraint-required', 'to'])
    for (const query of [{ from: D2, to: D1 }, { from: D1, to: D1 }, { from: '2025-01-01', to: '2026-11-01' }, { ...PERIOD, day: '2026-11-12', $rows: 'visits' }, { ...PERIOD, method: 'cash' }, { ...PERIOD, $rows: 'profit' }, { ...PERIOD, extra: 1 }, { from: '2026-02-30', to: '2026-03-02' }]) {
      expect([JSON.stringify(query), (await failure(finance.client.service('reports-summary').find({ query: malformed(query) }))).name]).toEqual([JSON.stringify(query), 'BadRequest'])
    }
  })

  it('shows a doctor only their own figures, limits branches, and keeps companies apart', async () => {
    expect((await failure(summary(clinic.doctor))).name).toBe('Forbidden')
    const ownOnly = await clinic.admin.client.service('roles').create({ name: 'Doctor with a report', permissions: [{ resource: 'reports-summary', view: true }] })
    const doctor = await signedInMember(server, clinic.admin, { roleId: ownOnly._id, branchIds: [clinic.branchId] })
    // Doctor B's figures: Ольга's first visit, nothing billed or collected through their invoices.
    await server.db('users').where({ _id: doctor.user._id }).update({ first_name: 'B' })
    const own = await summary(doctor)
    expect(own.doctorId).toBe(doctor.user._id)
    expect(own.totals).toMatchObject({ visits: 0, billed: 0, collected: 0 })
    expect((await failure(summary(doctor, { doctorId: clinic.doctor.user._id }))).name).toBe('Forbidden')
    // Doctor A's figures as finance sees them: their visits and invoices, money through their invoices, no prepayments.
    const doctorA = await summary(finance, { doctorId: clinic.doctor.user._id })
    expect(doctorA.totals).toEqual({ visits: 2, newPatients: 1, noShows: 1, billed: 15_000, collected: 8_000, collectedByMethod: { cash: 6_000, card: 2_000 }, refunds: 1_000, prepayments: 0, debtCreated: 9_000 })
    const refundRows = await rows(finance, 'refunds', { doctorId: clinic.doctor.user._id })
    expect(refundRows.data.map((row) => row.value)).toEqual([1_000])
    const ownB = await summary(finance, { doctorId: doctorB.user._id })
    expect(ownB.totals).toMatchObject({ visits: 1, newPatients: 1, billed: 0 })

    const limited = await signedInMember(server, clinic.admin, { role: 'finance', branchIds: [clinic.branchId] })
    const refused = await failure(summary(limited, { branchId: northId }))
    expect([refused.name, refused.data?.code]).toEqual(['BadRequest', 'branch-not-allowed'])
    const mine = await summary(limited)
    expect(mine.totals.collected).toBe(11_000)
    expect(mine.cells!.every((cell) => cell.branchId === clinic.branchId)).toBe(true)
    expect((await rows(limited, 'collected')).data.every((row) => row.branchId === clinic.branchId)).toBe(true)

    const stranger = await server.registerClinic('Elsewhere')
    const foreign = await summary(stranger, { branchId: clinic.branchId })
    expect([foreign.cells!.length, foreign.totals.collected, foreign.totals.visits]).toEqual([0, 0, 0])
    expect((await rows(stranger, 'collected')).data).toEqual([])
  })
})
