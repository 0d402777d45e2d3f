import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { moneyClinic, type MoneyClinic } from '../money-fixture'
import { PERIOD, withPayoutsAndExpenses } from '../payout-fixture'
import type { ExpenseReport, ExpenseReportRows, ExpenseRowFigure } from '../../../../../server/src/services/reports/expense-reports/expense-reports.shared'
import type { PaymentReport } from '../../../../../server/src/services/reports/payment-reports/payment-reports.shared'
import type { BalanceReport } from '../../../../../server/src/services/billing/user-balance-reports/user-balance-reports.shared'

describe.each(engines)('expense reports on %s', (engine) => {
  let server: TestServer
  let money: MoneyClinic

  const report = (who: SignedIn, query: Record<string, unknown> = {}) => who.client.service('expense-reports').find({ query: { ...PERIOD, ...query } }) as Promise<ExpenseReport>
  const rows = (who: SignedIn, figure: ExpenseRowFigure, query: Record<string, unknown> = {}) => who.client.service('expense-reports').find({ query: { ...PERIOD, $rows: figure, ...query } }) as Promise<ExpenseReportRows>
  const added = (found: ExpenseReportRows) => found.data.reduce((sum, row) => sum + row.value, 0)

  beforeAll(async () => {
    server = await startServer(engine)
    money = await moneyClinic(server)
    await withPayoutsAndExpenses(money)
    // A whole ledger, payouts and expenses through the services: slow on PostgreSQL on a busy machine.
  }, 120_000)
  afterAll(() => server.stop())

  it('sums expenses per category, branch and day, and the net: money taken − expenses − payouts', async () => {
    const { finance, clinic, northId } = money
    const found = await report(finance)
    expect(found.totals).toEqual({ expenses: 59_000, count: 4, income: 61_000, payouts: 3_500, net: -1_500 })
    expect(found.byCategory).toEqual([{ category: 'rent', count: 1, amount: 50_000 }, { category: 'materials', count: 2, amount: 5_000 }, { category: 'utilities', count: 1, amount: 4_000 }])
    expect(found.byBranch).toEqual([{ branchId: clinic.branchId, count: 3, amount: 55_000 }, { branchId: northId, count: 1, amount: 4_000 }])
    expect(found.byDay).toEqual([
      { day: '2026-10-01', expenses: 50_000, payouts: 0 }, { day: '2026-10-05', expenses: 5_000, payouts: 0 }, { day: '2026-10-10', expenses: 0, payouts: 2_000 },
      { day: '2026-10-20', expenses: 0, payouts: 500 }, { day: '2026-11-02', expenses: 4_000, payouts: 0 }, { day: '2026-11-06', expenses: 0, payouts: 1_000 }
    ])
    expect(found.cells.reduce((sum, cell) => sum + cell.amount, 0)).toBe(59_000)
    expect(found.formulas.net).toBe('reports.expenses.formulas.net')
    // The net's parts are the other reports' figures: the payments report's net, the payouts report's paid out.
    const payments = (await finance.client.service('payment-reports').find({ query: PERIOD })) as PaymentReport
    const payouts = (await finance.client.service('user-balance-reports').find({ query: PERIOD })) as BalanceReport
    expect([found.totals.income, found.totals.payouts]).toEqual([payments.totals.net, payouts.paidOut])
    // One branch: its expenses, its money, its payouts (one without a branch is the company's).
    expect((await report(finance, { branchId: northId })).totals).toEqual({ expenses: 4_000, count: 1, income: 7_000, payouts: 500, net: 2_500 })
  })

  it('every number equals the sum of its drill-down rows', async () => {
    const { finance, clinic } = money
    for (const query of [{}, { branchId: clinic.branchId }]) {
      const found = await report(finance, query)
      for (const figure of ['expenses', 'income', 'payouts'] as const) {
        const all = await rows(finance, figure, query)
        expect([figure, added(all), all.sum, all.total]).toEqual([figure, found.totals[figure], found.totals[figure], all.data.length])
      }
      for (const entry of found.byCategory) expect([entry.category, added(await rows(finance, 'expenses', { ...query, category: entry.category }))]).toEqual([entry.category, entry.amount])
      for (const entry of found.byBranch) expect([entry.branchId, (await rows(finance, 'expenses', { branchId: entry.branchId })).sum]).toEqual([entry.branchId, entry.amount])
      for (const day of found.byDay) {
        expect([day.day, (await rows(finance, 'expenses', { ...query, day: day.day })).sum]).toEqual([day.day, day.expenses])
        expect([day.day, (await rows(finance, 'payouts', { ...query, day: day.day })).sum]).toEqual([day.day, day.payouts])
      }
      for (const cell of found.cells) {
        const narrowed = await rows(finance, 'expenses', { day: cell.day, branchId: cell.branchId, category: cell.category })
        expect([cell.day, cell.category, narrowed.total, narrowed.sum]).toEqual([cell.day, cell.category, cell.count, cell.amount])
      }
    }
    const materials = await rows(finance, 'expenses', { category: 'materials' })
    expect(materials.data.map((row) => [row.kind, row.day, row.value, 'supplier' in row ? row.supplier : null])).toEqual([['expense', '2026-10-05', 3_000, 'materials supplier'], ['expense', '2026-10-05', 2_000, 'materials supplier']])
    const paid = await rows(finance, 'payouts')
    expect(paid.data.map((row) => [row.kind, row.day, row.value, 'doctorName' in row && row.doctorName !== ''])).toEqual([['payout', '2026-10-10', 2_000, true], ['payout', '2026-10-20', 500, true], ['payout', '2026-11-06', 1_000, true]])
    const income = await rows(finance, 'income')
    expect(income.data.filter((row) => row.kind === 'refund').map((row) => row.value)).toEqual([-4_000])
    const limited = await rows(finance, 'expenses', { $limit: 1 })
    expect([limited.data.length, limited.total, limited.sum]).toEqual([1, 4, 59_000])
  })

  it('refuses a missing period and malformed narrowings', async () => {
    const { finance } = money
    const none = await failure(finance.client.service('expense-reports').find({ query: { to: PERIOD.to } }))
    expect([none.name, none.data?.code, none.data?.path, none.message]).toEqual(['BadRequest', 'date-constraint-required', 'from', 'Date constraint is required'])
    const bad = [
      { from: PERIOD.to, to: PERIOD.from }, { from: '2025-01-01', to: '2026-11-01' }, { ...PERIOD, $rows: 'expenses', day: '2026-11-08' },
      { ...PERIOD, category: 'rent' }, { ...PERIOD, $rows: 'payouts', category: 'rent' }, { ...PERIOD, $rows: 'expenses', category: 'coffee' },
      { ...PERIOD, $rows: 'net' }, { ...PERIOD, $limit: 5 }, { ...PERIOD, doctorId: finance.user._id }, { ...PERIOD, extra: 1 }
    ]
    for (const query of bad) expect([JSON.stringify(query), (await failure(finance.client.service('expense-reports').find({ query: malformed(query) }))).name]).toEqual([JSON.stringify(query), 'BadRequest'])
  })

  it('is the clinic\'s money: refused to own-figures roles, the net only with the payments and payouts reports, branches limited', async () => {
    const { clinic, northId } = money
    expect((await failure(report(clinic.doctor))).name).toBe('Forbidden')
    const ownRole = await clinic.admin.client.service('roles').create({ name: 'Own expenses', permissions: [{ resource: 'expense-reports', view: true }] })
    const own = await signedInMember(server, clinic.admin, { roleId: ownRole._id, branchIds: [clinic.branchId] })
    const refused = await failure(report(own))
    expect([refused.name, refused.data?.code]).toEqual(['Forbidden', 'access-restricted'])

    const bookkeeping = await clinic.admin.client.service('roles').create({ name: 'Expenses only', permissions: [{ resource: 'expense-reports', view: true, seeAll: true }] })
    const bookkeeper = await signedInMember(server, clinic.admin, { roleId: bookkeeping._id, branchIds: [clinic.branchId, northId] })
    expect((await report(bookkeeper)).totals).toEqual({ expenses: 59_000, count: 4, income: null, payouts: null, net: null })
    for (const figure of ['income', 'payouts'] as const) expect((await failure(rows(bookkeeper, figure))).data?.code).toBe('access-restricted')

    const limited = await signedInMember(server, clinic.admin, { role: 'finance', branchIds: [clinic.branchId] })
    const outside = await failure(report(limited, { branchId: northId }))
    expect([outside.name, outside.data?.code, outside.data?.path]).toEqual(['BadRequest', 'branch-not-allowed', 'branchId'])
    // Their branch: its expenses and money; payouts of their branch and those without one.
    expect((await report(limited)).totals).toEqual({ expenses: 55_000, count: 3, income: 54_000, payouts: 3_000, net: -4_000 })

    const stranger = await server.registerClinic('Elsewhere expenses')
    expect((await report(stranger)).totals).toEqual({ expenses: 0, count: 0, income: 0, payouts: 0, net: 0 })
    expect((await rows(stranger, 'expenses')).data).toEqual([])
  })
})
