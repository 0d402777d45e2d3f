import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { moneyClinic, type MoneyClinic } from '../money-fixture'
import { paymentFigures, type PaymentFigure, type PaymentReport, type PaymentReportRows } from '../../../../../server/src/services/reports/payment-reports/payment-reports.shared'

const PERIOD = { from: '2026-10-01', to: '2026-11-08' }

describe.each(engines)('payment reports on %s', (engine) => {
  let server: TestServer
  let money: MoneyClinic

  const report = (who: SignedIn, query: Record<string, unknown> = {}) => who.client.service('payment-reports').find({ query: { ...PERIOD, ...query } }) as Promise<PaymentReport>
  const rows = (who: SignedIn, figure: PaymentFigure, query: Record<string, unknown> = {}) => who.client.service('payment-reports').find({ query: { ...PERIOD, $rows: figure, ...query } }) as Promise<PaymentReportRows>
  const added = (found: PaymentReportRows) => found.data.reduce((sum, row) => sum + row.value, 0)

  beforeAll(async () => {
    server = await startServer(engine)
    money = await moneyClinic(server)
  })
  afterAll(() => server.stop())

  it('sums collected, refunds, net and cancelled by method, cashier, doctor, day and branch', async () => {
    const { clinic, finance, doctorB, northId } = money
    // More than a month of two branches: the day × branch cells only when asked.
    const found = await report(finance, { cells: true })
    expect(found.totals).toEqual({ collected: 65_000, refunds: 4_000, net: 61_000, cancelled: 1_000 })
    expect(found.byMethod).toEqual([
      { method: 'card', collected: 50_000, refunds: 4_000, net: 46_000, cancelled: 1_000 },
      { method: 'cash', collected: 8_000, refunds: 0, net: 8_000, cancelled: 0 },
      { method: 'mobile', collected: 7_000, refunds: 0, net: 7_000, cancelled: 0 }
    ])
    expect(found.byCashier).toEqual([
      { cashierId: finance.user._id, name: 'Kassa Finance', collected: 53_000, refunds: 4_000, net: 49_000, cancelled: 1_000 },
      { cashierId: null, name: '', collected: 7_000, refunds: 0, net: 7_000, cancelled: 0 },
      { cashierId: clinic.admin.auth.user._id, name: expect.any(String), collected: 5_000, refunds: 0, net: 5_000, cancelled: 0 }
    ])
    expect(found.byDoctor).toEqual([
      { doctorId: doctorB.user._id, via: null, name: 'Bea Doctor', collected: 40_000, refunds: 0, net: 40_000, cancelled: 0 },
      { doctorId: null, via: 'balance', name: '', collected: 12_000, refunds: 0, net: 12_000, cancelled: 0 },
      { doctorId: clinic.doctor.user._id, via: null, name: expect.any(String), collected: 10_000, refunds: 4_000, net: 6_000, cancelled: 1_000 },
      { doctorId: null, via: 'no-doctor', name: '', collected: 3_000, refunds: 0, net: 3_000, cancelled: 0 }
    ])
    expect(found.cells!.map((cell) => [cell.day, cell.branchId === northId ? 'North' : 'main', cell.collected, cell.refunds, cell.net, cell.cancelled])).toEqual([
      ['2026-10-05', 'main', 10_000, 0, 10_000, 0],
      ['2026-10-06', 'main', 0, 4_000, -4_000, 0],
      ['2026-10-15', 'main', 5_000, 0, 5_000, 0],
      ['2026-10-25', 'main', 0, 0, 0, 1_000],
      ['2026-10-31', 'main', 3_000, 0, 3_000, 0],
      ['2026-11-02', 'North', 7_000, 0, 7_000, 0],
      ['2026-11-05', 'main', 40_000, 0, 40_000, 0]
    ])
    expect(found.formulas.net).toBe('reports.payments.formulas.net')
    // The day table sums each day's cells over the branches, the branch table each branch's over the days.
    const cells = found.cells!
    const sumOf = (list: ReadonlyArray<Record<PaymentFigure, number>>) => Object.fromEntries(paymentFigures.map((figure) => [figure, list.reduce((sum, entry) => sum + entry[figure], 0)]))
    expect(found.byDay).toEqual([...new Set(cells.map((cell) => cell.day))].map((day) => ({ day, ...sumOf(cells.filter((cell) => cell.day === day)) })))
    expect(found.byBranch).toEqual([...new Set(cells.map((cell) => cell.branchId))].sort().map((branchId) => ({ branchId, ...sumOf(cells.filter((cell) => cell.branchId === branchId)) })))
    const plain = await report(finance)
    expect([plain.cells, plain.byDay, plain.byBranch, plain.totals]).toEqual([null, found.byDay, found.byBranch, found.totals])
    expect((await report(finance, { from: '2026-11-01' })).cells).toEqual(cells.filter((cell) => cell.day >= '2026-11-01'))
    expect((await report(finance, { branchId: northId })).cells).toEqual(cells.filter((cell) => cell.branchId === northId))
    // One branch; one doctor (money through the allocations to their invoices).
    expect((await report(finance, { branchId: northId })).totals).toEqual({ collected: 7_000, refunds: 0, net: 7_000, cancelled: 0 })
    expect((await report(finance, { doctorId: clinic.doctor.user._id })).totals).toEqual({ collected: 10_000, refunds: 4_000, net: 6_000, cancelled: 1_000 })
    const doctorOnly = await report(finance, { doctorId: doctorB.user._id })
    expect([doctorOnly.totals.collected, doctorOnly.byDoctor.map((entry) => entry.doctorId)]).toEqual([40_000, [doctorB.user._id]])
  })

  it('every number equals the sum of its drill-down rows', async () => {
    const { finance, clinic } = money
    const found = await report(finance, { cells: true })
    for (const figure of paymentFigures) {
      const all = await rows(finance, figure)
      expect([figure, added(all), all.sum, all.total]).toEqual([figure, found.totals[figure], found.totals[figure], all.data.length])
      for (const cell of found.cells!) expect([figure, cell.day, added(await rows(finance, figure, { day: cell.day, branchId: cell.branchId }))]).toEqual([figure, cell.day, cell[figure]])
      for (const entry of found.byMethod) expect([figure, entry.method, added(await rows(finance, figure, { method: entry.method }))]).toEqual([figure, entry.method, entry[figure]])
      for (const entry of found.byCashier) expect([figure, entry.cashierId, (await rows(finance, figure, { cashierId: entry.cashierId ?? 'none' })).sum]).toEqual([figure, entry.cashierId, entry[figure]])
      for (const entry of found.byDoctor) {
        const narrowed = await rows(finance, figure, entry.doctorId ? { doctorId: entry.doctorId } : { via: entry.via })
        expect([figure, entry.doctorId ?? entry.via, added(narrowed), narrowed.sum]).toEqual([figure, entry.doctorId ?? entry.via, entry[figure], entry[figure]])
      }
    }
    const cancelled = await rows(finance, 'cancelled')
    expect(cancelled.data.map((row) => [row.day, row.method, row.value, row.cancelReason, row.cancelNote, row.cashierName, row.customerName])).toEqual([['2026-10-25', 'card', 1_000, 'mistake', 'wrong patient', 'Kassa Finance', 'Virtanen Aino']])
    expect(cancelled.data[0].cancelledAt).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/))
    const refunds = await rows(finance, 'refunds', { doctorId: clinic.doctor.user._id })
    expect(refunds.data.map((row) => [row.value, row.invoice?.startsWith('INV-'), row.doctorName !== ''])).toEqual([[4_000, true, true]])
    const balance = await rows(finance, 'collected', { via: 'balance' })
    expect(balance.data.map((row) => [row.value, row.invoice, row.customerName])).toEqual([[5_000, null, 'Virtanen Aino'], [7_000, null, 'Петрова Ольга']])
    const limited = await rows(finance, 'collected', { $limit: 2 })
    expect([limited.data.length, limited.total, limited.sum]).toEqual([2, 5, 65_000])
  })

  it('refuses a missing period and malformed narrowings', async () => {
    const { finance, clinic } = money
    const none = await failure(finance.client.service('payment-reports').find({ query: {} }))
    expect([none.name, none.data?.code, none.data?.path, none.message]).toEqual(['BadRequest', 'date-constraint-required', 'from', 'Date constraint is required'])
    const bad = [
      { from: PERIOD.to, to: PERIOD.from }, { from: '2025-01-01', to: '2026-11-01' }, { ...PERIOD, $rows: 'collected', day: '2026-11-08' },
      { ...PERIOD, method: 'cash' }, { ...PERIOD, $rows: 'collected', method: 'balance' }, { ...PERIOD, $rows: 'profit' },
      { ...PERIOD, $rows: 'collected', cashierId: 'someone' }, { ...PERIOD, $rows: 'collected', via: 'elsewhere' },
      { ...PERIOD, $rows: 'collected', via: 'balance', doctorId: clinic.doctor.user._id }, { ...PERIOD, $limit: 5 },
      { ...PERIOD, $rows: 'collected', $limit: 0 }, { ...PERIOD, extra: 1 }
    ]
    for (const query of bad) expect([JSON.stringify(query), (await failure(finance.client.service('payment-reports').find({ query: malformed(query) }))).name]).toEqual([JSON.stringify(query), 'BadRequest'])
  })

  it('shows a caller without seeAll only their own money, limits branches, and keeps companies apart', async () => {
    const { clinic, northId, doctorB } = money
    expect((await failure(report(clinic.doctor))).name).toBe('Forbidden')
    const role = await clinic.admin.client.service('roles').create({ name: 'Doctor with payments', permissions: [{ resource: 'payment-reports', view: true }] })
    const doctor = await signedInMember(server, clinic.admin, { roleId: role._id, branchIds: [clinic.branchId] })
    await server.db('invoices').where({ _id: money.invoices.B }).update({ doctorId: doctor.user._id })
    const own = await report(doctor)
    // Their only invoice (B) had a payment that was cancelled.
    expect([own.doctorId, own.totals]).toEqual([doctor.user._id, { collected: 0, refunds: 0, net: 0, cancelled: 1_000 }])
    expect(own.byCashier.map((entry) => entry.cancelled)).toEqual([1_000])
    expect((await failure(report(doctor, { doctorId: doctorB.user._id }))).name).toBe('Forbidden')
    expect((await rows(doctor, 'cancelled')).sum).toBe(1_000)
    await server.db('invoices').where({ _id: money.invoices.B }).update({ doctorId: clinic.doctor.user._id })

    const limited = await signedInMember(server, clinic.admin, { role: 'finance', branchIds: [clinic.branchId] })
    const refused = await failure(report(limited, { branchId: northId }))
    expect([refused.name, refused.data?.code]).toEqual(['BadRequest', 'branch-not-allowed'])
    expect((await report(limited)).totals.collected).toBe(58_000)
    expect((await rows(limited, 'collected', { cashierId: 'none' })).data).toEqual([])

    const stranger = await server.registerClinic('Elsewhere')
    const foreign = await report(stranger)
    expect([foreign.cells ?? [], foreign.totals.collected, foreign.byDoctor]).toEqual([[], 0, []])
    expect((await rows(stranger, 'collected')).data).toEqual([])
  })
})
