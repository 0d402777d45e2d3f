import { engines, failure, nextEvent, receivesEvent, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { anyService } from '../../../support/any-service'
import { openClinic, type Clinic } from '../../../support/appointment-fixtures'
import { invoicesOf, key, paymentsOf, visitWithTreatments } from '../billing-fixtures'
import type { CashShift } from '../../../../../server/src/services/billing/z-payments/z-payments.shared'
import type { Payment } from '../../../../../server/src/services/billing/transactions/transactions.shared'

/** `z-payments`: the cash desk's shifts, their movements, X-reports and frozen Z-reports. */
describe.each(engines)('cash desk shifts (z-payments) on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let admin: SignedIn
  let finance: SignedIn
  let doctor: SignedIn
  let other: SignedIn
  let serviceId: string
  let secondBranch: string

  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
    admin = clinic.admin
    finance = await signedInMember(server, admin, { role: 'finance' })
    finance.client.set('currentBranchId', clinic.branchId)
    doctor = clinic.doctor
    other = await server.registerClinic('Elsewhere')
    serviceId = (await admin.client.service('service').create({ name: 'Пломба', duration: 30, price: 100_000 }))._id
    secondBranch = (await admin.client.service('branches').create({ name: 'Second' }))._id
  })
  afterAll(() => server.stop())

  const shifts = (who: SignedIn) => who.client.service('z-payments')
  const newPatient = async (name: string) => (await admin.client.service('customers').create({ first_name: name, last_name: 'Cash' }))._id as string
  const shiftRows = () => server.db('cash_shifts').orderBy('_id')
  const movementRows = () => server.db('cash_movements').orderBy('_id')
  const logged = (recordId: string) => server.db('user_activities').where({ service: 'z-payments', recordId }).orderBy('_id')

  it('opens a shift with a float, one per desk, with its X-report from the start, logged and announced', async () => {
    const heard = nextEvent<CashShift>(admin.client, 'z-payments', 'created')
    const shift: CashShift = await shifts(finance).create({ desk: '  Front   desk ', openingFloat: 50_000 })
    expect(shift).toMatchObject({
      branchId: clinic.branchId, desk: 'Front desk', status: 'open', openingFloat: 50_000, openedBy: finance.auth.user._id,
      closedAt: null, countedCash: null, expectedCash: null, overShort: null, movements: []
    })
    expect(shift.report).toEqual({ payments: 0, refunds: 0, paid: 0, refunded: 0, byMethod: [], cashPaid: 0, cashRefunded: 0, cashIn: 0, cashOut: 0, expectedCash: 50_000 })
    expect(Object.keys(shift)).not.toEqual(expect.arrayContaining(['deskKey']))
    expect(Object.keys(shift)).not.toContain('openDesk')
    expect(Object.keys(shift)).not.toContain('totals')
    expect((await heard)._id).toBe(shift._id)
    expect((await logged(shift._id)).map((row) => [row.method, typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes])).toEqual([['create', { branchId: clinic.branchId, desk: 'Front desk', openingFloat: 50_000 }]])
    // The same desk in another case is the same desk; another desk and another branch may open.
    const again = await failure(shifts(admin).create({ desk: 'FRONT DESK', openingFloat: 0, branchId: clinic.branchId }))
    expect([again.name, again.data?.code, again.data?.path]).toEqual(['Conflict', 'shift-already-open', 'desk'])
    const back = await shifts(admin).create({ desk: 'Back office', openingFloat: 0, branchId: clinic.branchId })
    const elsewhere = await shifts(admin).create({ desk: 'Front desk', openingFloat: 0, branchId: secondBranch })
    for (const opened of [back, elsewhere]) await shifts(admin).patch(opened._id, { action: 'close', countedCash: 0 })
    await shifts(finance).patch(shift._id, { action: 'close', countedCash: 50_000 })
  })

  it('lets exactly one of two simultaneous opens of a desk through, writing nothing for the other', async () => {
    const before = (await shiftRows()).length
    const racing = await Promise.allSettled([
      shifts(finance).create({ openingFloat: 10_000 }),
      shifts(admin).create({ openingFloat: 20_000, branchId: clinic.branchId }),
      shifts(finance).create({ desk: ' ', openingFloat: 30_000 })
    ])
    expect(racing.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
    for (const outcome of racing.filter((entry): entry is PromiseRejectedResult => entry.status === 'rejected')) expect(outcome.reason.data).toMatchObject({ code: 'shift-already-open', path: 'desk' })
    expect((await shiftRows()).length).toBe(before + 1)
    const opened = (racing.find((outcome) => outcome.status === 'fulfilled') as PromiseFulfilledResult<CashShift>).value
    expect(opened.desk).toBe('')
    await shifts(admin).patch(opened._id, { action: 'close', countedCash: opened.openingFloat })
  })

  it('counts cash and card payments and a refund in the X-report, with cash in and out, and freezes the Z-report with over/short at the close', async () => {
    const shift: CashShift = await shifts(finance).create({ openingFloat: 100_000 })
    const customerId = await newPatient('Ledger')
    const { treatmentIds } = await visitWithTreatments(clinic, serviceId, [300_000], customerId)
    const invoice = await invoicesOf(finance).create({ customerId, treatmentIds })
    const cash: Payment = await paymentsOf(finance).create({ clientKey: key(), customerId, method: 'cash', amount: 200_000, allocations: [{ invoiceId: invoice._id, amount: 200_000 }] })
    const card: Payment = await paymentsOf(finance).create({ clientKey: key(), customerId, method: 'card', amount: 100_000, allocations: [{ invoiceId: invoice._id, amount: 100_000 }] })
    const refund: Payment = await paymentsOf(finance).create({ clientKey: key(), customerId, refundOf: cash._id, amount: 30_000 })
    const topUp: Payment = await paymentsOf(finance).create({ clientKey: key(), customerId, method: 'cash', amount: 5_000 })
    const cancelled: Payment = await paymentsOf(finance).create({ clientKey: key(), customerId, method: 'cash', amount: 7_000 })
    await paymentsOf(finance).patch(cancelled._id, { action: 'cancel', reason: 'mistake', note: 'wrong patient' })
    for (const payment of [cash, card, refund, topUp, cancelled]) expect(payment.shiftId).toBe(shift._id)
    // Money spent from the balance passes no desk.
    const second = await invoicesOf(finance).create({ customerId, treatmentIds: (await visitWithTreatments(clinic, serviceId, [5_000], customerId)).treatmentIds })
    const fromBalance: Payment = await paymentsOf(finance).create({ clientKey: key(), customerId, method: 'balance', amount: 5_000, allocations: [{ invoiceId: second._id, amount: 5_000 }] })
    expect(fromBalance.shiftId).toBeNull()
    expect((await paymentsOf(finance).find({ query: { shiftId: shift._id, $limit: 50 } })).total).toBe(5)

    const cashIn: CashShift = await shifts(finance).patch(shift._id, { action: 'cash-in', amount: 20_000, note: ' Change from the bank ' })
    expect(cashIn.movements).toEqual([{ _id: expect.any(String), kind: 'in', amount: 20_000, note: 'Change from the bank', createdAt: expect.any(String), createdBy: finance.auth.user._id }])
    await shifts(admin).patch(shift._id, { action: 'cash-out', amount: 50_000, note: 'To the safe' })
    const expected = 100_000 + 200_000 + 5_000 - 30_000 + 20_000 - 50_000
    const tooMuch = await failure(shifts(admin).patch(shift._id, { action: 'cash-out', amount: expected + 1, note: 'Everything' }))
    expect([tooMuch.name, tooMuch.data?.code, tooMuch.data?.path, (tooMuch.data as { expectedCash?: number } | undefined)?.expectedCash]).toEqual(['Conflict', 'cash-out-exceeds-drawer', 'amount', expected])

    const x: CashShift = await shifts(finance).get(shift._id)
    expect(x.report).toEqual({
      payments: 3, refunds: 1, paid: 305_000, refunded: 30_000,
      byMethod: [
        { method: 'cash', payments: 2, paid: 205_000, refunds: 1, refunded: 30_000 },
        { method: 'card', payments: 1, paid: 100_000, refunds: 0, refunded: 0 }
      ],
      cashPaid: 205_000, cashRefunded: 30_000, cashIn: 20_000, cashOut: 50_000, expectedCash: expected
    })
    expect(x.expectedCash).toBeNull()

    const heard = nextEvent<CashShift>(finance.client, 'z-payments', 'patched')
    const z: CashShift = await shifts(finance).patch(shift._id, { action: 'close', countedCash: expected - 1_500, note: ' Coins missing ' })
    expect(z).toMatchObject({ status: 'closed', countedCash: expected - 1_500, expectedCash: expected, overShort: -1_500, closeNote: 'Coins missing', closedBy: finance.auth.user._id })
    expect(z.report).toEqual(x.report)
    expect((await heard).status).toBe('closed')
    const log = (await logged(shift._id)).map((row) => [row.method, typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes])
    expect(log).toEqual([
      ['create', { branchId: clinic.branchId, desk: '', openingFloat: 100_000 }],
      ['patch', { cashIn: { from: null, to: 20_000 }, note: { from: null, to: 'Change from the bank' } }],
      ['patch', { cashOut: { from: null, to: 50_000 }, note: { from: null, to: 'To the safe' } }],
      ['patch', { countedCash: { from: null, to: expected - 1_500 }, expectedCash: { from: null, to: expected }, overShort: { from: null, to: -1_500 } }]
    ])

    // The Z-report is final: a payment of it cannot be cancelled (refund instead); nothing of the shift changes.
    const late = await failure(paymentsOf(finance).patch(card._id, { action: 'cancel', reason: 'mistake', note: 'late' }))
    expect([late.name, late.data?.code]).toEqual(['Conflict', 'payment-shift-closed'])
    const rowsBefore = await shiftRows()
    const movesBefore = await movementRows()
    for (const patch of [{ action: 'cash-in', amount: 1, note: 'x' }, { action: 'close', countedCash: 0 }] as const) {
      const refused = await failure(shifts(admin).patch(shift._id, patch))
      expect([refused.name, refused.data?.code]).toEqual(['Conflict', 'shift-closed'])
    }
    for (const call of [anyService(admin.client, 'z-payments').remove(shift._id, {}), anyService(admin.client, 'z-payments').update(shift._id, { openingFloat: 0 }, {})]) expect((await failure(call)).name).toBe('MethodNotAllowed')
    expect(await shiftRows()).toEqual(rowsBefore)
    expect(await movementRows()).toEqual(movesBefore)
    // Without an open shift a payment is taken with none; a refund later goes to the shift open then.
    const loose: Payment = await paymentsOf(finance).create({ clientKey: key(), customerId, method: 'cash', amount: 1_000 })
    expect(loose.shiftId).toBeNull()
    const next: CashShift = await shifts(finance).create({ openingFloat: expected - 1_500 })
    const laterRefund: Payment = await paymentsOf(finance).create({ clientKey: key(), customerId, refundOf: card._id, amount: 10_000 })
    expect(laterRefund.shiftId).toBe(next._id)
    expect((await shifts(finance).get(next._id)).report).toMatchObject({ refunds: 1, refunded: 10_000, byMethod: [{ method: 'card', refunds: 1, refunded: 10_000 }], expectedCash: expected - 1_500 })
    expect((await shifts(finance).get(shift._id)).report).toEqual(x.report)
    // The list: newest first, each with its report; closed ones by status.
    const closed = await shifts(finance).find({ query: { status: 'closed', branchId: clinic.branchId } })
    expect(closed.data[0]._id).toBe(shift._id)
    expect(closed.data.every((entry: CashShift) => entry.status === 'closed' && entry.report !== undefined)).toBe(true)
    await shifts(finance).patch(next._id, { action: 'close', countedCash: 0 })
  })

  it('never lets a Z-report miss a payment linked to its shift when payments race the close', async () => {
    const shift: CashShift = await shifts(finance).create({ openingFloat: 0 })
    const payers = await Promise.all(['Race1', 'Race2', 'Race3'].map(newPatient))
    const outcomes = await Promise.allSettled([
      ...payers.map((customerId) => paymentsOf(finance).create({ clientKey: key(), customerId, method: 'cash', amount: 1_000 })),
      shifts(admin).patch(shift._id, { action: 'close', countedCash: 0 })
    ])
    expect(outcomes.every((outcome) => outcome.status === 'fulfilled')).toBe(true)
    const closed: CashShift = await shifts(finance).get(shift._id)
    const linked = await server.db('transactions').where({ shiftId: shift._id }).whereNot('status', 'cancelled')
    // Whatever the order, the frozen report counts exactly the payments that carry its id.
    expect(closed.report.payments).toBe(linked.length)
    expect(closed.report.cashPaid).toBe(linked.reduce((sum: number, row: { amount: unknown }) => sum + Number(row.amount), 0))
    expect(closed.expectedCash).toBe(closed.report.cashPaid)
  })

  it('links a payment to the desk it names, else to the branch\'s only open shift, else to none', async () => {
    const front: CashShift = await shifts(finance).create({ desk: 'Front', openingFloat: 0 })
    const customerId = await newPatient('Desks')
    const only: Payment = await paymentsOf(finance).create({ clientKey: key(), customerId, amount: 1_000 })
    expect(only.shiftId).toBe(front._id)
    const back: CashShift = await shifts(finance).create({ desk: 'Back', openingFloat: 0 })
    expect((await paymentsOf(finance).create({ clientKey: key(), customerId, amount: 1_000, receiver: ' back ' })).shiftId).toBe(back._id)
    expect((await paymentsOf(finance).create({ clientKey: key(), customerId, amount: 1_000 })).shiftId).toBeNull()
    expect((await paymentsOf(finance).create({ clientKey: key(), customerId, amount: 1_000, receiver: 'Bank account' })).shiftId).toBeNull()
    expect((await paymentsOf(admin).create({ clientKey: key(), customerId, amount: 1_000, branchId: secondBranch })).shiftId).toBeNull()
    for (const shift of [front, back]) await shifts(finance).patch(shift._id, { action: 'close', countedCash: 1_000 })
  })

  it('refuses malformed opens, movements and closes at their fields, writing nothing', async () => {
    const shift: CashShift = await shifts(finance).create({ openingFloat: 1_000 })
    const rows = async () => [await shiftRows(), await movementRows()]
    const before = await rows()
    for (const [data, path] of [
      [{ openingFloat: -1 }, 'openingFloat'], [{ openingFloat: 10.5 }, 'openingFloat'], [{ openingFloat: '100' }, 'openingFloat'], [{ openingFloat: Number.MAX_SAFE_INTEGER }, 'openingFloat']
    ] as const) expect((await failure(shifts(finance).create(malformed(data)))).data).toMatchObject({ code: 'cash-amount-invalid', path })
    expect((await failure(shifts(finance).create(malformed({ openingFloat: 1, desk: 'x'.repeat(61) })))).data).toMatchObject({ path: 'desk' })
    expect((await failure(shifts(finance).create(malformed({ openingFloat: 1, status: 'closed' })))).name).toBe('BadRequest')
    expect((await failure(shifts(finance).create(malformed({})))).name).toBe('BadRequest')
    for (const [data, code, path] of [
      [{ action: 'cash-in', amount: 0, note: 'x' }, 'cash-amount-invalid', 'amount'],
      [{ action: 'cash-out', amount: 1.5, note: 'x' }, 'cash-amount-invalid', 'amount'],
      [{ action: 'close', countedCash: -5 }, 'cash-amount-invalid', 'countedCash'],
      [{ action: 'cash-in', amount: 5, note: '   ' }, 'field-required', 'note']
    ] as const) expect((await failure(shifts(finance).patch(shift._id, malformed(data)))).data).toMatchObject({ code, path })
    for (const data of [{ action: 'cash-in', amount: 5 }, { action: 'explode' }, { action: 'close' }, { action: 'close', countedCash: 5, openingFloat: 0 }, { openingFloat: 0 }]) {
      expect((await failure(shifts(finance).patch(shift._id, malformed(data)))).name).toBe('BadRequest')
    }
    for (const query of [{ deskKey: 'x' }, { status: 'ajar' }, { $limit: 1000 }, { totals: 'x' }]) expect((await failure(shifts(finance).find({ query: malformed(query) }))).name).toBe('BadRequest')
    expect(await rows()).toEqual(before)
    await shifts(finance).patch(shift._id, { action: 'close', countedCash: 1_000 })
  })

  it('gives the doctor nothing, another company nothing, and a branch\'s people their branch only', async () => {
    const shift: CashShift = await shifts(finance).create({ openingFloat: 0 })
    for (const call of [shifts(doctor).find({}), shifts(doctor).get(shift._id), shifts(doctor).create({ openingFloat: 0 }), shifts(doctor).patch(shift._id, { action: 'close', countedCash: 0 })]) {
      expect((await failure(call)).name).toBe('Forbidden')
    }
    const quiet = receivesEvent(doctor.client, 'z-payments', 'patched')
    expect((await shifts(other).find({})).total).toBe(0)
    for (const call of [shifts(other).get(shift._id), shifts(other).patch(shift._id, { action: 'close', countedCash: 0 })]) expect((await failure(call)).name).toBe('NotFound')
    expect((await failure(shifts(other).create({ openingFloat: 0, branchId: clinic.branchId })))).toMatchObject({ name: 'BadRequest' })
    // A cashier of the second branch only (no seeAll) sees neither the first branch's shifts nor their events.
    const cashierRole = await admin.client.service('roles').create({ name: 'Cashier', permissions: [{ resource: 'payments', view: true, create: true, edit: true }, { resource: 'transactions', view: true, create: true }] })
    const cashier = await signedInMember(server, admin, { roleId: cashierRole._id, branchIds: [secondBranch] })
    expect((await shifts(cashier).find({ query: { branchId: clinic.branchId } })).total).toBe(0)
    expect((await failure(shifts(cashier).get(shift._id))).name).toBe('NotFound')
    expect((await failure(shifts(cashier).create({ openingFloat: 0, branchId: clinic.branchId }))).data).toMatchObject({ path: 'branchId' })
    const cashierQuiet = receivesEvent(cashier.client, 'z-payments', 'patched')
    await shifts(finance).patch(shift._id, { action: 'close', countedCash: 0 })
    expect(await quiet).toBe(false)
    expect(await cashierQuiet).toBe(false)
  })
})
