import { engines, failure, startServer, type TestServer } from '../../../support/harness'
import { addMember, signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'

/** A role that may only see its own profile (a variable, since the roles schema types grants loosely). */
const profileOnly = [{ resource: 'profile', view: true }]

describe.each(engines)('my-company on %s', (engine) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer(engine)
  })
  afterAll(() => server.stop())

  it("answers get('mine') with the current company's summary and its branch and team counts", async () => {
    const owner = await server.registerClinic()
    const mine = await owner.client.service('my-company').get('mine')
    expect(Object.keys(mine).sort()).toEqual(['_id', 'branchCount', 'currency', 'locale', 'modules', 'name', 'settings', 'subscriptionEndsAt', 'teamCount', 'timezone'])
    expect(mine).toMatchObject({ _id: owner.auth.company._id, name: owner.auth.company.name, currency: 'UZS', timezone: 'Asia/Tashkent', locale: 'ru', subscriptionEndsAt: null, branchCount: 1, teamCount: 1 })
    expect(mine.modules.appointments).toBe(true)
    expect(mine.settings.toothNumbering).toBe('FDI')
  })

  it('counts branches and active members only', async () => {
    const owner = await server.registerClinic()
    await owner.client.service('branches').create({ name: 'Second' })
    await owner.client.service('branches').create({ name: 'Closed', archived: true })
    await addMember(owner)
    const leaving = await addMember(owner)
    await owner.client.service('users').patch(leaving.user._id, { archived: true })
    const doctor = await signedInMember(server, owner, { role: 'doctor' })
    const mine = await doctor.client.service('my-company').get('mine')
    expect(mine).toMatchObject({ branchCount: 2, teamCount: 3 })
    expect(await doctor.client.service('my-company').get(owner.auth.company._id)).toEqual(mine)
  })

  it("answers not found for another company's id and for ids that name nothing", async () => {
    const owner = await server.registerClinic()
    const other = await server.registerClinic('Other')
    for (const id of [other.auth.company._id, 'theirs']) {
      expect(await failure(owner.client.service('my-company').get(id))).toMatchObject({ name: 'NotFound', data: { code: 'not-found' } })
    }
    expect(await failure(owner.client.service('my-company').get('mine', { query: malformed({ companyId: other.auth.company._id, name: 'x' }) }))).toMatchObject({ name: 'BadRequest' })
  })

  it('needs the my-company view permission and a signed-in caller', async () => {
    const owner = await server.registerClinic()
    const blind = await owner.client.service('roles').create({ name: 'No company', permissions: profileOnly })
    const outsider = await signedInMember(server, owner, { roleId: blind._id })
    expect(await failure(outsider.client.service('my-company').get('mine'))).toMatchObject({ name: 'Forbidden', data: { resource: 'my-company', flag: 'view' } })
    expect(await failure(server.connect().service('my-company').get('mine'))).toMatchObject({ name: 'NotAuthenticated' })
  })
})
