import { manifests } from '../../../../../server/src/services/service-manifest'
import { findValidCabinetToken } from '../../../../../server/src/services/customers/customer-cabinet-token/customer-cabinet-token.class'
import { engines, failure, eventWhere, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'

describe.each(engines)('merging customers (customers-merge) on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let other: SignedIn
  let counter = 0

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Merge')
    other = await server.registerClinic('Elsewhere')
  })
  afterAll(() => server.stop())

  async function newCustomer(owner: SignedIn = admin, extra: Record<string, unknown> = {}) {
    counter += 1
    return owner.client.service('customers').create({ first_name: 'Same', last_name: `Person${counter}`, ...extra })
  }
  /** Balance and debt are billing's; tests set them straight in the table. */
  const setMoney = (id: string, balance: number, debt: number) => server.db('customers').where({ _id: id }).update({ balance, debt })
  const merge = (keepId: string, mergeId: string, who: SignedIn = admin) => who.client.service('customers-merge').create({ keepId, mergeId })
  /** Everything a merge may touch, to prove a failed one wrote nothing. */
  const snapshot = async () => ({
    customers: await server.db('customers').orderBy('_id'),
    notes: await server.db('notes').orderBy('_id'),
    tokens: await server.db('customer_cabinet_tokens').orderBy('token')
  })

  it('moves notes, adds up balance and debt, unites tags, fills empty fields and archives the merged record', async () => {
    const [vip, child, late] = await Promise.all(['VIP', 'Child', 'Late payer'].map((name) => admin.client.service('tags').create({ name: `${name} ${counter}` })))
    const kept = await newCustomer(admin, { phone: '+998 90 111 22 33', tagIds: [vip._id, child._id], email: '' })
    const merged = await newCustomer(admin, { phone: '+998 90 999 88 77', email: 'dup@clinic.test', birthdate: '1990-05-01', profession: 'Teacher', tagIds: [child._id, late._id] })
    await setMoney(kept._id, 100_00, 30_00)
    await setMoney(merged._id, 25_00, 70_00)
    const keptNote = await admin.client.service('notes').create({ customerId: kept._id, text: 'Kept note' })
    const movedNotes = [
      await admin.client.service('notes').create({ customerId: merged._id, text: 'Merged note 1' }),
      await admin.client.service('notes').create({ customerId: merged._id, text: 'Merged note 2', pinned: true })
    ]

    const result = await merge(kept._id, merged._id)

    expect(result).toMatchObject({
      _id: kept._id,
      first_name: kept.first_name,
      phone: '998901112233',
      email: 'dup@clinic.test',
      birthdate: '1990-05-01',
      profession: 'Teacher',
      balance: 125_00,
      debt: 100_00,
      tagIds: [vip._id, child._id, late._id],
      archived: false,
      mergedInto: null,
      status: 'active'
    })
    const gone = await admin.client.service('customers').get(merged._id)
    expect(gone).toMatchObject({ archived: true, mergedInto: kept._id, balance: 0, debt: 0, status: 'merged' })
    const notes = await admin.client.service('notes').find({ query: { customerId: kept._id } })
    expect(notes.data.map((note) => note._id).sort()).toEqual([keptNote._id, ...movedNotes.map((note) => note._id)].sort())
    expect((await admin.client.service('notes').find({ query: { customerId: merged._id } })).total).toBe(0)
  })

  it('tells the company about both records', async () => {
    const colleague = await signedInMember(server, admin, { role: 'administrator' })
    const kept = await newCustomer()
    const merged = await newCustomer()
    const patched: Array<{ _id: string; mergedInto: string | null }> = []
    const both = new Promise<void>((resolve) => {
      colleague.client.service('customers').on('patched', (customer: { _id: string; mergedInto: string | null }) => {
        patched.push(customer)
        if (patched.length === 2) resolve()
      })
    })
    await merge(kept._id, merged._id)
    await Promise.race([both, new Promise((resolve) => setTimeout(resolve, 3000))])
    expect(patched.map((customer) => customer._id).sort()).toEqual([kept._id, merged._id].sort())
    expect(patched.find((customer) => customer._id === merged._id)?.mergedInto).toBe(kept._id)
  })

  it('revokes the merged customer\'s cabinet link and keeps the kept one\'s', async () => {
    const kept = await newCustomer()
    const merged = await newCustomer()
    const keptLink = await admin.client.service('customer-cabinet-token').create({ customerId: kept._id })
    const mergedLink = await admin.client.service('customer-cabinet-token').create({ customerId: merged._id })
    await merge(kept._id, merged._id)
    expect(await findValidCabinetToken(server.db, mergedLink.token)).toBeNull()
    expect(await findValidCabinetToken(server.db, keptLink.token)).not.toBeNull()
  })

  describe('refusals, each writing nothing', () => {
    it('refuses a second merge of a merged record, either way round', async () => {
      const kept = await newCustomer()
      const merged = await newCustomer()
      const third = await newCustomer()
      await merge(kept._id, merged._id)
      const before = await snapshot()
      const again = await failure(merge(third._id, merged._id))
      expect(again.name).toBe('Conflict')
      expect(again.data).toMatchObject({ code: 'customer-already-merged', path: 'mergeId' })
      expect(again.message).toBe('This customer has already been merged')
      const into = await failure(merge(merged._id, third._id))
      expect(into.data).toMatchObject({ code: 'customer-already-merged', path: 'keepId' })
      expect(await snapshot()).toEqual(before)
    })

    it('refuses merging a record into itself', async () => {
      const customer = await newCustomer()
      const before = await snapshot()
      const error = await failure(merge(customer._id, customer._id))
      expect(error.name).toBe('BadRequest')
      expect(error.data).toMatchObject({ code: 'merge-same-customer', path: 'mergeId' })
      expect(await snapshot()).toEqual(before)
    })

    it('refuses, at the right field, unknown ids and another company\'s customers', async () => {
      const mine = await newCustomer()
      const theirs = await newCustomer(other)
      const before = await snapshot()
      const unknown = '01a1fd2e-80ce-71b8-ad91-b74aef45f1b6'
      for (const [keepId, mergeId, path] of [[unknown, mine._id, 'keepId'], [mine._id, unknown, 'mergeId'], [mine._id, theirs._id, 'mergeId'], [theirs._id, mine._id, 'keepId']]) {
        const error = await failure(merge(keepId, mergeId))
        expect([keepId, mergeId, error.data?.code, error.data?.path]).toEqual([keepId, mergeId, 'invalid-reference', path])
      }
      expect(await snapshot()).toEqual(before)
    })

    it('rejects malformed data', async () => {
      const customer = await newCustomer()
      for (const data of [{ keepId: customer._id }, { keepId: customer._id, mergeId: 'abc' }, { keepId: customer._id, mergeId: customer._id, extra: 1 }, {}]) {
        const error = await failure(admin.client.service('customers-merge').create(malformed(data)))
        expect([JSON.stringify(data), error.name]).toEqual([JSON.stringify(data), 'BadRequest'])
      }
    })

    it('rolls everything back when a step fails half way', async () => {
      const kept = await newCustomer()
      const merged = await newCustomer()
      await setMoney(merged._id, 5_00, 7_00)
      await admin.client.service('notes').create({ customerId: merged._id, text: 'Must stay' })
      const before = await snapshot()
      // A declared table that does not exist fails after the notes were moved.
      manifests.set('no-such-service', { methods: [], access: { methods: {} }, customerRows: [{ table: 'no_such_table', column: 'customerId' }] })
      try {
        const error = await failure(merge(kept._id, merged._id))
        expect(error.name).toBe('GeneralError')
      } finally {
        manifests.delete('no-such-service')
      }
      expect(await snapshot()).toEqual(before)
      // And the same pair merges fine afterwards.
      await expect(merge(kept._id, merged._id)).resolves.toMatchObject({ balance: 5_00, debt: 7_00 })
    })
  })

  describe('access', () => {
    it('needs the delete permission on customers', async () => {
      const kept = await newCustomer()
      const merged = await newCustomer()
      const doctor = await signedInMember(server, admin, { role: 'doctor' })
      const before = await snapshot()
      const error = await failure(merge(kept._id, merged._id, doctor))
      expect(error.name).toBe('Forbidden')
      expect(error.data?.code).toBe('forbidden')
      expect(await snapshot()).toEqual(before)
      const role = await admin.client.service('roles').create({ name: 'Merger', permissions: [{ resource: 'customers', view: true, delete: true }] })
      const merger = await signedInMember(server, admin, { roleId: role._id })
      await expect(merge(kept._id, merged._id, merger)).resolves.toMatchObject({ _id: kept._id })
    })

    it('refuses a record of a branch the caller may not see', async () => {
      const north = await admin.client.service('branches').create({ name: `North ${counter}` })
      const northCustomer = await newCustomer(admin, { branchId: north._id })
      const southCustomer = await newCustomer()
      const role = await admin.client.service('roles').create({ name: 'South merger', permissions: [{ resource: 'customers', view: true, delete: true }] })
      const south = await signedInMember(server, admin, { roleId: role._id, branchIds: [admin.auth.branchIds[0]] })
      const before = await snapshot()
      const error = await failure(merge(southCustomer._id, northCustomer._id, south))
      expect(error.name).toBe('NotFound')
      expect(error.data?.path).toBe('mergeId')
      expect(await snapshot()).toEqual(before)
    })

    it('is switched off with the customers module', async () => {
      const kept = await newCustomer(other)
      const merged = await newCustomer(other)
      await other.client.service('company').patch('mine', { modules: { customers: false } })
      const error = await failure(merge(kept._id, merged._id, other))
      expect(error.data?.code).toBe('service-not-enabled')
      await other.client.service('company').patch('mine', { modules: { customers: true } })
    })
  })

  it('answers with the kept customer as the caller may see it (phone protection)', async () => {
    const kept = await newCustomer(admin, { phone: '+998 90 123 45 67' })
    const merged = await newCustomer()
    const role = await admin.client.service('roles').create({ name: 'Merger without phones', permissions: [{ resource: 'customers', view: true, delete: true }] })
    const member = await signedInMember(server, admin, { roleId: role._id })
    await admin.client.service('company').patch('mine', { settings: { phoneProtection: true } })
    try {
      // Both records are announced; each connection's publisher decides on its own, so the two
      // events may arrive in either order: wait for the kept record's by id.
      const heardByAdmin = eventWhere<{ _id: string; phone: string | null }>(admin.client, 'customers', 'patched', (data) => data._id === kept._id)
      const heardByMember = eventWhere<{ _id: string; phone: string | null; phoneHidden: boolean }>(member.client, 'customers', 'patched', (data) => data._id === kept._id)
      const mergedHeard = eventWhere<{ _id: string; mergedInto: string }>(admin.client, 'customers', 'patched', (data) => data._id === merged._id)
      const result = await merge(kept._id, merged._id, member)
      expect(result).toMatchObject({ _id: kept._id, phone: null, phoneHidden: true })
      expect(JSON.stringify(result)).not.toContain('998901234567')
      // The administrator may see phones, the member may not.
      expect(await heardByAdmin).toMatchObject({ _id: kept._id, phone: '998901234567' })
      expect(await heardByMember).toMatchObject({ _id: kept._id, phone: null, phoneHidden: true })
      expect(await mergedHeard).toMatchObject({ _id: merged._id, mergedInto: kept._id })
    } finally {
      await admin.client.service('company').patch('mine', { settings: { phoneProtection: false } })
    }
  })
})
