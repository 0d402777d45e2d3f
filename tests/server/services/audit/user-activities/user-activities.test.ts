import type { Socket } from 'socket.io-client'
import { registerService } from '../../../../../server/src/services/register-service'
import type { Permission } from '../../../../../domain/access/resources'
import type { UserActivity } from '../../../../../server/src/services/audit/user-activities/user-activities.shared'
import type { TrashItem } from '../../../../../server/src/services/audit/trash/trash.shared'
import { engines, failure, startServer, PASSWORD, type SignedIn, type TestServer } from '../../../support/harness'
import { addMember, signedInMember } from '../../../support/fixtures'
import { anyService } from '../../../support/any-service'

type Page<T> = { total: number; limit: number; skip: number; data: T[] }

function emitWithAck(socket: Socket, event: string, ...args: unknown[]): Promise<{ name: string } | null | 'no answer'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('no answer'), 1000)
    socket.emit(event, ...args, (error: { name: string } | null) => {
      clearTimeout(timer)
      resolve(error)
    })
  })
}

/**
 * The activity log (issue 4, item 5): every create, patch, update and remove a person makes is
 * recorded once, with who, when, which service and record and what changed, never with hidden
 * fields; it is read-only through the API and confined to the company.
 */
describe.each(engines)('user activities on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let other: SignedIn
  let counter = 0
  const unique = (prefix: string) => `${prefix} ${++counter} ${Math.random().toString(36).slice(2, 6)}`

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Alpha')
    other = await server.registerClinic('Beta')
  })
  afterAll(() => server.stop())

  const log = (person: SignedIn = admin) => person.client.service('user-activities')
  /** Every entry of the log about one record, oldest first, straight from the database. */
  const rowsAbout = async (recordId: string) => server.db('user_activities').where({ recordId }).orderBy([{ column: 'createdAt' }, { column: '_id' }])
  const entriesAbout = async (recordId: string, person: SignedIn = admin) => {
    const page = (await log(person).find({ query: { recordId, $limit: 500 } })) as Page<UserActivity>
    return page.data.reverse()
  }
  const memberWith = async (permissions: Permission[]) => {
    const role = await admin.client.service('roles').create({ name: unique('Role'), permissions })
    return signedInMember(server, admin, { roleId: role._id })
  }

  it('records a create, each patch and the remove once, with who, when and what changed', async () => {
    const before = Date.now()
    const specialty = await admin.client.service('specialty').create({ name: unique('Surgeon') })
    const renamed = unique('Oral surgeon')
    await admin.client.service('specialty').patch(specialty._id, { name: renamed })
    await admin.client.service('specialty').remove(specialty._id)

    const entries = await entriesAbout(specialty._id)
    expect(entries.map((entry) => entry.method)).toEqual(['create', 'patch', 'remove'])
    expect(await rowsAbout(specialty._id)).toHaveLength(3)
    for (const entry of entries) {
      expect(entry).toMatchObject({ companyId: admin.auth.company._id, userId: admin.auth.user._id, service: 'specialty', recordId: specialty._id, branchId: null })
      expect(Date.parse(entry.createdAt)).toBeGreaterThanOrEqual(before - 1000)
    }
    expect(entries[0].changes).toEqual({ name: specialty.name })
    expect(entries[1].changes).toEqual({ name: { from: specialty.name, to: renamed } })
    expect(entries[2].changes).toEqual({ title: renamed })
  })

  it('keeps only the fields that changed in a patch', async () => {
    const role = await admin.client.service('roles').create({ name: unique('Assistant'), permissions: [{ resource: 'customers', view: true }] })
    await admin.client.service('roles').patch(role._id, { name: role.name, permissions: [{ resource: 'customers', view: true, edit: true }] })
    await admin.client.service('roles').patch(role._id, { name: role.name })
    const [, changed, unchanged] = await entriesAbout(role._id)
    expect(changed.changes).toEqual({ permissions: { from: [{ resource: 'customers', view: true }], to: [{ resource: 'customers', view: true, edit: true }] } })
    expect(unchanged.method).toBe('patch')
    expect(unchanged.changes).toEqual({})
  })

  it('never records hidden fields: no password or its hash in a member\'s create or patch', async () => {
    const { user } = await addMember(admin, { first_name: 'Anna' })
    await admin.client.service('users').patch(user._id, { password: 'Another-secret-9', first_name: 'Anya' })
    const stored = await server.db('users').where({ _id: user._id }).first()
    const [created, patched] = await entriesAbout(user._id)
    expect(created.changes).toMatchObject({ first_name: 'Anna', email: user.email, roleId: user.roleId })
    expect(patched.changes).toEqual({ first_name: { from: 'Anna', to: 'Anya' } })
    const raw = JSON.stringify(await rowsAbout(user._id))
    for (const secret of [PASSWORD, 'Another-secret-9', stored.password, stored.previousPassword].filter(Boolean)) expect(raw).not.toContain(secret)
    expect(raw).not.toMatch(/password/i)
  })

  it('records a call once even when it makes internal calls of its own, which are not recorded', async () => {
    const member = await signedInMember(server, admin)
    const sessionsBefore = await server.db('user_activities').where({ service: 'sessions' }).count({ total: '*' })
    // Restricting a member ends their sessions through the sessions service, internally.
    await admin.client.service('users').patch(member.user._id, { allowLogin: false })
    expect((await server.db('sessions').where({ userId: member.user._id }).whereNull('endedAt')).length).toBe(0)
    const entries = await entriesAbout(member.user._id)
    expect(entries.map((entry) => entry.method)).toEqual(['create', 'patch'])
    expect(entries[1].changes).toEqual({ allowLogin: { from: true, to: false } })
    expect(await server.db('user_activities').where({ service: 'sessions' }).count({ total: '*' })).toEqual(sessionsBefore)
  })

  it('records only the outer call when a service makes nested calls, internal or with the caller\'s params', async () => {
    const existing = await admin.client.service('specialty').create({ name: unique('Nested target') })
    const app = server.app as unknown as {
      service: (path: string) => {
        create: (data: object, params?: object) => Promise<{ _id: string }>
        patch: (id: string, data: object) => Promise<unknown>
      }
    }
    // Registered as every service is, so the activity log wraps it like any other.
    registerService(server.app, 'nested-probe', {
      async create(data: { name: string }, params: object) {
        // A nested call that keeps the caller's params (provider included), and an internal one.
        const created = await app.service('specialty').create({ name: data.name }, { ...params })
        await app.service('specialty').patch(existing._id, { name: `${data.name} (renamed)` })
        return { _id: created._id, name: data.name }
      }
    }, { methods: ['create'], access: { methods: { create: { signedIn: true } } } })
    const name = unique('Nested')
    const answer = await anyService(admin.client, 'nested-probe').create({ name })
    const rows = await server.db('user_activities').whereIn('recordId', [answer._id, existing._id]).orderBy([{ column: 'createdAt' }, { column: '_id' }])
    expect(rows.map((row) => [row.service, row.method, row.recordId])).toEqual([
      ['specialty', 'create', existing._id],
      ['nested-probe', 'create', answer._id]
    ])
    expect((await server.db('specialties').where({ _id: existing._id }).first()).name).toBe(`${name} (renamed)`)
  })

  it('records nothing for a call that failed', async () => {
    const name = unique('Twice')
    await admin.client.service('specialty').create({ name })
    const countBefore = await server.db('user_activities').count({ total: '*' })
    expect((await failure(admin.client.service('specialty').create({ name }))).name).toBe('Conflict')
    expect((await failure(admin.client.service('specialty').patch('01a1fd2e-80ce-71b8-ad91-b74aef45f1b6', { name: 'x' }))).name).toBe('NotFound')
    expect(await server.db('user_activities').count({ total: '*' })).toEqual(countBefore)
  })

  it('records the change of the company record and of one\'s own profile by their aliases', async () => {
    const name = unique('Renamed clinic')
    await admin.client.service('company').patch('mine', { name })
    const [company] = (await log().find({ query: { service: 'company', $limit: 1 } })).data
    expect(company).toMatchObject({ method: 'patch', recordId: admin.auth.company._id, changes: { name: { from: admin.auth.company.name, to: name } } })
    await admin.client.service('profile').patch('me', { middle_name: 'Ivanovich' })
    const [profile] = (await log().find({ query: { service: 'profile', $limit: 1 } })).data
    expect(profile).toMatchObject({ recordId: admin.auth.user._id, changes: { middle_name: { from: '', to: 'Ivanovich' } } })
  })

  it('records a password change as the action alone, and nothing from people not signed in', async () => {
    const member = await signedInMember(server, admin)
    const countBefore = await server.db('user_activities').count({ total: '*' })
    await member.client.service('authManagement').create({
      action: 'passwordChange',
      value: { oldPassword: PASSWORD, password: 'Brand-new-pass-8', passwordConfirmation: 'Brand-new-pass-8' }
    })
    const entries = await server.db('user_activities').where({ service: 'authManagement', userId: member.user._id })
    expect(entries).toHaveLength(1)
    expect(entries[0].recordId).toBe(member.user._id)
    expect(JSON.stringify(entries[0])).not.toContain('Brand-new-pass-8')
    expect(JSON.stringify(entries[0])).not.toContain(PASSWORD)
    const [entry] = (await log().find({ query: { service: 'authManagement', userId: member.user._id } })).data
    expect(entry.changes).toEqual({ action: 'passwordChange' })
    // A reset request by someone not signed in: no company, no person, no entry.
    await server.connect().service('authManagement').create({ action: 'sendResetPwd', value: { email: member.email } })
    expect(Number((await server.db('user_activities').count({ total: '*' }))[0].total)).toBe(Number(countBefore[0].total) + 1)
  })

  it('records restoring from trash and deleting for good as trash actions', async () => {
    const specialty = await admin.client.service('specialty').create({ name: unique('Back and forth') })
    await admin.client.service('specialty').remove(specialty._id)
    const item = ((await admin.client.service('trash').find({ query: { recordId: specialty._id } })) as Page<TrashItem>).data[0]
    await admin.client.service('trash').patch(item._id, { restore: true })
    const [restore] = await entriesAbout(item._id)
    expect(restore).toMatchObject({ service: 'trash', method: 'patch', changes: { action: 'restore', service: 'specialty', recordId: specialty._id, title: specialty.name } })
    await admin.client.service('specialty').remove(specialty._id)
    const second = ((await admin.client.service('trash').find({ query: { recordId: specialty._id } })) as Page<TrashItem>).data[0]
    await admin.client.service('trash').remove(second._id)
    const [purge] = await entriesAbout(second._id)
    expect(purge).toMatchObject({ service: 'trash', method: 'remove', changes: { action: 'purge', service: 'specialty', recordId: specialty._id } })
  })

  it('filters by person, service, record, method and time, newest first, paginated', async () => {
    const member = await memberWith([{ resource: 'specialty', view: true, create: true, edit: true }])
    const startedAt = new Date().toISOString()
    const first = await member.client.service('specialty').create({ name: unique('By member') })
    const second = await member.client.service('specialty').create({ name: unique('By member') })
    await member.client.service('specialty').patch(first._id, { name: unique('Patched by member') })
    await admin.client.service('specialty').create({ name: unique('By admin') })

    const mine = (await log().find({ query: { userId: member.user._id } })) as Page<UserActivity>
    expect(mine.data.map((entry) => [entry.method, entry.recordId])).toEqual([
      ['patch', first._id],
      ['create', second._id],
      ['create', first._id]
    ])
    const creates = (await log().find({ query: { userId: member.user._id, method: 'create' } })) as Page<UserActivity>
    expect(creates.total).toBe(2)
    const page = (await log().find({ query: { service: 'specialty', createdAt: { $gte: startedAt }, $limit: 2 } })) as Page<UserActivity>
    expect(page.total).toBe(4)
    expect(page.data).toHaveLength(2)
    const rest = (await log().find({ query: { service: 'specialty', createdAt: { $gte: startedAt }, $limit: 2, $skip: 2 } })) as Page<UserActivity>
    expect([...page.data, ...rest.data].map((entry) => entry.createdAt)).toEqual([...page.data, ...rest.data].map((entry) => entry.createdAt).sort().reverse())
    const none = (await log().find({ query: { userId: member.user._id, createdAt: { $lt: startedAt } } })) as Page<UserActivity>
    expect(none.total).toBe(0)
    await expect(log().get(mine.data[0]._id)).resolves.toEqual(mine.data[0])
  })

  it('cannot be created, patched, updated or removed through the API, and entries stay as they were', async () => {
    const specialty = await admin.client.service('specialty').create({ name: unique('Permanent') })
    const [entry] = await entriesAbout(specialty._id)
    const socket = server.rawSocket()
    expect(await emitWithAck(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: admin.auth.accessToken }, {})).toBeNull()
    const answers = [
      await emitWithAck(socket, 'create', 'user-activities', { ...entry, _id: undefined }, {}),
      await emitWithAck(socket, 'patch', 'user-activities', entry._id, { changes: {} }, {}),
      await emitWithAck(socket, 'update', 'user-activities', entry._id, { changes: {} }, {}),
      await emitWithAck(socket, 'remove', 'user-activities', entry._id, {})
    ]
    expect(answers.map((answer) => (answer === null || answer === 'no answer' ? answer : answer.name))).toEqual(['MethodNotAllowed', 'MethodNotAllowed', 'MethodNotAllowed', 'MethodNotAllowed'])
    expect(await entriesAbout(specialty._id)).toEqual([entry])
  })

  it('is readable only with seeAll on company, and only about services whose records the reader may view', async () => {
    const doctor = await signedInMember(server, admin, { role: 'doctor' })
    const refused = await failure(log(doctor).find())
    expect(refused.name).toBe('Forbidden')
    const role = await admin.client.service('roles').create({ name: unique('Audited'), permissions: [] })
    const specialty = await admin.client.service('specialty').create({ name: unique('Audited') })
    const auditor = await memberWith([{ resource: 'company', view: true, seeAll: true }, { resource: 'specialty', view: true }])
    expect(await entriesAbout(specialty._id, auditor)).toHaveLength(1)
    expect(await entriesAbout(role._id, auditor)).toEqual([])
    const [roleEntry] = await entriesAbout(role._id)
    expect((await failure(log(auditor).get(roleEntry._id))).name).toBe('NotFound')
  })

  it('keeps another company out: NotFound by id, nothing in its lists', async () => {
    const specialty = await admin.client.service('specialty').create({ name: unique('Secret') })
    const [entry] = await entriesAbout(specialty._id)
    const error = await failure(log(other).get(entry._id))
    expect(error.name).toBe('NotFound')
    expect(JSON.stringify(error)).not.toContain(specialty.name)
    const theirs = (await log(other).find({ query: { recordId: specialty._id, companyId: admin.auth.company._id } })) as Page<UserActivity>
    expect(theirs.total).toBe(0)
    const all = (await log(other).find({ query: { $limit: 500 } })) as Page<UserActivity>
    expect(all.data.filter((row) => row.companyId !== other.auth.company._id)).toEqual([])
  })

  it('records customers without search columns, and blanks protected phones for readers without seeAll on customer-phone', async () => {
    const customers = admin.client.service('customers')
    const customer = await customers.create({ first_name: 'Bobur', last_name: 'Logged', phone: '+998 90 123 00 11' })
    await customers.patch(customer._id, { phone: '+998 90 123 00 22', first_name: 'Bobir' })
    const auditor = await memberWith([{ resource: 'company', view: true, seeAll: true }, { resource: 'customers', view: true }])
    const [created, patched] = await entriesAbout(customer._id)
    expect(created.changes).toMatchObject({ first_name: 'Bobur', last_name: 'Logged', phone: '998901230011', status: 'active' })
    expect(created.branchId).toBe(customer.branchId)
    expect(patched.changes).toEqual({ first_name: { from: 'Bobur', to: 'Bobir' }, phone: { from: '998901230011', to: '998901230022' } })
    expect(JSON.stringify(await rowsAbout(customer._id))).not.toMatch(/search(First|Last|Middle)|phoneReversed/)
    expect((await entriesAbout(customer._id, auditor))[0].changes.phone).toBe('998901230011')

    await admin.client.service('company').patch('mine', { settings: { phoneProtection: true } })
    try {
      const [hiddenCreate, hiddenPatch] = await entriesAbout(customer._id, auditor)
      expect(hiddenCreate.changes).toMatchObject({ first_name: 'Bobur', phone: null })
      expect(hiddenCreate.phoneHidden).toBe(true)
      expect(hiddenPatch.changes).toEqual({ first_name: { from: 'Bobur', to: 'Bobir' }, phone: { from: null, to: null } })
      expect(JSON.stringify(await entriesAbout(customer._id, auditor))).not.toMatch(/12300(11|22)/)
      const phoneReader = await memberWith([{ resource: 'company', view: true, seeAll: true }, { resource: 'customers', view: true }, { resource: 'customer-phone', view: true, seeAll: true }])
      const [visible] = await entriesAbout(customer._id, phoneReader)
      expect(visible.changes.phone).toBe('998901230011')
      expect(visible).not.toHaveProperty('phoneHidden')
    } finally {
      await admin.client.service('company').patch('mine', { settings: { phoneProtection: false } })
    }
  })

  it('fails a write whose log entry cannot be written, and keeps nothing of it (they commit together)', async () => {
    const name = unique('Unlogged')
    await server.db.schema.renameTable('user_activities', 'user_activities_away')
    try {
      expect((await failure(admin.client.service('specialty').create({ name }))).code).toBe(500)
      expect(await server.db('specialties').where({ name }).first()).toBeUndefined()
    } finally {
      await server.db.schema.renameTable('user_activities_away', 'user_activities')
    }
  })
})
