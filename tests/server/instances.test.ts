import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import knex, { type Knex } from 'knex'
import { createClient as createRedisClient } from 'redis'
import { io } from 'socket.io-client'
import socketio from '@feathersjs/socketio-client'
import { CombinedChannel, type Channel } from '@feathersjs/transport-commons'
import { getServiceOptions, type RealTimeConnection } from '@feathersjs/feathers'
import { createClient, type ClientApplication } from '../../server/src/client'
import { deserializeEvent, serializeEvent } from '../../server/src/sync-messages'
import type { SignInResult } from '../../server/src/services/identity/authentication/authentication.shared'
import { failure, instanceBackends, MemoryStorage, PASSWORD, startServer, type TestServer } from './support/harness'
import { disconnected, signedInMember, socketEvent, socketOf } from './support/fixtures'
import { openClinic, booking, addDoctor, at, type Clinic } from './support/appointment-fixtures'
import { freePort, startProcess, type Running } from './support/server-process'
import { eventsTravel, signInCountersClient } from '../../server/src/instances'
import { accountKey, SignInThrottle } from '../../server/src/access/sign-in-throttle'
import { anyService } from './support/any-service'

const PUBLISHERS = Symbol.for('@feathersjs/transport-commons/publishers')
const ALL_EVENTS = Symbol.for('@feathersjs/transport-commons/all-events')

type Publisher = (data: unknown, context: unknown) => unknown
type Publishers = Record<string | symbol, Publisher | undefined>

/**
 * Who gets what for one event, as the socket transport would send it: each connection of the
 * publisher's channels with its payload (the channel's own data for it, else dispatch, else
 * result; of a list, the item that is this event's data).
 */
async function audience(server: TestServer, path: string, event: string, data: unknown, hook: Record<string, unknown> | undefined) {
  const { app } = server
  const service = anyService(app, path)
  const context = hook ?? { path, service, app, result: data }
  const own = service[PUBLISHERS] as Publishers
  const appWide = (app as unknown as Record<symbol, Publishers>)[PUBLISHERS]
  const publisher = own[event] ?? own[ALL_EVENTS] ?? appWide[event] ?? appWide[ALL_EVENTS] ?? (() => undefined)
  const found = await publisher(data, context)
  const channels = (Array.isArray(found) ? found.flat(Infinity) : [found]).filter(Boolean) as Channel[]
  const combined = new CombinedChannel(channels)
  const payloads = new Map<RealTimeConnection, unknown>()
  for (const connection of combined.connections) {
    let payload = combined.dataFor(connection) || context.dispatch || context.result
    if (!Array.isArray(data) && Array.isArray(context.result) && Array.isArray(payload)) payload = payload.find((item) => JSON.stringify(item) === JSON.stringify(data))
    // What the socket carries is JSON: compare in that form (dates as strings).
    payloads.set(connection, JSON.parse(JSON.stringify(payload ?? null)))
  }
  return payloads
}

interface Captured {
  path: string
  event: string
  message: string
  original: Promise<Map<RealTimeConnection, unknown>>
  replayed: Promise<Map<RealTimeConnection, unknown>>
}

/**
 * Catches every service event the app emits, turns it into the message another instance would
 * get (as feathers-sync does: the context's JSON without app, service and self), and works out
 * the audience twice: from the real context and from the one the message rebuilds.
 */
function captureEvents(server: TestServer): Captured[] {
  const { app } = server
  const captured: Captured[] = []
  for (const path of Object.keys(app.services)) {
    const service = anyService(app, path)
    // Events no one hears stay on their instance (instances.ts): only the others are messages.
    if (!eventsTravel(app, service)) continue
    for (const event of getServiceOptions(service)?.serviceEvents ?? []) {
      service.on(event, (data, context) => {
        const plain = context && typeof (context as { toJSON?: () => unknown }).toJSON === 'function' ? (context as { toJSON: () => Record<string, unknown> }).toJSON() : (context as Record<string, unknown> | undefined)
        const { app: _app, service: _service, self: _self, ...rest } = plain ?? {}
        const message = serializeEvent({ event, path, data, context: plain ? rest : undefined })
        const arrived = deserializeEvent(Buffer.from(message))
        const rebuilt = arrived.context ? { app, service, ...arrived.context } : undefined
        captured.push({
          path,
          event,
          message,
          original: audience(server, path, event, data, context as Record<string, unknown> | undefined),
          replayed: audience(server, arrived.path, arrived.event, arrived.data, rebuilt)
        })
      })
    }
  }
  return captured
}

describe('event messages between instances (in process, SQLite)', () => {
  let server: TestServer
  let clinic: Clinic
  beforeAll(async () => {
    server = await startServer('sqlite')
    clinic = await openClinic(server)
  })
  afterAll(() => server.stop())

  it('rebuild a context from which every publisher picks the same people and the same payloads', async () => {
    const { admin, branchId } = clinic
    const desk = await signedInMember(server, admin, { roleId: await frontDeskRole(admin.client), branchIds: [branchId] })
    const branchB = (await admin.client.service('branches').create({ name: 'Second' }))._id
    const deskB = await signedInMember(server, admin, { roleId: await frontDeskRole(admin.client), branchIds: [branchB] })
    const otherDoctor = await addDoctor(server, clinic)
    const spare = await server.signIn(clinic.doctor.email)
    await admin.client.service('company').patch('mine', { settings: { phoneProtection: true } })
    const captured = captureEvents(server)

    // Customers (phone protection: two shapes), a move between branches, a note, the trash.
    const customer = await admin.client.service('customers').create({ first_name: 'Ilona', last_name: 'Replay', phone: '+998 90 555 44 33', branchId })
    await admin.client.service('customers').patch(customer._id, { last_name: 'Replayed' })
    await admin.client.service('notes').create({ customerId: customer._id, text: 'Allergic to latex' })
    await admin.client.service('customers').patch(customer._id, { branchId: branchB })
    await admin.client.service('customers').remove(customer._id)
    // Appointments: a move to another doctor (the former one hears), a cancel (slot-freed),
    // a series (occurrences the service emits itself, without a context).
    const made = await admin.client.service('appointment').create(booking(clinic, '2027-06-01', '09:00'))
    await admin.client.service('appointment').patch(made._id, { staffId: otherDoctor.user._id, start: at('2027-06-01', '10:00') })
    await admin.client.service('appointment').patch(made._id, { status: 'cancelled' })
    await admin.client.service('appointment').create(booking(clinic, '2027-06-07', '09:00', { repeat: { frequency: 'daily', interval: 1, ends: { type: 'count', count: 3 } } }))
    // The team (my-team names no company on its records) and an ended session.
    await admin.client.service('my-team').patch(otherDoctor.user._id, { acceptsAppointments: false })
    await admin.client.service('sessions').remove(spare.auth.sessionId)
    // A team member's record and its trash item hold password hashes: they never travel.
    const leaving = await signedInMember(server, admin, { role: 'doctor' })
    await admin.client.service('users').patch(leaving.user._id, { last_name: 'Leaving' })
    await admin.client.service('users').remove(leaving.user._id)
    await new Promise((resolve) => setTimeout(resolve, 300))

    // Sign-in results (tokens) and cabinet links (credentials) never travel.
    expect(eventsTravel(server.app, server.app.service('authentication'))).toBe(false)
    expect(eventsTravel(server.app, server.app.service('customer-cabinet-token'))).toBe(false)
    expect(eventsTravel(server.app, server.app.service('force-logout'))).toBe(false)
    const paths = new Set(captured.map((item) => `${item.path} ${item.event}`))
    for (const expected of ['customers created', 'customers patched', 'customers removed', 'notes created', 'trash created', 'appointment created', 'appointment patched', 'appointment slot-freed', 'my-team patched', 'sessions removed', 'users patched', 'users removed']) {
      expect(paths).toContain(expected)
    }
    let shapes = 0
    for (const item of captured) {
      const [original, replayed] = await Promise.all([item.original, item.replayed])
      expect({ event: `${item.path} ${item.event}`, people: replayed.size }).toEqual({ event: `${item.path} ${item.event}`, people: original.size })
      for (const [connection, payload] of original) expect(replayed.get(connection)).toEqual(payload)
      if (item.path === 'customers' && new Set([...original.values()].map((payload) => JSON.stringify(payload))).size > 1) shapes += 1
      // Publish notes travel between instances, never to a client.
      for (const payload of original.values()) expect(JSON.stringify(payload)).not.toMatch(/publishNotes|formerBranch|formerDoctor/)
      // Nothing of the caller's connection, identity or token travels.
      expect(item.message).not.toContain(admin.auth.accessToken)
      expect(item.message).not.toContain(admin.email)
      expect(item.message).not.toContain('"connection"')
      expect(item.message).not.toContain('"permissions"')
      expect(item.message).not.toMatch(/"(password|previousPassword)"/)
      expect(item.message).not.toContain('$argon2')
    }
    // Phone protection really made two shapes (the desk's without the phone), and the desk of the
    // other branch heard of the customer only once it moved there.
    expect(shapes).toBeGreaterThan(0)
    const deskConnection = [...(await captured.find((item) => item.path === 'customers' && item.event === 'created')!.original).entries()].find(
      ([connection]) => (connection as { user?: { _id: string } }).user?._id === desk.user._id
    )
    expect(deskConnection?.[1]).toMatchObject({ phone: null, phoneHidden: true })
    const moved = captured.filter((item) => item.path === 'customers' && item.event === 'patched')[1]
    const movedTo = [...(await moved.replayed).keys()].map((connection) => (connection as { user?: { _id: string } }).user?._id)
    expect(movedTo).toEqual(expect.arrayContaining([desk.user._id, deskB.user._id]))
    // The doctor an appointment was taken from heard of it on the other instance too.
    const given = captured.find((item) => item.path === 'appointment' && item.event === 'patched')!
    const givenTo = [...(await given.replayed).keys()].map((connection) => (connection as { user?: { _id: string } }).user?._id)
    expect(givenTo).toEqual(expect.arrayContaining([clinic.doctor.user._id, otherDoctor.user._id]))
  })

  it('carries a multi-record result as the one item of each event, and no params beyond the published ones (every publisher\'s and the call\'s publish notes)', () => {
    const items = [{ _id: 'a', n: 1 }, { _id: 'b', n: 2 }]
    const dispatch = [{ _id: 'a' }, { _id: 'b' }]
    const transaction = { self: null as unknown }
    transaction.self = transaction
    const context = {
      path: 'customers',
      method: 'patch',
      type: 'around',
      event: 'patched',
      id: null,
      result: items,
      dispatch,
      data: { n: 3 },
      params: {
        provider: 'socketio',
        transaction,
        connection: { ip: '10.0.0.1' },
        // A param outside the slot for notes stays behind, whatever it holds.
        customerBranchBefore: 'b0',
        publishNotes: { 'customers.formerBranch': 'b1', 'customers.example': { list: [1, 'two', null], flag: true } },
        query: { companyId: 'c1', $limit: 5 }
      }
    }
    const message = serializeEvent({ event: 'patched', path: 'customers', data: items[1], context })
    const back = deserializeEvent(message)
    expect(back).toEqual({
      event: 'patched',
      path: 'customers',
      data: items[1],
      context: {
        path: 'customers',
        method: 'patch',
        type: 'around',
        event: 'patched',
        id: null,
        result: [items[1]],
        dispatch: [dispatch[1]],
        // The call's publish notes travel whole (JSON values), and nothing else of its own.
        params: { publishNotes: { 'customers.formerBranch': 'b1', 'customers.example': { list: [1, 'two', null], flag: true } }, query: { companyId: 'c1' } }
      }
    })
    // A call that told its publisher nothing sends no notes.
    const quiet = deserializeEvent(serializeEvent({ event: 'patched', path: 'customers', data: items[0], context: { ...context, params: { publishNotes: {}, query: { companyId: 'c1' } } } }))
    expect(quiet.context?.params).toEqual({ query: { companyId: 'c1' } })
    // A custom event emitted without a context stays without one.
    expect(deserializeEvent(serializeEvent({ event: 'slot-freed', path: 'appointment', data: { start: 'x' } }))).toEqual({ event: 'slot-freed', path: 'appointment', data: { start: 'x' } })
  })
})

describe('sign-in counting while Redis is unreachable', () => {
  it('counts in memory instead: failures still end in 429 for their address, and a success neither hangs nor fails', async () => {
    const port = await freePort()
    const client = signInCountersClient(`redis://127.0.0.1:${port}`, () => undefined)
    client.connect().catch(() => undefined)
    try {
      const throttle = SignInThrottle.inRedis(client, { perAccount: 2, perAddress: 100, perAccountTotal: 8, windowSeconds: 60 }, 'unreachable')
      await throttle.assertAllowed('someone@clinic.test', '10.0.0.1')
      await throttle.recordFailure('someone@clinic.test', '10.0.0.1')
      await throttle.recordSuccess('someone@clinic.test', '10.0.0.1')
      await throttle.recordFailure('someone@clinic.test', '10.0.0.1')
      await throttle.recordFailure('someone@clinic.test', '10.0.0.1')
      const error = await failure(throttle.assertAllowed('someone@clinic.test', '10.0.0.1'))
      expect({ name: error.name, code: error.code }).toEqual({ name: 'TooManyRequests', code: 429 })
      // Another address is not locked out of the account by 10.0.0.1's failures.
      await throttle.assertAllowed('someone@clinic.test', '10.0.0.2')
      expect(client.isReady).toBe(false)
    } finally {
      client.destroy()
    }
  })
})

async function frontDeskRole(client: ClientApplication): Promise<string> {
  const role = await client.service('roles').create({
    name: `Front desk ${Math.random().toString(36).slice(2, 8)}`,
    permissions: [
      { resource: 'appointment', view: true, create: true, edit: true, delete: true, seeAll: true },
      { resource: 'customers', view: true, create: true, edit: true, delete: true },
      { resource: 'notes', view: true, create: true }
    ]
  })
  return role._id
}

/** Listens to events on a client and counts them, to check each arrives exactly once. */
class EventLog {
  readonly seen: Array<{ name: string; data: Record<string, unknown>; at: number }> = []
  constructor(client: ClientApplication, services: Record<string, string[]>) {
    for (const [service, events] of Object.entries(services)) {
      const emitter = anyService(client, service)
      for (const event of events) emitter.on(event, (data) => this.seen.push({ name: `${service} ${event}`, data, at: Date.now() }))
    }
  }
  count(name: string, match: (data: Record<string, unknown>) => boolean = () => true) {
    return this.seen.filter((item) => item.name === name && match(item.data)).length
  }
  find(name: string, match: (data: Record<string, unknown>) => boolean) {
    return this.seen.find((item) => item.name === name && match(item.data))
  }
}

const WATCHED = {
  customers: ['created', 'patched', 'removed'],
  appointment: ['created', 'patched', 'removed', 'slot-freed'],
  trash: ['created']
}

async function until(check: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for events')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const percentile95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)]

for (const backend of instanceBackends) {
  describe('two server instances on one PostgreSQL and one Redis', () => {
    // Two real processes compile TypeScript and start on a 2-core machine: give them time.
    jest.setTimeout(180_000)
    const tag = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`
    const schema = `instances_${tag}`
    const prefix = `clinic-test-${tag}`
    const admin = { email: `admin.${tag}@instances.test`, password: PASSWORD }
    const dataDirs: string[] = []
    const sockets: Array<{ disconnect: () => void }> = []
    let a: Running | undefined
    let b: Running | undefined
    let redis: ReturnType<typeof createRedisClient> | undefined
    let listener: ReturnType<typeof createRedisClient> | undefined
    /** Every event message the instances sent through Redis during the tests. */
    const messages: string[] = []
    let pg: Knex | undefined

    /** A client of `instance`; from `address` if given (the instances trust X-Forwarded-For). */
    const connectTo = (instance: Running, address?: string): ClientApplication => {
      const extraHeaders = address ? { 'x-forwarded-for': address } : undefined
      const socket = io(`http://127.0.0.1:${instance.port}`, { transports: ['websocket'], forceNew: true, reconnection: false, extraHeaders })
      sockets.push(socket)
      return createClient(socketio(socket, { timeout: 10_000 }), { storage: new MemoryStorage() })
    }
    const signIn = async (instance: Running, email: string, password = PASSWORD) => {
      const client = connectTo(instance)
      const auth = (await client.authenticate({ strategy: 'local', email, password })) as unknown as SignInResult
      return { client, auth, email }
    }
    const addMember = async (client: ClientApplication, roleId: string, branchIds: string[]) => {
      const email = `member.${Math.random().toString(36).slice(2, 10)}@instances.test`
      const user = await client.service('users').create({ email, first_name: 'Member', last_name: 'Instances', roleId, branchIds, password: PASSWORD })
      return { user, email }
    }

    beforeAll(async () => {
      // Given but unreachable is a failure, never a skip: connect without retrying.
      redis = createRedisClient({ url: backend.redisUrl, socket: { reconnectStrategy: false, connectTimeout: 5000 } })
      redis.on('error', () => undefined)
      await redis.connect()
      listener = redis.duplicate()
      listener.on('error', () => undefined)
      await listener.connect()
      await listener.subscribe(`${prefix}:events`, (message) => messages.push(message))
      pg = knex({ client: 'pg', connection: backend.databaseUrl })
      await pg.raw('create schema ??', [schema])
      const env = (name: string) => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `clinic-instance-${name}-`))
        dataDirs.push(dataDir)
        return {
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          // Beside the data folder, not in it: the server refuses a web root there.
          WEB_ROOT: `${dataDir}-web`,
          DATABASE_URL: backend.databaseUrl,
          DATABASE_SCHEMA: schema,
          REDIS_URL: backend.redisUrl,
          REDIS_PREFIX: prefix,
          AUTH_SECRET: `instances-test-secret-${tag}-long-enough-for-hs256`,
          DEMO_SEED: '0',
          ADMIN_EMAIL: admin.email,
          ADMIN_PASSWORD: admin.password,
          SIGNIN_LIMIT_ACCOUNT: '3',
          SIGNIN_LIMIT_ADDRESS: '100',
          TRUST_PROXY: '1',
          LOG_LEVEL: 'info'
        }
      }
      // Started together on an empty schema: one migrates and seeds, the other waits its turn.
      ;[a, b] = await Promise.all([startProcess(env('a')), startProcess(env('b'))])
    })

    afterAll(async () => {
      for (const socket of sockets) socket.disconnect()
      const exits = await Promise.all(
        [a, b].map(async (instance) => {
          if (!instance || instance.child.exitCode !== null) return instance?.child.exitCode ?? null
          instance.child.kill('SIGTERM')
          return instance.exited
        })
      )
      if (pg) {
        await pg.raw('drop schema if exists ?? cascade', [schema])
        await pg.destroy()
      }
      if (listener?.isOpen) await listener.close()
      if (redis?.isOpen) {
        for await (const keys of redis.scanIterator({ MATCH: `${prefix}:*`, COUNT: 100 })) if (keys.length > 0) await redis.del(keys)
        await redis.close()
      }
      for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true })
      // Both stopped cleanly on SIGTERM (checked here, after the clean-up that must run anyway).
      if (a && b) {
        expect(exits).toEqual([0, 0])
        for (const instance of [a, b]) expect(instance.output()).toContain('"msg":"stopped"')
      }
    })

    it('started both on one empty schema: one made the first administrator, neither failed', () => {
      const made = [a!, b!].filter((instance) => instance.output().includes('created the first administrator'))
      expect(made).toHaveLength(1)
      for (const instance of [a!, b!]) expect(instance.output()).toContain('"redis":true')
    })

    it('sends a change made through A to clients on A and on B exactly once, and to nobody else', async () => {
      const adminA = await signIn(a!, admin.email)
      const adminB = await signIn(b!, admin.email)
      const branchId = adminA.auth.branchIds[0]
      adminA.client.set('currentBranchId', branchId)
      const deskRole = await frontDeskRole(adminA.client)
      const branchB = (await adminA.client.service('branches').create({ name: 'Second' }))._id
      const doctorRole = (await adminA.client.service('roles').find({ query: { key: 'doctor' } })).data[0]._id
      const doctor = await addMember(adminA.client, doctorRole, [branchId])
      const desk = await signIn(b!, (await addMember(adminA.client, deskRole, [branchId])).email)
      const otherBranch = await signIn(b!, (await addMember(adminA.client, deskRole, [branchB])).email)
      const registrar = connectTo(b!)
      const strangerEmail = `stranger.${tag}@instances.test`
      await registrar.service('company-registration').create({ companyName: 'Elsewhere', phone: '+998 90 765 43 21', email: strangerEmail, first_name: 'Other', last_name: 'Clinic', password: PASSWORD })
      const stranger = await signIn(b!, strangerEmail)
      await adminA.client.service('company').patch('mine', { settings: { phoneProtection: true } })

      const logs = {
        adminA: new EventLog(adminA.client, WATCHED),
        adminB: new EventLog(adminB.client, WATCHED),
        desk: new EventLog(desk.client, WATCHED),
        otherBranch: new EventLog(otherBranch.client, WATCHED),
        stranger: new EventLog(stranger.client, WATCHED)
      }

      const customer = await adminA.client.service('customers').create({ first_name: 'Across', last_name: 'Instances', phone: '+998 90 111 22 33', branchId })
      await adminA.client.service('customers').patch(customer._id, { last_name: 'Instanced' })
      const made = await adminA.client.service('appointment').create({
        customerId: customer._id,
        staffId: doctor.user._id,
        start: '2027-06-01T09:00:00.000Z',
        duration: 30,
        overrideWorkingHours: true
      })
      await adminA.client.service('appointment').patch(made._id, { status: 'cancelled' })
      await adminA.client.service('appointment').remove(made._id)
      await adminA.client.service('customers').remove(customer._id)

      const ofCustomer = (data: Record<string, unknown>) => data._id === customer._id
      const ofAppointment = (data: Record<string, unknown>) => data._id === made._id
      const expected: Array<[string, (data: Record<string, unknown>) => boolean]> = [
        ['customers created', ofCustomer],
        ['customers patched', ofCustomer],
        ['customers removed', ofCustomer],
        ['appointment created', ofAppointment],
        ['appointment patched', ofAppointment],
        ['appointment removed', ofAppointment],
        ['appointment slot-freed', (data) => data.staffId === doctor.user._id],
        ['trash created', (data) => data.recordId === customer._id]
      ]
      const all = (log: EventLog) => expected.every(([name, match]) => log.count(name, match) > 0)
      await until(() => all(logs.adminA) && all(logs.adminB) && all(logs.desk))
      // A quiet second: a second copy of anything would have arrived by now.
      await new Promise((resolve) => setTimeout(resolve, 1000))

      for (const log of [logs.adminA, logs.adminB, logs.desk]) {
        for (const [name, match] of expected) expect({ name, times: log.count(name, match) }).toEqual({ name, times: 1 })
      }
      // Another branch's desk hears nothing of this branch's customers and appointments (the
      // trash is company-wide by design: summaries to everyone who may view the kind).
      expect(logs.otherBranch.seen.filter((item) => !item.name.startsWith('trash'))).toEqual([])
      expect(logs.stranger.seen).toEqual([])
      // Per-connection shapes hold on B: the desk (no seeAll on customer-phone) gets no phone.
      expect(logs.adminB.find('customers patched', ofCustomer)!.data).toMatchObject({ last_name: 'Instanced', phone: customer.phone })
      expect(logs.desk.find('customers patched', ofCustomer)!.data).toMatchObject({ last_name: 'Instanced', phone: null, phoneHidden: true })
      expect(logs.adminB.find('trash created', (data) => data.recordId === customer._id)!.data).toMatchObject({ service: 'customers', title: expect.any(String) })
      expect(logs.adminB.find('trash created', (data) => data.recordId === customer._id)!.data).not.toHaveProperty('record')

      // How long an event takes from the call on A to a client on B (and back to A's own client).
      const latencyB: number[] = []
      const latencyA: number[] = []
      const answered: number[] = []
      const timed = await adminA.client.service('customers').create({ first_name: 'Timed', last_name: 'Instances', branchId })
      for (let round = 0; round < 30; round += 1) {
        const name = `Timed${round}`
        const started = Date.now()
        await adminA.client.service('customers').patch(timed._id, { first_name: name })
        answered.push(Date.now() - started)
        await until(() => logs.adminB.count('customers patched', (data) => data.first_name === name) === 1 && logs.adminA.count('customers patched', (data) => data.first_name === name) === 1)
        latencyB.push(logs.adminB.find('customers patched', (data) => data.first_name === name)!.at - started)
        latencyA.push(logs.adminA.find('customers patched', (data) => data.first_name === name)!.at - started)
      }
      process.stdout.write(
        `instances: customers.patch on A until the event reaches a client on B: median ${median(latencyB)} ms, p95 ${percentile95(latencyB)} ms; ` +
          `on A: median ${median(latencyA)} ms, p95 ${percentile95(latencyA)} ms; the call's answer: median ${median(answered)} ms (30 rounds)\n`
      )
    })

    it('holds sign-in limits across instances: 3 failures of one address on one account spread over A, B, A give 429 on both', async () => {
      const adminA = await signIn(a!, admin.email)
      const doctorRole = (await adminA.client.service('roles').find({ query: { key: 'doctor' } })).data[0]._id
      const { email } = await addMember(adminA.client, doctorRole, adminA.auth.branchIds)
      const guesser = '203.0.113.7'
      for (const instance of [a!, b!, a!]) {
        const error = await failure(connectTo(instance, guesser).authenticate({ strategy: 'local', email, password: 'Wrong-horse-7' }))
        expect(error.name).toBe('NotAuthenticated')
      }
      for (const instance of [b!, a!]) {
        const error = await failure(connectTo(instance, guesser).authenticate({ strategy: 'local', email, password: PASSWORD }))
        expect({ name: error.name, code: error.code }).toEqual({ name: 'TooManyRequests', code: 429 })
      }
      // The colleague at another address is not locked out, on either instance.
      for (const instance of [b!, a!]) {
        const result = (await connectTo(instance, '203.0.113.8').authenticate({ strategy: 'local', email, password: PASSWORD })) as unknown as SignInResult
        expect(result.user.email).toBe(email)
      }
      // The counters live in Redis under the deployment's prefix, expire with the window, and
      // name the account by a hash, not by its e-mail.
      for (const key of [`${prefix}:signin-pair:${accountKey(email)}:${guesser}`, `${prefix}:signin-account:${accountKey(email)}`, `${prefix}:signin-address:${guesser}`]) {
        const ttl = await redis!.ttl(key)
        expect(ttl).toBeGreaterThan(0)
        expect(ttl).toBeLessThanOrEqual(900)
      }
      expect((await redis!.keys(`${prefix}:signin-*`)).filter((key) => key.includes(email))).toEqual([])
    })

    it('closes its two Redis connections when the app is torn down', async () => {
      const server = await startServer('sqlite', { redisUrl: backend.redisUrl, redisPrefix: `${prefix}:teardown` })
      await server.app.get('instanceLink')!.ready
      const { pub, sub } = (server.app as unknown as { sync: { pub: { isOpen: boolean; isReady: boolean }; sub: { isOpen: boolean; isReady: boolean } } }).sync
      expect([pub.isReady, sub.isReady]).toEqual([true, true])
      await server.stop()
      expect([pub.isOpen, sub.isOpen]).toEqual([false, false])
    })

    it('ends a session on every instance: its sockets on B hear session-ended and close, its token fails on B', async () => {
      const adminA = await signIn(a!, admin.email)

      // Ended through A's sessions service.
      const elsewhere = await signIn(b!, admin.email)
      const heard = socketEvent<{ sessionId: string }>(socketOf(elsewhere.client), 'session-ended', 10_000)
      const gone = disconnected(socketOf(elsewhere.client), 10_000)
      await adminA.client.service('sessions').remove(elsewhere.auth.sessionId)
      expect(await heard).toEqual({ sessionId: elsewhere.auth.sessionId })
      await gone
      const refused = await failure(connectTo(b!).authenticate({ strategy: 'jwt', accessToken: elsewhere.auth.accessToken }))
      expect(refused.name).toBe('NotAuthenticated')

      // Signed out on A: another tab of the same session, connected to B, is closed too.
      const tabA = await signIn(a!, admin.email)
      const tabB = connectTo(b!)
      await tabB.authenticate({ strategy: 'jwt', accessToken: tabA.auth.accessToken })
      const tabHeard = socketEvent<{ sessionId: string }>(socketOf(tabB), 'session-ended', 10_000)
      const tabGone = disconnected(socketOf(tabB), 10_000)
      await tabA.client.logout()
      expect(await tabHeard).toEqual({ sessionId: tabA.auth.sessionId })
      await tabGone
      expect((await failure(connectTo(b!).authenticate({ strategy: 'jwt', accessToken: tabA.auth.accessToken }))).name).toBe('NotAuthenticated')

      // Emergency logout on A: everyone else of the company, on B too.
      const other = await signIn(b!, admin.email)
      const otherHeard = socketEvent(socketOf(other.client), 'session-ended', 10_000)
      const otherGone = disconnected(socketOf(other.client), 10_000)
      const result = await adminA.client.service('force-logout').create({})
      expect(result.ended).toBeGreaterThanOrEqual(1)
      await otherHeard
      await otherGone
      expect((await failure(connectTo(b!).authenticate({ strategy: 'jwt', accessToken: other.auth.accessToken }))).name).toBe('NotAuthenticated')
      // The one who pressed the button goes on working.
      await expect(adminA.client.service('sessions').find()).resolves.toBeDefined()

      // A cabinet link is a credential: its events go to no one and stay on their instance.
      adminA.client.set('currentBranchId', adminA.auth.branchIds[0])
      const customer = await adminA.client.service('customers').create({ first_name: 'Cabinet', last_name: 'Link' })
      const link = await adminA.client.service('customer-cabinet-token').create({ customerId: customer._id })
      await new Promise((resolve) => setTimeout(resolve, 500))
      // Nothing that opens an account crossed Redis: no sign-in or sign-out result, no token.
      const paths = new Set(messages.map((message) => JSON.parse(message).path))
      expect(paths).toContain('sessions')
      expect(paths).toContain('customers')
      expect(paths).not.toContain('authentication')
      expect(paths).not.toContain('customer-cabinet-token')
      for (const token of [adminA, elsewhere, tabA, other].map((person) => person.auth.accessToken)) {
        expect(messages.filter((message) => message.includes(token))).toEqual([])
      }
      expect(messages.filter((message) => message.includes(link.token))).toEqual([])
      // Team members' records went by (users created above) without their password hashes.
      expect(paths).toContain('users')
      expect(messages.filter((message) => /"(password|previousPassword)"|\$argon2/.test(message))).toEqual([])
    })
  })
}
