import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import knex from 'knex'
import { io, type Socket } from 'socket.io-client'
import socketio from '@feathersjs/socketio-client'
import { Timeout } from '@feathersjs/errors'
import type { HookContext, NextFunction } from '@feathersjs/feathers'
import { createApp } from '../../server/src/app'
import { createDatabase, migrateToLatest, type Database } from '../../server/src/db'
import { createClient, type ClientApplication } from '../../server/src/client'
import type { Application } from '../../server/src/declarations'
import type { SignInResult } from '../../server/src/services/identity/authentication/authentication.shared'
import { SignInThrottle } from '../../server/src/access/sign-in-throttle'
import { engines, MemoryStorage, PASSWORD, testConfiguration, type Engine } from '../server/support/harness'
import { FULL_WEEK, ZONE, at } from '../server/support/appointment-fixtures'
import { anyService } from '../server/support/any-service'
import { openOfflineStore } from '../../main/src/offline/offline-store'
import { replayOutbox } from '../../main/src/offline/outbox-replay'
import type { OfflineOperation, OfflineRecord, ReplayServices } from '../../main/src/offline/offline-types'

/*
 * Offline day mode, the whole cycle (issue 20, item 2): a real server on its own database, the
 * official Feathers socket client signed in as a front desk user, a day saved, the server
 * stopped, 500 writes queued offline, two conflicts arranged on the server meanwhile, the server
 * started again on the same data and port, the replay cut by another stop halfway and finished
 * after. Nothing may be lost or doubled, and the inbox holds exactly the two conflicts.
 */

/** The client's call timeout: a call the stopped server never answers fails this fast. */
const CALL_TIMEOUT_MS = 2000

interface Running {
  app: Application
  db: Database
  server: Server
}

/** One server's data (a SQLite file in a temporary folder, or a PostgreSQL schema) across its restarts. */
class ServerOnDisk {
  port = 0
  running: Running | undefined
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'offline-cycle-'))
  private readonly schema = `offline_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  constructor(readonly engine: Engine) {}

  get url() {
    return `http://127.0.0.1:${this.port}`
  }

  private database(): Database {
    return this.engine === 'sqlite' ? createDatabase({ databaseUrl: '', dataDir: this.dataDir }) : createDatabase({ databaseUrl: process.env.TEST_DATABASE_URL!, dataDir: this.dataDir, schema: this.schema })
  }

  async start() {
    if (this.engine === 'postgres' && this.port === 0) {
      const admin = knex({ client: 'pg', connection: process.env.TEST_DATABASE_URL! })
      await admin.raw(`create schema "${this.schema}"`)
      await admin.destroy()
    }
    const db = this.database()
    await migrateToLatest(db)
    const config = testConfiguration(this.dataDir)
    const app = createApp(config, { db, signInThrottle: SignInThrottle.inMemory(config.signInLimits) })
    const server = await app.listen(this.port)
    this.port = (server.address() as AddressInfo).port
    this.running = { app, db, server }
  }

  /** Stops as a crash or an outage would: every socket closed at once (answers in flight are lost), then the listener and the database. */
  async stop() {
    const { app, db, server } = this.running!
    this.running = undefined
    // The connections drop as a dead server's would (a closed transport, not a "server disconnect"): clients reconnect by themselves.
    for (const connection of Object.values(app.io.engine.clients) as Array<{ close(): void }>) connection.close()
    server.closeAllConnections()
    await app.get('inFlight').drained(5000)
    await app.teardown()
    await db.destroy()
  }

  async remove() {
    if (this.running) await this.stop()
    if (this.engine === 'postgres') {
      const admin = knex({ client: 'pg', connection: process.env.TEST_DATABASE_URL! })
      await admin.raw(`drop schema if exists "${this.schema}" cascade`)
      await admin.destroy()
    }
    fs.rmSync(this.dataDir, { recursive: true, force: true })
  }

  get db() {
    return this.running!.db
  }
}

/**
 * What the page's client does (renderer/src/api/client.ts): socket.io waits for an answer forever,
 * so every call races a timer and fails with a Feathers Timeout.
 */
async function timeoutHook(context: HookContext, next: NextFunction) {
  let timer: ReturnType<typeof setTimeout> | undefined
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout(`Timeout of ${CALL_TIMEOUT_MS}ms exceeded calling ${context.method} on ${context.path}`)), CALL_TIMEOUT_MS)
  })
  try {
    await Promise.race([next(), expired])
  } finally {
    clearTimeout(timer)
  }
}

/** A signed-in client. `reconnecting`: the workstation's own, which comes back by itself after an outage. */
async function signedIn(disk: ServerOnDisk, email: string, reconnecting = false): Promise<{ client: ClientApplication; socket: Socket; auth: SignInResult }> {
  const socket = io(disk.url, { transports: ['websocket'], forceNew: true, reconnection: reconnecting, reconnectionDelay: 100, reconnectionDelayMax: 300 })
  const client = createClient(socketio(socket), { storage: new MemoryStorage() })
  client.hooks({ around: { all: [timeoutHook] } })
  // On a disconnect the authentication client signs in again by itself; while the server is down that times out, and the reconnect (backOnline) signs in anew.
  socket.on('disconnect', () => void Promise.resolve((client as unknown as { get(name: string): unknown }).get('authentication')).catch(() => undefined))
  const auth = (await client.authenticate({ strategy: 'local', email, password: PASSWORD })) as unknown as SignInResult
  return { client, socket, auth }
}

/** Waits until the workstation's socket is back and signs it in again with its token (what the page does on reconnect). */
async function backOnline(client: ClientApplication, socket: Socket) {
  for (let tries = 0; !socket.connected; tries += 1) {
    if (tries > 200) throw new Error('the workstation did not reconnect')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  await client.reAuthenticate(true)
}

const DAYS = ['2031-03-03', '2031-03-04', '2031-03-05']
const TIMES = Array.from({ length: 24 }, (_, index) => `${String(8 + Math.floor(index / 2)).padStart(2, '0')}:${index % 2 === 0 ? '00' : '30'}`)

describe.each(engines)('offline day mode, the whole cycle, on %s', (engine) => {
  const disk = new ServerOnDisk(engine)
  afterAll(() => disk.remove())

  it('replays 500 offline writes through a restart and a cut: none lost, none doubled, two conflicts in the inbox', async () => {
    await disk.start()
    // The clinic: an owner, three doctors working every day 08-20, a service, a front desk user.
    const ownerEmail = `owner.${Math.random().toString(36).slice(2, 8)}@clinic.test`
    const registering = await signedInAnonymously(disk)
    await registering.client.service('company-registration').create({ companyName: 'Offline clinic', phone: '+998 90 123 45 67', email: ownerEmail, first_name: 'Owner', last_name: 'Offline', password: PASSWORD })
    registering.socket.disconnect()
    let owner = await signedIn(disk, ownerEmail)
    const ownerAuth = owner.auth
    const branchId: string = ownerAuth.branchIds[0]
    owner.client.set('currentBranchId', branchId)
    await owner.client.service('company').patch('mine', { timezone: ZONE })
    const roleOf = async (key: 'doctor' | 'administrator') => (await owner.client.service('roles').find({ query: { key } })).data[0]._id
    const doctors: string[] = []
    for (const index of [1, 2, 3]) {
      const doctor = await owner.client.service('users').create({ email: `doctor${index}.${Math.random().toString(36).slice(2, 8)}@clinic.test`, first_name: 'Doctor', last_name: `Number${index}`, roleId: await roleOf('doctor'), branchIds: [branchId], password: PASSWORD })
      await disk.db('users').where({ _id: doctor._id }).update({ schedule: JSON.stringify(FULL_WEEK), acceptsAppointments: true })
      doctors.push(doctor._id)
    }
    const deskEmail = `desk.${Math.random().toString(36).slice(2, 8)}@clinic.test`
    const deskUser = await owner.client.service('users').create({ email: deskEmail, first_name: 'Front', last_name: 'Desk', roleId: await roleOf('administrator'), branchIds: [branchId], password: PASSWORD })
    const checkup = await owner.client.service('service').create({ name: 'Осмотр', duration: 30, price: 100_000 })
    const booked = [{ serviceId: checkup._id, name: checkup.name, duration: 30, price: 100_000, quantity: 1 }]
    // Slot n: a doctor at a half hour of one of the three days (216 in all); every booking takes its own.
    const slot = (n: number) => ({ staffId: doctors[n % 3], start: at(DAYS[Math.floor(n / 3) % 3], TIMES[Math.floor(n / 9)]), duration: 30, services: booked, branchId })

    const patients: string[] = []
    for (let index = 0; index < 40; index += 1) patients.push((await owner.client.service('customers').create({ first_name: 'Patient', last_name: `Existing${index}`, branchId }))._id)
    const visits: string[] = []
    for (let index = 0; index < 30; index += 1) visits.push((await owner.client.service('appointment').create({ customerId: patients[index], ...slot(index) }))._id)

    // The workstation: signed in as the front desk, it saves the day while online.
    const desk = await signedIn(disk, deskEmail, true)
    desk.client.set('currentBranchId', branchId)
    const services: ReplayServices = { service: (servicePath) => anyService(desk.client, servicePath) }
    const store = openOfflineStore(path.join(disk.dataDir, 'workstation', 'offline.sqlite'))
    const dayVisits = (await desk.client.service('appointment').find({ query: { branchId, $limit: 200 } })).data
    const dayPatients = await Promise.all(patients.map((id) => desk.client.service('customers').get(id)))
    const records: OfflineRecord[] = [
      ...dayVisits.map((visit: { _id: string }) => ({ kind: 'appointment' as const, _id: visit._id, data: visit as unknown as Record<string, unknown> })),
      ...dayPatients.map((patient: { _id: string }) => ({ kind: 'customer' as const, _id: patient._id, data: patient as unknown as Record<string, unknown> }))
    ]
    await store.saveDay({ companyId: ownerAuth.user.companyId, branchId, userId: deskUser._id, days: DAYS.slice(0, 2), timeZone: ZONE, savedAt: new Date().toISOString(), records })

    // The outage.
    await disk.stop()
    const day = (await store.day(deskUser._id, branchId))!
    const seen = (kind: string, id: string) => day.records.find((record) => record.kind === kind && record._id === id)!.data
    let counter = 0
    const key = () => `off${String((counter += 1)).padStart(4, '0')}-${Math.random().toString(36).slice(2, 10)}`
    const operations: OfflineOperation[] = []
    const queue = (operation: OfflineOperation) => {
      operations.push(operation)
      return operation.key
    }
    const newPatients: string[] = []
    const newPatientVisits: string[] = []
    for (let index = 0; index < 60; index += 1) {
      const patient = queue({ key: key(), kind: 'customer', action: 'create', data: { first_name: 'Walk-in', last_name: `Offline${index}`, branchId } })
      newPatients.push(patient)
      newPatientVisits.push(queue({ key: key(), kind: 'appointment', action: 'create', data: { customerId: `offline:${patient}`, ...slot(30 + index) } }))
      queue({ key: key(), kind: 'note', action: 'create', data: { customerId: `offline:${patient}`, text: `First visit of walk-in ${index}`, branchId } })
      // The patient card made offline never showed a profession: no base, so it is sent as it is.
      if (index < 28) queue({ key: key(), kind: 'customer', action: 'patch', id: `offline:${patient}`, data: { profession: 'Teacher' }, base: {} })
    }
    const existingPatientVisits: string[] = []
    for (let index = 0; index < 90; index += 1) {
      existingPatientVisits.push(queue({ key: key(), kind: 'appointment', action: 'create', data: { customerId: patients[index % 40], ...slot(90 + index) } }))
      queue({ key: key(), kind: 'note', action: 'create', data: { customerId: patients[(index * 7) % 40], text: `Called about visit ${index}`, branchId } })
    }
    for (const visit of visits) queue({ key: key(), kind: 'appointment', action: 'patch', id: visit, data: { status: 'arrived' }, base: { status: seen('appointment', visit).status } })
    for (const visit of newPatientVisits.slice(0, 40)) queue({ key: key(), kind: 'appointment', action: 'patch', id: `offline:${visit}`, data: { notes: 'Booked while offline' }, base: { notes: null } })
    for (const visit of newPatientVisits.slice(40)) queue({ key: key(), kind: 'appointment', action: 'patch', id: `offline:${visit}`, data: { status: 'arrived' }, base: { status: 'planned' } })
    const editedPatients = patients.slice(0, 20)
    const addressKeys = editedPatients.map((patient) => queue({ key: key(), kind: 'customer', action: 'patch', id: patient, data: { address: 'Offline street 5' }, base: { address: seen('customer', patient).address ?? null } }))
    const payments = patients.slice(20, 22).map((patient, index) => queue({ key: key(), kind: 'payment', action: 'create', data: { clientKey: `pay-${Math.random().toString(36).slice(2, 10)}-${index}`, customerId: patient, amount: 50_000 + index, method: 'card', branchId } }))
    expect(operations).toHaveLength(500)
    for (const operation of operations) await store.enqueue(operation)
    expect(await store.counts()).toEqual({ waiting: 500, conflicts: 0 })
    // Every write shows on the cached day at once (pending payments as pending).
    const offlineDay = (await store.day(deskUser._id, branchId))!
    expect(offlineDay.records.filter((record) => record._id.startsWith('offline:'))).toHaveLength(60 + 150 + 150 + 2)
    expect(offlineDay.records.find((record) => record._id === visits[0])!.data.status).toBe('arrived')

    // Back, on the same data and port; meanwhile another booking takes one slot, and a patient's address is changed on the server.
    await disk.start()
    owner = await signedIn(disk, ownerEmail)
    owner.client.set('currentBranchId', branchId)
    const takenSlot = slot(90 + 45)
    const takenKey = existingPatientVisits[45]
    const rival = await owner.client.service('appointment').create({ customerId: patients[39], ...takenSlot })
    const bothSidesPatient = editedPatients[7]
    await owner.client.service('customers').patch(bothSidesPatient, { address: 'Server street 1' })

    await backOnline(desk.client, desk.socket)
    let finished = false
    const replaying = replayOutbox(store, services).finally(() => (finished = true))
    // Cut halfway: the server goes away under the replay.
    while (!finished && (await store.counts()).waiting > 250) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(finished).toBe(false)
    await disk.stop()
    const cut = await replaying
    expect(cut.interrupted).toBe(true)
    const left = await store.counts()
    expect(left.waiting).toBeGreaterThan(0)
    await disk.start()
    await backOnline(desk.client, desk.socket)
    const rest = await replayOutbox(store, services)
    expect(rest.interrupted).toBe(false)
    expect(cut.sent + cut.conflicts + rest.sent + rest.conflicts).toBe(500)

    // None lost: every entry sent, but the two arranged conflicts.
    expect(await store.counts()).toEqual({ waiting: 0, conflicts: 2 })
    const inbox = await store.conflicts()
    expect(inbox.map((entry) => [entry.operation.key, entry.conflict?.reason])).toEqual([
      [takenKey, 'slot-taken'],
      [addressKeys[7], 'changed-on-both-sides']
    ])
    const suggested = inbox[0].conflict!.suggestedStarts!
    expect(suggested.length).toBeGreaterThan(0)
    expect(suggested).not.toContain(takenSlot.start)
    expect(inbox[0].conflict!.error).toMatchObject({ name: 'Conflict', code: 'appointment-staff-busy' })
    expect(inbox[1].conflict!.fields).toEqual([{ field: 'address', base: seen('customer', bothSidesPatient).address ?? null, mine: 'Offline street 5', theirs: 'Server street 1' }])
    const creates = operations.filter((operation) => operation.action === 'create')
    for (const operation of creates) expect(await store.serverIdOf(operation.key)).toEqual(operation.key === takenKey ? null : expect.any(String))

    // None doubled: the rows are exactly those expected, one per client key.
    const db = disk.db
    const companyId = ownerAuth.user.companyId
    const count = async (table: string, where: Record<string, unknown> = {}) => Number((await db(table).where({ companyId, ...where }).count({ total: '*' }))[0].total)
    expect(await count('customers')).toBe(40 + 60)
    expect(await count('appointment')).toBe(30 + 1 + 149)
    expect(await count('notes')).toBe(150)
    expect(await count('transactions')).toBe(2)
    expect(await count('client_keys')).toBe(60 + 149 + 150)
    const keyed = await db('client_keys').where({ companyId }).select('clientKey', 'recordId', 'service')
    expect(new Set(keyed.map((row: { recordId: string }) => row.recordId)).size).toBe(keyed.length)
    for (const operation of creates.filter((entry) => entry.kind !== 'payment' && entry.key !== takenKey)) {
      expect(keyed.find((row: { clientKey: string }) => row.clientKey === operation.key)?.recordId).toBe(await store.serverIdOf(operation.key))
    }
    for (const payment of payments) expect(await count('transactions', { clientKey: operations.find((entry) => entry.key === payment)!.data.clientKey })).toBe(1)
    expect(await count('user_activities', { service: 'appointment', method: 'create', userId: deskUser._id })).toBe(149)
    // And every write took effect once.
    expect(await count('appointment', { status: 'arrived' })).toBe(30 + 20)
    expect(await count('appointment', { notes: 'Booked while offline' })).toBe(40)
    expect(await count('customers', { profession: 'Teacher' })).toBe(28)
    expect(await count('customers', { address: 'Offline street 5' })).toBe(19)
    expect(await count('customers', { address: 'Server street 1' })).toBe(1)
    // The slot went to the other booking only.
    const atTakenSlot = await desk.client.service('appointment').find({ query: { staffId: takenSlot.staffId, start: takenSlot.start } })
    expect(atTakenSlot.data.map((visit: { _id: string }) => visit._id)).toEqual([rival._id])

    // Signed out first: a socket closed while signed in makes the client sign in again (and wait for it). The owner's went with the cut.
    await desk.client.logout()
    desk.socket.disconnect()
    store.close()
  }, 120_000)
})

async function signedInAnonymously(disk: ServerOnDisk) {
  const socket = io(disk.url, { transports: ['websocket'], forceNew: true, reconnection: false })
  return { client: createClient(socketio(socket, { timeout: 10_000 }), { storage: new MemoryStorage() }), socket }
}
