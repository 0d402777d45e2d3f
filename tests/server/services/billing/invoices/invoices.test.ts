import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { anyService } from '../../../support/any-service'
import { openClinic, type Clinic } from '../../../support/appointment-fixtures'
import { invoicesOf, key, paymentsOf, storedMoney, visitWithTreatments } from '../billing-fixtures'
import { INVOICE_MAX_PAGE, type Invoice } from '../../../../../server/src/services/billing/invoices/invoices.shared'

describe.each(engines)('invoices on %s', (engine) => {
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
    serviceId = (await admin.client.service('service').create({ name: 'Пломба', code: 'F-01', duration: 30, price: 100_000 }))._id
  })
  afterAll(() => server.stop())

  it('invoices a visit\'s treatments with snapshots, the patient\'s discount and VAT, and locks the lines', async () => {
    await admin.client.service('customers').patch(clinic.customerId, { discount: 10 })
    const { visitId, treatmentIds } = await visitWithTreatments(clinic, serviceId, [100_000, 55_555])
    const invoice: Invoice = await invoicesOf(finance).create({ customerId: clinic.customerId, appointmentId: visitId, vatPercent: 12, notes: ' first ', dueDate: null })
    expect(invoice).toMatchObject({
      customerId: clinic.customerId, branchId: clinic.branchId, appointmentId: visitId, doctorId: clinic.doctor.user._id, prefix: 'INV', notes: 'first',
      discountPercent: 10, subtotal: 155_555, discountAmount: 15_556, total: 139_999, vatAmount: 15_000, paid: 0, due: 139_999, state: 'not-paid'
    })
    expect(invoice.number).toBe(`INV-${invoice.counter}`)
    expect(invoice.lines.map((line) => [line.treatmentId, line.serviceName, line.price, line.quantity, line.amount, line.doctorId])).toEqual([
      [treatmentIds[0], 'Пломба', 100_000, 1, 100_000, clinic.doctor.user._id],
      [treatmentIds[1], 'Пломба', 55_555, 1, 55_555, clinic.doctor.user._id]
    ])
    for (const id of treatmentIds) expect((await admin.client.service('treatment').get(id)).invoiceId).toBe(invoice._id)
    expect((await failure(admin.client.service('treatment').patch(treatmentIds[0], { quantity: 2 }))).data).toMatchObject({ code: 'treatment-billed' })
    // The same visit again: nothing left; a named line already invoiced: a conflict at its path.
    expect((await failure(invoicesOf(finance).create({ customerId: clinic.customerId, appointmentId: visitId }))).data).toMatchObject({ code: 'invoice-empty', path: 'appointmentId' })
    const twice = await failure(invoicesOf(finance).create({ customerId: clinic.customerId, treatmentIds: [treatmentIds[1]] }))
    expect([twice.name, twice.data?.code, twice.data?.path]).toEqual(['Conflict', 'treatment-billed', 'treatmentIds.0'])
    expect(await storedMoney(server, clinic.customerId)).toMatchObject({ debt: 139_999 })
    // A narrow `$select` still answers the computed standing correctly (and only what it named besides).
    const [narrow] = (await invoicesOf(finance).find({ query: { _id: invoice._id, $select: ['notes'] } })).data
    expect(narrow).toEqual({ _id: invoice._id, notes: 'first', paid: 0, due: 139_999, state: 'not-paid', number: invoice.number })
    expect(await server.db('user_activities').where({ service: 'invoices', recordId: invoice._id, method: 'create' }).first()).toBeTruthy()
    await admin.client.service('customers').patch(clinic.customerId, { discount: 0 })
  })

  it('numbers two invoices made at once consecutively, without gaps or duplicates', async () => {
    const first = await visitWithTreatments(clinic, serviceId, [10_000])
    const second = await visitWithTreatments(clinic, serviceId, [20_000])
    const made = await Promise.all([
      invoicesOf(finance).create({ customerId: clinic.customerId, appointmentId: first.visitId }),
      invoicesOf(admin).create({ customerId: clinic.customerId, appointmentId: second.visitId })
    ])
    const counters = made.map((invoice) => invoice.counter).sort((a, b) => a - b)
    expect(counters[1] - counters[0]).toBe(1)
    const all = await server.db('invoices').where({ branchId: clinic.branchId }).orderBy('counter').select('counter')
    expect(all.map((row: { counter: number }) => Number(row.counter))).toEqual(all.map((_row: unknown, index: number) => index + 1))
    // A refused invoice does not use a number.
    await failure(invoicesOf(finance).create({ customerId: clinic.customerId, appointmentId: first.visitId }))
    const next = await invoicesOf(finance).create({ customerId: clinic.customerId, treatmentIds: (await visitWithTreatments(clinic, serviceId, [1])).treatmentIds })
    expect(next.counter).toBe(all.length + 1)
  })

  it("numbers with the branch's own prefix, going on with the same counter when the prefix changes", async () => {
    const before = await invoicesOf(finance).create({ customerId: clinic.customerId, treatmentIds: (await visitWithTreatments(clinic, serviceId, [1_000])).treatmentIds })
    expect(before.number).toBe(`INV-${before.counter}`)
    // Only capitals, digits and single dashes, ten at most; nothing changes on a refusal.
    for (const invoicePrefix of ['chl', 'CH L', 'CHL--1', '-CHL', 'ABCDEFGHIJK', '', 'CHL/1']) {
      const refused = await failure(admin.client.service('branches').patch(clinic.branchId, { invoicePrefix }))
      expect([refused.name, refused.data?.path]).toEqual(['BadRequest', 'invoicePrefix'])
    }
    expect((await admin.client.service('branches').get(clinic.branchId)).invoicePrefix).toBe('INV')
    // Finance may not rename the branch's prefix (branches are the administrator's).
    expect((await failure(finance.client.service('branches').patch(clinic.branchId, { invoicePrefix: 'X' }))).name).toBe('Forbidden')
    expect((await admin.client.service('branches').patch(clinic.branchId, { invoicePrefix: 'ЧЛ-2' })).invoicePrefix).toBe('ЧЛ-2')
    const after = await invoicesOf(finance).create({ customerId: clinic.customerId, treatmentIds: (await visitWithTreatments(clinic, serviceId, [2_000])).treatmentIds })
    expect([after.prefix, after.counter, after.number]).toEqual(['ЧЛ-2', before.counter + 1, `ЧЛ-2-${before.counter + 1}`])
    // The earlier invoice keeps its number.
    expect((await invoicesOf(finance).get(before._id)).number).toBe(`INV-${before.counter}`)
    // A new branch starts with the default and its own counter.
    const other = await admin.client.service('branches').create({ name: 'Юнусабад', invoicePrefix: 'YUN' })
    expect(other.invoicePrefix).toBe('YUN')
    expect((await admin.client.service('branches').create({ name: 'Сергели' })).invoicePrefix).toBe('INV')
    await admin.client.service('branches').patch(clinic.branchId, { invoicePrefix: 'INV' })
  })

  it('computes states from payments and the due date, cancels with a reason and a note, and never removes', async () => {
    const { treatmentIds } = await visitWithTreatments(clinic, serviceId, [30_000])
    let invoice: Invoice = await invoicesOf(finance).create({ customerId: clinic.customerId, treatmentIds })
    const pay = (amount: number) => paymentsOf(finance).create({ clientKey: key(), customerId: clinic.customerId, method: 'cash', amount, allocations: [{ invoiceId: invoice._id, amount }] })
    const partial = await pay(10_000)
    expect(await invoicesOf(finance).get(invoice._id)).toMatchObject({ paid: 10_000, due: 20_000, state: 'paid-partially' })
    expect((await invoicesOf(finance).patch(invoice._id, { dueDate: '2099-01-01' })).state).toBe('in-debt')
    expect((await invoicesOf(finance).patch(invoice._id, { dueDate: '2000-01-01' })).state).toBe('outdated')
    // Money on it: cancelling is refused until the payment is cancelled.
    const refused = await failure(invoicesOf(finance).patch(invoice._id, { action: 'cancel', reason: 'mistake', note: 'wrong patient' }))
    expect([refused.name, refused.data?.code]).toEqual(['Conflict', 'invoice-has-payments'])
    await paymentsOf(finance).patch(partial._id, { action: 'cancel', reason: 'mistake', note: 'typed twice' })
    for (const bad of [{ action: 'cancel', reason: 'mistake' }, { action: 'cancel', reason: 'whim', note: 'x' }, { action: 'cancel', reason: 'mistake', note: '  ' }]) {
      expect((await failure(invoicesOf(finance).patch(invoice._id, malformed(bad)))).name).toBe('BadRequest')
    }
    // A doctor may not cancel (no invoices: delete); removing is refused for everyone.
    expect((await failure(invoicesOf(clinic.doctor).patch(invoice._id, { action: 'cancel', reason: 'mistake', note: 'x' }))).name).toMatch(/Forbidden|NotFound/)
    expect((await failure(anyService(admin.client, 'invoices').remove(invoice._id, {}))).name).toBe('MethodNotAllowed')
    invoice = await invoicesOf(finance).patch(invoice._id, { action: 'cancel', reason: 'mistake', note: 'wrong patient' })
    expect(invoice).toMatchObject({ state: 'cancelled', due: 0, cancelReason: 'mistake', cancelNote: 'wrong patient' })
    expect((await admin.client.service('treatment').get(treatmentIds[0])).invoiceId).toBeNull()
    expect((await failure(invoicesOf(finance).patch(invoice._id, { notes: 'x' }))).data).toMatchObject({ code: 'invoice-not-open' })
    expect(await server.db('invoices').where({ _id: invoice._id }).first()).toBeTruthy()
    // Its treatment can be invoiced again; paid in full it is paid; closing writes the rest off.
    const again: Invoice = await invoicesOf(finance).create({ customerId: clinic.customerId, treatmentIds })
    await paymentsOf(finance).create({ clientKey: key(), customerId: clinic.customerId, amount: 30_000, allocations: [{ invoiceId: again._id, amount: 30_000 }] })
    expect((await invoicesOf(finance).get(again._id)).state).toBe('paid')
    const other: Invoice = await invoicesOf(finance).create({ customerId: clinic.customerId, treatmentIds: (await visitWithTreatments(clinic, serviceId, [7_000])).treatmentIds })
    const before = await storedMoney(server, clinic.customerId)
    expect((await invoicesOf(finance).patch(other._id, { action: 'close', reason: 'other', note: 'goodwill' })).state).toBe('closed')
    expect((await storedMoney(server, clinic.customerId)).debt).toBe(before.debt - 7_000)
  })

  it("answers the billing tab's `$select` without lines (not read at all), and the lines to a whole read or when named", async () => {
    const first: Invoice = await invoicesOf(finance).create({ customerId: clinic.customerId, treatmentIds: (await visitWithTreatments(clinic, serviceId, [12_000, 3_000])).treatmentIds })
    const second: Invoice = await invoicesOf(finance).create({ customerId: clinic.customerId, treatmentIds: (await visitWithTreatments(clinic, serviceId, [5_000])).treatmentIds })
    await paymentsOf(finance).create({ clientKey: key(), customerId: clinic.customerId, amount: 2_000, allocations: [{ invoiceId: second._id, amount: 2_000 }] })
    // The statements that read lines while `call` runs.
    const linesRead = async <T>(call: () => Promise<T>) => {
      const statements: string[] = []
      const listener = (query: { sql: string }) => { if (/invoice_lines/.test(query.sql)) statements.push(query.sql) }
      server.db.on('query', listener)
      try {
        return { answer: await call(), statements }
      } finally {
        server.db.off('query', listener)
      }
    }
    // The tab's list: its fields and the computed standing, nothing else (not the columns read for it).
    const list = await linesRead(() => invoicesOf(finance).find({ query: { customerId: clinic.customerId, $select: ['issuedOn', 'total'], $sort: { createdAt: -1 as const }, $limit: INVOICE_MAX_PAGE } }))
    expect(list.statements).toEqual([])
    expect(list.answer.data.length).toBeGreaterThanOrEqual(2)
    for (const row of list.answer.data) expect(Object.keys(row).sort()).toEqual(['_id', 'due', 'issuedOn', 'number', 'paid', 'state', 'total'])
    expect(list.answer.data.slice(0, 2)).toEqual([
      { _id: second._id, number: second.number, issuedOn: second.issuedOn, total: 5_000, paid: 2_000, due: 3_000, state: 'paid-partially' },
      { _id: first._id, number: first.number, issuedOn: first.issuedOn, total: 15_000, paid: 0, due: 15_000, state: 'not-paid' }
    ])
    // Without `$select` an invoice is whole: the page's lines in one statement, whatever its length.
    const whole = await linesRead(() => invoicesOf(finance).find({ query: { customerId: clinic.customerId, $limit: INVOICE_MAX_PAGE } }))
    expect(whole.statements).toHaveLength(1)
    expect(whole.answer.data.length).toBeGreaterThan(2)
    const wholeFirst = whole.answer.data.find((invoice) => invoice._id === first._id)
    expect(wholeFirst?.lines.map((line) => line.amount)).toEqual([12_000, 3_000])
    expect(whole.answer.data.every((invoice) => invoice.lines.length > 0)).toBe(true)
    // Opening one: its get is whole, as it was made; `lines` named alone gives them with the standing.
    expect(await invoicesOf(finance).get(first._id)).toEqual(first)
    const named = await invoicesOf(finance).get(first._id, { query: { $select: ['lines'] } })
    expect(Object.keys(named).sort()).toEqual(['_id', 'due', 'lines', 'number', 'paid', 'state'])
    expect(named.lines).toEqual(first.lines)
    const both = await invoicesOf(finance).find({ query: { _id: { $in: [first._id, second._id] }, $select: ['total', 'lines'] } })
    expect(both.data.map((invoice) => [invoice.total, invoice.lines.length])).toEqual([[5_000, 1], [15_000, 2]])
    // A patch answers whole whatever it selects (its event carries the lines too).
    expect((await invoicesOf(finance).patch(first._id, { notes: 'lines' }, { query: { $select: ['lines'] } })).lines).toHaveLength(2)
    // The computed fields are not columns to select; unknown names are refused.
    for (const $select of [['paid'], ['number'], ['lines', 'nope']]) {
      expect((await failure(invoicesOf(finance).find({ query: malformed({ customerId: clinic.customerId, $select }) }))).name).toBe('BadRequest')
    }
  })

  it('invoices accepted plan items once, refuses bad sources, other companies and doctors without the patient', async () => {
    const plan = await admin.client.service('treatment-plan').create({
      customerId: clinic.customerId, doctorId: clinic.doctor.user._id,
      phases: [{ title: 'Phase 1', items: [{ serviceId, teeth: [{ tooth: 36 }], quantity: 2, discount: 50 }] }]
    })
    const itemId = plan.phases[0].items[0]._id
    const notAccepted = await failure(invoicesOf(finance).create({ customerId: clinic.customerId, planItemIds: [itemId] }))
    expect([notAccepted.data?.code, notAccepted.data?.path]).toEqual(['plan-not-accepted', 'planItemIds.0'])
    await admin.client.service('treatment-plan').patch(plan._id, { action: 'present' })
    await admin.client.service('treatment-plan').patch(plan._id, { action: 'accept', choices: {} })
    const advance: Invoice = await invoicesOf(finance).create({ customerId: clinic.customerId, planItemIds: [itemId] })
    expect(advance.lines[0]).toMatchObject({ planItemId: itemId, treatmentId: null, price: 100_000, quantity: 2, discountPercent: 50, amount: 100_000, teeth: [{ tooth: 36, surfaces: [] }] })
    expect((await failure(invoicesOf(finance).create({ customerId: clinic.customerId, planItemIds: [itemId] }))).data).toMatchObject({ code: 'invoice-plan-item-billed', path: 'planItemIds.0' })
    for (const data of [{ customerId: clinic.customerId }, { customerId: clinic.customerId, planItemIds: [itemId], treatmentIds: [itemId] }]) {
      expect((await failure(invoicesOf(finance).create(malformed(data)))).data).toMatchObject({ code: 'invoice-source-required' })
    }
    for (const data of [{ customerId: clinic.customerId, planItemIds: [itemId], vatPercent: 1.5 }, { customerId: clinic.customerId, planItemIds: [itemId], total: 1 }]) {
      expect((await failure(invoicesOf(finance).create(malformed(data)))).name).toBe('BadRequest')
    }
    const stranger = await server.registerClinic('Elsewhere')
    expect((await failure(invoicesOf(stranger).get(advance._id))).name).toBe('NotFound')
    expect((await invoicesOf(stranger).find({ query: { customerId: clinic.customerId } })).total).toBe(0)
    // The treating doctor sees the invoices of their treatments; a colleague sees none.
    expect((await invoicesOf(clinic.doctor).find({ query: { customerId: clinic.customerId } })).total).toBeGreaterThan(0)
    const colleague = await signedInMember(server, admin, { role: 'doctor' })
    expect((await invoicesOf(colleague).find({ query: { customerId: clinic.customerId } })).total).toBe(0)
    expect((await failure(invoicesOf(colleague).get(advance._id))).name).toBe('NotFound')
    expect((await failure(invoicesOf(clinic.doctor).create({ customerId: clinic.customerId, planItemIds: [itemId] }))).name).toBe('Forbidden')
  })
})
