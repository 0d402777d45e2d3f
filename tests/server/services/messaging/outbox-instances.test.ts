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

/**
 * Two real server processes on one PostgreSQL and one Redis, each running its outbox worker
 * (server/src/index.ts starts it): every message due is sent once, whichever instance takes it.
 * Runs when TEST_DATABASE_URL and TEST_REDIS_URL are both set (as tests/server/instances.test.ts).
 */
describe.each(instanceBackends)('the outbox on two instances', (backend) => {
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
