import { engines, eventWhere, failure, nextEvent, receivesEvent, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { anyService } from '../../../support/any-service'
import { openClinic, type Clinic } from '../../../support/appointment-fixtures'
import { invoicesOf, key, paymentsOf, storedMoney, visitWithTreatments } from '../billing-fixtures'
import type { Payment, PaymentData } from '../../../../../server/src/services/billing/transactions/transactions.shared'
import type { Invoice } from '../../../../../server/src/services/billing/invoices/invoices.shared'

describe.each(engines)('payments (transactions) on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let admin: SignedIn
  let finance: SignedIn
  let serviceId: string

  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
    admin = clinic.admin
    finance = await signedInMember(server, admin, { role: 'finance' })
    finance.client.set('currentBranchId', clinic.branchId)
    serviceId = (await admin.client.service('service').create({ name: 'Коронка', duration: 60, price: 500_000 }))._id
  })
  afterAll(() => server.stop())

  async function newPatient(name: string) {
    return (await admin.client.service('customers').create({ first_name: name, last_name: 'Payer' }))._id as string
  }
  async function invoiceFor(customerId: string, prices: number[]): Promise<Invoice> {
    const { treatmentIds } = await visitWithTreatments(clinic, serviceId, prices, customerId)
    return invoicesOf(finance).create({ customerId, treatmentIds })
  }
  const paymentCount = async () => Number((await server.db('transactions').count({ total: '*' }))[0].total)

  it('tops up the balance, pays invoices from it, never below zero, and keeps balance and debt on the customer', async () => {
    const customerId = await newPatient('Top')
    const invoice = await invoiceFor(customerId, [300_000])
    expect(await storedMoney(server, customerId)).toEqual({ balance: 0, debt: 300_000 })
    const heard = nextEvent<Payment>(finance.client, 'transactions', 'created')
    const customerHeard = eventWhere<{ _id: string; balance: number; debt: number }>(finance.client, 'customers', 'patched', (patched) => patched._id === customerId && patched.balance !== 0)
    const topUp: Payment = await paymentsOf(finance).create({ clientKey: key(), customerId, method: 'card', amount: 200_000, transactionId: ' RRN-1 ', receiver: 'Desk 1' })
    expect(topUp).toMatchObject({ kind: 'payment', method: 'card', status: 'success', amount: 200_000, transactionId: 'RRN-1', receiver: 'Desk 1', branchId: clinic.branchId, refundOf: null })
    expect(topUp.allocations).toEqual([{ _id: expect.any(String), invoiceId: null, amount: 200_000 }])
    expect(topUp).not.toHaveProperty('bodyHash')
    expect((await heard)._id).toBe(topUp._id)
    // Screens showing the patient hear the new balance once the payment has committed.
    expect(await customerHeard).toMatchObject({ _id: customerId, balance: 200_000, debt: 300_000 })
    expect(await storedMoney(server, customerId)).toEqual({ balance: 200_000, debt: 300_000 })
    const tooMuch = await failure(paymentsOf(finance).create({ clientKey: key(), customerId, method: 'balance', amount: 250_000, allocations: [{ invoiceId: invoice._id, amount: 250_000 }] }))
    expect([tooMuch.name, tooMuch.data?.code, tooMuch.data?.path]).toEqual(['Conflict', 'balance-insufficient', 'amount'])
    const fromBalance: Payment = await paymentsOf(finance).create({ clientKey: key(), customerId, method: 'balance', amount: 200_000, allocations: [{ invoiceId: invoice._id, amount: 200_000 }] })
    expect(fromBalance.status).toBe('debiting-from-balance')
    expect(await storedMoney(server, customerId)).toEqual({ balance: 0, debt: 100_000 })
    expect((await invoicesOf(finance).get(invoice._id))).toMatchObject({ paid: 200_000, due: 100_000, state: 'paid-partially' })
    // Cancelling the spent top-up would take the balance below zero.
    const spent = await failure(paymentsOf(finance).patch(topUp._id, { action: 'cancel', reason: 'mistake', note: 'x' }))
    expect([spent.name, spent.data?.code]).toEqual(['Conflict', 'balance-insufficient'])
    for (const data of [
      { method: 'balance', amount: 1, allocations: [{ invoiceId: null, amount: 1 }] },
      { method: 'balance', amount: 1 }
    ]) expect((await failure(paymentsOf(finance).create(malformed({ clientKey: key(), customerId, ...data })))).data?.code).toMatch(/payment-balance-to-balance|payment-allocations-required/)
    expect(await server.db('user_activities').where({ service: 'transactions', recordId: fromBalance._id, method: 'create' }).first()).toBeTruthy()
  })

  it('refuses over-allocation at its path, parts that do not add up, another patient\'s invoice, fractions and floats', async () => {
    const customerId = await newPatient('Over')
    const invoice = await invoiceFor(customerId, [100_000])
    const other = await invoiceFor(await newPatient('Else'), [100_000])
    const before = await paymentCount()
    const logged = async () => Number((await server.db('user_activities').where({ service: 'transactions' }).count({ total: '*' }))[0].total)
    const loggedBefore = await logged()
    const cases: Array<[Record<string, unknown>, string, string, string]> = [
      [{ amount: 150_000, allocations: [{ invoiceId: invoice._id, amount: 100_000 }, { invoiceId: invoice._id, amount: 50_000 }] }, 'Conflict', 'invoice-over-allocated', 'allocations.1.amount'],
      [{ amount: 100_001, allocations: [{ invoiceId: invoice._id, amount: 100_001 }] }, 'Conflict', 'invoice-over-allocated', 'allocations.0.amount'],
      [{ amount: 10, allocations: [{ invoiceId: invoice._id, amount: 5 }] }, 'BadRequest', 'payment-allocations-sum', 'allocations'],
      [{ amount: 10, allocations: [{ invoiceId: other._id, amount: 10 }] }, 'BadRequest', 'invoice-other-patient', 'allocations.0.invoiceId']
    ]
    for (const [data, name, code, path] of cases) {
      const error = await failure(paymentsOf(finance).create(malformed({ clientKey: key(), customerId, method: 'cash', ...data })))
      expect([JSON.stringify(data), error.name, error.data?.code, error.data?.path]).toEqual([JSON.stringify(data), name, code, path])
    }
    for (const data of [{ amount: 10.5 }, { amount: 0 }, { amount: -5 }, { method: 'cheque', amount: 1 }, { amount: 1, status: 'success' }, { amount: 1, clientKey: 'short' }, { amount: 1, clientKey: undefined }]) {
      expect((await failure(paymentsOf(finance).create(malformed({ clientKey: key(), customerId, ...data })))).name).toBe('BadRequest')
    }
    expect(await paymentCount()).toBe(before)
    // A refused write leaves no activity row either: the row is written in the write's transaction.
    expect(await logged()).toBe(loggedBefore)
    expect(await storedMoney(server, customerId)).toEqual({ balance: 0, debt: 100_000 })
  })

  it('answers ten simultaneous creates with one key with one payment, a retry with the first result, another body with a conflict', async () => {
    const customerId = await newPatient('Retry')
    const invoice = await invoiceFor(customerId, [80_000])
    const clientKey = key()
    const body: PaymentData = { clientKey, customerId, method: 'cash', amount: 50_000, allocations: [{ invoiceId: invoice._id, amount: 50_000 }] }
    const before = await paymentCount()
    const answers: Payment[] = await Promise.all(Array.from({ length: 10 }, () => paymentsOf(finance).create(body)))
    expect(new Set(answers.map((answer) => answer._id)).size).toBe(1)
    expect(await paymentCount()).toBe(before + 1)
    // The answer was lost: the retry (another connection, later) gets the first result, and no new event.
    const quiet = receivesEvent(finance.client, 'transactions', 'created')
    const retry: Payment = await paymentsOf(admin).create(body)
    expect(retry).toEqual(answers[0])
    expect(await quiet).toBe(false)
    expect(Number((await server.db('user_activities').where({ service: 'transactions', recordId: retry._id }).count({ total: '*' }))[0].total)).toBe(1)
    const changed = await failure(paymentsOf(finance).create({ ...body, amount: 30_000, allocations: [{ invoiceId: invoice._id, amount: 30_000 }] }))
    expect([changed.name, changed.data?.code, changed.data?.path]).toEqual(['Conflict', 'payment-key-reused', 'clientKey'])
    expect(await storedMoney(server, customerId)).toEqual({ balance: 0, debt: 30_000 })
  })

  it('lets only as much through as an invoice asks and the balance holds when payments race', async () => {
    const customerId = await newPatient('Race')
    const invoice = await invoiceFor(customerId, [100_000])
    const racing = await Promise.allSettled(Array.from({ length: 4 }, () => paymentsOf(finance).create({ clientKey: key(), customerId, amount: 40_000, allocations: [{ invoiceId: invoice._id, amount: 40_000 }] })))
    expect(racing.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(2)
    for (const outcome of racing.filter((entry): entry is PromiseRejectedResult => entry.status === 'rejected')) expect(outcome.reason.data).toMatchObject({ code: 'invoice-over-allocated', path: 'allocations.0.amount' })
    await paymentsOf(finance).create({ clientKey: key(), customerId, amount: 30_000 })
    const second = await invoiceFor(customerId, [50_000])
    const spending = await Promise.allSettled(Array.from({ length: 3 }, () => paymentsOf(finance).create({ clientKey: key(), customerId, method: 'balance', amount: 20_000, allocations: [{ invoiceId: second._id, amount: 20_000 }] })))
    expect(spending.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
    expect(await storedMoney(server, customerId)).toEqual({ balance: 10_000, debt: 20_000 + 30_000 })
  })

  it('refunds as a negative payment linked to the original, within what is left, and cancels with a reason and a note', async () => {
    const customerId = await newPatient('Refund')
    const invoice = await invoiceFor(customerId, [100_000])
    const payment: Payment = await paymentsOf(finance).create({ clientKey: key(), customerId, method: 'card', amount: 150_000, allocations: [{ invoiceId: invoice._id, amount: 100_000 }, { invoiceId: null, amount: 50_000 }] })
    expect(await storedMoney(server, customerId)).toEqual({ balance: 50_000, debt: 0 })
    const refund: Payment = await paymentsOf(finance).create({ clientKey: key(), customerId, refundOf: payment._id, amount: 70_000 })
    // From the balance first, then the invoice: the debt comes back.
    expect(refund).toMatchObject({ kind: 'refund', amount: -70_000, method: 'card', refundOf: payment._id, status: 'success' })
    expect(refund.allocations.map((allocation) => [allocation.invoiceId, allocation.amount])).toEqual([[null, -50_000], [invoice._id, -20_000]])
    expect(await storedMoney(server, customerId)).toEqual({ balance: 0, debt: 20_000 })
    expect((await invoicesOf(finance).get(invoice._id)).state).toBe('paid-partially')
    const tooMuch = await failure(paymentsOf(finance).create({ clientKey: key(), customerId, refundOf: payment._id, amount: 80_001 }))
    expect([tooMuch.name, tooMuch.data?.code, tooMuch.data?.path]).toEqual(['Conflict', 'refund-exceeds-payment', 'amount'])
    const fromWhere = await failure(paymentsOf(finance).create({ clientKey: key(), customerId, refundOf: payment._id, amount: 10, allocations: [{ invoiceId: null, amount: 10 }] }))
    expect([fromWhere.data?.code, fromWhere.data?.path]).toEqual(['refund-exceeds-payment', 'allocations.0.amount'])
    const otherPatient = await failure(paymentsOf(finance).create({ clientKey: key(), customerId: await newPatient('Nope'), refundOf: payment._id, amount: 10 }))
    expect([otherPatient.data?.code, otherPatient.data?.path]).toEqual(['refund-original-unknown', 'refundOf'])
    // A payment with refunds is not cancelled; the refund is (its money counts again), then the payment.
    expect((await failure(paymentsOf(finance).patch(payment._id, { action: 'cancel', reason: 'mistake', note: 'x' }))).data?.code).toBe('payment-has-refunds')
    for (const bad of [{ action: 'cancel', reason: 'mistake' }, { action: 'cancel', reason: 'mistake', note: '' }, { action: 'cancel', reason: 'mistake', note: 'x', amount: 1 }, { amount: 1 }]) {
      expect((await failure(paymentsOf(finance).patch(refund._id, malformed(bad)))).name).toBe('BadRequest')
    }
    const cancelled: Payment = await paymentsOf(finance).patch(refund._id, { action: 'cancel', reason: 'mistake', note: 'not given back' })
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'mistake', cancelNote: 'not given back', cancelledBy: finance.auth.user._id })
    expect(await storedMoney(server, customerId)).toEqual({ balance: 50_000, debt: 0 })
    expect((await failure(paymentsOf(finance).patch(refund._id, { action: 'cancel', reason: 'mistake', note: 'again' }))).data?.code).toBe('payment-cancelled')
    await paymentsOf(finance).patch(payment._id, { action: 'cancel', reason: 'duplicate', note: 'terminal declined' })
    expect(await storedMoney(server, customerId)).toEqual({ balance: 0, debt: 100_000 })
    expect((await invoicesOf(finance).get(invoice._id)).state).toBe('not-paid')
    // Nothing is ever removed; a doctor may not see payments; another company finds nothing.
    expect((await failure(anyService(admin.client, 'transactions').remove(payment._id, {}))).name).toBe('MethodNotAllowed')
    expect((await failure(anyService(admin.client, 'transactions').update(payment._id, {}, {}))).name).toBe('MethodNotAllowed')
    expect((await failure(paymentsOf(clinic.doctor).find({ query: { customerId } }))).name).toBe('Forbidden')
    const stranger = await server.registerClinic('Elsewhere')
    expect((await failure(paymentsOf(stranger).get(payment._id))).name).toBe('NotFound')
    expect((await failure(paymentsOf(stranger).patch(payment._id, { action: 'cancel', reason: 'mistake', note: 'x' }))).name).toBe('NotFound')
    const found = await paymentsOf(finance).find({ query: { customerId, $sort: { createdAt: 1 as const } } })
    expect(found.data.map((entry: Payment) => [entry.kind, entry.status])).toEqual([['payment', 'cancelled'], ['refund', 'cancelled']])
  })
})
