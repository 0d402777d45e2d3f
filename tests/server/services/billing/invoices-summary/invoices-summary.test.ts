import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { openClinic, type Clinic } from '../../../support/appointment-fixtures'
import { invoicesOf, key, paymentsOf, visitWithTreatments } from '../billing-fixtures'
import type { InvoicesSummary } from '../../../../../server/src/services/billing/invoices-summary/invoices-summary.shared'

describe.each(engines)('invoices summary on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let finance: SignedIn

  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
    finance = await signedInMember(server, clinic.admin, { role: 'finance' })
    finance.client.set('currentBranchId', clinic.branchId)
  })
  afterAll(() => server.stop())

  it('sums billed, paid, due and written off, by state, for a branch and a range; refuses bad ranges and others\' branches', async () => {
    const serviceId = (await clinic.admin.client.service('service').create({ name: 'Снимок', duration: 10, price: 1 }))._id
    const make = async (price: number) => invoicesOf(finance).create({ customerId: clinic.customerId, treatmentIds: (await visitWithTreatments(clinic, serviceId, [price])).treatmentIds })
    const [paid, partly, unpaid, cancelled, closed] = await Promise.all([make(10_000), make(20_000), make(30_000), make(40_000), make(50_000)])
    await paymentsOf(finance).create({ clientKey: key(), customerId: clinic.customerId, amount: 10_000, allocations: [{ invoiceId: paid._id, amount: 10_000 }] })
    await paymentsOf(finance).create({ clientKey: key(), customerId: clinic.customerId, amount: 5_000, allocations: [{ invoiceId: partly._id, amount: 5_000 }] })
    await paymentsOf(finance).create({ clientKey: key(), customerId: clinic.customerId, amount: 1_000, allocations: [{ invoiceId: closed._id, amount: 1_000 }] })
    await invoicesOf(finance).patch(cancelled._id, { action: 'cancel', reason: 'mistake', note: 'x' })
    await invoicesOf(finance).patch(closed._id, { action: 'close', reason: 'other', note: 'goodwill' })
    const day = paid.issuedOn
    const summary: InvoicesSummary = await finance.client.service('invoices-summary').find({ query: { from: day, to: day, branchId: clinic.branchId } })
    expect(summary).toMatchObject({ from: day, to: day, branchId: clinic.branchId, count: 4, billed: 110_000, paid: 16_000, due: 45_000, writtenOff: 49_000 })
    const byState = Object.fromEntries(summary.byState.map((entry) => [entry.state, [entry.count, entry.billed, entry.paid, entry.due]]))
    expect(byState).toMatchObject({ paid: [1, 10_000, 10_000, 0], 'paid-partially': [1, 20_000, 5_000, 15_000], 'not-paid': [1, 30_000, 0, 30_000], cancelled: [1, 40_000, 0, 0], closed: [1, 50_000, 1_000, 0] })
    expect(unpaid.state).toBe('not-paid')
    // Every branch the caller sees (none named) gives the same here; another day gives nothing.
    expect((await finance.client.service('invoices-summary').find({ query: { from: day, to: day } })).billed).toBe(110_000)
    expect((await finance.client.service('invoices-summary').find({ query: { from: '2020-01-01', to: '2020-01-31' } })).count).toBe(0)
    for (const query of [{ from: day }, { from: day, to: '2020-01-01' }, { from: '2020-01-01', to: '2022-01-01' }, { from: day, to: day, extra: 1 }]) {
      expect((await failure(finance.client.service('invoices-summary').find({ query: malformed(query) }))).name).toBe('BadRequest')
    }
    const north = await clinic.admin.client.service('branches').create({ name: 'North' })
    const notTheirs = await failure(clinic.doctor.client.service('invoices-summary').find({ query: { from: day, to: day } }))
    expect(notTheirs.name).toBe('Forbidden')
    const limited = await signedInMember(server, clinic.admin, { role: 'finance', branchIds: [clinic.branchId] })
    const refused = await failure(limited.client.service('invoices-summary').find({ query: { from: day, to: day, branchId: north._id } }))
    expect([refused.name, refused.data?.code]).toEqual(['BadRequest', 'branch-not-allowed'])
    // Another company's administrator sums only their own invoices: none of these, and never this clinic's branch.
    const stranger = await server.registerClinic('Elsewhere')
    expect((await stranger.client.service('invoices-summary').find({ query: { from: day, to: day } })).count).toBe(0)
    const foreign = await stranger.client.service('invoices-summary').find({ query: { from: day, to: day, branchId: clinic.branchId } })
    expect([foreign.count, foreign.billed, foreign.byState.every((entry) => entry.count === 0)]).toEqual([0, 0, true])
  })
})
