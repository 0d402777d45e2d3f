import type { Knex } from 'knex'
import { engines, startServer, type TestServer } from '../support/harness'
import { signedInMember } from '../support/fixtures'
import { loadIdentity } from '../../../server/src/access/identity'

/** Identity statements (session, person, company, role) the database answered while `run` ran. */
async function identityReads(db: Knex, run: () => Promise<unknown>): Promise<number> {
  let reads = 0
  const count = (query: { sql: string }) => {
    if (/from ["`]sessions["`] as ["`]s["`]/.test(query.sql)) reads += 1
  }
  db.on('query', count)
  try {
    await run()
  } finally {
    db.removeListener('query', count)
  }
  return reads
}

describe.each(engines)('the caller behind a token on %s', (engine) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer(engine)
  })
  afterAll(() => server.stop())

  it('reads the caller once for calls that arrive together, and again for a later call', async () => {
    const owner = await server.registerClinic()
    const { sessionId, user } = owner.auth
    let together: Awaited<ReturnType<typeof loadIdentity>>[] = []
    const readsTogether = await identityReads(server.db, async () => {
      together = await Promise.all(Array.from({ length: 5 }, () => loadIdentity(server.db, sessionId, user._id)))
    })
    expect(readsTogether).toBe(1)
    expect(new Set(together.map((identity) => identity.user._id))).toEqual(new Set([user._id]))
    expect(await identityReads(server.db, () => loadIdentity(server.db, sessionId, user._id))).toBe(1)

    // A session ended after a shared read finished is refused by the next call.
    await owner.client.logout()
    await expect(loadIdentity(server.db, sessionId, user._id)).rejects.toMatchObject({ name: 'NotAuthenticated' })
  })

  it("lists the company's open branches, the main one first, as they are at each call", async () => {
    const owner = await server.registerClinic()
    const { sessionId, user } = owner.auth
    const [main] = (await loadIdentity(server.db, sessionId, user._id)).branchIds
    // Created after the first call (whose statement did not read branches), named to sort first.
    const first = await owner.client.service('branches').create({ name: 'AAA branch' })
    const last = await owner.client.service('branches').create({ name: 'zzz branch' })
    expect((await loadIdentity(server.db, sessionId, user._id)).branchIds).toEqual([main, first._id, last._id])

    await owner.client.service('branches').patch(first._id, { archived: true })
    expect((await loadIdentity(server.db, sessionId, user._id)).branchIds).toEqual([main, last._id])
    // What a call of the administrator sees is that list: a customer of the new branch is found.
    const customer = await owner.client.service('customers').create({ first_name: 'Aziz', last_name: 'Karimov', branchId: last._id })
    expect((await owner.client.service('customers').find({ query: { _id: customer._id } })).total).toBe(1)
  })

  it("follows a role that stops and starts seeing the whole company: the person's own branches, then all", async () => {
    const owner = await server.registerClinic()
    const [main] = owner.auth.branchIds
    const other = await owner.client.service('branches').create({ name: 'North branch' })
    const wholeCompany = [{ resource: 'company', view: true, seeAll: true }]
    const role = await owner.client.service('roles').create({ name: 'Auditor', permissions: wholeCompany })
    const member = await signedInMember(server, owner, { roleId: role._id, branchIds: [other._id] })
    const { sessionId } = member.auth
    const read = async () => (await loadIdentity(server.db, sessionId, member.user._id)).branchIds

    expect(await read()).toEqual([main, other._id])
    expect(await read()).toEqual([main, other._id])
    await owner.client.service('roles').patch(role._id, { permissions: [{ resource: 'company', view: true }] })
    expect(await read()).toEqual([other._id])
    await owner.client.service('roles').patch(role._id, { permissions: wholeCompany })
    expect(await read()).toEqual([main, other._id])
  })
})
