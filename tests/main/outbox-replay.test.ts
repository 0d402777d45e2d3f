import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { BadRequest, Conflict, Forbidden, GeneralError, NotAuthenticated, NotFound, Timeout, Unavailable } from '@feathersjs/errors'
import { openOfflineStore } from '../../main/src/offline/offline-store'
import { DEPENDS_ON_REFUSED, replayOutbox, sameValue } from '../../main/src/offline/outbox-replay'
import type { OfflineOperation, OfflineStore, ReplayService, ReplayServices } from '../../main/src/offline/offline-types'

type Row = Record<string, unknown>
interface Call {
  path: string
  method: 'get' | 'find' | 'create' | 'patch'
  id?: string
  data?: Row
  query?: Row
}

/**
 * A fake server: records per service path, creates made once per client key (as the real one
 * does), and a hook to refuse or fail any call. Every call is recorded.
 */
class FakeServer implements ReplayServices {
  calls: Call[] = []
  records = new Map<string, Map<string, Row>>()
  byKey = new Map<string, Row>()
  slots: Array<{ start: string }> = []
  fail: (call: Call) => unknown = () => undefined
  private made = 0

  table(path: string) {
    if (!this.records.has(path)) this.records.set(path, new Map())
    return this.records.get(path)!
  }

  service(path: string): ReplayService {
    const run = async (call: Call): Promise<unknown> => {
      this.calls.push(call)
      const failure = this.fail(call)
      if (failure) throw failure
      const table = this.table(path)
      if (call.method === 'find') return { data: this.slots }
      if (call.method === 'get') {
        const found = table.get(call.id!)
        if (!found) throw new NotFound(`No record found for id '${call.id}'`)
        return { ...found }
      }
      if (call.method === 'create') {
        const key = String(call.data!.clientKey)
        const earlier = this.byKey.get(`${path}:${key}`)
        if (earlier) return { ...earlier }
        const { clientKey: _key, ...fields } = call.data!
        const row = { ...fields, _id: `${path}-${(this.made += 1)}` }
        table.set(row._id, row)
        this.byKey.set(`${path}:${key}`, row)
        return { ...row }
      }
      const current = table.get(call.id!)
      if (!current) throw new NotFound(`No record found for id '${call.id}'`)
      Object.assign(current, call.data)
      return { ...current }
    }
    return {
      get: (id) => run({ path, method: 'get', id }) as Promise<unknown>,
      find: (params) => run({ path, method: 'find', query: params?.query }),
      create: (data) => run({ path, method: 'create', data }),
      patch: (id, data) => run({ path, method: 'patch', id, data })
    }
  }

  writes() {
    return this.calls.filter((call) => call.method === 'create' || call.method === 'patch')
  }
}

describe('the outbox replay (main/src/offline/outbox-replay.ts)', () => {
  let dir: string
  let store: OfflineStore & { close(): void }
  let server: FakeServer
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-replay-'))
    store = openOfflineStore(path.join(dir, 'offline.sqlite'))
    server = new FakeServer()
  })
  afterEach(async () => {
    store.close()
    await fs.rm(dir, { recursive: true, force: true })
  })

  const queue = async (...operations: OfflineOperation[]) => {
    for (const operation of operations) await store.enqueue(operation)
  }
  const visit = (key: string, data: Row = {}): OfflineOperation => ({ key, kind: 'appointment', action: 'create', data: { customerId: 'patient-1', staffId: 'doctor-1', start: '2031-03-03T08:00:00.000Z', duration: 30, ...data } })

  it('sends creates oldest first with their keys, and rewrites the offline ids later writes name', async () => {
    await queue(
      { key: 'patient-key-1', kind: 'customer', action: 'create', data: { first_name: 'Uusi', last_name: 'Potilas' } },
      visit('visit-key-001', { customerId: 'offline:patient-key-1' }),
      { key: 'note-key-0001', kind: 'note', action: 'create', data: { customerId: 'offline:patient-key-1', text: 'New here' } },
      { key: 'edit-visit-01', kind: 'appointment', action: 'patch', id: 'offline:visit-key-001', data: { notes: 'X-ray' }, base: { notes: null } },
      { key: 'payment-entry', kind: 'payment', action: 'create', data: { clientKey: 'payment-form-key', customerId: 'offline:patient-key-1', amount: 10_000 } }
    )
    expect(await replayOutbox(store, server)).toEqual({ sent: 5, conflicts: 0, interrupted: false })
    const patient = await store.serverIdOf('patient-key-1')
    const visitId = await store.serverIdOf('visit-key-001')
    expect(server.writes()).toEqual([
      { path: 'customers', method: 'create', data: { first_name: 'Uusi', last_name: 'Potilas', clientKey: 'patient-key-1' } },
      { path: 'appointment', method: 'create', data: expect.objectContaining({ customerId: patient, clientKey: 'visit-key-001' }) },
      { path: 'notes', method: 'create', data: { customerId: patient, text: 'New here', clientKey: 'note-key-0001' } },
      { path: 'appointment', method: 'patch', id: visitId, data: { notes: 'X-ray' } },
      // A payment keeps the key its form made: never a new one.
      { path: 'transactions', method: 'create', data: { clientKey: 'payment-form-key', customerId: patient, amount: 10_000 } }
    ])
    expect(await store.counts()).toEqual({ waiting: 0, conflicts: 0 })
  })

  it('sends a create again with the same key after a lost answer, and the server answers the first record', async () => {
    await queue(visit('lost-answer-1'))
    let lose = true
    server.fail = (call) => {
      if (call.method !== 'create' || !lose) return undefined
      lose = false
      // The server made it, the answer never came back.
      void server.service('appointment').create(call.data!)
      return new Timeout('Timeout of 5000ms exceeded calling create on appointment')
    }
    expect(await replayOutbox(store, server)).toEqual({ sent: 0, conflicts: 0, interrupted: true })
    expect(await store.counts()).toEqual({ waiting: 1, conflicts: 0 })
    expect(await replayOutbox(store, server)).toEqual({ sent: 1, conflicts: 0, interrupted: false })
    expect(server.table('appointment').size).toBe(1)
    expect(server.writes().map((call) => call.data?.clientKey)).toEqual(['lost-answer-1', 'lost-answer-1', 'lost-answer-1'])
  })

  it('sends only the fields the server still holds at their base, skips those already there, and keeps a field changed on both sides for a person', async () => {
    server.table('appointment').set('visit-1', { _id: 'visit-1', status: 'planned', notes: 'old', color: 'red', start: '2031-03-03T08:00:00Z' })
    server.table('appointment').set('visit-2', { _id: 'visit-2', status: 'arrived', notes: 'changed on the server' })
    await queue(
      // status at base: sent; color already the new value: skipped; start the same instant written otherwise: skipped.
      { key: 'check-in-0001', kind: 'appointment', action: 'patch', id: 'visit-1', data: { status: 'arrived', color: 'red', start: '2031-03-03T08:00:00.000Z' }, base: { status: 'planned', color: 'blue', start: '2031-03-03T08:00:00.000Z' } },
      { key: 'edit-notes-01', kind: 'appointment', action: 'patch', id: 'visit-2', data: { status: 'arrived', notes: 'mine' }, base: { status: 'planned', notes: 'old' } },
      { key: 'nothing-left1', kind: 'appointment', action: 'patch', id: 'visit-1', data: { status: 'arrived' }, base: { status: 'planned' } }
    )
    expect(await replayOutbox(store, server)).toEqual({ sent: 2, conflicts: 1, interrupted: false })
    expect(server.writes()).toEqual([{ path: 'appointment', method: 'patch', id: 'visit-1', data: { status: 'arrived' } }])
    const [conflict] = await store.conflicts()
    expect(conflict.operation.key).toBe('edit-notes-01')
    expect(conflict.conflict).toEqual({ reason: 'changed-on-both-sides', fields: [{ field: 'notes', base: 'old', mine: 'mine', theirs: 'changed on the server' }] })
    expect(server.table('appointment').get('visit-2')!.notes).toBe('changed on the server')
  })

  it('puts a booking whose slot was taken in the inbox with the same doctor’s nearest free starts', async () => {
    server.slots = ['2031-03-03T06:00:00.000Z', '2031-03-03T07:30:00.000Z', '2031-03-03T08:30:00.000Z', '2031-03-03T09:00:00.000Z', '2031-03-03T12:00:00.000Z', '2031-03-03T15:00:00.000Z', '2031-03-04T08:00:00.000Z'].map((start) => ({ start }))
    server.fail = (call) => (call.method === 'create' ? new Conflict('The doctor is busy at this time', { code: 'appointment-staff-busy', path: 'staffId' }) : undefined)
    await queue(visit('taken-slot-01', { services: [{ serviceId: 'service-1' }, { serviceId: 'service-1' }], branchId: 'branch-1' }), visit('no-services-1'))
    expect(await replayOutbox(store, server)).toEqual({ sent: 0, conflicts: 2, interrupted: false })
    const [taken, bare] = await store.conflicts()
    expect(taken.conflict).toEqual({
      reason: 'slot-taken',
      error: { name: 'Conflict', message: 'The doctor is busy at this time', code: 'appointment-staff-busy', path: 'staffId' },
      suggestedStarts: ['2031-03-03T06:00:00.000Z', '2031-03-03T07:30:00.000Z', '2031-03-03T08:30:00.000Z', '2031-03-03T09:00:00.000Z', '2031-03-03T12:00:00.000Z']
    })
    expect(server.calls.find((call) => call.method === 'find')).toEqual({
      path: 'appointment-slots', method: 'find', query: { staffId: 'doctor-1', serviceIds: ['service-1'], branchId: 'branch-1', duration: 30, dateFrom: '2031-03-02', dateTo: '2031-03-03', $limit: 50 }
    })
    // The slot search needs the visit's services: without any there is nothing to suggest.
    expect(bare.conflict).toMatchObject({ reason: 'slot-taken', suggestedStarts: [] })
  })

  it('calls a record removed meanwhile removed, and any other refusal refused with the server’s error', async () => {
    await queue(
      { key: 'gone-visit-01', kind: 'appointment', action: 'patch', id: 'visit-gone', data: { status: 'arrived' }, base: { status: 'planned' } },
      { key: 'bad-note-0001', kind: 'note', action: 'create', data: { customerId: 'patient-1', text: '' } },
      { key: 'refused-pay-1', kind: 'payment', action: 'create', data: { clientKey: 'refused-pay-1', customerId: 'patient-1', amount: 5_000, method: 'cash' } }
    )
    server.fail = (call) => {
      if (call.path === 'notes') return new BadRequest('Text is required', { code: 'field-required', path: 'text' })
      if (call.path === 'transactions') return new Forbidden('Cash is taken only into an open cash desk shift', { code: 'cash-needs-open-shift', path: 'method' })
      return undefined
    }
    expect(await replayOutbox(store, server)).toEqual({ sent: 0, conflicts: 3, interrupted: false })
    expect((await store.conflicts()).map((entry) => entry.conflict)).toEqual([
      { reason: 'removed', error: { name: 'NotFound', message: "No record found for id 'visit-gone'" } },
      { reason: 'refused', error: { name: 'BadRequest', message: 'Text is required', code: 'field-required', path: 'text' } },
      { reason: 'refused', error: { name: 'Forbidden', message: 'Cash is taken only into an open cash desk shift', code: 'cash-needs-open-shift', path: 'method' } }
    ])
  })

  it('sends into the inbox, naming it, every write that depends on a create the server refused', async () => {
    server.fail = (call) => (call.path === 'customers' ? new BadRequest('Last name is required', { code: 'field-required', path: 'last_name' }) : undefined)
    await queue(
      { key: 'refused-pat-1', kind: 'customer', action: 'create', data: { first_name: 'Nimetön' } },
      visit('needs-patient', { customerId: 'offline:refused-pat-1' }),
      { key: 'independent-1', kind: 'note', action: 'create', data: { customerId: 'patient-1', text: 'Still sent' } }
    )
    expect(await replayOutbox(store, server)).toEqual({ sent: 1, conflicts: 2, interrupted: false })
    const [, dependent] = await store.conflicts()
    expect(dependent.operation.key).toBe('needs-patient')
    expect(dependent.conflict).toMatchObject({ reason: 'refused', error: { code: DEPENDS_ON_REFUSED, path: 'offline:refused-pat-1' } })
    expect(dependent.conflict?.error?.message).toContain('offline:refused-pat-1')
    expect(server.writes().map((call) => call.path)).toEqual(['customers', 'notes'])
  })

  it.each([
    ['a Timeout', () => new Timeout('Timeout of 5000ms exceeded')],
    ['a call failing in the client (no code)', () => new Error('socket hang up')],
    ['the server going away (Unavailable)', () => new Unavailable('Shutting down')],
    ['a database closing under the call (GeneralError)', () => new GeneralError('Unable to acquire a connection')],
    ['a session not signed in again yet (NotAuthenticated)', () => new NotAuthenticated('Not authenticated')]
  ])('stops at %s and leaves the entry and the rest waiting', async (_what, failure) => {
    await queue(visit('first-sent-01'), visit('fails-here-01', { start: '2031-03-03T09:00:00.000Z' }), visit('after-it-0001', { start: '2031-03-03T10:00:00.000Z' }))
    server.fail = (call) => (call.data?.clientKey === 'fails-here-01' ? failure() : undefined)
    expect(await replayOutbox(store, server)).toEqual({ sent: 1, conflicts: 0, interrupted: true })
    expect((await store.pending()).map((entry) => entry.operation.key)).toEqual(['fails-here-01', 'after-it-0001'])
    server.fail = () => undefined
    expect(await replayOutbox(store, server)).toEqual({ sent: 2, conflicts: 0, interrupted: false })
    expect(server.table('appointment').size).toBe(3)
  })

  it('sends nothing twice when replayed twice at once, and sends what is queued while it runs', async () => {
    await queue(visit('once-only-001'), visit('once-only-002', { start: '2031-03-03T09:00:00.000Z' }))
    let queuedMeanwhile = false
    server.fail = (call) => {
      if (call.method === 'create' && !queuedMeanwhile) {
        queuedMeanwhile = true
        void store.enqueue({ key: 'queued-later1', kind: 'note', action: 'create', data: { customerId: 'patient-1', text: 'Later' } })
      }
      return undefined
    }
    const [first, second] = await Promise.all([replayOutbox(store, server), replayOutbox(store, server)])
    expect(first).toEqual({ sent: 3, conflicts: 0, interrupted: false })
    expect(second).toEqual(first)
    expect(server.writes().map((call) => call.data?.clientKey)).toEqual(['once-only-001', 'once-only-002', 'queued-later1'])
    // Done: a later call finds nothing to send.
    expect(await replayOutbox(store, server)).toEqual({ sent: 0, conflicts: 0, interrupted: false })
  })

  it('compares instants by the moment and null with missing', () => {
    expect(sameValue('2031-03-03T08:00:00Z', '2031-03-03T08:00:00.000Z')).toBe(true)
    expect(sameValue('2031-03-03T10:00:00+02:00', '2031-03-03T08:00:00.000Z')).toBe(true)
    expect(sameValue('2031-03-03T08:00:01Z', '2031-03-03T08:00:00.000Z')).toBe(false)
    expect(sameValue(null, undefined)).toBe(true)
    expect(sameValue([{ serviceId: 'a' }], [{ serviceId: 'a' }])).toBe(true)
    expect(sameValue([{ serviceId: 'a' }], [{ serviceId: 'b' }])).toBe(false)
    expect(sameValue('arrived', 'planned')).toBe(false)
  })
})
