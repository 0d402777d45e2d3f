import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openOfflineStore, OFFLINE_SCHEMA_VERSION } from '../../main/src/offline/offline-store'
import type { OfflineDaySnapshot, OfflineOperation, OfflineRecord } from '../../main/src/offline/offline-types'
import Database from 'better-sqlite3'

const record = (kind: OfflineRecord['kind'], _id: string, data: Record<string, unknown> = {}): OfflineRecord => ({ kind, _id, data: { _id, ...data } })

function snapshot(userId: string, branchId: string, records: OfflineRecord[]): OfflineDaySnapshot {
  return { companyId: 'company-1', branchId, userId, days: ['2031-03-03', '2031-03-04'], timeZone: 'Europe/Helsinki', savedAt: '2031-03-03T06:00:00.000Z', records }
}

const visit = record('appointment', 'visit-1', { customerId: 'patient-1', staffId: 'doctor-1', branchId: 'branch-1', start: '2031-03-03T08:00:00.000Z', status: 'planned' })
const patient = record('customer', 'patient-1', { first_name: 'Aino', last_name: 'Virtanen' })

describe('the offline store (main/src/offline/offline-store.ts)', () => {
  let dir: string
  let file: string
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'offline-store-'))
    file = path.join(dir, 'userData', 'offline.sqlite')
  })
  afterEach(() => fs.rm(dir, { recursive: true, force: true }))

  it('creates a private file in WAL mode with its schema version', async () => {
    const store = openOfflineStore(file)
    await store.saveDay(snapshot('user-1', 'branch-1', [visit]))
    await store.enqueue({ key: 'key-00000001', kind: 'note', action: 'create', data: { customerId: 'patient-1', text: 'Called' } })
    store.close()
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600)
    expect((await fs.stat(path.dirname(file))).mode & 0o077).toBe(0)
    const raw = new Database(file, { readonly: true })
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(raw.pragma('user_version', { simple: true })).toBe(OFFLINE_SCHEMA_VERSION)
    raw.close()
  })

  it('refuses a file written by a newer version rather than guessing its shape', async () => {
    openOfflineStore(file).close()
    const raw = new Database(file)
    raw.pragma(`user_version = ${OFFLINE_SCHEMA_VERSION + 1}`)
    raw.close()
    expect(() => openOfflineStore(file)).toThrow(/newer version/)
  })

  it('keeps days, the outbox, its states and server ids when reopened', async () => {
    const first = openOfflineStore(file)
    await first.saveDay(snapshot('user-1', 'branch-1', [visit, patient]))
    await first.enqueue({ key: 'key-00000001', kind: 'customer', action: 'create', data: { first_name: 'Uusi', last_name: 'Potilas' } })
    await first.enqueue({ key: 'key-00000002', kind: 'appointment', action: 'create', data: { customerId: 'offline:key-00000001', staffId: 'doctor-1', start: '2031-03-03T09:00:00.000Z', duration: 30 } })
    await first.enqueue({ key: 'key-00000003', kind: 'appointment', action: 'patch', id: 'visit-1', data: { status: 'arrived' }, base: { status: 'planned' } })
    await first.settle('key-00000001', { state: 'done', serverId: 'server-patient' })
    await first.settle('key-00000002', { state: 'conflict', conflict: { reason: 'slot-taken', suggestedStarts: ['2031-03-03T09:30:00.000Z'] } })
    const before = { day: await first.day('user-1', 'branch-1'), pending: await first.pending(), conflicts: await first.conflicts(), counts: await first.counts() }
    first.close()
    const again = openOfflineStore(file)
    expect(await again.day('user-1', 'branch-1')).toEqual(before.day)
    expect(await again.pending()).toEqual(before.pending)
    expect(await again.conflicts()).toEqual(before.conflicts)
    expect(await again.counts()).toEqual({ waiting: 1, conflicts: 1 })
    expect(await again.serverIdOf('key-00000001')).toBe('server-patient')
    expect(await again.serverIdOf('key-00000002')).toBeNull()
    expect(before.conflicts[0]).toMatchObject({ state: 'conflict', conflict: { reason: 'slot-taken', suggestedStarts: ['2031-03-03T09:30:00.000Z'] } })
    again.close()
  })

  it('gives the waiting writes oldest first, each key once, and refuses a key the server would', async () => {
    const store = openOfflineStore(file)
    const keys = ['zz-last-but-first', 'aa-second-queued', 'mm-third-queued']
    for (const key of keys) await store.enqueue({ key, kind: 'note', action: 'create', data: { customerId: 'patient-1', text: key } })
    // An IPC call retried queues the same write again: it is kept once.
    expect(await store.enqueue({ key: keys[0], kind: 'note', action: 'create', data: { customerId: 'patient-1', text: keys[0] } })).toEqual({ waiting: 3, conflicts: 0 })
    expect((await store.pending()).map((entry) => entry.operation.key)).toEqual(keys)
    expect((await store.pending()).every((entry) => entry.state === 'waiting' && !Number.isNaN(Date.parse(entry.queuedAt)))).toBe(true)
    await expect(store.enqueue({ key: 'short', kind: 'note', action: 'create', data: {} })).rejects.toThrow(/client key/)
    await store.settle(keys[1], { state: 'done', serverId: 'note-2' })
    expect((await store.pending()).map((entry) => entry.operation.key)).toEqual([keys[0], keys[2]])
    // Settled once: a late second report changes nothing.
    await store.settle(keys[1], { state: 'conflict', conflict: { reason: 'refused' } })
    expect(await store.serverIdOf(keys[1])).toBe('note-2')
    expect(await store.conflicts()).toEqual([])
    await expect(store.settle('never-queued', { state: 'done' })).rejects.toThrow(/No outbox entry/)
    store.close()
  })

  it('shows each write on the cached day as soon as it is queued', async () => {
    const store = openOfflineStore(file)
    await store.saveDay(snapshot('user-1', 'branch-1', [visit, patient]))
    const writes: OfflineOperation[] = [
      { key: 'new-patient-01', kind: 'customer', action: 'create', data: { first_name: 'Uusi', last_name: 'Potilas' } },
      { key: 'new-visit-0001', kind: 'appointment', action: 'create', data: { customerId: 'offline:new-patient-01', staffId: 'doctor-1', start: '2031-03-03T09:00:00.000Z', duration: 30, branchId: 'branch-1' } },
      { key: 'check-in-0001', kind: 'appointment', action: 'patch', id: 'visit-1', data: { status: 'arrived' }, base: { status: 'planned' } },
      { key: 'edit-offline-1', kind: 'appointment', action: 'patch', id: 'offline:new-visit-0001', data: { notes: 'Bring the X-ray' }, base: { notes: null } },
      { key: 'a-note-000001', kind: 'note', action: 'create', data: { customerId: 'patient-1', text: 'Prefers mornings' } },
      { key: 'a-payment-001', kind: 'payment', action: 'create', data: { clientKey: 'a-payment-001', customerId: 'patient-1', amount: 50_000, method: 'cash' } },
      { key: 'other-branch1', kind: 'appointment', action: 'create', data: { customerId: 'patient-1', staffId: 'doctor-1', start: '2031-03-03T10:00:00.000Z', duration: 30, branchId: 'branch-2' } }
    ]
    for (const write of writes) await store.enqueue(write)
    const day = (await store.day('user-1', 'branch-1'))!
    const byId = new Map(day.records.map((entry) => [`${entry.kind}:${entry._id}`, entry.data]))
    expect(byId.get('customer:offline:new-patient-01')).toMatchObject({ first_name: 'Uusi' })
    expect(byId.get('appointment:offline:new-visit-0001')).toMatchObject({ customerId: 'offline:new-patient-01', notes: 'Bring the X-ray' })
    expect(byId.get('appointment:visit-1')).toMatchObject({ status: 'arrived', start: visit.data.start })
    expect(byId.get('note:offline:a-note-000001')).toMatchObject({ customerId: 'patient-1', text: 'Prefers mornings' })
    expect(byId.get('payment:offline:a-payment-001')).toMatchObject({ status: 'pending', amount: 50_000 })
    expect(byId.has('appointment:offline:other-branch1')).toBe(false)
    expect(day.records).toHaveLength(6)

    // Sent: the day shows the server's ids (and the server's record when the replay gave it) until a new snapshot has them.
    await store.settle('new-patient-01', { state: 'done', serverId: 'server-patient' })
    await store.settle('new-visit-0001', { state: 'done', serverId: 'server-visit' })
    await store.settle('a-payment-001', { state: 'done', serverId: 'server-payment', record: record('payment', 'server-payment', { status: 'success', amount: 50_000 }) })
    const sent = new Map((await store.day('user-1', 'branch-1'))!.records.map((entry) => [`${entry.kind}:${entry._id}`, entry.data]))
    expect(sent.get('appointment:server-visit')).toMatchObject({ customerId: 'server-patient', notes: 'Bring the X-ray' })
    expect(sent.get('payment:server-payment')).toMatchObject({ status: 'success' })
    expect(sent.has('appointment:offline:new-visit-0001')).toBe(false)

    // A snapshot saved after the sending shows the server's truth; the writes still waiting stay on top of it.
    await store.saveDay(snapshot('user-1', 'branch-1', [{ ...visit, data: { ...visit.data, status: 'planned', notes: 'from server' } }]))
    const fresh = new Map((await store.day('user-1', 'branch-1'))!.records.map((entry) => [`${entry.kind}:${entry._id}`, entry.data]))
    expect(fresh.has('appointment:server-visit')).toBe(false)
    expect(fresh.get('appointment:visit-1')).toMatchObject({ status: 'arrived', notes: 'from server' })
    store.close()
  })

  it('keeps a conflict out of the day and in the inbox until a person resolves it', async () => {
    const store = openOfflineStore(file)
    await store.saveDay(snapshot('user-1', 'branch-1', [visit]))
    await store.enqueue({ key: 'move-visit-01', kind: 'appointment', action: 'patch', id: 'visit-1', data: { start: '2031-03-03T12:00:00.000Z' }, base: { start: visit.data.start } })
    expect(await store.settle('move-visit-01', { state: 'conflict', conflict: { reason: 'changed-on-both-sides', fields: [{ field: 'start', base: visit.data.start, mine: '2031-03-03T12:00:00.000Z', theirs: '2031-03-03T13:00:00.000Z' }] } })).toEqual({ waiting: 0, conflicts: 1 })
    expect((await store.day('user-1', 'branch-1'))!.records).toEqual([visit])
    expect((await store.conflicts()).map((entry) => entry.conflict?.reason)).toEqual(['changed-on-both-sides'])
    expect(await store.resolve('move-visit-01')).toEqual({ waiting: 0, conflicts: 0 })
    expect(await store.conflicts()).toEqual([])
    store.close()
  })

  it("never answers another user's or another branch's day, and sign-out forgets the days but not the outbox", async () => {
    const store = openOfflineStore(file)
    await store.saveDay(snapshot('user-1', 'branch-1', [visit]))
    await store.saveDay(snapshot('user-2', 'branch-1', [patient]))
    expect((await store.day('user-1', 'branch-1'))!.records).toEqual([visit])
    expect((await store.day('user-2', 'branch-1'))!.records).toEqual([patient])
    expect(await store.day('user-3', 'branch-1')).toBeNull()
    expect(await store.day('user-1', 'branch-2')).toBeNull()
    await store.enqueue({ key: 'kept-write-01', kind: 'note', action: 'create', data: { customerId: 'patient-1', text: 'Kept' } })
    await store.forgetDays()
    expect(await store.day('user-1', 'branch-1')).toBeNull()
    expect(await store.counts()).toEqual({ waiting: 1, conflicts: 0 })
    expect((await store.pending()).map((entry) => entry.operation.key)).toEqual(['kept-write-01'])
    store.close()
  })
})
