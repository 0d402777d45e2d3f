import { engines, failure, startServer, type SignedIn, type TestServer } from '../support/harness'
import { addMember, roleId } from '../support/fixtures'
import { anyService } from '../support/any-service'
import { malformed } from '../support/malformed'

/**
 * Cross-company probes: a person of clinic B aims every method at clinic A's records by id and
 * through queries. A's records must be "not found" (never forbidden, never data) and unchanged.
 */
describe.each(engines)('tenancy on %s', (engine) => {
  let server: TestServer
  let a: SignedIn
  let b: SignedIn
  /** One record of clinic A per service, by service path. */
  const aIds: Record<string, string> = {}
  /** The table behind each service path, to read the rows directly. */
  const tables: Record<string, string> = { users: 'users', roles: 'roles', branches: 'branches', specialty: 'specialties', sessions: 'sessions', company: 'companies' }

  beforeAll(async () => {
    server = await startServer(engine)
    a = await server.registerClinic('Alpha')
    b = await server.registerClinic('Beta')
    const specialty = await a.client.service('specialty').create({ name: 'Orthodontist' })
    const branch = await a.client.service('branches').create({ name: 'Alpha north' })
    const role = await a.client.service('roles').create({ name: 'Alpha custom', permissions: [{ resource: 'customers', view: true }] })
    const { user } = await addMember(a, { role: 'doctor' })
    aIds.users = user._id
    aIds.roles = role._id
    aIds.branches = branch._id
    aIds.specialty = specialty._id
    aIds.sessions = a.auth.sessionId
    aIds.company = a.auth.company._id
    // B has a record of each kind too, so "empty" answers prove nothing by accident.
    await b.client.service('specialty').create({ name: 'Orthodontist' })
  })
  afterAll(() => server.stop())

  const rowOf = (path: string) => server.db(tables[path]).where({ _id: aIds[path] }).first()

  const byIdServices = ['users', 'roles', 'branches', 'specialty', 'sessions', 'company'] as const

  it.each(byIdServices)('answers NotFound when B gets A\'s %s record by id', async (path) => {
    const error = await failure(b.client.service(path as 'users').get(aIds[path]))
    expect(error.name).toBe('NotFound')
    expect(error.code).toBe(404)
    expect(error.data?.code).toBe('not-found')
    expect(JSON.stringify(error)).not.toContain(aIds[path] === aIds.company ? 'Alpha' : 'Orthodontist')
  })

  const patches: Record<string, Record<string, unknown>> = {
    users: { first_name: 'Hijacked' },
    roles: { name: 'Hijacked' },
    branches: { name: 'Hijacked' },
    specialty: { name: 'Hijacked' },
    company: { name: 'Hijacked' }
  }

  it.each(Object.keys(patches))('answers NotFound when B patches A\'s %s record by id, and changes nothing', async (path) => {
    const before = await rowOf(path)
    const error = await failure(anyService(b.client, path).patch(aIds[path], patches[path]))
    expect(error.name).toBe('NotFound')
    expect(await rowOf(path)).toEqual(before)
  })

  it.each(['users', 'roles', 'branches', 'specialty', 'sessions'])('answers NotFound when B removes A\'s %s record by id, and changes nothing', async (path) => {
    const before = await rowOf(path)
    const error = await failure(b.client.service(path as 'users').remove(aIds[path]))
    expect(error.name).toBe('NotFound')
    expect(await rowOf(path)).toEqual(before)
  })

  it('keeps A\'s session working after B tried to end it', async () => {
    await failure(b.client.service('sessions').remove(aIds.sessions))
    const row = await rowOf('sessions')
    expect(row.endedAt).toBeNull()
    await expect(a.client.service('roles').find()).resolves.toBeDefined()
  })

  it.each(['users', 'roles', 'branches', 'specialty', 'sessions', 'company'])('never returns A\'s rows from %s.find', async (path) => {
    const page = (await b.client.service(path as 'users').find({ query: { $limit: 500 } })) as { data: Array<{ _id: string; companyId?: string }> }
    expect(page.data.length).toBeGreaterThan(0)
    for (const row of page.data) {
      if (path === 'company') expect(row._id).toBe(b.auth.company._id)
      else expect(row.companyId).toBe(b.auth.company._id)
    }
    expect(page.data.map((row) => row._id)).not.toContain(aIds[path])
  })

  it('does not let $or escape the company filter', async () => {
    const probes = [
      { $or: [{ companyId: a.auth.company._id }, { first_name: 'nobody' }] },
      { $or: [{ _id: aIds.users }, { first_name: 'Owner' }] },
      { companyId: { $ne: b.auth.company._id } },
      { companyId: a.auth.company._id },
      { companyId: { $in: [a.auth.company._id, b.auth.company._id] } }
    ]
    for (const query of probes) {
      let rows: Array<{ companyId: string }>
      try {
        rows = (await b.client.service('users').find({ query: query })).data
      } catch (error) {
        expect((error as { name: string }).name).toBe('BadRequest')
        continue
      }
      for (const row of rows) expect(row.companyId).toBe(b.auth.company._id)
    }
  })

  it('does not let $or reach A\'s specialty or A\'s company', async () => {
    const specialties = await b.client.service('specialty').find({ query: { $or: [{ _id: aIds.specialty }, { companyId: a.auth.company._id }] } })
    expect(specialties.data).toEqual([])
    const companies = await b.client.service('company').find({ query: { $or: [{ _id: a.auth.company._id }, { name: { $ne: 'x' } }] } })
    expect(companies.data.map((row) => row._id)).toEqual([b.auth.company._id])
  })

  it('rejects an object as id with BadRequest', async () => {
    for (const path of ['users', 'roles', 'branches', 'specialty', 'sessions', 'company'] as const) {
      for (const method of ['get', 'patch', 'remove'] as const) {
        // sessions are never patched from outside, the company is never removed
        if ((path === 'sessions' && method === 'patch') || (path === 'company' && method === 'remove')) continue
        const service = b.client.service(path as 'users') as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>
        const args = method === 'patch' ? [{ $ne: null }, { name: 'x' }] : [{ $ne: null }]
        const error = await failure(service[method](...args))
        expect([path, method, error.name]).toEqual([path, method, 'BadRequest'])
      }
    }
  })

  it('rejects a number as id with BadRequest', async () => {
    const error = await failure(b.client.service('users').get(1))
    expect(error.name).toBe('BadRequest')
    const patch = await failure(b.client.service('roles').patch(1, { name: 'x' }))
    expect(patch.name).toBe('BadRequest')
  })

  it('refuses patch and remove of many records at once (null id)', async () => {
    const patch = await failure(b.client.service('users').patch(null, { first_name: 'Everyone' }))
    expect(patch.name).toBe('BadRequest')
    const remove = await failure(b.client.service('specialty').remove(null))
    expect(remove.name).toBe('BadRequest')
    expect(await server.db('users').where({ first_name: 'Everyone' }).count({ total: '*' })).toEqual([{ total: 0 }])
  })

  it('refuses to create a user with a role, branch or specialty of another company', async () => {
    const base = { first_name: 'Cross', last_name: 'Company', password: 'Correct-horse-7' }
    const bRole = await roleId(b, 'doctor')
    const cases = [
      { data: { ...base, email: `x1.${Date.now()}@clinic.test`, roleId: aIds.roles, branchIds: b.auth.branchIds }, path: 'roleId' },
      { data: { ...base, email: `x2.${Date.now()}@clinic.test`, roleId: bRole, branchIds: [aIds.branches] }, path: 'branchIds.0' },
      { data: { ...base, email: `x3.${Date.now()}@clinic.test`, roleId: bRole, branchIds: [...b.auth.branchIds, aIds.branches] }, path: 'branchIds.1' },
      { data: { ...base, email: `x4.${Date.now()}@clinic.test`, roleId: bRole, branchIds: b.auth.branchIds, specialtyId: aIds.specialty }, path: 'specialtyId' }
    ]
    for (const { data, path } of cases) {
      const error = await failure(b.client.service('users').create(data))
      expect([error.name, error.data?.path]).toEqual(['BadRequest', path])
    }
    expect(await server.db('users').where({ first_name: 'Cross' }).count({ total: '*' })).toEqual([{ total: 0 }])
  })

  it('refuses to move a member of B to a role or branch of A', async () => {
    const { user } = await addMember(b, { role: 'doctor' })
    const role = await failure(b.client.service('users').patch(user._id, { roleId: aIds.roles }))
    expect([role.name, role.data?.path]).toEqual(['BadRequest', 'roleId'])
    const branch = await failure(b.client.service('users').patch(user._id, { branchIds: [aIds.branches] }))
    expect([branch.name, branch.data?.path]).toEqual(['BadRequest', 'branchIds.0'])
    const row = await server.db('users').where({ _id: user._id }).first()
    expect(row.roleId).toBe(user.roleId)
  })

  it('refuses a companyId sent in create data, writing nothing', async () => {
    const error = await failure(b.client.service('specialty').create(malformed({ name: 'Planted', companyId: a.auth.company._id })))
    expect(error.name).toBe('BadRequest')
    expect(await server.db('specialties').where({ name: 'Planted' }).count({ total: '*' })).toEqual([{ total: 0 }])
  })
})
