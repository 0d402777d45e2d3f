import { Type } from '@feathersjs/typebox'
import { accessRegistry } from '../../../server/src/access/access'
import { referenceFields } from '../../../server/src/schema/references'
import { engines, failure, startServer, type SignedIn, type TestServer } from '../support/harness'
import { addMember, roleId, signedInMember } from '../support/fixtures'
import { anyService } from '../support/any-service'
import type { RoleData } from '../../../server/src/services/identity/roles/roles.shared'

/**
 * Role escalation (issue 11, item 2): a person may give only roles whose grants are within
 * their own, may write into a role only rights they hold, cannot touch a role beyond their
 * own, and nobody changes their own role. The rule over every field that gives a role is
 * generated from the declared reference fields (`ref('roles')`).
 */
describe.each(engines)('role grants on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let administratorRole: string
  let teamManager: SignedIn & { user: { _id: string; roleId: string } }
  let viewerRole: string

  const createRole = async (name: string, permissions: RoleData['permissions']) =>
    (await admin.client.service('roles').create({ name, permissions }))._id

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Grants')
    administratorRole = await roleId(admin, 'administrator')
    const managerRole = await createRole('Team manager', [
      { resource: 'users', view: true, create: true, edit: true },
      { resource: 'my-team', view: true }
    ])
    viewerRole = await createRole('Team viewer', [{ resource: 'users', view: true }])
    teamManager = await signedInMember(server, admin, { roleId: managerRole })
  })
  afterAll(() => server.stop())

  it('refuses, in every field that gives a role, a role granting more than the caller holds', async () => {
    const roleFields = [...accessRegistry].flatMap(([path, declaration]) =>
      (['create', 'patch'] as const).flatMap((method) =>
        referenceFields(declaration.data?.[method] ?? Type.Object({}))
          .filter((field) => field.reference.service === 'roles')
          .map((field) => ({ path, method, field: field.path.join('.') }))
      )
    )
    expect(roleFields.length).toBeGreaterThan(0)
    const colleague = (await addMember(admin, { roleId: viewerRole })).user
    const usersBefore = await server.db('users').count({ total: '*' })
    for (const { path, method, field } of roleFields) {
      for (const role of [administratorRole, await roleId(admin, 'doctor')]) {
        const service = anyService(teamManager.client, path)
        const call = method === 'create' ? service.create({ [field]: role }) : service.patch(colleague._id, { [field]: role })
        expect((await failure(call)).data).toMatchObject({ code: 'role-beyond-own', path: field })
      }
    }
    expect(await server.db('users').count({ total: '*' })).toEqual(usersBefore)
    expect((await admin.client.service('users').get(colleague._id)).roleId).toBe(viewerRole)
  })

  it("the audit's case: a team manager cannot make themself or a new member an administrator", async () => {
    const own = await failure(teamManager.client.service('users').patch(teamManager.user._id, { roleId: administratorRole }))
    expect(own.name).toBe('Forbidden')
    const created = await failure(
      teamManager.client.service('users').create({ email: 'new.admin@clinic.test', first_name: 'New', last_name: 'Admin', roleId: administratorRole, branchIds: admin.auth.branchIds, password: 'Correct-horse-7' })
    )
    expect(created.data).toMatchObject({ code: 'role-beyond-own', path: 'roleId' })
    expect(await server.db('users').where({ email: 'new.admin@clinic.test' }).first()).toBeUndefined()
  })

  it('lets a person give a role within their own rights', async () => {
    const member = await teamManager.client.service('users').create({ email: 'viewer@clinic.test', first_name: 'Team', last_name: 'Viewer', roleId: viewerRole, branchIds: admin.auth.branchIds, allowLogin: false })
    expect(member.roleId).toBe(viewerRole)
  })

  it('nobody changes their own role, not even an administrator', async () => {
    expect((await failure(teamManager.client.service('users').patch(teamManager.user._id, { roleId: viewerRole }))).data).toMatchObject({ code: 'cannot-change-own-role', path: 'roleId' })
    const director = await roleId(admin, 'director')
    expect((await failure(admin.client.service('users').patch(admin.auth.user._id, { roleId: director }))).data).toMatchObject({ code: 'cannot-change-own-role', path: 'roleId' })
    expect((await admin.client.service('users').get(admin.auth.user._id)).roleId).toBe(administratorRole)
    // Sending one's own role back unchanged (a whole form saved) is no change.
    await admin.client.service('users').patch(admin.auth.user._id, { roleId: administratorRole, first_name: 'Owner' })
  })

  it('a person who edits roles writes only rights they hold and cannot touch a role beyond their own', async () => {
    const editorRole = await createRole('Role editor', [{ resource: 'roles', view: true, create: true, edit: true, delete: true }])
    const editor = await signedInMember(server, admin, { roleId: editorRole })
    const roles = editor.client.service('roles')
    expect((await failure(roles.create({ name: 'Everything', permissions: [{ resource: 'company', view: true, seeAll: true }] }))).data).toMatchObject({
      code: 'role-beyond-own',
      path: 'permissions'
    })
    expect((await failure(roles.patch(editorRole, { permissions: [{ resource: 'roles', view: true, create: true, edit: true, delete: true }, { resource: 'users', edit: true }] }))).data).toMatchObject({
      code: 'role-beyond-own'
    })
    expect((await failure(roles.patch(administratorRole, { name: 'Renamed' }))).data).toMatchObject({ code: 'role-beyond-own' })
    expect((await failure(roles.remove(administratorRole))).data).toMatchObject({ code: 'role-beyond-own' })
    const admins = await admin.client.service('roles').get(administratorRole)
    expect(admins.name).not.toBe('Renamed')
    const within = await roles.create({ name: 'Role viewer', permissions: [{ resource: 'roles', view: true }] })
    expect(within.permissions).toEqual([expect.objectContaining({ resource: 'roles', view: true })])
    await roles.remove(within._id)
  })

  it('nobody edits, re-passwords or removes a colleague whose role grants more than their own', async () => {
    const users = teamManager.client.service('users')
    const before = await server.db('users').where({ _id: admin.auth.user._id }).first()
    for (const call of [
      users.patch(admin.auth.user._id, { email: 'taken.over@clinic.test' }),
      users.patch(admin.auth.user._id, { password: 'Taken-over-9!' })
    ]) {
      expect((await failure(call)).data).toMatchObject({ code: 'role-beyond-own' })
    }
    // Even with the right to remove members, an administrator is beyond a team manager's reach.
    const remover = await signedInMember(server, admin, {
      roleId: await createRole('Team remover', [{ resource: 'users', view: true, delete: true }])
    })
    expect((await failure(remover.client.service('users').remove(admin.auth.user._id))).data).toMatchObject({ code: 'role-beyond-own' })
    expect(await server.db('users').where({ _id: admin.auth.user._id }).first()).toEqual(before)
  })

  it('saving a colleague\'s whole form sends their role and branches back unchanged, and that is no new grant', async () => {
    const viewer = (await addMember(admin, { roleId: viewerRole })).user
    const saved = await teamManager.client.service('users').patch(viewer._id, { first_name: 'Renamed', roleId: viewerRole, branchIds: viewer.branchIds })
    expect(saved).toMatchObject({ first_name: 'Renamed', roleId: viewerRole })
    // The unchanged check is by the stored record: a role they do not hold yet is still a grant.
    expect((await failure(teamManager.client.service('users').patch(viewer._id, { roleId: administratorRole }))).data).toMatchObject({ code: 'role-beyond-own', path: 'roleId' })
  })
})
