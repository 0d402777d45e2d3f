import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { moneyClinic, type MoneyClinic } from '../money-fixture'
import { PERIOD, withPayoutsAndExpenses } from '../payout-fixture'
import { payoutRowFigures, type BalanceReport, type BalanceReportRows, type PayoutRowFigure } from '../../../../../server/src/services/billing/user-balance-reports/user-balance-reports.shared'

describe.each(engines)('payout reports on %s', (engine) => {
  let server: TestServer
  let money: MoneyClinic

  const report = (who: SignedIn, query: Record<string, unknown> = {}) => who.client.service('user-balance-reports').find({ query: { ...PERIOD, ...query } }) as Promise<BalanceReport>
  const rows = (who: SignedIn, figure: PayoutRowFigure, query: Record<string, unknown> = {}) => who.client.service('user-balance-reports').find({ query: { ...PERIOD, $rows: figure, ...query } }) as Promise<BalanceReportRows>
  const added = (found: BalanceReportRows) => found.data.reduce((sum, row) => sum + row.value, 0)

  beforeAll(async () => {
    server = await startServer(engine)
    money = await moneyClinic(server)
    await withPayoutsAndExpenses(money)
    // A whole ledger, payouts and expenses through the services: slow on PostgreSQL on a busy machine.
  }, 120_000)
  afterAll(() => server.stop())

  it('per doctor: the opening balance, base and share earned, paid out and the balance at the end', async () => {
    const { finance, clinic, doctorB, northId } = money
    const found = await report(finance)
    const a = found.rows.find((row) => row.userId === clinic.doctor.user._id)!
    const b = found.rows.find((row) => row.userId === doctorB.user._id)!
    // Paid out in the period: A 20.00 + 5.00 (the 3.00 of September is in the opening), B 10.00.
    expect([a.paidOut, b.paidOut, found.paidOut]).toEqual([2_500, 1_000, 3_500])
    for (const row of [a, b]) expect(row.balance).toBe(row.opening + row.share - row.paidOut)
    // A did every treatment (the line's doctor counts): 10 % of invoices A, B, F, G, H (issued in the
    // period; H's cancellation falls after it); before it C, D, E less September's 3.00 payout.
    expect(a).toMatchObject({ opening: 11_700, base: 240_000, share: 24_000, paidOut: 2_500, balance: 33_200 })
    expect(b).toMatchObject({ opening: 0, base: 0, share: 0, paidOut: 1_000, balance: -1_000 })
    for (const figure of ['opening', 'base', 'share', 'paidOut', 'balance'] as const) expect([figure, found[figure]]).toEqual([figure, found.rows.reduce((sum, row) => sum + row[figure], 0)])
    // Every day of the period, in order; their sums are the totals, the last day's balance the end's.
    expect(found.days.map((day) => day.day)).toEqual(Array.from({ length: 38 }, (_, index) => new Date(Date.UTC(2026, 9, 1 + index)).toISOString().slice(0, 10)))
    for (const figure of ['base', 'share', 'paidOut'] as const) expect(found.days.reduce((sum, day) => sum + day[figure], 0)).toBe(found[figure])
    expect(found.days[found.days.length - 1].balance).toBe(found.balance)
    expect(found.days.find((day) => day.day === '2026-10-10')?.paidOut).toBe(2_000)
    expect(found.formulas.balance).toBe('reports.payouts.formulas.balance')
    // One branch: a payout without a branch counts for the company only.
    expect((await report(finance, { branchId: northId })).paidOut).toBe(500)
    expect((await report(finance, { branchId: clinic.branchId })).paidOut).toBe(1_000)
    // One doctor.
    const onlyB = await report(finance, { doctorId: doctorB.user._id })
    expect([onlyB.doctorId, onlyB.rows.map((row) => row.userId), onlyB.share]).toEqual([doctorB.user._id, [doctorB.user._id], b.share])
  })

  it('every number equals the sum of its drill-down rows', async () => {
    const { finance, clinic } = money
    for (const query of [{}, { branchId: clinic.branchId }]) {
      const found = await report(finance, query)
      for (const figure of payoutRowFigures) {
        const all = await rows(finance, figure, query)
        expect([figure, added(all), all.sum, all.total]).toEqual([figure, found[figure], found[figure], all.data.length])
        for (const row of found.rows) {
          const own = await rows(finance, figure, { ...query, doctorId: row.userId })
          expect([figure, row.name, added(own), own.sum]).toEqual([figure, row.name, row[figure], row[figure]])
        }
        if (figure === 'opening') continue
        for (const day of found.days.filter((entry) => entry[figure] !== 0)) expect([figure, day.day, (await rows(finance, figure, { ...query, day: day.day })).sum]).toEqual([figure, day.day, day[figure]])
      }
    }
    const paid = await rows(finance, 'paidOut', { doctorId: clinic.doctor.user._id })
    expect(paid.data.map((row) => [row.day, row.kind, row.value, row.method])).toEqual([['2026-10-10', 'payout', 2_000, 'cash'], ['2026-10-20', 'payout', 500, 'cash']])
    const earned = await rows(finance, 'share')
    expect(earned.data.every((row) => row.kind === 'earning' && row.doctorName !== '' && row.invoiceNumber?.startsWith('INV-'))).toBe(true)
    expect(earned.data.some((row) => row.customerName === 'Virtanen Aino')).toBe(true)
    const limited = await rows(finance, 'share', { $limit: 1 })
    expect([limited.data.length, limited.total, limited.sum]).toEqual([1, earned.total, earned.sum])
  })

  it('refuses a missing period and malformed narrowings', async () => {
    const { finance } = money
    const none = await failure(finance.client.service('user-balance-reports').find({ query: {} }))
    expect([none.name, none.data?.code, none.data?.path, none.message]).toEqual(['BadRequest', 'date-constraint-required', 'from', 'Date constraint is required'])
    const bad = [
      { from: PERIOD.to, to: PERIOD.from }, { from: '2025-01-01', to: '2026-11-01' }, { ...PERIOD, $rows: 'share', day: '2026-11-08' },
      { ...PERIOD, day: '2026-10-10' }, { ...PERIOD, $rows: 'balance' }, { ...PERIOD, $limit: 5 }, { ...PERIOD, $rows: 'share', $limit: 0 },
      { ...PERIOD, userId: finance.user._id }, { ...PERIOD, doctorId: { $ne: null } }
    ]
    for (const query of bad) expect([JSON.stringify(query), (await failure(finance.client.service('user-balance-reports').find({ query: malformed(query) }))).name]).toEqual([JSON.stringify(query), 'BadRequest'])
  })

  it('shows a caller without seeAll only their own figures, limits branches, and keeps companies apart', async () => {
    const { clinic, northId, doctorB } = money
    expect((await failure(report(clinic.doctor))).name).toBe('Forbidden')
    const role = await clinic.admin.client.service('roles').create({ name: 'Doctor with earnings report', permissions: [{ resource: 'balance-reports', view: true }] })
    const own = await signedInMember(server, clinic.admin, { roleId: role._id, branchIds: [clinic.branchId] })
    const mine = await report(own)
    expect([mine.doctorId, mine.rows.map((row) => row.userId), mine.paidOut]).toEqual([own.user._id, [], 0])
    const refused = await failure(report(own, { doctorId: doctorB.user._id }))
    expect([refused.name, refused.data?.code]).toEqual(['Forbidden', 'access-restricted'])
    expect((await rows(own, 'paidOut')).data).toEqual([])

    const limited = await signedInMember(server, clinic.admin, { role: 'finance', branchIds: [clinic.branchId] })
    const outside = await failure(report(limited, { branchId: northId }))
    expect([outside.name, outside.data?.code, outside.data?.path]).toEqual(['BadRequest', 'branch-not-allowed', 'branchId'])
    // Their branch and payouts without one: A's 20.00, B's 10.00; not A's 5.00 in North.
    expect((await report(limited)).paidOut).toBe(3_000)
    expect((await rows(limited, 'paidOut')).sum).toBe(3_000)

    const stranger = await server.registerClinic('Elsewhere payouts')
    const foreign = await report(stranger)
    expect([foreign.rows.map((row) => row.userId).includes(clinic.doctor.user._id), foreign.share, foreign.paidOut]).toEqual([false, 0, 0])
    expect((await rows(stranger, 'share')).data).toEqual([])
  })
})
