import type { ClientApplication } from '../../../../../server/src/client'
import { engines, failure, nextEvent, receivesEvent, startServer, type SignedIn, type TestServer, handledAtOnce } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'

/** Customers belong to a branch; people see their own branches' customers unless allowed all. */
describe.each(engines)('customers and branches on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let branchA: string
  let branchB: string
  /** Works in branch B only, with full rights on customers but no company-wide view. */
  let deskB: SignedIn
  let roleIdDesk: string

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Branches')
    branchA = admin.auth.branchIds[0]
    branchB = (await admin.client.service('branches').create({ name: 'Second' }))._id
    const role = await admin.client.service('roles').create({
      name: 'Front desk',
      permissions: [{ resource: 'customers', view: true, create: true, edit: true, delete: true, seeAll: true }, { resource: 'customer-phone', seeAll: true }]
    })
    roleIdDesk = role._id
    deskB = await signedInMember(server, admin, { roleId: role._id, branchIds: [branchB] })
  })
  afterAll(() => server.stop())

  const create = (client: ClientApplication, data: Record<string, unknown>) =>
    client.service('customers').create({ first_name: 'Branch', last_name: 'Customer', ...data })
  const setSeeAll = (value: boolean) => admin.client.service('company').patch('mine', { settings: { branchesSeeAllCustomers: value } })

  it('fills a missing branch from the client\'s current branch, else the caller\'s first branch', async () => {
    expect((await create(deskB.client, {})).branchId).toBe(branchB)
    admin.client.set('currentBranchId', branchB)
    try {
      expect((await create(admin.client, {})).branchId).toBe(branchB)
    } finally {
      admin.client.set('currentBranchId', null)
    }
    expect((await create(admin.client, { branchId: branchA })).branchId).toBe(branchA)
  })

  it('refuses a branch the caller does not work in, on create and on patch, writing nothing', async () => {
    const before = await server.db('customers').count({ total: '*' })
    const error = await failure(create(deskB.client, { branchId: branchA }))
    expect({ name: error.name, code: error.data?.code, path: error.data?.path }).toEqual({ name: 'BadRequest', code: 'branch-not-allowed', path: 'branchId' })
    expect(await server.db('customers').count({ total: '*' })).toEqual(before)
    const own = await create(deskB.client, {})
    expect((await failure(deskB.client.service('customers').patch(own._id, { branchId: branchA }))).data?.code).toBe('branch-not-allowed')
    expect((await server.db('customers').where({ _id: own._id }).first()).branchId).toBe(branchB)
  })

  describe('visibility', () => {
    let inA: { _id: string }
    let inB: { _id: string }
    const marker = `Visible${Date.now()}`
    beforeAll(async () => {
      inA = await create(admin.client, { branchId: branchA, last_name: marker })
      inB = await create(admin.client, { branchId: branchB, last_name: marker })
    })

    const found = async (person: SignedIn, query: Record<string, unknown> = {}) =>
      (await person.client.service('customers').find({ query: { last_name: marker, ...query } })).data.map((customer) => customer._id).sort()

    it('shows a person only their branches\' customers; the whole-company role sees all', async () => {
      expect(await found(deskB)).toEqual([inB._id])
      expect(await found(admin)).toEqual([inA._id, inB._id].sort())
    })

    it('cannot be widened by asking for another branch, by $in, $ne or $or', async () => {
      expect(await found(deskB, { branchId: branchA })).toEqual([])
      expect(await found(deskB, { branchId: { $in: [branchA, branchB] } })).toEqual([inB._id])
      expect(await found(deskB, { branchId: { $ne: branchB } })).toEqual([])
      expect(await found(deskB, { $or: [{ branchId: branchA }, { _id: inA._id }] })).toEqual([])
      expect(await found(deskB, { $search: marker })).toEqual([inB._id])
    })

    it('answers NotFound for another branch\'s customer on get, patch and remove, changing nothing', async () => {
      const row = await server.db('customers').where({ _id: inA._id }).first()
      const customers = deskB.client.service('customers')
      for (const call of handledAtOnce([customers.get(inA._id), customers.patch(inA._id, { first_name: 'Hijacked' }), customers.remove(inA._id)])) {
        expect((await failure(call)).name).toBe('NotFound')
      }
      expect(await server.db('customers').where({ _id: inA._id }).first()).toEqual(row)
    })

    it('shows every branch\'s customers when the company lets branches see all', async () => {
      await setSeeAll(true)
      try {
        expect(await found(deskB)).toEqual([inA._id, inB._id].sort())
        expect((await deskB.client.service('customers').get(inA._id))._id).toBe(inA._id)
      } finally {
        await setSeeAll(false)
      }
      expect(await found(deskB)).toEqual([inB._id])
    })
  })

  describe('events', () => {
    let deskElsewhere: SignedIn
    beforeAll(async () => {
      deskElsewhere = await signedInMember(server, admin, { roleId: roleIdDesk, branchIds: [branchA] })
    })

    it('reach the customer\'s branch and the whole-company people, not other branches', async () => {
      const heardB = receivesEvent(deskB.client, 'customers', 'created')
      const heardA = nextEvent<{ _id: string }>(deskElsewhere.client, 'customers', 'created')
      const created = await create(admin.client, { branchId: branchA })
      expect((await heardA)._id).toBe(created._id)
      expect(await heardB).toBe(false)
    })

    it('reach every branch when the company lets branches see all', async () => {
      await setSeeAll(true)
      try {
        const heardB = nextEvent<{ _id: string }>(deskB.client, 'customers', 'created')
        const created = await create(admin.client, { branchId: branchA })
        expect((await heardB)._id).toBe(created._id)
      } finally {
        await setSeeAll(false)
      }
    })

    it('tell the branch a customer leaves about the move', async () => {
      const moving = await create(admin.client, { branchId: branchB })
      const heardB = nextEvent<{ _id: string; branchId: string }>(deskB.client, 'customers', 'patched')
      const heardA = nextEvent<{ _id: string; branchId: string }>(deskElsewhere.client, 'customers', 'patched')
      await admin.client.service('customers').patch(moving._id, { branchId: branchA })
      expect(await heardB).toMatchObject({ _id: moving._id, branchId: branchA })
      expect(await heardA).toMatchObject({ _id: moving._id, branchId: branchA })
    })

    it('tell the branch a customer leaves about a move made by a whole update too', async () => {
      const moving = await create(admin.client, { branchId: branchB })
      const heardB = nextEvent<{ _id: string; branchId: string }>(deskB.client, 'customers', 'updated')
      await admin.client.service('customers').update(moving._id, { first_name: 'Branch', last_name: 'Customer', branchId: branchA })
      expect(await heardB).toMatchObject({ _id: moving._id, branchId: branchA })
    })
  })
})
