import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import knex, { type Knex } from 'knex'
import { io, type Socket } from 'socket.io-client'
import socketio from '@feathersjs/socketio-client'
import { createClient, type ClientApplication } from '../../../../server/src/client'
import type { SignInResult } from '../../../../server/src/services/identity/authentication/authentication.shared'
import { instanceBackends, MemoryStorage, PASSWORD } from '../../support/harness'
import { startProcess, waitFor, type Running } from '../../support/server-process'
import { EskizServer } from '../../support/eskiz-server'
import { createClient as createRedisClient, type RedisClientType } from 'redis'
import { LocalPaceSlots, RedisPaceSlots } from '../../../../server/src/jobs/send-pace'

/** Which slot (of `intervalMs`) a wait falls in: reservations made together are a few ms apart. */
const slotOf = (waitMs: number, intervalMs: number) => Math.round(waitMs / intervalMs)

describe('the pace of sends', () => {
  it('in one process: each send starts one interval after the one before, per company and provider', async () => {
    let now = 1_000_000
    const slots = new LocalPaceSlots(() => now)
    expect([await slots.reserve('c1:eskiz', 100), await slots.reserve('c1:eskiz', 100), await slots.reserve('c1:eskiz', 100)]).toEqual([0, 100, 200])
    // Another company's account has its own pace.
    expect(await slots.reserve('c2:eskiz', 100)).toBe(0)
    now += 250
    expect(await slots.reserve('c1:eskiz', 100)).toBe(50)
    now += 10_000
    expect(await slots.reserve('c1:eskiz', 100)).toBe(0)
  })

  it('without Redis the shared pace falls back to its own, and says so', async () => {
    // Never connected, no offline queue: every command fails at once, as while Redis is away.
    const unreachable = createRedisClient({ url: 'redis://127.0.0.1:9', disableOfflineQueue: true }) as RedisClientType
    const errors: string[] = []
    const slots = new RedisPaceSlots(unreachable, 'pace-test', (error) => errors.push(error.message))
    const waits = [await slots.reserve('c1:eskiz', 1000), await slots.reserve('c1:eskiz', 1000)]
    expect(waits.map((wait) => slotOf(wait, 1000))).toEqual([0, 1])
    expect(errors.length).toBeGreaterThan(0)
  })
})

/**
 * Two real server processes on one PostgreSQL and one Redis, each running its outbox worker
 * (server/src/index.ts starts it): every message due is sent once, whichever instance takes it.
 * Runs when TEST_DATABASE_URL and TEST_REDIS_URL are both set (as tests/server/instances.test.ts).
 */
for (const backend of instanceBackends) {
  describe('the pace shared in Redis', () => {
    it('two instances reserving at once get one slot each, one interval apart, as if they were one', async () => {
      const prefix = `pace-${Math.random().toString(36).slice(2, 8)}`
      const clients = [0, 1].map(() => createRedisClient({ url: backend.redisUrl, disableOfflineQueue: true }) as RedisClientType)
      await Promise.all(clients.map((client) => client.connect()))
      try {
        const instances = clients.map((client) => new RedisPaceSlots(client, prefix, (error) => { throw error }))
        const waits = await Promise.all(Array.from({ length: 10 }, (_, index) => instances[index % 2].reserve('c1:eskiz', 1000)))
        expect(waits.map((wait) => slotOf(wait, 1000)).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
        // Another company's pace is its own; the key expires once idle (nothing left behind for ever).
        expect(slotOf(await instances[1].reserve('c2:eskiz', 1000), 1000)).toBe(0)
        const ttl = await clients[0].pTTL(`${prefix}:pace:c1:eskiz`)
        expect(ttl).toBeGreaterThan(60_000)
        expect(ttl).toBeLessThanOrEqual(10 * 1000 + 60_000)
      } finally {
        await Promise.all(clients.map((client) => client.close()))
      }
    })
  })
}

for (const backend of instanceBackends) {
  describe('the outbox on two instances', () => {
    const tag = Math.random().toString(36).slice(2, 8)
    const schema = `outbox_instances_${tag}`
    const dataDirs: string[] = []
    const sockets: Socket[] = []
    let pg: Knex
    let eskiz: EskizServer
    let a: Running | undefined
    let b: Running | undefined

    const connectTo = (instance: Running): ClientApplication => {
      const socket = io(`http://127.0.0.1:${instance.port}`, { transports: ['websocket'], forceNew: true, reconnection: false })
      sockets.push(socket)
      return createClient(socketio(socket, { timeout: 10_000 }), { storage: new MemoryStorage() })
    }

    beforeAll(async () => {
      eskiz = await new EskizServer().start()
      pg = knex({ client: 'pg', connection: backend.databaseUrl })
      await pg.raw('create schema ??', [schema])
      const env = (name: string) => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `clinic-outbox-${name}-`))
        dataDirs.push(dataDir)
        return {
          PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_ROOT: `${dataDir}-web`,
          DATABASE_URL: backend.databaseUrl, DATABASE_SCHEMA: schema, REDIS_URL: backend.redisUrl, REDIS_PREFIX: `outbox-${tag}`,
          AUTH_SECRET: `outbox-instances-secret-${tag}-long-enough-for-hs256`, DEMO_SEED: '0', ESKIZ_BASE_URL: eskiz.url, LOG_LEVEL: 'info'
        }
      }
      ;[a, b] = await Promise.all([startProcess(env('a')), startProcess(env('b'))])
    }, 120_000)

    afterAll(async () => {
      for (const socket of sockets) socket.disconnect()
      await Promise.all([a, b].map(async (instance) => {
        if (!instance || instance.child.exitCode !== null) return
        instance.child.kill('SIGTERM')
        await instance.exited
      }))
      await pg.raw('drop schema if exists ?? cascade', [schema])
      await pg.destroy()
      await eskiz.stop()
      for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true })
    })

    it('sends each message once while both workers claim', async () => {
      const email = `owner.${tag}@outbox.test`
      await connectTo(a!).service('company-registration').create({ companyName: 'Two instances', phone: '+998 90 123 45 67', email, first_name: 'Owner', last_name: 'Outbox', password: PASSWORD })
      const client = connectTo(b!)
      const auth = (await client.authenticate({ strategy: 'local', email, password: PASSWORD })) as unknown as SignInResult
      client.set('currentBranchId', auth.branchIds[0])
      const [settings] = (await client.service('integrations').find()).data
      await client.service('integrations').patch(settings._id, {
        eskiz: { email: eskiz.email, password: eskiz.password, from: '4546' },
        rules: { ...settings.rules, graceMinutes: 0, reminder: null, quietHours: { start: '00:00', end: '23:59' } }
      })
      const doctorRole = (await client.service('roles').find({ query: { key: 'doctor' } })).data[0]._id
      const doctor = await client.service('users').create({ email: `doctor.${tag}@outbox.test`, first_name: 'Doctor', last_name: 'Outbox', roleId: doctorRole, branchIds: auth.branchIds, password: PASSWORD })
      const phones: string[] = []
      for (let index = 0; index < 12; index += 1) {
        const phone = `99890${String(7000000 + index)}`
        phones.push(phone)
        const customer = await client.service('customers').create({ first_name: 'Patient', last_name: `Number${index}`, phone })
        const start = new Date(Date.UTC(2031, 6, 1 + index, 6)).toISOString()
        await client.service('appointment').create({ customerId: customer._id, staffId: doctor._id, start, duration: 30, notifyClient: true, overrideWorkingHours: true })
      }
      expect(await waitFor(() => (eskiz.messages.length >= phones.length ? true : undefined), 20_000)).toBe(true)
      // A moment more: a second send of any of them would show now.
      await new Promise((resolve) => setTimeout(resolve, 2500))
      expect(eskiz.messages.map((message) => message.mobile_phone).sort()).toEqual(phones.sort())
      const rows = await pg.withSchema(schema).table('outbox_messages').select('state', 'attempts')
      expect(rows).toHaveLength(phones.length)
      expect(rows.every((row) => row.state === 'sent' && row.attempts === 1)).toBe(true)
    }, 60_000)
  })
}
