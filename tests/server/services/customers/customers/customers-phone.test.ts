import { engines, failure, nextEvent, receivesEvent, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'

const PHONE = '998901234567'

/** Phone protection: phones hidden from people lacking seeAll on customer-phone, everywhere. */
describe.each(engines)('customer phone protection on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let adminElsewhere: SignedIn
  /** Full rights on customers, none on customer-phone. */
  let desk: SignedIn
  /** No right on customers at all. */
  let outsider: SignedIn

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Phones')
    adminElsewhere = await server.signIn(admin.email)
    const deskRole = await admin.client.service('roles').create({
      name: 'Desk',
      permissions: [{ resource: 'customers', view: true, create: true, edit: true, delete: true, seeAll: true }, { resource: 'customer-phone', view: true }]
    })
    desk = await signedInMember(server, admin, { roleId: deskRole._id })
    const outsiderRole = await admin.client.service('roles').create({ name: 'Outsider', permissions: [{ resource: 'specialty', view: true }] })
    outsider = await signedInMember(server, admin, { roleId: outsiderRole._id })
  })
  afterAll(() => server.stop())

  const protect = (value: boolean) => admin.client.service('company').patch('mine', { settings: { phoneProtection: value } })
  const make = (last_name = 'Protected') => admin.client.service('customers').create({ first_name: 'Phone', last_name, phone: PHONE })

  it('shows phones to everyone while protection is off', async () => {
    const created = await make()
    expect(await desk.client.service('customers').get(created._id)).toMatchObject({ phone: PHONE, phoneHidden: false })
  })

  describe('with protection on', () => {
    beforeAll(() => protect(true))
    afterAll(() => protect(false))

    it('hides the phone from get, find, create and patch results of those lacking the permission', async () => {
      const created = await make()
      const customers = desk.client.service('customers')
      expect(await customers.get(created._id)).toMatchObject({ phone: null, phoneHidden: true })
      const page = await customers.find({ query: { _id: created._id } })
      expect(page.data[0]).toMatchObject({ phone: null, phoneHidden: true })
      expect(await customers.create({ first_name: 'Desk', last_name: 'Made', phone: '+998 90 765 43 21' })).toMatchObject({ phone: null, phoneHidden: true })
      expect(await customers.patch(created._id, { first_name: 'Renamed' })).toMatchObject({ phone: null, phoneHidden: true })
      expect(JSON.stringify(page)).not.toContain(PHONE)
    })

    it('still shows it to those with seeAll on customer-phone', async () => {
      const created = await make()
      expect(await admin.client.service('customers').get(created._id)).toMatchObject({ phone: PHONE, phoneHidden: false })
    })

    it('never reveals the phone through $select (a slim projection, or the phone asked for by name)', async () => {
      const created = await make('Selected')
      const customers = desk.client.service('customers')
      const names = await customers.find({ query: { _id: { $in: [created._id] }, $limit: 1, $select: ['_id', 'first_name', 'last_name', 'middle_name'] } })
      expect(names.total).toBe(1)
      expect(names.data[0]).toMatchObject({ _id: created._id, first_name: 'Phone', last_name: 'Selected' })
      expect(names.data[0]).not.toHaveProperty('email')
      expect(JSON.stringify(names)).not.toContain(PHONE)
      for (const $select of [['phone'], ['_id', 'phone', 'first_name']]) {
        const page = await customers.find({ query: { _id: created._id, $select } })
        // (The phoneHidden flag is a computed field: $select leaves it out unless named.)
        expect(page.data[0]).toMatchObject({ phone: null })
        expect(JSON.stringify(page)).not.toContain(PHONE)
        expect(JSON.stringify(await customers.get(created._id, { query: { $select } }))).not.toContain(PHONE)
      }
      // Those who may see phones get the selected phone.
      expect((await admin.client.service('customers').find({ query: { _id: created._id, $select: ['_id', 'phone'] } })).data[0]).toMatchObject({ _id: created._id, phone: PHONE })
    })

    it('sends each connection the event in its own shape, whoever made the change', async () => {
      for (const author of [admin, desk]) {
        const toDesk = nextEvent<Record<string, unknown>>(desk.client, 'customers', 'created')
        const toAdmin = nextEvent<Record<string, unknown>>(adminElsewhere.client, 'customers', 'created')
        const toOutsider = receivesEvent(outsider.client, 'customers', 'created')
        const created = await author.client.service('customers').create({ first_name: 'Evented', last_name: 'Phone', phone: PHONE })
        expect(await toDesk).toMatchObject({ _id: created._id, phone: null, phoneHidden: true })
        expect(await toAdmin).toMatchObject({ _id: created._id, phone: PHONE, phoneHidden: false })
        expect(JSON.stringify(await toDesk)).not.toContain(PHONE)
        expect(await toOutsider).toBe(false)
      }
      const created = await make()
      const patchedForDesk = nextEvent<Record<string, unknown>>(desk.client, 'customers', 'patched')
      const removedForDesk = nextEvent<Record<string, unknown>>(desk.client, 'customers', 'removed')
      await admin.client.service('customers').patch(created._id, { middle_name: 'X' })
      await admin.client.service('customers').remove(created._id)
      expect(await patchedForDesk).toMatchObject({ phone: null, phoneHidden: true })
      expect(await removedForDesk).toMatchObject({ phone: null, phoneHidden: true })
    })

    it('never sends the hidden search columns in events', async () => {
      const event = nextEvent<Record<string, unknown>>(adminElsewhere.client, 'customers', 'created')
      await make()
      expect(Object.keys(await event).filter((key) => key.startsWith('search') || key === 'phoneReversed')).toEqual([])
    })

    it('keeps the hidden phone when such a person saves the form back (null or empty)', async () => {
      const created = await make()
      await desk.client.service('customers').patch(created._id, { phone: null, first_name: 'Saved' })
      await desk.client.service('customers').patch(created._id, { phone: '' })
      expect((await server.db('customers').where({ _id: created._id }).first()).phone).toBe(PHONE)
      // A new number is still taken.
      await desk.client.service('customers').patch(created._id, { phone: '+998 91 000 11 22' })
      expect((await server.db('customers').where({ _id: created._id }).first()).phone).toBe('998910001122')
    })

    it('refuses phone filters, sorts and patterns that would read a phone out', async () => {
      const customers = desk.client.service('customers')
      const queries = [
        { phone: PHONE },
        { phone: { $gt: '99890' } },
        { $or: [{ phone: PHONE }] },
        { $sort: { phone: 1 as const } },
        { phone: { $regex: '^998' } }
      ]
      for (const query of queries) {
        const error = await failure(customers.find({ query }))
        expect({ name: error.name, code: error.data?.code }).toEqual({ name: 'Forbidden', code: 'phone-hidden' })
      }
      expect((await admin.client.service('customers').find({ query: { phone: PHONE } })).total).toBeGreaterThan(0)
    })

    it('finds by a whole phone or its last nine digits, never by a fragment', async () => {
      const created = await make(`Whole${Date.now()}`)
      const search = async ($search: string) => (await desk.client.service('customers').find({ query: { $search, _id: created._id } })).total
      expect(await search('+998 (90) 123-45-67')).toBe(1)
      expect(await search('90 123 45 67')).toBe(1)
      expect(await search('99890')).toBe(0)
      expect(await search('4567')).toBe(0)
      // The start of the national number, as dictated, is a fragment too.
      expect(await search('(90) 123')).toBe(0)
      expect(await search('90 123 45')).toBe(0)
      const asAdmin = async ($search: string) => (await admin.client.service('customers').find({ query: { $search, _id: created._id } })).total
      expect(await asAdmin('99890')).toBe(1)
      expect(await asAdmin('4567')).toBe(1)
      expect(await asAdmin('(90) 123')).toBe(1)
    })
  })
})
