import type { ClientApplication } from '../../../../../server/src/client'
import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import type { CustomerDuplicateOf } from '../../../../../server/src/services/customers/customers/customers.shared'

const PHONE = '998908899877'

/**
 * `customers.find` with `$duplicateOf`: the records a new customer may repeat (the create form's
 * warning), under every rule a find keeps: the company, the caller's branches, phone protection.
 */
describe.each(engines)('customer duplicates on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let neighbour: SignedIn
  let branchA: string
  let branchB: string
  /** Works in branch B only; may not see phones. */
  let deskB: SignedIn
  const marker = `Dup${Date.now()}`

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Duplicates')
    neighbour = await server.registerClinic('Neighbour clinic')
    branchA = admin.auth.branchIds[0]
    branchB = (await admin.client.service('branches').create({ name: 'Second' }))._id
    const role = await admin.client.service('roles').create({
      name: 'Desk B',
      permissions: [{ resource: 'customers', view: true, create: true, edit: true }, { resource: 'customer-phone', view: true }]
    })
    deskB = await signedInMember(server, admin, { roleId: role._id, branchIds: [branchB] })
  })
  afterAll(() => server.stop())

  const create = (client: ClientApplication, data: Record<string, unknown>) => client.service('customers').create({ first_name: 'Dilshod', last_name: marker, ...data })
  const duplicatesOf = async (client: ClientApplication, $duplicateOf: CustomerDuplicateOf) => (await client.service('customers').find({ query: { $duplicateOf, $limit: 10 } })).data

  it('finds a customer with the same phone, typed in any form, with or without the country code', async () => {
    const existing = await create(admin.client, { last_name: `${marker}Phone`, phone: PHONE, branchId: branchA })
    for (const phone of ['+998 90 889 98 77', '(90) 889-98-77', '90 889 98 77']) {
      const found = await duplicatesOf(admin.client, { phone })
      expect(found.map((customer) => customer._id)).toEqual([existing._id])
    }
    // A number stored without its country code is found by the whole number too.
    const national = await create(admin.client, { last_name: `${marker}National`, phone: '90 111 22 33', branchId: branchA })
    expect((await duplicatesOf(admin.client, { phone: '+998 90 111 22 33' })).map((customer) => customer._id)).toEqual([national._id])
    // Another number, or a number that merely starts the same, is no duplicate.
    expect(await duplicatesOf(admin.client, { phone: '+998 90 889 98 70' })).toEqual([])
    expect(await duplicatesOf(admin.client, { phone: '+998 90 889 98 7' })).toEqual([])
  })

  it('finds a customer with the same first and last name and birth date, whatever the case', async () => {
    const existing = await create(admin.client, { first_name: 'Фёдор', last_name: `${marker}Имя`, birthdate: '1990-04-05', branchId: branchA })
    const found = await duplicatesOf(admin.client, { first_name: 'федор', last_name: `${marker.toUpperCase()}ИМЯ`, birthdate: '1990-04-05' })
    expect(found.map((customer) => customer._id)).toEqual([existing._id])
    expect(await duplicatesOf(admin.client, { first_name: 'Фёдор', last_name: `${marker}Имя`, birthdate: '1990-04-06' })).toEqual([])
    expect(await duplicatesOf(admin.client, { first_name: 'Фёд', last_name: `${marker}Имя`, birthdate: '1990-04-05' })).toEqual([])
    // Phone or name: either one is enough, each match once.
    const both = await duplicatesOf(admin.client, { phone: PHONE, first_name: 'Фёдор', last_name: `${marker}Имя`, birthdate: '1990-04-05' })
    expect(both.map((customer) => customer.last_name).sort()).toEqual([`${marker}Phone`, `${marker}Имя`].sort())
  })

  it('never finds another company\'s customer', async () => {
    await create(neighbour.client, { last_name: `${marker}Elsewhere`, phone: '+998 93 555 44 33', birthdate: '1985-01-02' })
    expect(await duplicatesOf(admin.client, { phone: '+998 93 555 44 33' })).toEqual([])
    expect(await duplicatesOf(admin.client, { first_name: 'Dilshod', last_name: `${marker}Elsewhere`, birthdate: '1985-01-02' })).toEqual([])
    expect(await duplicatesOf(neighbour.client, { phone: '+998 93 555 44 33' })).toHaveLength(1)
  })

  it('finds only the customers the caller may see (their branches), and hides the phone from those who may not see it', async () => {
    await admin.client.service('company').patch('mine', { settings: { phoneProtection: true } })
    try {
      const inA = await create(admin.client, { last_name: `${marker}Scope`, phone: '+998 94 700 00 01', branchId: branchA })
      const inB = await create(admin.client, { last_name: `${marker}Scope`, phone: '+998 94 700 00 01', branchId: branchB })
      const found = await duplicatesOf(deskB.client, { phone: '+998 94 700 00 01' })
      expect(found.map((customer) => customer._id)).toEqual([inB._id])
      expect(found[0]).toMatchObject({ phone: null, phoneHidden: true })
      expect(JSON.stringify(found)).not.toContain('998947000001')
      // The administrator sees both branches and the phones.
      const all = await duplicatesOf(admin.client, { phone: '+998 94 700 00 01' })
      expect(all.map((customer) => customer._id).sort()).toEqual([inA._id, inB._id].sort())
      expect(all[0].phone).toBe('998947000001')
      // A protected caller cannot read a number out by its start: only whole numbers match.
      expect(await duplicatesOf(deskB.client, { phone: '+998 94 700' })).toEqual([])
    } finally {
      await admin.client.service('company').patch('mine', { settings: { phoneProtection: false } })
    }
  })

  it.each([
    ['nothing to match by', {}],
    ['a name without a birth date', { first_name: 'Ali', last_name: 'Karimov' }],
    ['a birth date alone', { birthdate: '1990-01-01' }],
    ['a phone too short to be a number', { phone: '1234' }],
    ['letters in the phone', { phone: '+998 90 abc' }],
    ['an unknown field', { phone: PHONE, email: 'a@b.uz' }],
    ['a malformed birth date', { first_name: 'Ali', last_name: 'Karimov', birthdate: '05.04.1990' }]
  ])('refuses a $duplicateOf with %s', async (_label, $duplicateOf) => {
    const error = await failure(admin.client.service('customers').find(malformed({ query: { $duplicateOf } })))
    expect(error.name).toBe('BadRequest')
  })
})
