import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { ZONE, addDoctor, booking, openClinic, type Clinic } from '../../../support/appointment-fixtures'
import { invoicesOf, key, paymentsOf } from '../billing-fixtures'
import { todayIn } from '../../../../../server/src/services/customers/customers/customer-rules'
import type { BalanceRule, BalanceStatement } from '../../../../../server/src/services/billing/user-balance-history/user-balance-history.shared'
import type { BalanceReport } from '../../../../../server/src/services/billing/user-balance-reports/user-balance-reports.shared'

/** `user-balance-history` and `user-balance-reports`: doctors' shares of the ledger, payouts, closed periods. */
describe.each(engines)('payouts on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let admin: SignedIn
  let finance: SignedIn
  let other: SignedIn
  let today: string
  let monthAgo: string
  let tomorrow: string
  let filling: string
  let crown: string
  let cleaning: string
  let hygieneCategory: string

  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
    admin = clinic.admin
    finance = await signedInMember(server, admin, { role: 'finance' })
    other = await server.registerClinic('Other payouts')
    const services = admin.client.service('service')
    hygieneCategory = (await admin.client.service('service-categories').create({ name: 'Hygiene' }))._id
    filling = (await services.create({ name: 'Filling', code: 'F-1', duration: 30, price: 100_000 }))._id
    crown = (await services.create({ name: 'Crown', code: 'C-1', duration: 30, price: 100_000 }))._id
    cleaning = (await services.create({ name: 'Cleaning', code: 'H-1', duration: 30, price: 100_000, categoryId: hygieneCategory }))._id
    today = todayIn(ZONE)
    const shift = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
    monthAgo = shift(-30)
    tomorrow = shift(1)
  })
  afterAll(() => server.stop())

  const history = (who: SignedIn) => who.client.service('user-balance-history')
  const reports = (who: SignedIn) => ({ find: (params: { query: Record<string, unknown> }) => who.client.service('user-balance-reports').find(params) as Promise<BalanceReport> })
  let slot = 0
  /** A doctor with a percent of revenue. */
  async function doctorWith(percent: number) {
    const doctor = await addDoctor(server, clinic)
    await admin.client.service('users').patch(doctor.user._id, { percentOfRevenue: percent })
    return doctor
  }
  /** An invoice of lines done by `doctorId`: [service, price, quantity]. */
  async function invoiceOf(doctorId: string, lines: Array<[string, number, number?]>) {
    slot += 1
    const date = `2027-01-${String(1 + (slot % 27)).padStart(2, '0')}`
    const visit = await admin.client.service('appointment').create(booking(clinic, date, `${String(8 + Math.floor(slot / 27)).padStart(2, '0')}:00`))
    for (const [serviceId, price, quantity] of lines) {
      await admin.client.service('treatment').create({ customerId: clinic.customerId, appointmentId: visit._id, serviceId, price, quantity: quantity ?? 1, doctorId })
    }
    return invoicesOf(admin).create({ customerId: clinic.customerId, appointmentId: visit._id })
  }
  const statement = (who: SignedIn, userId: string, from = monthAgo, to = tomorrow): Promise<BalanceStatement> => history(who).find({ query: { userId, from, to } })
  const pay = (invoiceId: string, amount: number) => paymentsOf(admin).create({ customerId: clinic.customerId, method: 'cash', amount, clientKey: key(), allocations: [{ invoiceId, amount }] })

  it('gives the doctor their percent of each billed line, exactly rounded, with patient, service and running balance', async () => {
    const doctor = await doctorWith(30)
    const invoice = await invoiceOf(doctor.user._id, [[filling, 100_000], [crown, 50_001]])
    const seen = await statement(finance, doctor.user._id)
    expect(seen).toMatchObject({ userId: doctor.user._id, payoutBase: 'billed', revenuePercent: 30, opening: 0, base: 150_001, share: 45_000, paidOut: 0, balance: 45_000, closedUntil: null })
    expect(seen.lines.map((line) => [line.source, line.serviceName, line.base, line.percent, line.share, line.balance, line.invoiceNumber, line.customerName, line.date])).toEqual([
      ['invoice-line', 'Filling', 100_000, 30, 30_000, 30_000, invoice.number, 'Virtanen Aino', today],
      ['invoice-line', 'Crown', 50_001, 30, 15_000, 45_000, invoice.number, 'Virtanen Aino', today]
    ])
    // The same statement by the doctor's id; nothing is stored for an open period.
    expect(await history(finance).get(doctor.user._id, { query: { from: monthAgo, to: tomorrow } })).toEqual(seen)
    expect(await server.db('payout_lines').where({ userId: doctor.user._id })).toEqual([])
  })

  it('spreads the patient\'s discount over the lines before taking the share', async () => {
    const doctor = await doctorWith(50)
    await admin.client.service('customers').patch(clinic.customerId, { discount: 10 })
    try {
      await invoiceOf(doctor.user._id, [[filling, 10_001], [crown, 10_000]])
    } finally {
      await admin.client.service('customers').patch(clinic.customerId, { discount: 0 })
    }
    const seen = await statement(finance, doctor.user._id)
    // Total 18 001 (20 001 less 2 000); the lines' bases add up to it exactly.
    expect(seen.lines.map((line) => line.base)).toEqual([9_001, 9_000])
    expect(seen.share).toBe(4_501 + 4_500)
  })

  it('applies an override per service (fixed per unit) and per category (percent) before the doctor\'s percent', async () => {
    const doctor = await doctorWith(30)
    const rules: BalanceRule[] = [{ serviceId: filling, amount: 5_000 }, { categoryId: hygieneCategory, percent: 50 }]
    expect(await history(finance).patch(doctor.user._id, { rules })).toEqual({ _id: doctor.user._id, userId: doctor.user._id, rules })
    await invoiceOf(doctor.user._id, [[filling, 20_000, 2], [cleaning, 10_000], [crown, 10_000]])
    const seen = await statement(finance, doctor.user._id)
    expect(seen.lines.map((line) => [line.serviceName, line.base, line.percent, line.fixedAmount, line.share])).toEqual([
      ['Filling', 40_000, null, 5_000, 10_000],
      ['Cleaning', 10_000, 50, null, 5_000],
      ['Crown', 10_000, 30, null, 3_000]
    ])
    expect(seen.rules).toEqual(rules)
    // The list is replaced as a whole; an empty list leaves the doctor's percent alone.
    await history(finance).patch(doctor.user._id, { rules: [] })
    expect((await statement(finance, doctor.user._id)).share).toBe(12_000 + 3_000 + 3_000)
  })

  it('refuses rules without a target or a share, with both, duplicated, out of range, or of another company, writing nothing', async () => {
    const doctor = await doctorWith(30)
    await history(finance).patch(doctor.user._id, { rules: [{ serviceId: crown, percent: 40 }] })
    const before = await server.db('payout_rules').where({ userId: doctor.user._id })
    const patch = (rules: unknown) => failure(history(finance).patch(doctor.user._id, malformed({ rules })))
    expect((await patch([{ percent: 10 }])).data).toMatchObject({ code: 'payout-rule-target', path: 'rules.0' })
    expect((await patch([{ serviceId: crown, categoryId: hygieneCategory, percent: 10 }])).data).toMatchObject({ code: 'payout-rule-target', path: 'rules.0' })
    expect((await patch([{ serviceId: crown }])).data).toMatchObject({ code: 'payout-rule-share', path: 'rules.0' })
    expect((await patch([{ serviceId: crown, percent: 10, amount: 5 }])).data).toMatchObject({ code: 'payout-rule-share', path: 'rules.0' })
    expect((await patch([{ serviceId: crown, percent: 10 }, { serviceId: crown, amount: 5 }])).data).toMatchObject({ code: 'payout-rule-duplicate', path: 'rules.1' })
    expect((await patch([{ serviceId: crown, percent: 101 }])).data).toMatchObject({ path: 'rules.0.percent' })
    expect((await patch([{ serviceId: crown, amount: 1.5 }])).data).toMatchObject({ path: 'rules.0.amount' })
    const theirService = (await other.client.service('service').create({ name: 'Theirs', code: 'T', duration: 30, price: 1 }))._id
    expect((await patch([{ serviceId: theirService, percent: 10 }])).name).toMatch(/BadRequest|NotFound/)
    expect((await failure(history(clinic.doctor).patch(doctor.user._id, { rules: [] }))).name).toBe('Forbidden')
    expect((await failure(history(finance).patch('not-an-id', { rules: [] }))).data).toMatchObject({ code: 'invalid-request' })
    expect((await failure(history(finance).patch(other.auth.user._id, { rules: [] }))).name).toBe('NotFound')
    expect(await server.db('payout_rules').where({ userId: doctor.user._id })).toEqual(before)
  })

  it('on the paid base shares each payment spread over the lines, and reverses a cancelled payment', async () => {
    await admin.client.service('company').patch('mine', { settings: { payoutBase: 'paid' } })
    try {
      const doctor = await doctorWith(30)
      const invoice = await invoiceOf(doctor.user._id, [[filling, 60_000], [crown, 40_000]])
      expect((await statement(finance, doctor.user._id)).lines).toEqual([])
      await pay(invoice._id, 50_000)
      const second = await pay(invoice._id, 30_001)
      let seen = await statement(finance, doctor.user._id)
      expect(seen.payoutBase).toBe('paid')
      expect(seen.lines.map((line) => [line.source, line.serviceName, line.base, line.share])).toEqual([
        ['payment-allocation', 'Filling', 30_000, 9_000],
        ['payment-allocation', 'Crown', 20_000, 6_000],
        ['payment-allocation', 'Filling', 18_001, 5_400],
        ['payment-allocation', 'Crown', 12_000, 3_600]
      ])
      expect(seen.base).toBe(80_001)
      expect(seen.share).toBe(9_000 + 6_000 + 5_400 + 3_600)
      await paymentsOf(admin).patch(second._id, { action: 'cancel', reason: 'mistake', note: 'wrong amount' })
      seen = await statement(finance, doctor.user._id)
      expect(seen.lines).toHaveLength(6)
      expect(seen.lines.filter((line) => line.base < 0).map((line) => [line.base, line.share]).sort()).toEqual([[-12_000, -3_600], [-18_001, -5_400]].sort())
      expect(seen).toMatchObject({ base: 50_000, share: 15_000, balance: 15_000 })
    } finally {
      await admin.client.service('company').patch('mine', { settings: { payoutBase: 'billed' } })
    }
  })

  it('reverses a cancelled invoice with negative lines and never deletes the earned ones', async () => {
    const doctor = await doctorWith(40)
    const invoice = await invoiceOf(doctor.user._id, [[crown, 25_000]])
    await invoicesOf(admin).patch(invoice._id, { action: 'cancel', reason: 'mistake', note: 'wrong patient' })
    const seen = await statement(finance, doctor.user._id)
    expect(seen.lines.map((line) => [line._id.split(':')[0], line.base, line.share, line.balance])).toEqual([
      ['bill', 25_000, 10_000, 10_000],
      ['bill-cancel', -25_000, -10_000, 0]
    ])
    expect(seen).toMatchObject({ base: 0, share: 0, balance: 0 })
  })

  it('closes a period: its lines are frozen; a later rule change or cancellation lands on the first open day', async () => {
    const doctor = await doctorWith(30)
    const invoice = await invoiceOf(doctor.user._id, [[crown, 100_000]])
    const closed = await history(finance).create({ action: 'close', userId: doctor.user._id, from: monthAgo, to: today })
    expect(closed).toMatchObject({ action: 'close', userId: doctor.user._id, from: monthAgo, to: today, userIds: [doctor.user._id], lineCount: 1 })
    expect(await server.db('payout_lines').where({ userId: doctor.user._id })).toHaveLength(1)
    expect(await server.db('user_activities').where({ service: 'user-balance-history', method: 'create', recordId: closed._id }).first()).toBeTruthy()
    // A higher percent now changes nothing closed.
    await admin.client.service('users').patch(doctor.user._id, { percentOfRevenue: 50 })
    let seen = await statement(finance, doctor.user._id, monthAgo, today)
    expect(seen.lines.map((line) => [line.closed, line.percent, line.share])).toEqual([[true, 30, 30_000]])
    expect(seen.closedUntil).toBe(today)
    // Cancelling the invoice takes back what was frozen (30 %, not 50 %), on the first open day.
    await invoicesOf(admin).patch(invoice._id, { action: 'cancel', reason: 'mistake', note: 'not done' })
    seen = await statement(finance, doctor.user._id, monthAgo, today)
    expect(seen.lines.map((line) => line.share)).toEqual([30_000])
    seen = await statement(finance, doctor.user._id, tomorrow, tomorrow)
    expect(seen).toMatchObject({ opening: 30_000, share: -30_000, balance: 0 })
    expect(seen.lines.map((line) => [line.date, line.adjustment, line.closed, line.base, line.share])).toEqual([[tomorrow, true, false, -100_000, -30_000]])
    // The same days cannot close twice; a period cannot close before its last day.
    expect((await failure(history(finance).create({ action: 'close', userId: doctor.user._id, from: today, to: today }))).data).toMatchObject({ code: 'payout-period-closed', path: 'from' })
    expect((await failure(history(finance).create({ action: 'close', userId: doctor.user._id, from: tomorrow, to: tomorrow }))).data).toMatchObject({ code: 'payout-close-future', path: 'to' })
    expect((await failure(history(finance).create({ action: 'close', userId: doctor.user._id, from: today, to: monthAgo }))).data).toMatchObject({ code: 'invalid-request', path: 'to' })
    expect(await server.db('payout_lines').where({ userId: doctor.user._id })).toHaveLength(1)
    expect((await statement(finance, doctor.user._id)).periods.map((period) => [period.from, period.to])).toEqual([[monthAgo, today]])
  })

  it('closes every doctor at once', async () => {
    const company = await server.registerClinic('All doctors')
    const doctorA = await signedInMember(server, company, { role: 'doctor' })
    const doctorB = await signedInMember(server, company, { role: 'doctor' })
    for (const doctor of [doctorA, doctorB]) await company.client.service('users').patch(doctor.auth.user._id, { acceptsAppointments: true })
    const closed = await history(company).create({ action: 'close', from: monthAgo, to: today })
    expect([...(closed.userIds ?? [])].sort()).toEqual([doctorA.auth.user._id, doctorB.auth.user._id].sort())
    expect((await failure(history(company).create({ action: 'close', from: today, to: today }))).data).toMatchObject({ code: 'payout-period-closed' })
  })

  it('records a payout against the balance, as a negative line with its method and note', async () => {
    const doctor = await doctorWith(30)
    await invoiceOf(doctor.user._id, [[crown, 100_000]])
    const payout = await history(finance).create({ action: 'payout', userId: doctor.user._id, amount: 20_000, method: 'cash', note: ' advance ', branchId: clinic.branchId })
    expect(payout).toMatchObject({ action: 'payout', userId: doctor.user._id, amount: 20_000, method: 'cash', note: 'advance', date: today, branchId: clinic.branchId })
    const seen = await statement(finance, doctor.user._id)
    expect(seen).toMatchObject({ share: 30_000, paidOut: 20_000, balance: 10_000 })
    expect(seen.lines.at(-1)).toMatchObject({ kind: 'payout', source: 'payout', share: -20_000, balance: 10_000, method: 'cash', note: 'advance' })
    const before = await server.db('payouts').where({ userId: doctor.user._id })
    const create = (data: Record<string, unknown>) => failure(history(finance).create(malformed({ action: 'payout', userId: doctor.user._id, amount: 100, method: 'cash', ...data })))
    for (const amount of [0, -5, 10.5, '100', null]) expect((await create({ amount })).data).toMatchObject({ path: 'amount' })
    expect((await create({ date: '2999-01-01' })).data).toMatchObject({ code: 'payout-date-in-future', path: 'date' })
    expect((await create({ method: 'gold' })).data).toMatchObject({ path: 'method' })
    expect((await create({ companyId: other.auth.company._id })).data).toMatchObject({ code: 'invalid-request' })
    expect((await create({ userId: other.auth.user._id })).name).toMatch(/BadRequest|NotFound/)
    expect((await failure(history(doctor).create({ action: 'payout', userId: doctor.user._id, amount: 5, method: 'cash' }))).name).toBe('Forbidden')
    expect(await server.db('payouts').where({ userId: doctor.user._id })).toEqual(before)
    // Payouts and closes are never removed or rewritten.
    const writer = history(finance) as unknown as { remove: (id: string) => Promise<unknown>; update: (id: string, data: unknown) => Promise<unknown> }
    expect((await failure(writer.remove(payout._id))).name).toBe('MethodNotAllowed')
    expect((await failure(writer.update(doctor.user._id, { rules: [] }))).name).toBe('MethodNotAllowed')
  })

  it('shows a doctor only their own lines, by query and by id, whatever the branch', async () => {
    const doctor = await doctorWith(30)
    const colleague = await doctorWith(30)
    await invoiceOf(doctor.user._id, [[crown, 10_000]])
    await invoiceOf(colleague.user._id, [[crown, 20_000]])
    const own = await history(doctor).find({ query: { from: monthAgo, to: tomorrow } })
    expect(own).toMatchObject({ userId: doctor.user._id, share: 3_000 })
    expect(await history(doctor).find({ query: { userId: doctor.user._id, from: monthAgo, to: tomorrow } })).toEqual(own)
    expect(await history(doctor).get(doctor.user._id, { query: { from: monthAgo, to: tomorrow } })).toEqual(own)
    for (const error of await Promise.all([
      history(doctor).find({ query: { userId: colleague.user._id, from: monthAgo, to: tomorrow } }),
      history(doctor).get(colleague.user._id, { query: { from: monthAgo, to: tomorrow } })
    ].map(failure))) expect([error.name, error.data?.code]).toEqual(['Forbidden', 'balance-not-own'])
    expect((await failure(reports(doctor).find({ query: { from: monthAgo, to: tomorrow } }))).name).toBe('Forbidden')
  })

  it('shows another company nothing of this clinic\'s doctors, by id, query or report', async () => {
    const doctor = await doctorWith(30)
    await invoiceOf(doctor.user._id, [[crown, 10_000]])
    for (const error of await Promise.all([
      history(other).find({ query: { userId: doctor.user._id, from: monthAgo, to: tomorrow } }),
      history(other).get(doctor.user._id, { query: { from: monthAgo, to: tomorrow } }),
      history(other).patch(doctor.user._id, { rules: [] })
    ].map(failure))) expect(error.name).toBe('NotFound')
    expect((await failure(history(other).create({ action: 'close', userId: doctor.user._id, from: monthAgo, to: today }))).name).toMatch(/BadRequest|NotFound/)
    const theirs = await reports(other).find({ query: { from: monthAgo, to: tomorrow, companyId: admin.auth.company._id } })
    expect(theirs.rows.map((row) => row.userId)).not.toContain(doctor.user._id)
    expect(theirs.share).toBe(0)
    // Naming this clinic's branch reads their own company only (every report's rule, report-scope.ts): nothing.
    expect((await reports(other).find({ query: { from: monthAgo, to: tomorrow, branchId: clinic.branchId } })).rows.map((row) => row.userId)).not.toContain(doctor.user._id)
  })

  it('reports per doctor the base, share, paid out and balance, for the company or a branch', async () => {
    const doctor = await doctorWith(20)
    await invoiceOf(doctor.user._id, [[crown, 50_000]])
    await history(finance).create({ action: 'payout', userId: doctor.user._id, amount: 4_000, method: 'bank' })
    const report = await reports(finance).find({ query: { from: monthAgo, to: tomorrow } })
    expect(report.rows.find((row) => row.userId === doctor.user._id)).toMatchObject({ base: 50_000, share: 10_000, paidOut: 4_000, balance: 6_000 })
    expect(report.share).toBe(report.rows.reduce((sum, row) => sum + row.share, 0))
    const inBranch = await reports(finance).find({ query: { from: monthAgo, to: tomorrow, branchId: clinic.branchId } })
    // The payout named no branch: it counts for the company, not for a branch.
    expect(inBranch.rows.find((row) => row.userId === doctor.user._id)).toMatchObject({ base: 50_000, share: 10_000, paidOut: 0, balance: 10_000 })
    const second = (await admin.client.service('branches').create({ name: 'Second' }))._id
    const empty = await reports(admin).find({ query: { from: monthAgo, to: tomorrow, branchId: second } })
    // Nothing of this doctor's in that branch (and they take no appointments): not listed at all.
    expect(empty.rows.find((row) => row.userId === doctor.user._id)).toBeUndefined()
    expect(empty).toMatchObject({ base: 0, share: 0, paidOut: 0, balance: 0 })
    // Finance works in the first branch only: another branch is refused, not summed as nothing.
    expect((await failure(reports(finance).find({ query: { from: monthAgo, to: tomorrow, branchId: second } }))).data).toMatchObject({ code: 'branch-not-allowed', path: 'branchId' })
  })

  it('refuses malformed queries and data', async () => {
    const find = (query: Record<string, unknown>) => failure(history(finance).find(malformed({ query })))
    expect((await find({ from: monthAgo })).name).toBe('BadRequest')
    expect((await find({ from: '2026-1-1', to: today })).name).toBe('BadRequest')
    expect((await find({ from: today, to: monthAgo })).data).toMatchObject({ code: 'invalid-request', path: 'to' })
    expect((await find({ from: '2020-01-01', to: '2026-01-01' })).data).toMatchObject({ code: 'invalid-request', path: 'to' })
    expect((await find({ from: monthAgo, to: today, userId: 'x' })).name).toBe('BadRequest')
    expect((await find({ from: monthAgo, to: today, $limit: 5 })).name).toBe('BadRequest')
    expect((await find({ from: monthAgo, to: today, userId: { $ne: null } })).name).toBe('BadRequest')
    expect((await failure(history(finance).get('nope', { query: { from: monthAgo, to: today } }))).name).toBe('BadRequest')
    expect((await failure(history(finance).create(malformed({ action: 'steal', userId: finance.auth.user._id })))).name).toBe('BadRequest')
    expect((await failure(history(finance).create(malformed({ action: 'close', from: monthAgo, to: today, extra: 1 })))).name).toBe('BadRequest')
    expect((await failure(reports(finance).find(malformed({ query: { from: monthAgo, to: today, userId: finance.auth.user._id } })))).name).toBe('BadRequest')
  })
})
