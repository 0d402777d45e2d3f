import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { openClinic, type Clinic } from '../../../support/appointment-fixtures'
import { invoicesOf, key, paymentsOf, visitWithTreatments } from '../billing-fixtures'
import { messages } from '../../../../../domain/messages'
import type { CashShift } from '../../../../../server/src/services/billing/z-payments/z-payments.shared'
import type { Payment } from '../../../../../server/src/services/billing/transactions/transactions.shared'
import type { CheckoutData } from '../../../../../server/src/services/billing/cart/cart.shared'

/**
 * The company switch "cash payments only with an open shift" (settings.cashNeedsOpenShift,
 * docs/decisions/billing-cash-desk.md): off, cash is taken as always; on, cash payments and
 * refunds go into an open shift or are refused, by the patient card's path and the checkout's.
 */
describe.each(engines)('cash only with an open shift on %s', (engine) => {
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
    // As the screens do: the client fills the current branch into payments and checkouts.
    finance.client.set('currentBranchId', clinic.branchId)
    serviceId = (await admin.client.service('service').create({ name: 'Пломба', duration: 30, price: 100_000 }))._id
  })
  afterAll(() => server.stop())

  const shifts = (who: SignedIn) => who.client.service('z-payments')
  const setSwitch = (on: boolean) => admin.client.service('company').patch('mine', { settings: { cashNeedsOpenShift: on } })
  const newPatient = async (name: string) => (await admin.client.service('customers').create({ first_name: name, last_name: 'Shift' }))._id as string
  const count = async (table: string, where: Record<string, unknown> = {}) => Number((await server.db(table).where(where).count({ n: '*' }))[0].n)
  /** Every table a payment or a checkout writes, to prove that a refusal wrote nothing. */
  const written = async () => ({
    transactions: await count('transactions'),
    allocations: await count('allocations'),
    invoices: await count('invoices'),
    checkouts: await count('pos_checkouts'),
    activities: await count('user_activities'),
    billed: Number((await server.db('treatments').whereNotNull('invoiceId').count({ n: '*' }))[0].n),
    money: await server.db('customers').select('_id', 'balance', 'debt').orderBy('_id')
  })
  const refusedForShift = (error: { name: string; message: string; data?: { code?: string; path?: string } }, path = 'method') =>
    expect([error.name, error.data?.code, error.data?.path, error.message]).toEqual(['Conflict', 'cash-needs-open-shift', path, messages['cash-needs-open-shift']])

  afterEach(async () => {
    await setSwitch(false)
    const open = await shifts(admin).find({ query: { status: 'open', $limit: 50 } })
    for (const shift of open.data) await shifts(admin).patch(shift._id, { action: 'close', countedCash: shift.report.expectedCash })
  })

  it('is off by default: cash without an open shift is taken with no shift, as before', async () => {
    expect((await admin.client.service('my-company').get('mine')).settings.cashNeedsOpenShift).toBeUndefined()
    const customerId = await newPatient('Default')
    const cash: Payment = await paymentsOf(finance).create({ clientKey: key(), customerId, method: 'cash', amount: 1_000 })
    expect(cash).toMatchObject({ method: 'cash', amount: 1_000, shiftId: null, status: 'success' })
    // Switched on and off again: the same.
    await setSwitch(true)
    await setSwitch(false)
    const again: Payment = await paymentsOf(finance).create({ clientKey: key(), customerId, method: 'cash', amount: 500 })
    expect(again.shiftId).toBeNull()
    const refund: Payment = await paymentsOf(finance).create({ clientKey: key(), customerId, refundOf: cash._id, amount: 300 })
    expect(refund).toMatchObject({ kind: 'refund', method: 'cash', shiftId: null })
  })

  it('on, refuses a cash payment and a cash refund with no open shift, writing nothing; card is never affected', async () => {
    const customerId = await newPatient('Refused')
    const { treatmentIds } = await visitWithTreatments(clinic, serviceId, [10_000], customerId)
    const invoice = await invoicesOf(finance).create({ customerId, treatmentIds })
    const paidBefore: Payment = await paymentsOf(finance).create({ clientKey: key(), customerId, method: 'cash', amount: 4_000, allocations: [{ invoiceId: invoice._id, amount: 4_000 }] })
    await setSwitch(true)
    // The screens read the switch from my-company.
    expect((await finance.client.service('my-company').get('mine')).settings.cashNeedsOpenShift).toBe(true)
    const before = await written()
    const loggedBefore = await count('user_activities', { service: 'transactions' })
    refusedForShift(await failure(paymentsOf(finance).create({ clientKey: key(), customerId, method: 'cash', amount: 1_000, allocations: [{ invoiceId: invoice._id, amount: 1_000 }] })))
    refusedForShift(await failure(paymentsOf(finance).create({ clientKey: key(), customerId, amount: 1_000 })))
    refusedForShift(await failure(paymentsOf(finance).create({ clientKey: key(), customerId, refundOf: paidBefore._id, amount: 1_000 })))
    refusedForShift(await failure(paymentsOf(finance).create({ clientKey: key(), customerId, refundOf: paidBefore._id, method: 'cash', amount: 1_000 })))
    expect(await written()).toEqual(before)
    expect(await count('user_activities', { service: 'transactions' })).toBe(loggedBefore)
    // Card (and any method but cash) is taken as always, with no shift; so is a refund given back by card.
    const card: Payment = await paymentsOf(finance).create({ clientKey: key(), customerId, method: 'card', amount: 2_000, allocations: [{ invoiceId: invoice._id, amount: 2_000 }] })
    expect(card).toMatchObject({ method: 'card', shiftId: null, status: 'success' })
    for (const method of ['bank', 'mobile', 'other'] as const) expect((await paymentsOf(finance).create({ clientKey: key(), customerId, method, amount: 100 })).shiftId).toBeNull()
    expect((await paymentsOf(finance).create({ clientKey: key(), customerId, refundOf: paidBefore._id, method: 'card', amount: 1_000 })).kind).toBe('refund')
    expect((await paymentsOf(finance).create({ clientKey: key(), customerId, refundOf: card._id, amount: 500 })).method).toBe('card')
    // A retry of a payment taken before the switch was on answers its first result.
    expect((await paymentsOf(finance).create({ clientKey: paidBefore.clientKey, customerId, method: 'cash', amount: 4_000, allocations: [{ invoiceId: invoice._id, amount: 4_000 }] }))._id).toBe(paidBefore._id)
  })

  it('on, takes cash into the open shift of the branch, and a cash refund into it too', async () => {
    await setSwitch(true)
    const customerId = await newPatient('Accepted')
    const shift: CashShift = await shifts(finance).create({ openingFloat: 10_000 })
    const cash: Payment = await paymentsOf(finance).create({ clientKey: key(), customerId, method: 'cash', amount: 3_000 })
    expect(cash.shiftId).toBe(shift._id)
    const refund: Payment = await paymentsOf(finance).create({ clientKey: key(), customerId, refundOf: cash._id, amount: 1_000 })
    expect(refund).toMatchObject({ kind: 'refund', method: 'cash', shiftId: shift._id })
    expect(await server.db('user_activities').where({ service: 'transactions', recordId: cash._id }).first()).toBeTruthy()
    expect((await shifts(finance).get(shift._id)).report).toMatchObject({ cashPaid: 3_000, cashRefunded: 1_000, expectedCash: 12_000 })
    // Once the shift is closed, cash is refused again.
    await shifts(finance).patch(shift._id, { action: 'close', countedCash: 12_000 })
    refusedForShift(await failure(paymentsOf(finance).create({ clientKey: key(), customerId, method: 'cash', amount: 1_000 })))
  })

  it('on, needs the shift a payment goes to: another branch\'s shift, a closed desk or two desks with none named are not enough', async () => {
    await setSwitch(true)
    const customerId = await newPatient('Desks')
    const secondBranch = (await admin.client.service('branches').create({ name: 'Second' }))._id as string
    await shifts(admin).create({ branchId: secondBranch, openingFloat: 0 })
    refusedForShift(await failure(paymentsOf(finance).create({ clientKey: key(), customerId, amount: 1_000 })))
    const front: CashShift = await shifts(finance).create({ desk: 'Front', openingFloat: 0 })
    expect((await paymentsOf(finance).create({ clientKey: key(), customerId, amount: 1_000 })).shiftId).toBe(front._id)
    refusedForShift(await failure(paymentsOf(finance).create({ clientKey: key(), customerId, amount: 1_000, receiver: 'Back' })))
    const back: CashShift = await shifts(finance).create({ desk: 'Back', openingFloat: 0 })
    // Two desks open: a payment naming none goes to neither, so cash is refused; naming one, it goes there.
    refusedForShift(await failure(paymentsOf(finance).create({ clientKey: key(), customerId, amount: 1_000 })))
    expect((await paymentsOf(finance).create({ clientKey: key(), customerId, amount: 1_000, receiver: ' back ' })).shiftId).toBe(back._id)
    expect((await paymentsOf(finance).create({ clientKey: key(), customerId, method: 'card', amount: 1_000 })).shiftId).toBeNull()
  })

  it('on, refuses a checkout with a cash row and no open shift as a whole, at the row\'s method, and takes it once a shift is open', async () => {
    const customerId = await newPatient('Checkout')
    const { treatmentIds } = await visitWithTreatments(clinic, serviceId, [30_000, 20_000], customerId)
    const checkout = (clientKey: string): Promise<unknown> =>
      finance.client.service('cart').create({ clientKey, customerId, treatmentIds, payments: [{ method: 'card', amount: 20_000 }, { method: 'cash', amount: 30_000 }], cashGiven: 30_000 } as CheckoutData)
    await setSwitch(true)
    const before = await written()
    const firstKey = key()
    refusedForShift(await failure(checkout(firstKey)), 'payments.1.method')
    // Nothing of it stays: no invoice (and no number used), no payment, not even the card row, no checkout, no log row.
    expect(await written()).toEqual(before)
    const shift: CashShift = await shifts(finance).create({ openingFloat: 0 })
    const paid = (await checkout(firstKey)) as { payments: Payment[]; invoices: Array<{ number: string; state: string }> }
    expect(paid.payments.map((payment) => [payment.method, payment.shiftId])).toEqual([['card', shift._id], ['cash', shift._id]])
    expect(paid.invoices.map((invoice) => invoice.state)).toEqual(['paid'])
    expect((await shifts(finance).get(shift._id)).report).toMatchObject({ cashPaid: 30_000, paid: 50_000 })
  })

  it('is off again when switched off, and is a strict boolean only those who may edit the company set', async () => {
    await setSwitch(true)
    await setSwitch(false)
    const customerId = await newPatient('Off')
    expect((await paymentsOf(finance).create({ clientKey: key(), customerId, amount: 1_000 })).shiftId).toBeNull()
    const stored = async () => (await admin.client.service('company').get('mine')).settings
    const before = await stored()
    for (const value of ['yes', 1, null, 'true']) {
      const refused = await failure(admin.client.service('company').patch('mine', malformed({ settings: { cashNeedsOpenShift: value } })))
      expect(refused.name).toBe('BadRequest')
    }
    expect((await failure(admin.client.service('company').patch('mine', malformed({ settings: { cashNeedsOpenShiftt: true } })))).name).toBe('BadRequest')
    expect((await failure(finance.client.service('company').patch('mine', { settings: { cashNeedsOpenShift: true } }))).name).toBe('Forbidden')
    expect(await stored()).toEqual(before)
    expect(before.cashNeedsOpenShift).toBe(false)
  })
})
