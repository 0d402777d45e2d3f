import { access } from '../../../../../server/src/access/access'
import { engines, failure, PASSWORD, startServer, type SignedIn, type TestServer, handledAtOnce } from '../../../support/harness'
import { addMember, roleId, signedInMember, tableCounts } from '../../../support/fixtures'
import { useAnyService } from '../../../support/any-service'
import { malformed } from '../../../support/malformed'

describe.each(engines)('team, roles, branches and company on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn

  beforeAll(async () => {
    server = await startServer(engine)
    // A throwaway service of the 'labs' module, to prove the module gate of access().
    useAnyService(server.app, 'lab-probe', { async find() { return { data: [], total: 0 } } }, { methods: ['find'] }).hooks({
      around: { all: [access('lab-probe', { methods: { find: { signedIn: true } }, module: 'labs' })] }
    })
    admin = await server.registerClinic()
  })
  afterAll(() => server.stop())

  describe('roles', () => {
    it('creates, reads, renames and removes a custom role with its grants', async () => {
      const roles = admin.client.service('roles')
      const role = await roles.create({ name: '  Receptionist ', permissions: [{ resource: 'customers', view: true, create: true }, { resource: 'appointment', view: true }] })
      expect(role.name).toBe('Receptionist')
      expect(role.key).toBeNull()
      expect(role.companyId).toBe(admin.auth.company._id)
      expect(role.permissions).toEqual([{ resource: 'customers', view: true, create: true }, { resource: 'appointment', view: true }])
      expect((await roles.get(role._id)).name).toBe('Receptionist')
      const patched = await roles.patch(role._id, { name: 'Front desk', permissions: [{ resource: 'customers', view: true }] })
      expect(patched).toMatchObject({ name: 'Front desk', permissions: [{ resource: 'customers', view: true }] })
      await roles.remove(role._id)
      expect(await server.db('roles').where({ _id: role._id }).first()).toBeUndefined()
    })

    it('merges repeated grants of one resource and drops grants without flags', async () => {
      const role = await admin.client.service('roles').create({
        name: 'Merged',
        permissions: [{ resource: 'customers', view: true }, { resource: 'customers', edit: true }, { resource: 'tags' }, { resource: 'notes', view: false }]
      })
      expect(role.permissions).toEqual([{ resource: 'customers', view: true, edit: true }])
    })

    it('rejects an unknown resource or flag, writing nothing', async () => {
      const before = await tableCounts(server)
      for (const permissions of [[{ resource: 'nuclear-codes', view: true }], [{ resource: 'customers', launch: true }], [{ resource: 'customers', view: 'yes' }]]) {
        const error = await failure(admin.client.service('roles').create({ name: 'Bad', permissions: malformed(permissions) }))
        expect(error.name).toBe('BadRequest')
      }
      expect(await tableCounts(server)).toEqual(before)
    })

    it('refuses a duplicate role name with a Conflict', async () => {
      const error = await failure(admin.client.service('roles').create({ name: 'Doctor', permissions: [] }))
      expect(error.name).toBe('Conflict')
    })

    it('refuses to remove a role someone holds (Conflict role-in-use)', async () => {
      const doctorRole = await roleId(admin, 'doctor')
      await addMember(admin, { roleId: doctorRole })
      const error = await failure(admin.client.service('roles').remove(doctorRole))
      expect(error.name).toBe('Conflict')
      expect(error.data?.code).toBe('role-in-use')
      expect(error.message).toBe('This role is assigned to team members')
      expect(await server.db('roles').where({ _id: doctorRole }).first()).toBeDefined()
    })

    it('limits a member of a custom role to what it grants', async () => {
      const role = await admin.client.service('roles').create({ name: 'Customers only', permissions: [{ resource: 'customers', view: true }] })
      const member = await signedInMember(server, admin, { roleId: role._id })
      for (const call of handledAtOnce([member.client.service('users').find(), member.client.service('roles').find(), member.client.service('roles').create({ name: 'Escalate', permissions: [{ resource: 'roles', edit: true }] })])) {
        const error = await failure(call)
        expect(error.name).toBe('Forbidden')
        expect(error.data?.code).toBe('forbidden')
      }
      // A change to the role applies on the member's very next call.
      await admin.client.service('roles').patch(role._id, { permissions: [{ resource: 'customers', view: true }, { resource: 'roles', view: true }] })
      await expect(member.client.service('roles').find()).resolves.toHaveProperty('data')
    })
  })

  describe('users', () => {
    it('creates a member with the fields of the spec, reads, patches and removes them', async () => {
      const specialty = await admin.client.service('specialty').create({ name: `Surgeon ${Math.random()}` })
      const users = admin.client.service('users')
      const email = `Full.Member${Date.now()}@Clinic.test`
      const member = await users.create({
        email,
        username: 'fullmember',
        first_name: 'Full',
        last_name: 'Member',
        middle_name: 'Middle',
        phone: '+998 (90) 111-22-33',
        roleId: await roleId(admin, 'doctor'),
        specialtyId: specialty._id,
        branchIds: admin.auth.branchIds,
        color: '#aa00ff',
        staticPrice: 150_000_00,
        staticDuration: 45,
        acceptsAppointments: true,
        percentOfRevenue: 30,
        allowLogin: true,
        password: PASSWORD
      })
      expect(member).toMatchObject({
        email: email.toLowerCase(),
        username: 'fullmember',
        first_name: 'Full',
        last_name: 'Member',
        middle_name: 'Middle',
        phone: '998901112233',
        specialtyId: specialty._id,
        branchIds: admin.auth.branchIds,
        color: '#aa00ff',
        staticPrice: 150_000_00,
        staticDuration: 45,
        acceptsAppointments: true,
        percentOfRevenue: 30,
        allowLogin: true,
        isOwner: false,
        archived: false,
        balance: 0,
        companyId: admin.auth.company._id,
        createdBy: admin.auth.user._id
      })
      expect(await users.get(member._id)).toEqual(member)
      const patched = await users.patch(member._id, { percentOfRevenue: 40, acceptsAppointments: false, color: '#000000' })
      expect(patched).toMatchObject({ percentOfRevenue: 40, acceptsAppointments: false, color: '#000000' })
      // The new member can sign in with the password the administrator set.
      await expect(server.signIn(member.email)).resolves.toHaveProperty('auth')
      await users.remove(member._id)
      expect(await server.db('users').where({ _id: member._id }).first()).toBeUndefined()
    })

    it('rejects out-of-range member fields', async () => {
      const base = { email: `range.${Date.now()}@clinic.test`, first_name: 'R', last_name: 'R', roleId: await roleId(admin, 'doctor'), branchIds: admin.auth.branchIds, password: PASSWORD }
      for (const extra of [{ percentOfRevenue: 101 }, { percentOfRevenue: -1 }, { color: 'red' }, { staticPrice: 1.5 }, { staticDuration: 0 }, { balance: 100 }, { isOwner: true }, { branchIds: [] }]) {
        const error = await failure(admin.client.service('users').create({ ...base, ...extra }))
        expect([JSON.stringify(extra), error.name]).toEqual([JSON.stringify(extra), 'BadRequest'])
      }
    })

    it('answers a duplicate e-mail with Conflict "Email is already registered" at email, on create and patch', async () => {
      const { user } = await addMember(admin)
      const other = await server.registerClinic()
      const base = { first_name: 'Dup', last_name: 'Licate', roleId: await roleId(admin, 'doctor'), branchIds: admin.auth.branchIds, password: PASSWORD }
      for (const email of [user.email, user.email.toUpperCase(), other.email]) {
        const error = await failure(admin.client.service('users').create({ ...base, email }))
        expect([email, error.name, error.message, error.data?.path]).toEqual([email, 'Conflict', 'Email is already registered', 'email'])
      }
      const { user: second } = await addMember(admin)
      const error = await failure(admin.client.service('users').patch(second._id, { email: user.email }))
      expect([error.name, error.message, error.data?.path]).toEqual(['Conflict', 'Email is already registered', 'email'])
    })

    it('answers the spec\'s messages for blank names, bad e-mail, bad phone and weak password', async () => {
      const base = { email: `msg.${Date.now()}@clinic.test`, first_name: 'M', last_name: 'M', roleId: await roleId(admin, 'doctor'), branchIds: admin.auth.branchIds, password: PASSWORD }
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ first_name: ' ' }, 'First name is required', 'first_name'],
        [{ last_name: '' }, 'Last name is required', 'last_name'],
        [{ email: 'nope' }, 'Invalid email', 'email'],
        [{ phone: 'call me' }, 'Invalid phone number', 'phone'],
        [{ password: 'short1!' }, 'Password must be at least 8 characters', 'password']
      ]
      for (const [extra, message, path] of cases) {
        const error = await failure(admin.client.service('users').create({ ...base, ...extra }))
        expect([error.name, error.message, error.data?.path]).toEqual(['BadRequest', message, path])
      }
    })

    it('finds members by a case-insensitive name prefix, Latin and Cyrillic', async () => {
      const tag = Math.random().toString(36).slice(2, 6)
      await addMember(admin, { first_name: `Zafar${tag}`, last_name: 'Tashkentov' })
      await addMember(admin, { first_name: `Иван${tag}`, last_name: `Петров${tag}` })
      await addMember(admin, { first_name: `Ёлка${tag}`, last_name: 'Ёжикова' })
      const search = async ($search: string) => (await admin.client.service('users').find({ query: { $search } })).data.map((user) => user.first_name)
      expect(await search(`zafar${tag}`)).toEqual([`Zafar${tag}`])
      expect(await search(`ZAF`)).toContain(`Zafar${tag}`)
      expect(await search(`иван${tag}`)).toEqual([`Иван${tag}`])
      expect(await search(`ИВАН${tag}`)).toEqual([`Иван${tag}`])
      expect(await search(`петров${tag}`)).toEqual([`Иван${tag}`])
      expect(await search(`ёлка${tag}`)).toEqual([`Ёлка${tag}`])
      // A prefix, not a substring; wildcards are literal.
      expect(await search(`afar${tag}`)).toEqual([])
      expect(await search('%')).toEqual([])
      expect(await search('_')).toEqual([])
    })

    it('does not let an administrator disable or remove their own account', async () => {
      const disable = await failure(admin.client.service('users').patch(admin.auth.user._id, { allowLogin: false }))
      expect(disable.name).toBe('Forbidden')
      const remove = await failure(admin.client.service('users').remove(admin.auth.user._id))
      expect(remove.name).toBe('Forbidden')
    })
  })

  describe('branches', () => {
    it('creates, renames and removes a branch; the last branch cannot go', async () => {
      const owner = await server.registerClinic()
      const branches = owner.client.service('branches')
      const north = await branches.create({ name: 'North', address: 'Amir Temur 1', phone: '+998901234567' })
      expect(north).toMatchObject({ name: 'North', isMain: false, archived: false, companyId: owner.auth.company._id })
      expect((await branches.patch(north._id, { name: 'North-2' })).name).toBe('North-2')
      await branches.remove(north._id)
      const [main] = owner.auth.branchIds
      const error = await failure(branches.remove(main))
      expect(error.name).toBe('Conflict')
      expect(error.data?.code).toBe('last-branch')
      expect(await server.db('branches').where({ _id: main }).first()).toBeDefined()
    })

    it('shows a member limited to branch X only branch X', async () => {
      const branchX = await admin.client.service('branches').create({ name: `Branch X ${Math.random()}` })
      await admin.client.service('branches').create({ name: `Branch Y ${Math.random()}` })
      const member = await signedInMember(server, admin, { role: 'doctor', branchIds: [branchX._id] })
      expect(member.auth.branchIds).toEqual([branchX._id])
      const page = await member.client.service('branches').find()
      expect(page.data.map((branch) => branch._id)).toEqual([branchX._id])
      const other = await failure(member.client.service('branches').get(admin.auth.branchIds[0]))
      expect(other.name).toBe('NotFound')
      const widened = await member.client.service('branches').find({ query: { $or: [{ _id: admin.auth.branchIds[0] }, { name: { $ne: 'no such branch' } }] } })
      expect(widened.data.map((branch) => branch._id)).toEqual([branchX._id])
      // The administrator sees every branch.
      expect((await admin.client.service('branches').find()).total).toBeGreaterThanOrEqual(3)
    })

    it('matches branch names with $regex case-insensitively, Cyrillic too', async () => {
      const owner = await server.registerClinic()
      await owner.client.service('branches').create({ name: 'Филиал Юнусабад' })
      const found = await owner.client.service('branches').find({ query: { name: { $regex: 'юнусабад', $options: 'i' } } })
      expect(found.data.map((branch: { name: string }) => branch.name)).toEqual(['Филиал Юнусабад'])
    })

    it('refuses branch management to a doctor', async () => {
      const doctor = await signedInMember(server, admin)
      const error = await failure(doctor.client.service('branches').create({ name: 'Rogue' }))
      expect(error.name).toBe('Forbidden')
    })
  })

  describe('company', () => {
    it('reads and patches the caller\'s company as "mine", merging module and setting maps', async () => {
      const owner = await server.registerClinic()
      const mine = await owner.client.service('company').get('mine')
      expect(mine._id).toBe(owner.auth.company._id)
      expect(mine.modules.labs).toBe(true)
      expect(mine.modules.billing).toBe(true)
      const patched = await owner.client.service('company').patch('mine', { name: 'Renamed clinic', modules: { labs: false }, settings: { toothNumbering: 'American' } })
      expect(patched.name).toBe('Renamed clinic')
      expect(patched.modules).toEqual({ ...mine.modules, labs: false })
      expect(patched.settings).toEqual({ ...mine.settings, toothNumbering: 'American' })
      const again = await owner.client.service('company').patch('mine', { modules: { pos: false } })
      expect(again.modules).toEqual({ ...mine.modules, labs: false, pos: false })
    })

    it('rejects an unknown module, an unknown setting and the subscription end', async () => {
      const owner = await server.registerClinic()
      for (const data of [{ modules: { rockets: true } }, { settings: { freeMoney: true } }, { subscriptionEndsAt: null }, { modules: { labs: 'off' } }]) {
        const error = await failure(owner.client.service('company').patch('mine', malformed(data)))
        expect([JSON.stringify(data), error.name]).toEqual([JSON.stringify(data), 'BadRequest'])
      }
    })

    it('refuses calls to a service of a switched-off module with "The service is not enabled"', async () => {
      const owner = await server.registerClinic()
      const doctor = await signedInMember(server, owner)
      const probe = (person: SignedIn) => (person.client as unknown as { service: (path: string) => { find: () => Promise<unknown> } }).service('lab-probe').find()
      await expect(probe(owner)).resolves.toEqual({ data: [], total: 0 })
      await owner.client.service('company').patch('mine', { modules: { labs: false } })
      for (const person of [owner, doctor]) {
        const error = await failure(probe(person))
        expect(error.name).toBe('Forbidden')
        expect(error.message).toBe('The service is not enabled')
        expect(error.data?.code).toBe('service-not-enabled')
      }
      // Another company's switch does not matter, and switching it back on restores the service.
      await expect(probe(admin)).resolves.toEqual({ data: [], total: 0 })
      await owner.client.service('company').patch('mine', { modules: { labs: true } })
      await expect(probe(doctor)).resolves.toEqual({ data: [], total: 0 })
    })

    it('refuses company edits to a doctor', async () => {
      const doctor = await signedInMember(server, admin)
      const error = await failure(doctor.client.service('company').patch('mine', { name: 'Doctor\'s clinic' }))
      expect(error.name).toBe('Forbidden')
    })
  })
})
