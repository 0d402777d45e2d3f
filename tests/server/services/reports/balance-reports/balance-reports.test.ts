import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { moneyClinic, type MoneyClinic } from '../money-fixture'
import { ageingBuckets, type BalanceReport, type BalanceReportRows } from '../../../../../server/src/services/reports/balance-reports/balance-reports.shared'

const AS_OF = '2026-10-31'

describe.each(engines)('balance reports (debtors) on %s', (engine) => {
  let server: TestServer
  let money: MoneyClinic

  const report = (who: SignedIn, query: Record<string, unknown> = {}) => who.client.service('balance-reports').find({ query: { asOf: AS_OF, ...query } }) as Promise<BalanceReport>
  const debt = (who: SignedIn, query: Record<string, unknown> = {}) => who.client.service('balance-reports').find({ query: { asOf: AS_OF, $rows: 'debt', ...query } }) as Promise<BalanceReportRows<'debt'>>
  const prepaid = (who: SignedIn, query: Record<string, unknown> = {}) => who.client.service('balance-reports').find({ query: { asOf: AS_OF, $rows: 'prepaid', ...query } }) as Promise<BalanceReportRows<'prepaid'>>
  const added = (found: BalanceReportRows) => (found.data as Array<{ value: number }>).reduce((sum, row) => sum + row.value, 0)

  beforeAll(async () => {
    server = await startServer(engine)
    money = await moneyClinic(server)
  })
  afterAll(() => server.stop())

  it('ages what is owed as of a day by the invoices\' issue days, per branch and patient', async () => {
    const { finance, northId, clinic, olga } = money
    const found = await report(finance)
    // A 50.00 left (age 0), B 200.00 (age 30: its payment was cancelled), F 600.00 (closed only
    // later); C 240.00 (age 31, paid less the refund); D 400.00 (age 90, paid after the day);
    // E 500.00 (age 91). G was closed before the day, H cancelled, I issued after.
    expect(found.totals).toEqual({ d0_30: 5_000 + 20_000 + 60_000, d31_60: 24_000, d61_90: 40_000, d90: 50_000, debt: 199_000, invoices: 6, patients: 2 })
    expect(found.byBranch).toEqual([
      { branchId: clinic.branchId, d0_30: 85_000, d31_60: 24_000, d61_90: 40_000, d90: 0, debt: 149_000, invoices: 5 },
      { branchId: northId, d0_30: 0, d31_60: 0, d61_90: 0, d90: 50_000, debt: 50_000, invoices: 1 }
    ])
    expect(found.patients.map((patient) => [patient.customerId, patient.name, patient.debt, patient.d90])).toEqual([[clinic.customerId, 'Virtanen Aino', 149_000, 0], [olga, 'Петрова Ольга', 50_000, 50_000]])
    expect(found.patientsTotal).toBe(2)
    // Aino's 50.00 top-up less 20.00 spent from it; Ольга's top-up came after the day.
    expect(found.prepaid).toEqual({ sum: 3_000, patients: 1 })
    expect(found.formulas.age).toBe('reports.debtors.formulas.age')

    // A month earlier: C just issued and unpaid (age 0), D and E 59 and 60 days old, B not issued yet.
    const earlier = await report(finance, { asOf: '2026-09-30' })
    expect(earlier.totals).toMatchObject({ d0_30: 30_000, d31_60: 90_000, d61_90: 0, d90: 0, invoices: 3 })
  })

  it('as of today is the ledger: the patients\' debts and balances', async () => {
    const { finance } = money
    const today = (await finance.client.service('balance-reports').find({ query: {} })) as BalanceReport
    const stored = await server.db('customers').where({ companyId: finance.auth.user.companyId }).select('balance', 'debt')
    expect(today.totals.debt).toBe(stored.reduce((sum, row) => sum + Number(row.debt), 0))
    expect(today.totals.debt).toBe(5_000 + 20_000 + 24_000 + 50_000 + 90_000)
    expect(today.prepaid).toEqual({ sum: stored.reduce((sum, row) => sum + Number(row.balance), 0), patients: 2 })
  })

  it('every number equals the sum of its invoices or patients', async () => {
    const { finance } = money
    const found = await report(finance)
    const all = await debt(finance)
    expect([added(all), all.sum, all.total]).toEqual([found.totals.debt, found.totals.debt, found.totals.invoices])
    for (const bucket of ageingBuckets) {
      const some = await debt(finance, { bucket })
      expect([bucket, added(some), some.total]).toEqual([bucket, found.totals[bucket], some.data.length])
      for (const branch of found.byBranch) expect([bucket, added(await debt(finance, { bucket, branchId: branch.branchId }))]).toEqual([bucket, branch[bucket]])
      for (const patient of found.patients) expect([bucket, added(await debt(finance, { bucket, customerId: patient.customerId }))]).toEqual([bucket, patient[bucket]])
    }
    for (const patient of found.patients) expect((await debt(finance, { customerId: patient.customerId })).sum).toBe(patient.debt)
    expect(all.data.map((row) => [row.issuedOn, row.age, row.bucket, row.total, row.paid, row.value])).toEqual([
      ['2026-08-01', 91, 'd90', 50_000, 0, 50_000],
      ['2026-08-02', 90, 'd61_90', 40_000, 0, 40_000],
      ['2026-09-30', 31, 'd31_60', 30_000, 6_000, 24_000],
      ['2026-10-01', 30, 'd0_30', 20_000, 0, 20_000],
      ['2026-10-10', 21, 'd0_30', 60_000, 0, 60_000],
      ['2026-10-31', 0, 'd0_30', 10_000, 5_000, 5_000]
    ])
    expect(all.data[0].customerName).toBe('Петрова Ольга')
    const top = await prepaid(finance)
    expect([top.sum, added(top), top.data.map((row) => [row.customerName, row.lastMovement, row.value])]).toEqual([3_000, 3_000, [['Virtanen Aino', '2026-10-20', 3_000]]])
    const firstOnly = await debt(finance, { $limit: 1 })
    expect([firstOnly.data.length, firstOnly.total, firstOnly.sum]).toEqual([1, 6, 199_000])
  })

  it('refuses bad days and narrowings', async () => {
    const { finance, clinic } = money
    const bad = [
      { asOf: '2026-02-30' }, { asOf: '2999-01-01' }, { asOf: '31.10.2026' }, { bucket: 'd0_30' }, { $rows: 'prepaid', bucket: 'd90' },
      { customerId: clinic.customerId }, { $limit: 3 }, { $rows: 'debt', bucket: 'd120' }, { $rows: 'owed' }, { $rows: 'debt', customerId: 'x' }, { extra: true }
    ]
    for (const query of bad) expect([JSON.stringify(query), (await failure(finance.client.service('balance-reports').find({ query: malformed(query) }))).name]).toEqual([JSON.stringify(query), 'BadRequest'])
    const future = await failure(finance.client.service('balance-reports').find({ query: { asOf: '2999-01-01' } }))
    expect([future.data?.code, future.data?.path]).toEqual(['invalid-request', 'asOf'])
  })

  it('shows a caller without seeAll only their own invoices, no balances, limited branches, and keeps companies apart', async () => {
    const { clinic, northId, doctorB, finance } = money
    expect((await failure(report(clinic.doctor))).name).toBe('Forbidden')
    const role = await clinic.admin.client.service('roles').create({ name: 'Doctor with debtors', permissions: [{ resource: 'balance-reports', view: true }] })
    const doctor = await signedInMember(server, clinic.admin, { roleId: role._id, branchIds: [clinic.branchId] })
    await server.db('invoices').where({ _id: money.invoices.C }).update({ doctorId: doctor.user._id })
    const own = await report(doctor)
    expect([own.doctorId, own.totals.debt, own.totals.d31_60, own.prepaid]).toEqual([doctor.user._id, 24_000, 24_000, null])
    expect((await prepaid(doctor)).data).toEqual([])
    expect((await debt(doctor)).sum).toBe(24_000)
    expect((await failure(report(doctor, { doctorId: doctorB.user._id }))).name).toBe('Forbidden')
    await server.db('invoices').where({ _id: money.invoices.C }).update({ doctorId: clinic.doctor.user._id })
    expect((await report(finance, { doctorId: doctorB.user._id })).totals).toMatchObject({ debt: 40_000, d61_90: 40_000 })

    const limited = await signedInMember(server, clinic.admin, { role: 'finance', branchIds: [clinic.branchId] })
    const refused = await failure(report(limited, { branchId: northId }))
    expect([refused.name, refused.data?.code]).toEqual(['BadRequest', 'branch-not-allowed'])
    const mine = await report(limited)
    expect([mine.totals.debt, mine.totals.d90, mine.prepaid, mine.byBranch.map((branch) => branch.branchId)]).toEqual([149_000, 0, null, [clinic.branchId]])
    expect((await report(finance, { branchId: northId })).prepaid).toBeNull()

    const stranger = await server.registerClinic('Elsewhere')
    const foreign = await report(stranger)
    expect([foreign.totals.debt, foreign.patients, foreign.prepaid]).toEqual([0, [], { sum: 0, patients: 0 }])
    expect((await debt(stranger, { customerId: clinic.customerId })).data).toEqual([])
  })
})
