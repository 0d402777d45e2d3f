import type { ClientApplication } from '../../server/src/client'
import { engines, nextEvent, receivesEvent, startServer, type SignedIn, type TestServer } from './support/harness'
import { signedInMember } from './support/fixtures'
import { anyService } from './support/any-service'
import { malformed } from './support/malformed'

// These tests run the same steps over several services: a path known at run time (anyService).
const serviceOf = (client: ClientApplication, path: string) => anyService(client, path)

/** Collects every event of a service on a client, to check afterwards what did (not) arrive. */
function recorder(client: ClientApplication, service: string) {
  const seen: Array<{ event: string; data: Record<string, unknown> }> = []
  for (const event of ['created', 'updated', 'patched', 'removed']) {
    serviceOf(client, service).on(event, (data) => seen.push({ event, data }))
  }
  return seen
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300))

describe.each(engines)('real-time events on %s', (engine) => {
  let server: TestServer
  let a: SignedIn
  let aElsewhere: SignedIn
  let aDoctor: SignedIn
  let b: SignedIn
  let anonymous: ClientApplication

  beforeAll(async () => {
    server = await startServer(engine)
    a = await server.registerClinic('Alpha')
    aElsewhere = await server.signIn(a.email)
    aDoctor = await signedInMember(server, a)
    b = await server.registerClinic('Beta')
    anonymous = server.connect()
    // A call so that the anonymous socket is surely connected.
    await anonymous.service('company-registration').create(malformed({})).catch(() => undefined)
  })
  afterAll(() => server.stop())

  type Case = { path: 'roles' | 'specialty' | 'branches' | 'users'; create: () => Record<string, unknown>; patch: Record<string, unknown> }
  const cases: Case[] = [
    { path: 'roles', create: () => ({ name: `Role ${Math.random()}`, permissions: [{ resource: 'customers', view: true }] }), patch: { name: 'Renamed role' } },
    { path: 'specialty', create: () => ({ name: `Specialty ${Math.random()}` }), patch: { name: 'Renamed specialty' } },
    { path: 'branches', create: () => ({ name: `Branch ${Math.random()}` }), patch: { name: 'Renamed branch' } }
  ]

  it.each(cases)('sends $path created/patched/removed to the company\'s other sockets only', async ({ path, create, patch }) => {
    const seenB = recorder(b.client, path)
    const seenAnonymous = recorder(anonymous, path)
    const created = nextEvent<{ _id: string }>(aElsewhere.client, path, 'created')
    const createdForDoctor = nextEvent<{ _id: string }>(aDoctor.client, path, 'created')
    const record = await serviceOf(a.client, path).create(create())
    expect((await created)._id).toBe(record._id)
    expect((await createdForDoctor)._id).toBe(record._id)

    const patched = nextEvent<{ _id: string }>(aElsewhere.client, path, 'patched')
    await serviceOf(a.client, path).patch(record._id, patch)
    expect(await patched).toMatchObject({ _id: record._id, ...patch })

    const removed = nextEvent<{ _id: string }>(aElsewhere.client, path, 'removed')
    await serviceOf(a.client, path).remove(record._id)
    expect((await removed)._id).toBe(record._id)

    await settle()
    expect(seenB).toEqual([])
    expect(seenAnonymous).toEqual([])
  })

  it('sends full team records only to those who may read users; a doctor hears only their own', async () => {
    const seenDoctor = recorder(aDoctor.client, 'users')
    const heardByManager = nextEvent(aElsewhere.client, 'users', 'patched')
    await a.client.service('users').patch(aDoctor.auth.user._id, { middle_name: 'Quiet' })
    await heardByManager
    await settle()
    // The doctor hears about their own record only, never a colleague's.
    expect(seenDoctor.map((seen) => seen.data._id)).toEqual([aDoctor.auth.user._id])
    expect(seenDoctor[0].data).not.toHaveProperty('password')
    const colleague = nextEvent(aElsewhere.client, 'users', 'patched')
    await a.client.service('users').patch(a.auth.user._id, { middle_name: 'Busy' })
    await colleague
    await settle()
    expect(seenDoctor).toHaveLength(1)
  })

  it('sends users events to the company only, and never with password or previousPassword', async () => {
    const seenB = recorder(b.client, 'users')
    const seenAnonymous = recorder(anonymous, 'users')
    const seenA = recorder(aElsewhere.client, 'users')
    const doctorRole = (await a.client.service('roles').find({ query: { key: 'doctor' } })).data[0]
    const created = nextEvent(aElsewhere.client, 'users', 'created')
    const user = await a.client.service('users').create({
      email: `events.${Date.now()}@clinic.test`,
      first_name: 'Event',
      last_name: 'Member',
      roleId: doctorRole._id,
      branchIds: a.auth.branchIds,
      password: 'Correct-horse-7'
    })
    await created
    const patched = nextEvent(aElsewhere.client, 'users', 'patched')
    await a.client.service('users').patch(user._id, { first_name: 'Evented', password: 'Another-horse-8' })
    await patched
    const removed = nextEvent(aElsewhere.client, 'users', 'removed')
    await a.client.service('users').remove(user._id)
    await removed
    await settle()

    expect(seenA.map((item) => item.event)).toEqual(['created', 'patched', 'removed'])
    for (const { data } of seenA) {
      expect(data).not.toHaveProperty('password')
      expect(data).not.toHaveProperty('previousPassword')
      expect(JSON.stringify(data)).not.toContain('argon2')
    }
    expect(seenB).toEqual([])
    expect(seenAnonymous).toEqual([])
  })

  it('never returns password or previousPassword from users find, get, create, patch or remove', async () => {
    const doctorRole = (await a.client.service('roles').find({ query: { key: 'doctor' } })).data[0]
    const users = a.client.service('users')
    const created = await users.create({
      email: `hidden.${Date.now()}@clinic.test`,
      first_name: 'Hidden',
      last_name: 'Fields',
      roleId: doctorRole._id,
      branchIds: a.auth.branchIds,
      password: 'Correct-horse-7'
    })
    // Even when explicitly selected.
    const selected = await rowsOrNone(users.find({ query: { $select: ['_id', 'password'] } }))
    const answers: unknown[] = [
      created,
      await users.get(created._id),
      await users.patch(created._id, { password: 'Another-horse-8' }),
      await users.patch(created._id, { last_name: 'Again' }),
      ...(await users.find({ query: { $limit: 500 } })).data,
      ...selected,
      await users.remove(created._id)
    ]
    for (const answer of answers) {
      expect(answer).not.toHaveProperty('password')
      expect(answer).not.toHaveProperty('previousPassword')
      expect(JSON.stringify(answer)).not.toContain('argon2')
    }
    const row = await server.db('users').where({ email: a.email }).first()
    expect(row.password).toMatch(/^\$argon2id\$/)
  })

  it('does not send events to a socket that signed out', async () => {
    const leaver = await server.signIn(a.email)
    const seen = recorder(leaver.client, 'specialty')
    await leaver.client.logout()
    const elsewhere = nextEvent(aElsewhere.client, 'specialty', 'created')
    await a.client.service('specialty').create({ name: `After logout ${Math.random()}` })
    await elsewhere
    await settle()
    expect(seen).toEqual([])
  })

  it('sends sessions events only to the session\'s owner', async () => {
    const owner = await server.registerClinic('Gamma')
    const ownerElsewhere = await server.signIn(owner.email)
    const doctor = await signedInMember(server, owner)
    const doctorElsewhere = await server.signIn(doctor.email)
    const seenByOwner = [...recorder(owner.client, 'sessions'), ...recorder(ownerElsewhere.client, 'sessions')]
    const seenByOthers = [...recorder(b.client, 'sessions'), ...recorder(anonymous, 'sessions')]
    // The doctor ends their other session; the event goes to the doctor's remaining socket only.
    const heard = nextEvent<{ _id: string; userId: string }>(doctor.client, 'sessions', 'removed')
    await doctor.client.service('sessions').remove(doctorElsewhere.auth.sessionId)
    const event = await heard
    expect(event._id).toBe(doctorElsewhere.auth.sessionId)
    expect(event.userId).toBe(doctor.auth.user._id)
    await settle()
    expect(seenByOwner).toEqual([])
    expect(seenByOthers).toEqual([])
  })

  it('keeps B\'s events away from A as well (the other direction)', async () => {
    const seenA = [...recorder(a.client, 'specialty'), ...recorder(aDoctor.client, 'specialty')]
    const bElsewhere = await server.signIn(b.email)
    const arrived = receivesEvent(bElsewhere.client, 'specialty', 'created', 2000)
    await b.client.service('specialty').create({ name: `Beta only ${Math.random()}` })
    expect(await arrived).toBe(true)
    await settle()
    expect(seenA).toEqual([])
  })
})

/** The rows of a find that may be refused (a refused one contributes nothing). */
async function rowsOrNone(promise: Promise<{ data: unknown[] }>): Promise<unknown[]> {
  try {
    return (await promise).data
  } catch {
    return []
  }
}
