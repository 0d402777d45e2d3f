import { ipcChannels, pushChannels } from '../../main/src/ipc-channels'
import { offlineIpcHandlers } from '../../main/src/offline/offline-ipc'
import type { OfflineDaySnapshot, OfflineOperation, OfflineStore } from '../../main/src/offline/offline-types'
import { isTrustedSender, type IpcSender } from '../../main/src/trust'

const server = 'https://clinic.example'
const own: IpcSender = { webContentsId: 1, frameUrl: 'https://clinic.example/offline-day', isTopFrame: true }
const strangers: IpcSender[] = [
  { ...own, webContentsId: 2 },
  { ...own, isTopFrame: false },
  { ...own, frameUrl: 'https://evil.example/' },
  { ...own, frameUrl: undefined }
]

const snapshot: OfflineDaySnapshot = {
  companyId: 'c1',
  branchId: 'b1',
  userId: 'u1',
  days: ['2026-11-30', '2026-12-01'],
  timeZone: 'Asia/Tashkent',
  savedAt: '2026-11-30T04:00:00.000Z',
  records: [{ kind: 'appointment', _id: 'a1', data: { _id: 'a1', status: 'planned', start: '2026-11-30T05:00:00.000Z' } }]
}
const checkIn: OfflineOperation = { key: '01JDX0000000000000000000AB', kind: 'appointment', action: 'patch', id: 'a1', data: { status: 'arrived' }, base: { status: 'planned' } }

/** The store's calls as they reached it: only well-formed ones from our own window may. */
function setUp() {
  const calls: Array<[string, unknown[]]> = []
  let opened = 0
  const counts = { waiting: 0, conflicts: 0 }
  const record =
    (name: string, answer: unknown = undefined) =>
    async (...args: unknown[]) => {
      calls.push([name, args])
      return answer
    }
  const store = {
    saveDay: record('saveDay'),
    day: record('day', snapshot),
    enqueue: record('enqueue', counts),
    pending: record('pending', []),
    serverIdOf: record('serverIdOf', null),
    settle: record('settle', counts),
    conflicts: record('conflicts', []),
    resolve: record('resolve', counts),
    counts: record('counts', counts),
    forgetDays: record('forgetDays')
  } as unknown as OfflineStore
  const handlers = offlineIpcHandlers(
    () => {
      opened += 1
      return store
    },
    (sender: IpcSender) => isTrustedSender(sender, [1], server)
  )
  return { handlers, calls, opened: () => opened }
}

type Handler = (event: IpcSender, ...args: unknown[]) => Promise<unknown>
const call = (handlers: ReturnType<typeof setUp>['handlers'], channel: string, event: IpcSender, ...args: unknown[]) =>
  (handlers[channel as keyof typeof handlers] as Handler)(event, ...args)

describe('the offline store’s channels', () => {
  it('has one handler per offline channel, none for a push channel', () => {
    const { handlers } = setUp()
    const offline = Object.entries(ipcChannels).filter(([name]) => name.startsWith('offline')).map(([, channel]) => channel)
    expect(Object.keys(handlers).sort()).toEqual(offline.sort())
    for (const channel of pushChannels) expect(Object.keys(handlers)).not.toContain(channel)
  })

  it('serves its own window, passing well-formed values to the store', async () => {
    const { handlers, calls } = setUp()
    await call(handlers, ipcChannels.offlineSaveDay, own, snapshot)
    expect(await call(handlers, ipcChannels.offlineDay, own, 'u1', 'b1')).toEqual(snapshot)
    expect(await call(handlers, ipcChannels.offlineEnqueue, own, checkIn)).toEqual({ waiting: 0, conflicts: 0 })
    await call(handlers, ipcChannels.offlineSettle, own, checkIn.key, { state: 'conflict', conflict: { reason: 'slot-taken', suggestedStarts: ['2026-11-30T06:00:00.000Z'] } })
    await call(handlers, ipcChannels.offlineSettle, own, checkIn.key, { state: 'done', serverId: 'a9', record: { kind: 'appointment', _id: 'a9', data: {} } })
    // A pending payment's create comes back as the server's payment record.
    await call(handlers, ipcChannels.offlineSettle, own, checkIn.key, { state: 'done', serverId: 't1', record: { kind: 'payment', _id: 't1', data: { status: 'paid' } } })
    await call(handlers, ipcChannels.offlineResolve, own, checkIn.key)
    await call(handlers, ipcChannels.offlineServerIdOf, own, checkIn.key)
    for (const channel of [ipcChannels.offlinePending, ipcChannels.offlineConflicts, ipcChannels.offlineCounts, ipcChannels.offlineForgetDays]) await call(handlers, channel, own)
    expect(calls.map(([name]) => name)).toEqual(['saveDay', 'day', 'enqueue', 'settle', 'settle', 'settle', 'resolve', 'serverIdOf', 'pending', 'conflicts', 'counts', 'forgetDays'])
    expect(calls[0][1]).toEqual([snapshot])
  })

  it('answers a stranger null, without even opening the store', async () => {
    for (const stranger of strangers) {
      const { handlers, calls, opened } = setUp()
      for (const channel of Object.keys(handlers)) expect(await call(handlers, channel, stranger, snapshot, checkIn)).toBeNull()
      expect(calls).toEqual([])
      expect(opened()).toBe(0)
    }
  })

  it('refuses a malformed snapshot, never storing it', async () => {
    const { handlers, calls } = setUp()
    const { records, ...withoutRecords } = snapshot
    const malformed: unknown[] = [
      null,
      'day',
      withoutRecords,
      { ...snapshot, extra: 1 },
      { ...snapshot, days: ['30.11.2026'] },
      { ...snapshot, days: [] },
      { ...snapshot, savedAt: 'yesterday' },
      { ...snapshot, userId: '' },
      { ...snapshot, records: [{ ...records[0], kind: 'invoice' }] },
      { ...snapshot, records: [{ ...records[0], data: 'x' }] },
      { ...snapshot, records: [{ ...records[0], data: { start: new Date() } }] },
      { ...snapshot, records: [{ ...records[0], data: { list: [undefined] } }] },
      { ...snapshot, records: [{ ...records[0], data: new Map() }] }
    ]
    for (const value of malformed) await expect(call(handlers, ipcChannels.offlineSaveDay, own, value)).rejects.toThrow('malformed snapshot')
    expect(calls).toEqual([])
  })

  it('refuses a malformed operation, outcome, key or id', async () => {
    const { handlers, calls } = setUp()
    const operations: unknown[] = [
      { ...checkIn, key: 'short' },
      { ...checkIn, key: '../../etc/passwd-0000' },
      { ...checkIn, kind: 'payment' },
      { ...checkIn, action: 'remove' },
      { ...checkIn, id: undefined },
      { ...checkIn, base: { start: '2026-11-30T05:00:00.000Z' } },
      { ...checkIn, data: {} },
      { ...checkIn, extra: true },
      { key: checkIn.key, kind: 'staff', action: 'create', data: {} },
      { key: checkIn.key, kind: 'note', action: 'create', data: { text: 'x'.repeat(300_000) } }
    ]
    for (const value of operations) await expect(call(handlers, ipcChannels.offlineEnqueue, own, value)).rejects.toThrow('malformed operation')
    const outcomes: unknown[] = [{ state: 'lost' }, { state: 'conflict', conflict: { reason: 'because' } }, { state: 'conflict', conflict: { reason: 'slot-taken', suggestedStarts: ['soon'] } }, { state: 'done', serverId: 7 }]
    for (const value of outcomes) await expect(call(handlers, ipcChannels.offlineSettle, own, checkIn.key, value)).rejects.toThrow('malformed outcome')
    await expect(call(handlers, ipcChannels.offlineResolve, own, { key: checkIn.key })).rejects.toThrow('malformed client key')
    await expect(call(handlers, ipcChannels.offlineDay, own, 'u1', 42)).rejects.toThrow('malformed branch id')
    expect(calls).toEqual([])
  })

  it('takes every kind of write the offline screens make', async () => {
    const { handlers, calls } = setUp()
    const key = '0193c3a2-7d1e-7000-8000-000000000001'
    const writes: OfflineOperation[] = [
      { key, kind: 'customer', action: 'create', data: { first_name: 'Aziza', last_name: 'Karimova', phone: '+998901234567' } },
      { key, kind: 'appointment', action: 'create', data: { customerId: `offline:${key}`, staffId: 's1', start: '2026-11-30T06:00:00.000Z', duration: 30 } },
      { key, kind: 'appointment', action: 'patch', id: `offline:${key}`, data: { notes: 'x', staffId: 's2' }, base: { notes: null, staffId: 's1' } },
      { key, kind: 'note', action: 'create', data: { customerId: 'p1', text: 'Allergic to latex' } }
    ]
    for (const write of writes) await call(handlers, ipcChannels.offlineEnqueue, own, write)
    expect(calls.map(([, [operation]]) => operation)).toEqual(writes)
  })
})
