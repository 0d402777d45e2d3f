import { engines, failure, handledAtOnce, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'

/** `manipulations`: the clinical manipulations a treatment record cites, with code and УЕТ. */
describe.each(engines)('manipulations on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let doctor: SignedIn
  let other: SignedIn
  let reception: SignedIn

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Manipulations')
    doctor = await signedInMember(server, admin, { role: 'doctor' })
    other = await server.registerClinic('Other manipulations')
    const role = await admin.client.service('roles').create({ name: 'Front desk', permissions: [{ resource: 'appointment', view: true }] })
    reception = await signedInMember(server, admin, { roleId: role._id })
  })
  afterAll(() => server.stop())

  const manipulations = (person: SignedIn) => person.client.service('manipulations')
  const all = async (person: SignedIn, query: Record<string, unknown> = {}) => (await manipulations(person).find({ query: { $limit: 500, ...query } })).data
  const rows = () => server.db('manipulations').orderBy('_id')

  it('ships anaesthesia and isolation with nomenclature codes and УЕТ in hundredths', async () => {
    const list = await all(doctor)
    expect(list.find((entry) => entry.shippedKey === 'anaesthesia-infiltration')).toMatchObject({ code: 'B01.003.004.005', uet: 50, titles: { ru: 'Инфильтрационная анестезия' } })
    expect(list.find((entry) => entry.shippedKey === 'filling')).toMatchObject({ code: 'A16.07.002' })
    expect(list.find((entry) => entry.shippedKey === 'isolation-rubber-dam')).toMatchObject({ code: null, uet: null })
  })

  it('creates, changes and removes the company\'s own manipulation', async () => {
    const created = await manipulations(admin).create({ name: ' Splinting ', code: ' A16.07.019 ', uet: 350 })
    expect(created).toEqual({
      _id: expect.any(String),
      companyId: admin.auth.company._id,
      name: 'Splinting',
      titles: null,
      shippedKey: null,
      hidden: false,
      rank: expect.any(Number),
      code: 'A16.07.019',
      uet: 350,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      createdBy: admin.auth.user._id
    })
    expect(await manipulations(admin).patch(created._id, { code: '', uet: null })).toMatchObject({ code: null, uet: null })
    await manipulations(admin).remove(created._id)
    expect(await server.db('manipulations').where({ _id: created._id }).first()).toBeUndefined()
  })

  it('lets the company set its own УЕТ and hide a shipped one, but not rename, recode or remove it', async () => {
    const shipped = (await all(admin, { shippedKey: 'anaesthesia-block' }))[0]
    const before = await rows()
    for (const call of handledAtOnce([manipulations(admin).patch(shipped._id, { name: 'Block' }), manipulations(admin).patch(shipped._id, { code: 'X1' }), manipulations(admin).remove(shipped._id)])) {
      expect((await failure(call)).data).toMatchObject({ code: 'shipped-entry-read-only' })
    }
    expect(await rows()).toEqual(before)
    expect(await manipulations(admin).patch(shipped._id, { uet: 125, hidden: true })).toMatchObject({ uet: 125, hidden: true, code: 'B01.003.004.002' })
  })

  it('refuses УЕТ that is not whole hundredths or out of range, and unknown fields', async () => {
    const before = await rows()
    expect((await failure(manipulations(admin).create({ name: 'Fraction', uet: 0.5 }))).data).toMatchObject({ code: 'invalid-request', path: 'uet' })
    expect((await failure(manipulations(admin).create({ name: 'Negative', uet: -1 }))).data).toMatchObject({ code: 'invalid-request', path: 'uet' })
    expect((await failure(manipulations(admin).create(malformed({ name: 'Extra', price: 5 })))).data).toMatchObject({ code: 'invalid-request' })
    expect((await failure(manipulations(admin).create(malformed({ code: 'A1' })))).data).toMatchObject({ path: 'name' })
    expect(await rows()).toEqual(before)
  })

  it('keeps companies apart and refuses roles without the permission', async () => {
    const mine = await manipulations(admin).create({ name: 'Ours' })
    expect((await failure(manipulations(other).get(mine._id))).name).toBe('NotFound')
    expect((await failure(manipulations(other).remove(mine._id))).name).toBe('NotFound')
    expect((await all(other)).every((entry) => entry.companyId === other.auth.company._id)).toBe(true)
    for (const call of handledAtOnce([manipulations(reception).find({}), manipulations(doctor).create({ name: 'Nope' }), manipulations(doctor).patch(mine._id, { uet: 1 })])) {
      expect((await failure(call)).data).toMatchObject({ code: 'forbidden' })
    }
  })
})
