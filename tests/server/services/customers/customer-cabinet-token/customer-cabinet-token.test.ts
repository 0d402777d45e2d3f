import { findValidCabinetToken } from '../../../../../server/src/services/customers/customer-cabinet-token/customer-cabinet-token.class'
import { engines, failure, receivesEvent, startServer, type SignedIn, type TestServer, handledAtOnce } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'

describe.each(engines)('customer cabinet links (customer-cabinet-token) on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let other: SignedIn
  let counter = 0

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Cabinet')
    other = await server.registerClinic('Elsewhere')
  })
  afterAll(() => server.stop())

  async function newCustomer(owner: SignedIn = admin, extra: Record<string, unknown> = {}) {
    counter += 1
    return owner.client.service('customers').create({ first_name: 'Cabinet', last_name: `Owner${counter}`, ...extra })
  }
  const tokens = () => admin.client.service('customer-cabinet-token')
  const rows = () => server.db('customer_cabinet_tokens').orderBy('token')

  it('makes a random, URL-safe link of at least 32 characters for a customer', async () => {
    const customer = await newCustomer()
    const link = await tokens().create({ customerId: customer._id })
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(link).toMatchObject({ customerId: customer._id, companyId: admin.auth.company._id, createdBy: admin.auth.user._id, expiresAt: null, revokedAt: null, revokedBy: null })
    expect(await tokens().get(link.token)).toEqual(link)
    const another = await tokens().create({ customerId: (await newCustomer())._id })
    expect(another.token).not.toBe(link.token)
    expect(await findValidCabinetToken(server.db, link.token)).toMatchObject({ token: link.token, customerId: customer._id, companyId: admin.auth.company._id })
  })

  it('keeps one working link per customer: a new one revokes the old', async () => {
    const customer = await newCustomer()
    const first = await tokens().create({ customerId: customer._id })
    const second = await tokens().create({ customerId: customer._id })
    const list = await tokens().find({ query: { customerId: customer._id } })
    expect(list.data.map((link) => link.token)).toEqual([second.token, first.token])
    expect(list.data[1].revokedAt).not.toBeNull()
    expect(list.data[1].revokedBy).toBe(admin.auth.user._id)
    expect(list.data[0].revokedAt).toBeNull()
    expect(await findValidCabinetToken(server.db, first.token)).toBeNull()
    expect(await findValidCabinetToken(server.db, second.token)).not.toBeNull()
    // The database itself refuses a second working link.
    const duplicate = await failure(server.db('customer_cabinet_tokens').insert({ token: 'x'.repeat(43), companyId: admin.auth.company._id, customerId: customer._id }))
    expect(String((duplicate as unknown as { message: string }).message)).toMatch(/unique/i)
  })

  it('revokes a link for good with remove', async () => {
    const customer = await newCustomer()
    const link = await tokens().create({ customerId: customer._id })
    const revoked = await tokens().remove(link.token)
    expect(revoked.revokedAt).not.toBeNull()
    expect(revoked.revokedBy).toBe(admin.auth.user._id)
    expect(await findValidCabinetToken(server.db, link.token)).toBeNull()
    // Revoking again changes nothing: the first moment stays.
    const again = await tokens().remove(link.token)
    expect(again.revokedAt).toBe(revoked.revokedAt)
    // The row stays as history; no later link brings it back.
    await tokens().create({ customerId: customer._id })
    expect(await findValidCabinetToken(server.db, link.token)).toBeNull()
    expect((await tokens().get(link.token)).revokedAt).toBe(revoked.revokedAt)
  })

  it('lets a link expire', async () => {
    const customer = await newCustomer()
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString()
    const link = await tokens().create({ customerId: customer._id, expiresAt: inAnHour })
    expect(link.expiresAt).toBe(inAnHour)
    expect(await findValidCabinetToken(server.db, link.token)).not.toBeNull()
    await server.db('customer_cabinet_tokens').where({ token: link.token }).update({ expiresAt: new Date(Date.now() - 1000).toISOString() })
    expect(await findValidCabinetToken(server.db, link.token)).toBeNull()
    const before = await rows()
    const past = await failure(tokens().create({ customerId: customer._id, expiresAt: new Date(Date.now() - 60_000).toISOString() }))
    expect(past.name).toBe('BadRequest')
    expect(past.data?.path).toBe('expiresAt')
    const garbage = await failure(tokens().create({ customerId: customer._id, expiresAt: 'next week' }))
    expect(garbage.name).toBe('BadRequest')
    expect(await rows()).toEqual(before)
  })

  it('stops working when the customer is archived or gone, and finds nothing for malformed tokens', async () => {
    const customer = await newCustomer()
    const link = await tokens().create({ customerId: customer._id })
    await admin.client.service('customers').patch(customer._id, { archived: true })
    expect(await findValidCabinetToken(server.db, link.token)).toBeNull()
    await admin.client.service('customers').patch(customer._id, { archived: false })
    expect(await findValidCabinetToken(server.db, link.token)).not.toBeNull()
    await server.db('customers').where({ _id: customer._id }).delete()
    expect(await findValidCabinetToken(server.db, link.token)).toBeNull()
    for (const token of [undefined, null, '', 'short', { $ne: null }, `${link.token}x`, "' or 1=1 --".padEnd(43, 'a')]) {
      expect(await findValidCabinetToken(server.db, token)).toBeNull()
    }
  })

  it('refuses an unknown customer, or one of another company, writing nothing', async () => {
    const before = await rows()
    const theirs = await newCustomer(other)
    for (const customerId of ['01a1fd2e-80ce-71b8-ad91-b74aef45f1b6', theirs._id]) {
      const error = await failure(tokens().create({ customerId }))
      expect(error.data).toMatchObject({ code: 'invalid-reference', path: 'customerId' })
    }
    expect(await rows()).toEqual(before)
  })

  describe('access', () => {
    it('needs customers view to read, customers edit to make or revoke', async () => {
      const customer = await newCustomer()
      const link = await tokens().create({ customerId: customer._id })
      const viewer = await admin.client.service('roles').create({ name: 'Viewer', permissions: [{ resource: 'customers', view: true }] })
      const member = await signedInMember(server, admin, { roleId: viewer._id })
      const service = member.client.service('customer-cabinet-token')
      expect((await service.get(link.token)).token).toBe(link.token)
      expect((await service.find({ query: { customerId: customer._id } })).total).toBe(1)
      for (const call of handledAtOnce([service.create({ customerId: customer._id }), service.remove(link.token)])) {
        const error = await failure(call)
        expect(error.name).toBe('Forbidden')
      }
      const nobody = await admin.client.service('roles').create({ name: 'Nothing', permissions: [] })
      const stranger = await signedInMember(server, admin, { roleId: nobody._id })
      for (const call of handledAtOnce([stranger.client.service('customer-cabinet-token').get(link.token), stranger.client.service('customer-cabinet-token').find({ query: { customerId: customer._id } })])) {
        expect((await failure(call)).name).toBe('Forbidden')
      }
      expect((await tokens().get(link.token)).revokedAt).toBeNull()
    })

    it('answers NotFound for another company\'s link, and changes nothing', async () => {
      const theirs = await newCustomer(other)
      const link = await other.client.service('customer-cabinet-token').create({ customerId: theirs._id })
      const before = await server.db('customer_cabinet_tokens').where({ token: link.token }).first()
      for (const call of handledAtOnce([tokens().get(link.token), tokens().remove(link.token), tokens().find({ query: { customerId: theirs._id } })])) {
        const error = await failure(call)
        expect(error.name).toBe('NotFound')
        expect(error.data).toEqual({ code: 'not-found' })
      }
      expect(await server.db('customer_cabinet_tokens').where({ token: link.token }).first()).toEqual(before)
    })

    it('answers NotFound for ids that are not tokens, and refuses a find without a customer', async () => {
      for (const id of ['not-a-token', 'a'.repeat(44), '01a1fd2e-80ce-71b8-ad91-b74aef45f1b6', 'A'.repeat(43)]) {
        expect((await failure(tokens().get(id))).name).toBe('NotFound')
      }
      const error = await failure(tokens().find())
      expect(error.data?.path).toBe('customerId')
    })

    it('sends no events about links, not even to the company', async () => {
      const colleague = await server.signIn(admin.email)
      const heard = receivesEvent(colleague.client, 'customer-cabinet-token', 'created')
      await tokens().create({ customerId: (await newCustomer())._id })
      expect(await heard).toBe(false)
    })
  })
})
