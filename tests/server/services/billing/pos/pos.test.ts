import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { openClinic, booking, ZONE, type Clinic } from '../../../support/appointment-fixtures'
import { key, paymentsOf, storedMoney } from '../billing-fixtures'
import { todayIn } from '../../../../../server/src/services/customers/customers/customer-rules'
import type { CheckoutData } from '../../../../../server/src/services/billing/cart/cart.shared'

/** The cash desk: today's visits waiting for payment (`pos-cart`) and a patient's cart with its checkout (`cart`). */
describe.each(engines)('the cash desk on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let finance: SignedIn
  let other: SignedIn
  let branchB: string
  let serviceId: string
  let today: string
  let hour = 8

  /** A visit today in the clinic's branch (or `branchId`) with treatment lines of these prices. */
  async function visitToday(prices: number[], customerId = clinic.customerId, branchId?: string) {
    hour += 1
    const extra = branchId ? { customerId, branchId } : { customerId }
    const visit = await clinic.admin.client.service('appointment').create(booking(clinic, today, `${String(hour).padStart(2, '0')}:00`, extra))
    const lines = []
    for (const price of prices) lines.push(await clinic.admin.client.service('treatment').create({ customerId, appointmentId: visit._id, serviceId, price }))
    return { visitId: visit._id as string, treatmentIds: lines.map((line) => line._id as string) }
  }

  const counts = async () => {
    const count = async (table: string) => Number((await server.db(table).count({ n: '*' }))[0].n)
    return { invoices: await count('invoices'), transactions: await count('transactions'), allocations: await count('allocations'), checkouts: await count('pos_checkouts'), activities: await count('user_activities'), billed: Number((await server.db('treatments').whereNotNull('invoiceId').count({ n: '*' }))[0].n) }
  }
  const waiting = async (who: SignedIn = finance, branchId = clinic.branchId) => (await who.client.service('pos-cart').find({ query: { branchId } })).data
  const checkout = (data: Omit<CheckoutData, 'clientKey'> & { clientKey?: string }, who: SignedIn = finance) =>
    who.client.service('cart').create({ clientKey: key(), branchId: clinic.branchId, ...data } as CheckoutData)

  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
    today = todayIn(ZONE)
    branchB = (await clinic.admin.client.service('branches').create({ name: 'Second' }))._id
    finance = await signedInMember(server, clinic.admin, { role: 'finance', branchIds: [clinic.branchId] })
    other = await server.registerClinic('Other')
    serviceId = (await clinic.admin.client.service('service').create({ name: 'Пломба', code: 'F-01', duration: 30, price: 100_000 }))._id
  })
  afterAll(() => server.stop())

  it('lists a finished visit of today with its patient, doctor and totals, and hides it once paid', async () => {
    const { visitId, treatmentIds } = await visitToday([100_000, 50_000, 25_000])
    const listed = (await waiting()).find((visit) => visit.appointmentId === visitId)
    expect(listed).toMatchObject({
      customerId: clinic.customerId, doctorId: clinic.doctor.user._id, uninvoicedTotal: 175_000, invoicesDue: 0,
      customer: { first_name: 'Aino', last_name: 'Virtanen' }
    })
    expect(listed?.doctorName).not.toBe('')
    const cart = await finance.client.service('cart').get(clinic.customerId)
    expect(cart.visits.find((visit) => visit.appointmentId === visitId)).toMatchObject({ total: 175_000, lines: treatmentIds.map((_id) => ({ _id })) })
    const paid = await checkout({ customerId: clinic.customerId, treatmentIds, payments: [{ method: 'cash', amount: 175_000 }] })
    expect(paid.invoices).toHaveLength(1)
    expect(paid.invoices[0]).toMatchObject({ total: 175_000, paid: 175_000, due: 0, state: 'paid', appointmentId: visitId })
    expect((await waiting()).some((visit) => visit.appointmentId === visitId)).toBe(false)
    // The invoice and the payment are logged as their own services' creates.
    expect(await server.db('user_activities').where({ service: 'invoices', recordId: paid.invoices[0]._id }).first()).toBeTruthy()
    expect(await server.db('user_activities').where({ service: 'transactions', recordId: paid.payments[0]._id }).first()).toBeTruthy()
  })

  it('hides visits of other branches and of other companies, and refuses a branch the caller does not work in', async () => {
    const { visitId } = await visitToday([10_000], clinic.customerId, branchB)
    expect((await waiting()).some((visit) => visit.appointmentId === visitId)).toBe(false)
    expect((await waiting(clinic.admin, branchB)).some((visit) => visit.appointmentId === visitId)).toBe(true)
    expect((await failure(waiting(finance, branchB))).data).toMatchObject({ code: 'branch-not-allowed', path: 'branchId' })
    // Another company's administrator (every branch of their own) naming this clinic's branch: nothing.
    expect(await waiting(other, clinic.branchId)).toEqual([])
    expect(await waiting(other, other.auth.branchIds[0])).toEqual([])
    // Another company's patient is not found by the cart, nor checked out.
    expect((await failure(other.client.service('cart').get(clinic.customerId))).name).toBe('NotFound')
  })

  it('checks out a split of cash, card and the balance in one go, with the change of the cash given', async () => {
    const { visitId, treatmentIds } = await visitToday([100_000, 60_000, 40_000])
    await paymentsOf(finance).create({ clientKey: key(), customerId: clinic.customerId, method: 'cash', amount: 30_000 })
    const before = await storedMoney(server, clinic.customerId)
    const clientKey = key()
    const result = await checkout({
      clientKey, customerId: clinic.customerId, treatmentIds,
      payments: [{ method: 'cash', amount: 100_000 }, { method: 'card', amount: 70_000, transactionId: 'T-1' }, { method: 'balance', amount: 30_000 }],
      cashGiven: 105_000
    })
    expect(result).toMatchObject({ due: 200_000, paid: 200_000, topUp: 0, cashGiven: 105_000, change: 5_000, balance: before.balance - 30_000, debt: before.debt })
    expect(result.invoices).toHaveLength(1)
    expect(result.invoices[0]).toMatchObject({ total: 200_000, paid: 200_000, state: 'paid', appointmentId: visitId })
    expect(result.payments.map((payment) => [payment.method, payment.amount, payment.allocations.map((allocation) => [allocation.invoiceId, allocation.amount])])).toEqual([
      ['cash', 100_000, [[result.invoices[0]._id, 100_000]]],
      ['card', 70_000, [[result.invoices[0]._id, 70_000]]],
      ['balance', 30_000, [[result.invoices[0]._id, 30_000]]]
    ])
    expect(result.payments[1].transactionId).toBe('T-1')
    // Each row of the split has its own key, derived from the checkout's.
    const keys = await server.db('transactions').whereIn('_id', result.payments.map((payment) => payment._id)).select('clientKey')
    expect(keys.map((row: { clientKey: string }) => row.clientKey).sort()).toEqual([`${clientKey}-1`, `${clientKey}-2`, `${clientKey}-3`])
    expect(await storedMoney(server, clinic.customerId)).toEqual({ balance: before.balance - 30_000, debt: before.debt })
  })

  it('leaves the rest as debt when part is paid, and the list shows what the visit still asks', async () => {
    const { visitId, treatmentIds } = await visitToday([80_000])
    const before = await storedMoney(server, clinic.customerId)
    const result = await checkout({ customerId: clinic.customerId, treatmentIds, payments: [{ method: 'card', amount: 50_000 }] })
    expect(result).toMatchObject({ debt: before.debt + 30_000, change: 0, cashGiven: null })
    expect((await waiting()).find((visit) => visit.appointmentId === visitId)).toMatchObject({ uninvoicedTotal: 0, invoicesDue: 30_000, invoiceIds: [result.invoices[0]._id] })
    const cart = await finance.client.service('cart').get(clinic.customerId)
    expect(cart.invoices.find((invoice) => invoice._id === result.invoices[0]._id)).toMatchObject({ due: 30_000, state: 'paid-partially' })
    // Paying the open invoice from the cart clears it.
    const rest = await checkout({ customerId: clinic.customerId, invoiceIds: [result.invoices[0]._id], payments: [{ method: 'cash', amount: 30_000 }] })
    expect(rest.invoices[0]).toMatchObject({ due: 0, state: 'paid' })
    expect((await waiting()).some((visit) => visit.appointmentId === visitId)).toBe(false)
  })

  it('refuses paying more than is due unless the rest goes to the balance, and writes nothing when refused', async () => {
    const { treatmentIds } = await visitToday([20_000])
    const before = await counts()
    const refused = await failure(checkout({ customerId: clinic.customerId, treatmentIds, payments: [{ method: 'cash', amount: 15_000 }, { method: 'card', amount: 10_000 }] }))
    expect([refused.name, refused.data?.code, refused.data?.path, (refused.data as { due?: number }).due]).toEqual(['Conflict', 'checkout-over-payment', 'payments', 20_000])
    expect(await counts()).toEqual(before)
    const money = await storedMoney(server, clinic.customerId)
    const topped = await checkout({ customerId: clinic.customerId, treatmentIds, payments: [{ method: 'cash', amount: 15_000 }, { method: 'card', amount: 10_000 }], topUp: true })
    expect(topped).toMatchObject({ due: 20_000, paid: 25_000, topUp: 5_000, balance: money.balance + 5_000 })
    expect(topped.payments[1].allocations.map((allocation) => [allocation.invoiceId, allocation.amount])).toEqual([[topped.invoices[0]._id, 5_000], [null, 5_000]])
    // A pure top-up: nothing chosen, everything to the balance.
    const top = await checkout({ customerId: clinic.customerId, payments: [{ method: 'cash', amount: 1_000 }], topUp: true })
    expect(top).toMatchObject({ invoices: [], topUp: 1_000, balance: money.balance + 6_000 })
    expect((await failure(checkout({ customerId: clinic.customerId, payments: [{ method: 'cash', amount: 1_000 }] }))).data).toMatchObject({ code: 'checkout-nothing' })
  })

  it('refuses bad methods, amounts and fractions, short cash and a balance that does not cover, writing nothing', async () => {
    const { treatmentIds } = await visitToday([10_000])
    const someone = await clinic.admin.client.service('customers').create({ first_name: 'Eino', last_name: 'Leino' })
    const theirs = await visitToday([5_000], someone._id)
    const before = await counts()
    const refusal = async (payments: unknown, extra: Record<string, unknown> = {}) =>
      (await failure(checkout(malformed({ customerId: clinic.customerId, treatmentIds, payments, ...extra })))).data
    expect(await refusal([{ method: 'bitcoin', amount: 1_000 }])).toMatchObject({ path: expect.stringMatching(/^payments\.0/) })
    expect(await refusal([{ method: 'cash', amount: 0 }])).toMatchObject({ path: 'payments.0.amount' })
    expect(await refusal([{ method: 'cash', amount: -5 }])).toMatchObject({ path: 'payments.0.amount' })
    expect(await refusal([{ method: 'cash', amount: 10.5 }])).toMatchObject({ path: 'payments.0.amount' })
    expect(await refusal([{ method: 'cash', amount: '100' }])).toMatchObject({ path: 'payments.0.amount' })
    expect(await refusal([])).toMatchObject({ path: 'payments' })
    expect(await refusal([{ method: 'cash', amount: 1_000, extra: 1 }])).toMatchObject({ path: expect.stringMatching(/^payments\.0/) })
    expect(await refusal([{ method: 'cash', amount: 5_000 }], { cashGiven: 4_000 })).toMatchObject({ code: 'checkout-cash-short', path: 'cashGiven' })
    expect(await refusal([{ method: 'cash', amount: 5_000 }], { cashGiven: 100.5 })).toMatchObject({ path: 'cashGiven' })
    // From the balance, more than it holds: refused by the payment's own rule, at the row, after the invoice was made: rolled back.
    const { balance } = await storedMoney(server, clinic.customerId)
    expect(balance).toBeLessThan(10_000)
    expect(await refusal([{ method: 'cash', amount: 1_000 }, { method: 'balance', amount: balance + 1 }])).toMatchObject({ code: 'balance-insufficient', path: 'payments.1.amount' })
    // A treatment of another patient, one already invoiced.
    expect((await failure(checkout({ customerId: clinic.customerId, treatmentIds: [treatmentIds[0], theirs.treatmentIds[0]], payments: [{ method: 'cash', amount: 1_000 }] }))).data).toMatchObject({ code: 'invoice-treatment-unknown', path: 'treatmentIds.1' })
    expect(await counts()).toEqual(before)
    expect((await finance.client.service('treatment').get(treatmentIds[0])).invoiceId).toBeNull()
  })

  it('answers a retry with the same key with the same result, and refuses the key with another body', async () => {
    const { treatmentIds } = await visitToday([12_345])
    const data = { clientKey: key(), customerId: clinic.customerId, treatmentIds, payments: [{ method: 'cash' as const, amount: 10_000 }, { method: 'card' as const, amount: 2_345 }], cashGiven: 20_000 }
    const first = await checkout(data)
    const after = await counts()
    const [again, alsoAgain] = await Promise.all([checkout(data), checkout(data, clinic.admin)])
    expect(again).toEqual(first)
    expect(alsoAgain).toEqual(first)
    expect(first.change).toBe(10_000)
    expect(await counts()).toEqual(after)
    const reused = await failure(checkout({ ...data, cashGiven: 30_000 }))
    expect([reused.name, reused.data?.code, reused.data?.path]).toEqual(['Conflict', 'payment-key-reused', 'clientKey'])
    expect(await counts()).toEqual(after)
  })

  it('needs the cart permission: a doctor has none', async () => {
    const { treatmentIds } = await visitToday([1_000])
    const doctor = clinic.doctor
    expect((await failure(doctor.client.service('pos-cart').find({ query: {} }))).name).toBe('Forbidden')
    expect((await failure(doctor.client.service('cart').get(clinic.customerId))).name).toBe('Forbidden')
    expect((await failure(doctor.client.service('cart').create({ clientKey: key(), customerId: clinic.customerId, treatmentIds, payments: [{ method: 'cash', amount: 1_000 }] }))).name).toBe('Forbidden')
    // cart without transactions: the checkout's payments are refused, and nothing stays.
    const role = await clinic.admin.client.service('roles').create({ name: 'Desk', permissions: [{ resource: 'cart', view: true, create: true }, { resource: 'customers', view: true, seeAll: true }, { resource: 'invoices', view: true, create: true }] })
    const desk = await signedInMember(server, clinic.admin, { roleId: role._id, branchIds: [clinic.branchId] })
    expect((await waiting(desk)).length).toBeGreaterThan(0)
    const before = await counts()
    expect((await failure(checkout({ customerId: clinic.customerId, treatmentIds, payments: [{ method: 'cash', amount: 1_000 }] }, desk))).data).toMatchObject({ code: 'forbidden', resource: 'transactions' })
    expect(await counts()).toEqual(before)
  })
})
