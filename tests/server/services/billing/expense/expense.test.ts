import { engines, failure, nextEvent, receivesEvent, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { todayIn } from '../../../../../server/src/services/customers/customers/customer-rules'
import type { ExpenseData, ExpensePage } from '../../../../../server/src/services/billing/expense/expense.shared'

/** `expense`: money a branch spent, seen and managed within the caller's branches, with the list's total. */
describe.each(engines)('expenses on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let other: SignedIn
  let branchA: string
  let branchB: string
  /** The default finance manager (every flag on `expense`, seeAll too), working in branch A. */
  let finance: SignedIn
  /** A custom role that manages expenses of its own branches only (no seeAll), in branch B. */
  let bookkeeperB: SignedIn
  let doctorA: SignedIn
  let today: string

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Expenses')
    other = await server.registerClinic('Other')
    branchA = admin.auth.branchIds[0]
    branchB = (await admin.client.service('branches').create({ name: 'Second' }))._id
    finance = await signedInMember(server, admin, { role: 'finance', branchIds: [branchA] })
    const bookkeeper = await admin.client.service('roles').create({ name: 'Bookkeeper', permissions: [{ resource: 'expense', view: true, create: true, edit: true, delete: true }] })
    bookkeeperB = await signedInMember(server, admin, { roleId: bookkeeper._id, branchIds: [branchB] })
    doctorA = await signedInMember(server, admin, { role: 'doctor', branchIds: [branchA] })
    today = todayIn(admin.auth.company.timezone)
  })
  afterAll(() => server.stop())

  const expenses = (person: SignedIn) => person.client.service('expense')
  type FindQuery = NonNullable<NonNullable<Parameters<ReturnType<typeof expenses>['find']>[0]>['query']>
  const rows = () => server.db('expenses').orderBy('_id')

  it('records an expense with its creator, trimmed texts, blank texts as none, today by default', async () => {
    const rent = await expenses(finance).create({ category: 'rent', amount: 1_500_000_00, branchId: branchA, supplier: '  Tower LLC ', documentNumber: ' 17/3 ', date: '2026-01-05', note: ' January ' })
    expect(rent).toEqual({
      _id: expect.any(String),
      companyId: admin.auth.company._id,
      branchId: branchA,
      category: 'rent',
      supplier: 'Tower LLC',
      documentNumber: '17/3',
      amount: 150_000_000,
      date: '2026-01-05',
      note: 'January',
      fileCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      createdBy: finance.auth.user._id
    })
    const bare = await expenses(finance).create({ category: 'other', amount: 1, supplier: ' ', documentNumber: '' })
    expect(bare).toMatchObject({ branchId: branchA, date: today, supplier: null, documentNumber: null, note: null, amount: 1 })
    // The hidden search column never leaves.
    expect(Object.keys(await expenses(finance).get(rent._id))).not.toContain('searchSupplier')
    expect((await server.db('expenses').where({ _id: rent._id }).first()).searchSupplier).toBe('tower llc')
  })

  it('refuses a zero, negative, fractional or huge amount, a bad day, a future day, an unknown category, writing nothing', async () => {
    const before = await rows()
    const create = (data: Record<string, unknown>) => failure(expenses(finance).create(malformed({ category: 'rent', amount: 100, branchId: branchA, ...data })))
    for (const amount of [0, -5, 10.5, '100', Number.MAX_SAFE_INTEGER + 2, null]) {
      expect((await create({ amount })).data).toMatchObject({ code: 'expense-amount-invalid', path: 'amount' })
    }
    expect((await failure(expenses(finance).create(malformed({ category: 'rent', branchId: branchA }))))).toMatchObject({ name: 'BadRequest', data: { code: 'field-required', path: 'amount' } })
    for (const date of ['2026-02-30', '5.1.2026', '', 20260105]) expect((await create({ date })).data).toMatchObject({ code: 'date-invalid', path: 'date' })
    expect((await create({ date: '2999-01-01' })).data).toMatchObject({ code: 'expense-date-in-future', path: 'date' })
    expect((await create({ category: 'yachts' })).data).toMatchObject({ code: 'invalid-request', path: 'category' })
    expect((await create({ supplier: 'x'.repeat(201) })).data).toMatchObject({ path: 'supplier' })
    expect((await create({ createdBy: admin.auth.user._id })).data).toMatchObject({ code: 'invalid-request', path: 'createdBy' })
    expect(await rows()).toEqual(before)
  })

  it('corrects an expense field by field, the branch too, and refuses a whole replacement', async () => {
    const bill = await expenses(admin).create({ category: 'utilities', amount: 250_000, branchId: branchA, supplier: 'Power' })
    const patched = await expenses(admin).patch(bill._id, { amount: 260_000, supplier: 'Power grid', branchId: branchB, date: '2026-03-01' })
    expect(patched).toMatchObject({ amount: 260_000, supplier: 'Power grid', branchId: branchB, date: '2026-03-01', category: 'utilities' })
    expect((await server.db('expenses').where({ _id: bill._id }).first()).searchSupplier).toBe('power grid')
    expect((await failure(expenses(admin).patch(bill._id, { amount: 0 }))).data).toMatchObject({ code: 'expense-amount-invalid', path: 'amount' })
    expect((await failure(expenses(admin).patch(bill._id, { date: '2999-12-31' }))).data).toMatchObject({ code: 'expense-date-in-future', path: 'date' })
    expect((await failure(expenses(admin).patch(bill._id, malformed({ companyId: other.auth.company._id })))).data).toMatchObject({ code: 'invalid-request', path: 'companyId' })
    const replacing = expenses(admin) as unknown as { update: (id: string, data: unknown) => Promise<unknown> }
    expect(await failure(replacing.update(bill._id, { category: 'rent', amount: 5 }))).toMatchObject({ name: 'MethodNotAllowed' })
    expect(await expenses(admin).get(bill._id)).toEqual(patched)
  })

  it('keeps expenses to the branches one works in; another branch\'s or another company\'s is not found', async () => {
    const inA = await expenses(admin).create({ category: 'materials', amount: 700, branchId: branchA })
    const inB = await expenses(bookkeeperB).create({ category: 'materials', amount: 800 })
    expect(inB.branchId).toBe(branchB)
    expect((await failure(expenses(bookkeeperB).create({ category: 'rent', amount: 5, branchId: branchA }))).data).toMatchObject({ code: 'branch-not-allowed', path: 'branchId' })
    expect((await failure(expenses(bookkeeperB).patch(inB._id, { branchId: branchA }))).data).toMatchObject({ code: 'branch-not-allowed', path: 'branchId' })
    expect((await failure(expenses(admin).create({ category: 'rent', amount: 5, branchId: other.auth.branchIds[0] }))).data).toMatchObject({ code: 'branch-not-allowed', path: 'branchId' })
    const seenByB = (await expenses(bookkeeperB).find({ query: { $limit: 500 } })).data
    expect(seenByB.length).toBeGreaterThan(0)
    expect(seenByB.every((row) => row.branchId === branchB)).toBe(true)
    for (const error of await Promise.all([expenses(bookkeeperB).get(inA._id), expenses(bookkeeperB).patch(inA._id, { amount: 1 }), expenses(bookkeeperB).remove(inA._id)].map(failure))) {
      expect(error.name).toBe('NotFound')
    }
    const theirs = await expenses(other).create({ category: 'rent', amount: 10 })
    for (const error of await Promise.all([expenses(admin).get(theirs._id), expenses(admin).patch(theirs._id, { amount: 1 }), expenses(admin).remove(theirs._id)].map(failure))) {
      expect(error.name).toBe('NotFound')
    }
    // Asking for another company's expenses answers one's own (the company is the caller's, always).
    const asked = (await expenses(admin).find({ query: { companyId: other.auth.company._id, $limit: 500 } })).data
    expect(asked.every((row) => row.companyId === admin.auth.company._id)).toBe(true)
    expect(asked.map((row) => row._id)).not.toContain(theirs._id)
  })

  it('filters by branch, category, day range and a part of the supplier, sorts, and totals every match', async () => {
    const company = await server.registerClinic('Totals')
    const second = (await company.client.service('branches').create({ name: 'Branch two' }))._id
    const first = company.auth.branchIds[0]
    const add = (data: ExpenseData) => expenses(company).create({ branchId: first, ...data })
    await add({ category: 'rent', amount: 100_00, date: '2026-01-10', supplier: 'Ёлка Estates' })
    await add({ category: 'materials', amount: 25_50, date: '2026-01-15', supplier: 'Dental 100%_Supply' })
    await add({ category: 'materials', amount: 4_50, date: '2026-02-01', supplier: 'dental depot' })
    await add({ category: 'rent', amount: 300_00, date: '2026-01-20', branchId: second })
    const find = async (query: FindQuery) => (await expenses(company).find({ query })) as unknown as ExpensePage

    const all = await find({})
    expect(all).toMatchObject({ total: 4, amountTotal: 430_00 })
    // Newest day first by default.
    expect(all.data.map((row) => row.date)).toEqual(['2026-02-01', '2026-01-20', '2026-01-15', '2026-01-10'])
    // The total is of every match, not of the page asked for.
    expect(await find({ $limit: 1 })).toMatchObject({ total: 4, amountTotal: 430_00, data: [expect.objectContaining({ date: '2026-02-01' })] })
    expect(await find({ $limit: 0 })).toMatchObject({ total: 4, amountTotal: 430_00, data: [] })
    expect(await find({ branchId: second })).toMatchObject({ total: 1, amountTotal: 300_00 })
    expect(await find({ category: 'materials' })).toMatchObject({ total: 2, amountTotal: 30_00 })
    expect(await find({ category: { $in: ['rent'] }, branchId: first })).toMatchObject({ total: 1, amountTotal: 100_00 })
    expect(await find({ date: { $gte: '2026-01-11', $lte: '2026-01-31' } })).toMatchObject({ total: 2, amountTotal: 325_50 })
    expect(await find({ $search: 'DENTAL' })).toMatchObject({ total: 2, amountTotal: 30_00 })
    expect(await find({ $search: 'елка' })).toMatchObject({ total: 1, amountTotal: 100_00 })
    // LIKE's wildcards are taken literally.
    expect(await find({ $search: '100%_' })).toMatchObject({ total: 1, amountTotal: 25_50 })
    expect(await find({ $search: '%' })).toMatchObject({ total: 1 })
    expect(await find({ date: { $gte: '2027-01-01' } })).toMatchObject({ total: 0, amountTotal: 0, data: [] })
    const byAmount = await find({ $sort: { amount: 1 } })
    expect(byAmount.data.map((row) => row.amount)).toEqual([4_50, 25_50, 100_00, 300_00])
    // Strict query: unknown fields and operators, a malformed day, hidden columns are refused.
    for (const query of [{ searchSupplier: 'dental' }, { note: 'x' }, { date: { $gte: 'soon' } }, { amount: { $regex: '1' } }, { $search: 'x'.repeat(101) }, { $select: ['searchSupplier'] }]) {
      expect((await failure(expenses(company).find({ query: malformed(query) }))).name).toBe('BadRequest')
    }
  })

  it('needs the expense permission per method: the doctor gets nothing, a viewer cannot write', async () => {
    const kept = await expenses(admin).create({ category: 'rent', amount: 9, branchId: branchA })
    const before = await rows()
    const doctorCalls = [expenses(doctorA).find(), expenses(doctorA).get(kept._id), expenses(doctorA).create({ category: 'rent', amount: 9 }), expenses(doctorA).patch(kept._id, { amount: 1 }), expenses(doctorA).remove(kept._id)]
    for (const error of await Promise.all(doctorCalls.map(failure))) expect(error).toMatchObject({ name: 'Forbidden', data: { code: 'forbidden' } })
    const viewerRole = await admin.client.service('roles').create({ name: 'Expense viewer', permissions: [{ resource: 'expense', view: true }] })
    const viewer = await signedInMember(server, admin, { roleId: viewerRole._id, branchIds: [branchA] })
    expect((await expenses(viewer).get(kept._id))._id).toBe(kept._id)
    const viewerCalls = [expenses(viewer).create({ category: 'rent', amount: 9 }), expenses(viewer).patch(kept._id, { amount: 1 }), expenses(viewer).remove(kept._id)]
    for (const error of await Promise.all(viewerCalls.map(failure))) expect(error).toMatchObject({ name: 'Forbidden', data: { code: 'forbidden' } })
    expect(await rows()).toEqual(before)
  })

  it('is refused while the company\'s billing module is off', async () => {
    const company = await server.registerClinic('No billing')
    await company.client.service('company').patch('mine', { modules: { billing: false } })
    const again = await server.signIn(company.auth.user.email)
    expect(await failure(expenses(again).find())).toMatchObject({ name: 'Forbidden', data: { code: 'service-not-enabled' } })
  })

  it('moves a removed expense to the trash, restores it exactly, and logs each write', async () => {
    const paid = await expenses(finance).create({ category: 'laboratory', amount: 42_000, branchId: branchA, supplier: 'Lab One', documentNumber: 'A-7', date: '2026-04-02' })
    await expenses(finance).patch(paid._id, { amount: 43_000 })
    await expenses(finance).remove(paid._id)
    expect((await failure(expenses(finance).get(paid._id))).name).toBe('NotFound')
    const [item] = (await admin.client.service('trash').find({ query: { service: 'expense', recordId: paid._id } })).data
    expect(item).toMatchObject({ branchId: branchA, title: '2026-04-02 · Lab One · № A-7' })
    await admin.client.service('trash').patch(item._id, { restore: true })
    const back = await expenses(finance).get(paid._id)
    expect(back).toMatchObject({ amount: 43_000, supplier: 'Lab One' })
    expect((await expenses(finance).find({ query: { $search: 'lab one' } })).total).toBe(1)
    const log = await admin.client.service('user-activities').find({ query: { service: 'expense', recordId: paid._id, $sort: { createdAt: 1 } } })
    expect(log.data.map((entry: { method: string }) => entry.method)).toEqual(['create', 'patch', 'remove'])
    expect(log.data[1].changes).toEqual({ amount: { from: 42_000, to: 43_000 } })
    // The hidden search column is not in the log.
    expect(log.data[0].changes).toMatchObject({ supplier: 'Lab One', amount: 42_000 })
    expect(JSON.stringify(log.data.map((entry: { changes: unknown }) => entry.changes))).not.toContain('searchSupplier')
  })

  it('tells the branch\'s people who may view expenses, not other branches, not the doctor', async () => {
    const heardFinance = nextEvent<{ supplier: string }>(finance.client, 'expense', 'created')
    const heardAdmin = nextEvent<{ supplier: string }>(admin.client, 'expense', 'created')
    const notB = receivesEvent(bookkeeperB.client, 'expense', 'created')
    const notDoctor = receivesEvent(doctorA.client, 'expense', 'created')
    await expenses(admin).create({ category: 'marketing', amount: 5, branchId: branchA, supplier: 'Evented' })
    expect((await heardFinance).supplier).toBe('Evented')
    const heard = (await heardAdmin) as Record<string, unknown>
    expect(heard.supplier).toBe('Evented')
    expect(heard).not.toHaveProperty('searchSupplier')
    expect(await notB).toBe(false)
    expect(await notDoctor).toBe(false)
  })
})
