import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { openClinic, type Clinic } from '../../../support/appointment-fixtures'
import { invoicesOf, key, paymentsOf, visitWithTreatments } from '../billing-fixtures'
import type { PaymentHistory } from '../../../../../server/src/services/billing/payment-history/payment-history.shared'

describe.each(engines)('payment history on %s', (engine) => {
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

  it('lists a patient\'s payments newest first with their invoices\' numbers, balance and debt; read-only and scoped', async () => {
    const serviceId = (await clinic.admin.client.service('service').create({ name: 'Осмотр', duration: 15, price: 40_000 }))._id
    const { treatmentIds } = await visitWithTreatments(clinic, serviceId, [40_000])
    const invoice = await invoicesOf(finance).create({ customerId: clinic.customerId, treatmentIds })
    const first = await paymentsOf(finance).create({ clientKey: key(), customerId: clinic.customerId, amount: 50_000, date: '2026-12-01T10:00:00.000Z', allocations: [{ invoiceId: invoice._id, amount: 30_000 }, { invoiceId: null, amount: 20_000 }] })
    const second = await paymentsOf(finance).create({ clientKey: key(), customerId: clinic.customerId, method: 'balance', amount: 10_000, date: '2026-12-02T10:00:00.000Z', allocations: [{ invoiceId: invoice._id, amount: 10_000 }] })
    const history: PaymentHistory = await finance.client.service('payment-history').find({ query: { customerId: clinic.customerId } })
    expect(history).toMatchObject({ customerId: clinic.customerId, balance: 10_000, debt: 0, total: 2, limit: 50, skip: 0 })
    expect(history.data.map((entry) => entry._id)).toEqual([second._id, first._id])
    expect(history.data[1].allocations.map((allocation) => [allocation.invoiceNumber, allocation.amount])).toEqual([[invoice.number, 30_000], [null, 20_000]])
    expect(history.data[0]).not.toHaveProperty('bodyHash')
    expect((await finance.client.service('payment-history').find({ query: { customerId: clinic.customerId, $limit: 1, $skip: 1 } })).data.map((entry) => entry._id)).toEqual([first._id])
    // A customer is required; unknown fields refused; a doctor has no payment-history; another company finds nothing.
    for (const query of [{}, { customerId: clinic.customerId, amount: 1 }, { customerId: clinic.customerId, $limit: 1000 }]) {
      expect((await failure(finance.client.service('payment-history').find({ query: malformed(query) }))).name).toBe('BadRequest')
    }
    expect((await failure(clinic.doctor.client.service('payment-history').find({ query: { customerId: clinic.customerId } }))).name).toBe('Forbidden')
    const stranger = await server.registerClinic('Elsewhere')
    expect((await failure(stranger.client.service('payment-history').find({ query: { customerId: clinic.customerId } }))).name).toBe('NotFound')
  })

  it("answers an invoice's payments and refunds alone, and the balance and debt alone with $limit 0", async () => {
    const serviceId = (await clinic.admin.client.service('service').create({ name: 'Снимок', duration: 15, price: 9_000 }))._id
    const invoiceOf = async () => invoicesOf(finance).create({ customerId: clinic.customerId, treatmentIds: (await visitWithTreatments(clinic, serviceId, [9_000])).treatmentIds })
    const [invoice, other] = [await invoiceOf(), await invoiceOf()]
    const paid = await paymentsOf(finance).create({ clientKey: key(), customerId: clinic.customerId, amount: 12_000, date: '2026-12-03T10:00:00.000Z', allocations: [{ invoiceId: invoice._id, amount: 6_000 }, { invoiceId: other._id, amount: 6_000 }] })
    await paymentsOf(finance).create({ clientKey: key(), customerId: clinic.customerId, amount: 4_000, date: '2026-12-04T10:00:00.000Z', allocations: [{ invoiceId: other._id, amount: 3_000 }, { invoiceId: null, amount: 1_000 }] })
    const refund = await paymentsOf(finance).create({ clientKey: key(), customerId: clinic.customerId, refundOf: paid._id, amount: 1_000, date: '2026-12-05T10:00:00.000Z', allocations: [{ invoiceId: invoice._id, amount: 1_000 }] })
    const ofInvoice: PaymentHistory = await finance.client.service('payment-history').find({ query: { customerId: clinic.customerId, invoiceId: invoice._id } })
    expect(ofInvoice.data.map((entry) => entry._id)).toEqual([refund._id, paid._id])
    expect(ofInvoice.total).toBe(2)
    // Each payment still comes with all its parts (the other invoice's too).
    expect(ofInvoice.data[1].allocations.map((allocation) => [allocation.invoiceNumber, allocation.amount])).toEqual([[invoice.number, 6_000], [other.number, 6_000]])
    const everything: PaymentHistory = await finance.client.service('payment-history').find({ query: { customerId: clinic.customerId } })
    expect(everything.total).toBeGreaterThan(3)
    // Another patient's invoice under this patient: nothing.
    const neighbour = await clinic.admin.client.service('customers').create({ first_name: 'Eero', last_name: 'Laine' })
    await paymentsOf(finance).create({ clientKey: key(), customerId: neighbour._id, amount: 500 })
    expect((await finance.client.service('payment-history').find({ query: { customerId: neighbour._id } })).total).toBe(1)
    expect((await finance.client.service('payment-history').find({ query: { customerId: neighbour._id, invoiceId: invoice._id } })).total).toBe(0)
    const standing: PaymentHistory = await finance.client.service('payment-history').find({ query: { customerId: clinic.customerId, $limit: 0 } })
    expect(standing).toEqual({ ...everything, limit: 0, data: [] })
    expect((await failure(finance.client.service('payment-history').find({ query: malformed({ customerId: clinic.customerId, invoiceId: 'INV-1' }) }))).name).toBe('BadRequest')
  })
})
