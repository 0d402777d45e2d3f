import { engines, failure, nextEvent, receivesEvent, startServer, type SignedIn, type TestServer } from './support/harness'
import { signedInMember } from './support/fixtures'
import { anyService } from './support/any-service'
import { malformed } from './support/malformed'
import { key } from './services/billing/billing-fixtures'
import { booking, openClinic, type Clinic } from './support/appointment-fixtures'
import type { Appointment } from '../../server/src/services/appointments/appointment/appointment.shared'

/**
 * Client keys on `appointment`, `customers` and `notes` (server/src/services/client-keys.ts;
 * docs/decisions/offline-day.md): a create sent again with its key answers the first result and
 * writes nothing; another body under the key is a Conflict; a key is per company.
 */
describe.each(engines)('client keys on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let desk: SignedIn

  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
    desk = await signedInMember(server, clinic.admin, { role: 'administrator' })
    desk.client.set('currentBranchId', clinic.branchId)
  })
  afterAll(() => server.stop())

  const rows = async (table: string, where: Record<string, unknown> = {}) => Number((await server.db(table).where(where).count({ total: '*' }))[0].total)
  const activities = (service: string, recordId: string) => rows('user_activities', { service, method: 'create', recordId })

  it('answers a create sent again with its key with the first result: no second row, activity row or event', async () => {
    const creates: Array<[string, string, Record<string, unknown>]> = [
      ['customers', 'customers', { first_name: 'Kaisa', last_name: 'Replay', phone: '+358 40 123 4567' }],
      ['notes', 'notes', { customerId: clinic.customerId, text: '  Called back  ' }],
      ['appointment', 'appointment', { ...booking(clinic, '2031-03-03', '10:00'), notes: 'First visit' }]
    ]
    for (const [service, table, body] of creates) {
      const clientKey = key()
      const heard = nextEvent<{ _id: string }>(clinic.admin.client, service, 'created')
      const first = await anyService(desk.client, service).create({ ...body, clientKey })
      expect((await heard)._id).toBe(first._id)
      expect(first).not.toHaveProperty('clientKey')
      const count = await rows(table)
      const quiet = receivesEvent(clinic.admin.client, service, 'created')
      // The answer was lost: sent again, later, on another connection of another front desk user.
      const again = await anyService(clinic.admin.client, service).create({ ...body, clientKey })
      expect(again).toEqual(first)
      expect(await quiet).toBe(false)
      expect(await rows(table)).toBe(count)
      expect(await activities(service, first._id)).toBe(1)
      expect(await rows('client_keys', { clientKey, recordId: first._id, service })).toBe(1)
    }
  })

  it('makes one record of simultaneous creates with one key', async () => {
    const clientKey = key()
    const before = await rows('customers')
    const answers = await Promise.all(Array.from({ length: 8 }, () => desk.client.service('customers').create({ first_name: 'Same', last_name: 'Time', clientKey })))
    expect(new Set(answers.map((answer) => answer._id)).size).toBe(1)
    expect(await rows('customers')).toBe(before + 1)
    const slotKey = key()
    const visitsBefore = await rows('appointment')
    const visits = await Promise.all(Array.from({ length: 4 }, () => desk.client.service('appointment').create({ ...booking(clinic, '2031-03-04', '11:00'), clientKey: slotKey })))
    expect(new Set(visits.map((visit) => visit._id)).size).toBe(1)
    expect(await rows('appointment')).toBe(visitsBefore + 1)
    expect(await rows('client_keys', { clientKey: slotKey })).toBe(1)
  })

  it('refuses the same key with another body, or for another service, as client-key-reused', async () => {
    const clientKey = key()
    await desk.client.service('customers').create({ first_name: 'Original', last_name: 'Body', clientKey })
    const before = await rows('customers')
    const changed = await failure(desk.client.service('customers').create({ first_name: 'Other', last_name: 'Body', clientKey }))
    expect([changed.name, changed.data?.code, changed.data?.path]).toEqual(['Conflict', 'client-key-reused', 'clientKey'])
    const elsewhere = await failure(desk.client.service('notes').create({ customerId: clinic.customerId, text: 'Original', clientKey }))
    expect([elsewhere.name, elsewhere.data?.code, elsewhere.data?.path]).toEqual(['Conflict', 'client-key-reused', 'clientKey'])
    expect(await rows('customers')).toBe(before)
  })

  it('refuses a malformed key, and a key on a patch', async () => {
    for (const clientKey of ['short', 'has spaces in it', 'x'.repeat(65), 'slash/key-123', 42]) {
      const refused = await failure(desk.client.service('notes').create(malformed({ customerId: clinic.customerId, text: 'Bad key', clientKey })))
      expect([refused.name, refused.data?.path]).toEqual(['BadRequest', 'clientKey'])
    }
    const note = await desk.client.service('notes').create({ customerId: clinic.customerId, text: 'No key' })
    const patched = await failure(desk.client.service('notes').patch(note._id, malformed({ text: 'Edited', clientKey: key() })))
    expect(patched.name).toBe('BadRequest')
  })

  it('keeps keys per company: the same key in another clinic makes its own record', async () => {
    const other = await server.registerClinic('Elsewhere')
    other.client.set('currentBranchId', other.auth.branchIds[0])
    const clientKey = key()
    const body = { first_name: 'Twin', last_name: 'Key', clientKey }
    const here = await desk.client.service('customers').create(body)
    const there = await other.client.service('customers').create(body)
    expect(there._id).not.toBe(here._id)
    expect(there.companyId).not.toBe(here.companyId)
    expect(await rows('client_keys', { clientKey })).toBe(2)
    await expect(desk.client.service('customers').get(there._id)).rejects.toMatchObject({ name: 'NotFound' })
  })

  it('names the first visit of a series by the key and answers it again without a second series', async () => {
    const clientKey = key()
    const body = booking(clinic, '2031-04-07', '09:00', { repeat: { frequency: 'weekly', interval: 1, ends: { type: 'count', count: 3 } }, clientKey })
    const first: Appointment = await desk.client.service('appointment').create(body)
    const series = await rows('appointment', { seriesId: first.seriesId })
    expect(series).toBe(3)
    expect(first.seriesIndex).toBe(0)
    const again: Appointment = await desk.client.service('appointment').create(body)
    expect(again).toEqual(first)
    expect(await rows('appointment', { seriesId: first.seriesId })).toBe(3)
  })

  it('answers NotFound for a key whose record was removed since (the replay calls it removed)', async () => {
    const clientKey = key()
    const note = await desk.client.service('notes').create({ customerId: clinic.customerId, text: 'Soon gone', clientKey })
    await clinic.admin.client.service('notes').remove(note._id)
    const replay = await failure(desk.client.service('notes').create({ customerId: clinic.customerId, text: 'Soon gone', clientKey }))
    expect(replay.name).toBe('NotFound')
    expect(await rows('notes', { customerId: clinic.customerId, text: 'Soon gone' })).toBe(0)
  })
})
