import { defaultRolePermissions } from '../../../../../domain/access/default-roles'
import { permissionFlags, permissionResources } from '../../../../../domain/access/resources'
import { engines, failure, startServer, type TestServer } from '../../../support/harness'
import { roleId, signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'

/** A role that may only see its own profile (a variable, since the roles schema types grants loosely). */
const profileOnly = [{ resource: 'profile', view: true }]

describe.each(engines)('permissions on %s', (engine) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer(engine)
  })
  afterAll(() => server.stop())

  it("lists every resource and flag and the caller's own grants", async () => {
    const owner = await server.registerClinic()
    const doctor = await signedInMember(server, owner, { role: 'doctor' })
    const answer = await doctor.client.service('permissions').find()
    expect(answer.resources).toEqual([...permissionResources])
    expect(answer.flags).toEqual([...permissionFlags])
    expect(answer.mine).toEqual(defaultRolePermissions.doctor)
    expect((await owner.client.service('permissions').find()).mine).toEqual(defaultRolePermissions.administrator)
  })

  it("reflects a change of the caller's role on the very next call", async () => {
    const owner = await server.registerClinic()
    const doctor = await signedInMember(server, owner, { role: 'doctor' })
    await owner.client.service('roles').patch(await roleId(owner, 'doctor'), { permissions: profileOnly })
    expect((await doctor.client.service('permissions').find()).mine).toEqual([{ resource: 'profile', view: true }])
  })

  it('answers anyone signed in, even with no grants at all', async () => {
    const owner = await server.registerClinic()
    const empty = await owner.client.service('roles').create({ name: 'Nothing', permissions: [] })
    const nobody = await signedInMember(server, owner, { roleId: empty._id })
    expect((await nobody.client.service('permissions').find()).mine).toEqual([])
  })

  it('needs a signed-in caller and takes no query', async () => {
    expect(await failure(server.connect().service('permissions').find())).toMatchObject({ name: 'NotAuthenticated' })
    const owner = await server.registerClinic()
    expect(await failure(owner.client.service('permissions').find({ query: malformed({ resource: 'users' }) }))).toMatchObject({ name: 'BadRequest' })
  })
})
