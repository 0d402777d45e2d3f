import { buildSnapshot, readDay, snapshotDays, type DayReader } from '../../renderer/src/features/offline-day/day-snapshot'
import { canCheckIn, patientsOf, visitsOf } from '../../renderer/src/features/offline-day/day-view'
import { bookingOperations, checkInOperation, editOperation, noteOperation } from '../../renderer/src/features/offline-day/offline-operations'
import { offlineId } from '../../main/src/offline/offline-ids'
import { bookingAt, serverIdFor, subjectOf } from '../../renderer/src/features/offline-day/conflict-view'
import type { OfflineDaySnapshot, OfflineStore, OutboxEntry } from '../../main/src/offline/offline-types'

const timeZone = 'Asia/Tashkent'
const owner = { companyId: 'c1', branchId: 'b1', userId: 'u1', timeZone }

/** A server of `appointments` that answers the snapshot's reads as the services would, recording each call. */
function fakeServer(appointmentCount: number, options: { servicesForbidden?: boolean } = {}) {
  const calls: Array<{ path: string; query: Record<string, unknown> }> = []
  const appointments = Array.from({ length: appointmentCount }, (_, index) => ({
    _id: `a${index}`,
    customerId: `p${index % 450}`,
    staffId: 'd1',
    start: new Date(Date.UTC(2026, 10, 30, 4, 0) + index * 60_000).toISOString(),
    duration: 30,
    status: 'planned'
  }))
  const read: DayReader = async (path, query) => {
    calls.push({ path, query })
    if (path === 'appointment') {
      const skip = Number(query.$skip ?? 0)
      const limit = Number(query.$limit)
      return { data: appointments.slice(skip, skip + limit), total: appointments.length }
    }
    if (path === 'customers') {
      const ids = (query._id as { $in: string[] }).$in
      return { data: ids.map((id) => ({ _id: id, first_name: 'Name', last_name: id, phone: '+998 90 *** ** 67' })) }
    }
    if (path === 'my-team') return { data: [{ _id: 'd1', first_name: 'Dilnoza', last_name: 'Rahimova' }] }
    if (options.servicesForbidden) throw Object.assign(new Error('Forbidden'), { code: 403 })
    return { data: [{ _id: 's1', name: 'Cleaning', price: 150_000 }] }
  }
  return { read, calls }
}

describe('the saved day', () => {
  it('covers the company’s today and tomorrow, whatever the computer’s zone', () => {
    // 20:30 UTC is already the next day in Tashkent (UTC+5).
    expect(snapshotDays(timeZone, new Date('2026-11-30T20:30:00Z'))).toEqual(['2026-12-01', '2026-12-02'])
    expect(snapshotDays('America/New_York', new Date('2026-11-30T20:30:00Z'))).toEqual(['2026-11-30', '2026-12-01'])
  })

  it('reads a busy day in a handful of calls: pages of appointments, patients in batches with $in, no call per visit', async () => {
    const { read, calls } = fakeServer(1200)
    const sources = await readDay(read, 'b1', ['2026-11-30', '2026-12-01'])
    expect(sources.appointments).toHaveLength(1200)
    expect(sources.customers).toHaveLength(450)
    const byPath = (path: string) => calls.filter((call) => call.path === path)
    expect(byPath('appointment').map((call) => call.query.$skip)).toEqual([0, 1000])
    expect(byPath('appointment')[0].query).toMatchObject({ branchId: 'b1', date: { $in: ['2026-11-30', '2026-12-01'] } })
    // 450 patients in batches of at most 200: three calls, each naming its patients once.
    const batches = byPath('customers').map((call) => (call.query._id as { $in: string[] }).$in)
    expect(batches.map((batch) => batch.length)).toEqual([200, 200, 50])
    expect(new Set(batches.flat()).size).toBe(450)
    expect(byPath('my-team')[0].query).toMatchObject({ branchId: 'b1', acceptsAppointments: true })
    expect(calls).toHaveLength(2 + 3 + 1 + 1)
  })

  it('leaves out a list the user may not read, and keeps patients’ cards as the server answered', async () => {
    const { read } = fakeServer(2, { servicesForbidden: true })
    const sources = await readDay(read, 'b1', ['2026-11-30', '2026-12-01'])
    expect(sources.services).toEqual([])
    const snapshot = buildSnapshot(owner, ['2026-11-30', '2026-12-01'], sources, new Date('2026-11-30T04:00:00Z'))
    expect(snapshot).toMatchObject({ ...owner, days: ['2026-11-30', '2026-12-01'], savedAt: '2026-11-30T04:00:00.000Z' })
    expect(snapshot.records.map((record) => `${record.kind}:${record._id}`)).toEqual(['appointment:a0', 'appointment:a1', 'customer:p0', 'customer:p1', 'staff:d1'])
    // The phone as this user may see it (protected), not made whole by the workstation.
    expect(snapshot.records.find((record) => record._id === 'p1')?.data.phone).toBe('+998 90 *** ** 67')
  })
})

const day: OfflineDaySnapshot = {
  ...owner,
  days: ['2026-11-30', '2026-12-01'],
  savedAt: '2026-11-30T03:00:00.000Z',
  records: [
    { kind: 'appointment', _id: 'a2', data: { customerId: 'p2', staffId: 'd2', start: '2026-11-30T05:00:00.000Z', end: '2026-11-30T05:30:00.000Z', duration: 30, status: 'arrived' } },
    { kind: 'appointment', _id: 'a1', data: { customerId: 'p1', staffId: 'd1', start: '2026-11-30T05:00:00.000Z', end: '2026-11-30T05:45:00.000Z', duration: 45, status: 'planned', notes: 'Bring X-ray' } },
    { kind: 'appointment', _id: 'a0', data: { customerId: 'p1', staffId: 'd1', start: '2026-11-30T04:00:00.000Z', duration: 30, status: 'cancelled' } },
    { kind: 'appointment', _id: 'offline:k1', data: { customerId: 'offline:k0', staffId: 'd1', start: '2026-12-01T06:00:00.000Z', duration: 20 } },
    { kind: 'customer', _id: 'p1', data: { first_name: 'Aziza', last_name: 'Karimova', phone: '+998901112233' } },
    { kind: 'customer', _id: 'p2', data: { first_name: 'Bobur', last_name: 'Aliyev', phone: null } },
    { kind: 'customer', _id: 'offline:k0', data: { first_name: 'Olim', last_name: 'Yusupov', phone: '+998905556677' } },
    { kind: 'staff', _id: 'd1', data: { first_name: 'Dilnoza', last_name: 'Rahimova' } },
    { kind: 'staff', _id: 'd2', data: { first_name: 'Anvar', last_name: 'Saidov' } }
  ]
}

describe('the offline day’s view', () => {
  it('lists a day’s visits by time, then doctor, in the clinic’s clock; cancelled ones last', () => {
    const visits = visitsOf(day, '2026-11-30')
    expect(visits.map((visit) => [visit.time, visit.endTime, visit.doctorName, visit.patientName, visit.status])).toEqual([
      ['10:00', '10:45', 'Rahimova Dilnoza', 'Karimova Aziza', 'planned'],
      ['10:00', '10:30', 'Saidov Anvar', 'Aliyev Bobur', 'arrived'],
      ['09:00', '09:30', 'Rahimova Dilnoza', 'Karimova Aziza', 'cancelled']
    ])
    expect(visits.map(canCheckIn)).toEqual([true, false, false])
  })

  it('shows what was made offline, with its patient made offline too', () => {
    const [visit] = visitsOf(day, '2026-12-01')
    expect(visit).toMatchObject({ _id: 'offline:k1', pending: true, time: '11:00', endTime: '11:20', patientName: 'Yusupov Olim', phone: '+998905556677', status: 'planned' })
    expect(patientsOf(day).map((patient) => patient.name)).toEqual(['Aliyev Bobur', 'Karimova Aziza', 'Yusupov Olim'])
  })
})

describe('the offline writes', () => {
  it('checks a patient in from the status seen', () => {
    expect(checkInOperation({ _id: 'a1', status: 'confirmed' }, 'key-00000001')).toEqual({
      key: 'key-00000001',
      kind: 'appointment',
      action: 'patch',
      id: 'a1',
      data: { status: 'arrived' },
      base: { status: 'confirmed' }
    })
  })

  it('edits only what changes, each field with its base', () => {
    const visit = { _id: 'a1', start: '2026-11-30T05:00:00.000Z', staffId: 'd1', notes: null }
    expect(editOperation(visit, { start: '2026-11-30T05:00:00Z', staffId: 'd1', notes: '' }, 'key-00000002')).toBeNull()
    expect(editOperation(visit, { start: '2026-11-30T06:00:00.000Z', staffId: 'd1', notes: 'Call first' }, 'key-00000002')).toEqual({
      key: 'key-00000002',
      kind: 'appointment',
      action: 'patch',
      id: 'a1',
      data: { start: '2026-11-30T06:00:00.000Z', notes: 'Call first' },
      base: { start: '2026-11-30T05:00:00.000Z', notes: null }
    })
  })

  it('books a new patient as a customer create, then a visit naming offline:<its key>', () => {
    const keys = ['key-0000000a', 'key-0000000b']
    const operations = bookingOperations(
      { branchId: 'b1', staffId: 'd1', start: '2026-11-30T07:00:00.000Z', duration: 30, notes: '  ', patient: { create: { firstName: ' Olim ', lastName: 'Yusupov', phone: '+998 90 555 66 77' } } },
      () => keys.shift()!
    )
    expect(operations).toEqual([
      { key: 'key-0000000a', kind: 'customer', action: 'create', data: { branchId: 'b1', first_name: 'Olim', last_name: 'Yusupov', phone: '+998 90 555 66 77' } },
      { key: 'key-0000000b', kind: 'appointment', action: 'create', data: { branchId: 'b1', customerId: offlineId('key-0000000a'), staffId: 'd1', start: '2026-11-30T07:00:00.000Z', duration: 30 } }
    ])
  })

  it('books a cached patient with one write, and notes go on the patient’s card', () => {
    const cleaning = { serviceId: 's1', name: 'Cleaning', duration: 30, price: 150_000, quantity: 1 }
    const operations = bookingOperations({ branchId: 'b1', staffId: 'd1', start: '2026-11-30T07:00:00.000Z', duration: 30, notes: 'First visit', services: [cleaning], patient: { customerId: 'p1' } }, () => 'key-0000000c')
    expect(operations).toEqual([
      { key: 'key-0000000c', kind: 'appointment', action: 'create', data: { branchId: 'b1', customerId: 'p1', staffId: 'd1', start: '2026-11-30T07:00:00.000Z', duration: 30, services: [cleaning], notes: 'First visit' } }
    ])
    expect(noteOperation('p1', 'b1', ' Allergic to latex ', 'key-0000000d')).toEqual({ key: 'key-0000000d', kind: 'note', action: 'create', data: { customerId: 'p1', branchId: 'b1', text: 'Allergic to latex' } })
  })

  it('names a conflict’s patient and doctor from the cached day, even one made offline', () => {
    const entry = { operation: { key: 'k1', kind: 'appointment' as const, action: 'create' as const, data: { customerId: 'offline:k0', staffId: 'd1', start: '2026-12-01T06:00:00.000Z' } }, state: 'conflict' as const, queuedAt: '' }
    expect(subjectOf(entry, day)).toEqual({ patient: 'Yusupov Olim', doctor: 'Rahimova Dilnoza', start: '2026-12-01T06:00:00.000Z' })
    expect(subjectOf(entry, null)).toEqual({ patient: '', doctor: '', start: '2026-12-01T06:00:00.000Z' })
  })
})

describe('the conflict inbox’s online answers', () => {
  const store = { serverIdOf: async (key: string) => (key === 'k0' ? 'p-server' : null) } as unknown as OfflineStore
  const entry = (data: Record<string, unknown>): OutboxEntry => ({ operation: { key: 'k1', kind: 'appointment', action: 'create', data }, state: 'conflict', queuedAt: '' })

  it('books a taken slot again at the chosen start, naming the server’s id of a patient made offline, without the old key', async () => {
    const booking = await bookingAt(store, entry({ customerId: 'offline:k0', staffId: 'd1', start: '2026-12-01T07:00:00.000Z', duration: 30, clientKey: 'k1' }), '2026-12-01T08:00:00.000Z')
    expect(booking).toEqual({ customerId: 'p-server', staffId: 'd1', start: '2026-12-01T08:00:00.000Z', duration: 30 })
  })

  it('refuses to name a record the server never took', async () => {
    await expect(serverIdFor(store, 'offline:k9')).rejects.toThrow('offline:k9')
    expect(await serverIdFor(store, 'a1')).toBe('a1')
  })
})
