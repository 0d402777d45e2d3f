import { engines, failure, handledAtOnce, nextEvent, receivesEvent, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { chartAsOf } from '../../../../../domain/clinical/chart-events'
import type { ToothEvent } from '../../../../../server/src/services/clinical/tooth/tooth.shared'

describe.each(engines)('the dental chart (tooth) on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let other: SignedIn
  let doctor: SignedIn
  let customerId: string
  let counter = 0

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Chart')
    other = await server.registerClinic('Elsewhere')
    doctor = await signedInMember(server, admin, { role: 'doctor' })
    customerId = (await newCustomer(admin))._id
  })
  afterAll(() => server.stop())

  async function newCustomer(owner: SignedIn, extra: Record<string, unknown> = {}) {
    counter += 1
    return owner.client.service('customers').create({ first_name: 'Charted', last_name: `Patient${counter}`, ...extra })
  }
  const chart = (who: SignedIn = doctor) => who.client.service('tooth')
  const eventCount = async () => Number((await server.db('tooth_events').count({ total: '*' }))[0].total)
  const allEvents = async (patient: string): Promise<ToothEvent[]> => (await chart().find({ query: { customerId: patient, $limit: 500 } })).data

  it('charts caries on two surfaces of 36 and a missing 48, one event per tooth, with who and when', async () => {
    const patient = (await newCustomer(admin))._id
    const caries: ToothEvent[] = await chart().create({ customerId: patient, teeth: [{ tooth: 36, surfaces: ['M', 'O'] }], code: 'C', status: 'existing', note: ' deep ' })
    expect(caries).toHaveLength(1)
    expect(caries[0]).toMatchObject({
      customerId: patient, tooth: 36, action: 'add', code: 'C', condition: null, status: 'existing', surfaces: ['M', 'O'],
      degree: null, note: 'deep', endsEventId: null, createdBy: doctor.auth.user._id, companyId: admin.auth.company._id
    })
    const [missing]: ToothEvent[] = await chart().create({ customerId: patient, teeth: [{ tooth: 48 }], condition: 'secondaryAdentia' })
    expect(missing).toMatchObject({ tooth: 48, condition: 'secondaryAdentia', code: null, status: 'existing', surfaces: [] })
    expect(await chart().get(missing._id)).toEqual(missing)
    const events = await allEvents(patient)
    expect(events.map((event) => event._id)).toEqual([caries[0]._id, missing._id])
    expect(chartAsOf(events)).toEqual({
      36: { findings: [{ code: 'C', status: 'existing', surfaces: ['M', 'O'] }] },
      48: { condition: 'secondaryAdentia' }
    })
    // The activity log has who charted what.
    const logged = await server.db('user_activities').where({ service: 'tooth', recordId: missing._id }).first()
    expect(logged).toMatchObject({ userId: doctor.auth.user._id, method: 'create' })
  })

  it('writes several teeth in one call, all or nothing', async () => {
    const patient = (await newCustomer(admin))._id
    const written: ToothEvent[] = await chart().create({ customerId: patient, teeth: [{ tooth: 11 }, { tooth: 21 }, { tooth: 22 }], code: 'Cr', status: 'planned' })
    expect(written.map((event) => [event.tooth, event.code, event.status])).toEqual([[11, 'Cr', 'planned'], [21, 'Cr', 'planned'], [22, 'Cr', 'planned']])
    // The activity log has a row per tooth with that tooth's fields (not the list as one record).
    const logged = await server.db('user_activities').where({ service: 'tooth' }).whereIn('recordId', written.map((event) => event._id)).select('recordId', 'changes')
    const changesOf = (row: { changes: unknown }) => (typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes) as Record<string, unknown>
    expect(logged.map((row) => [row.recordId, changesOf(row).tooth, changesOf(row).code]).sort()).toEqual(written.map((event) => [event._id, event.tooth, 'Cr']).sort())
    const before = await eventCount()
    // The third tooth's surface is wrong: the first two are not written either.
    const error = await failure(chart().create({ customerId: patient, teeth: [{ tooth: 36, surfaces: ['O'] }, { tooth: 37, surfaces: ['O'] }, { tooth: 11, surfaces: ['O'] }], code: 'C' }))
    expect(error.data).toMatchObject({ code: 'surface-not-on-tooth', path: 'teeth.2.surfaces' })
    const twice = await failure(chart().create({ customerId: patient, teeth: [{ tooth: 36 }, { tooth: 36 }], code: 'Cr' }))
    expect(twice.data).toMatchObject({ code: 'invalid-request', path: 'teeth.1.tooth' })
    expect(await eventCount()).toBe(before)
  })

  it('ends a finding with a new event, keeping both, and shows the chart as of an earlier instant', async () => {
    const patient = (await newCustomer(admin))._id
    const [caries]: ToothEvent[] = await chart().create({ customerId: patient, teeth: [{ tooth: 36, surfaces: ['M', 'O'] }], code: 'C' })
    await new Promise((resolve) => setTimeout(resolve, 15))
    const [filling]: ToothEvent[] = await chart().create({ customerId: patient, teeth: [{ tooth: 36, surfaces: ['M', 'O'] }], code: 'Pl', status: 'done' })
    const [ended]: ToothEvent[] = await chart().create({ customerId: patient, action: 'remove', endsEventId: caries._id })
    expect(ended).toMatchObject({ action: 'remove', tooth: 36, endsEventId: caries._id, code: null })
    const events = await allEvents(patient)
    expect(events).toHaveLength(3)
    expect(chartAsOf(events)[36]).toEqual({ findings: [{ code: 'Pl', status: 'done', surfaces: ['M', 'O'] }] })
    expect(chartAsOf(events, caries.createdAt)[36]).toEqual({ findings: [{ code: 'C', status: 'existing', surfaces: ['M', 'O'] }] })
    // The server's own as-of read: the events up to an instant.
    const upToCaries = await chart().find({ query: { customerId: patient, createdAt: { $lte: caries.createdAt } } })
    expect(upToCaries.data.map((event) => event._id)).toEqual([caries._id])
    expect(filling.createdAt >= caries.createdAt).toBe(true)
    // Ending it again, or ending a removal, or another patient's event: refused.
    const otherPatient = (await newCustomer(admin))._id
    for (const data of [
      { customerId: patient, action: 'remove' as const, endsEventId: caries._id },
      { customerId: patient, action: 'remove' as const, endsEventId: ended._id },
      { customerId: otherPatient, action: 'remove' as const, endsEventId: filling._id }
    ]) {
      const error = await failure(chart().create(data))
      expect(error.data).toMatchObject({ code: 'chart-entry-ended', path: 'endsEventId' })
    }
    const mixed = await failure(chart().create({ customerId: patient, action: 'remove', endsEventId: filling._id, code: 'C' }))
    expect(mixed.data).toMatchObject({ code: 'invalid-request', path: 'code' })
    expect(await allEvents(patient)).toHaveLength(3)
  })

  describe('validation', () => {
    it('refuses an unknown tooth, a surface not on the tooth, an unknown code and a wrong degree, and writes nothing', async () => {
      const before = await eventCount()
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ teeth: [{ tooth: 19, surfaces: ['M'] }], code: 'C' }, 'tooth-unknown', 'teeth.0.tooth'],
        [{ teeth: [{ tooth: 11, surfaces: ['O'] }], code: 'C' }, 'surface-not-on-tooth', 'teeth.0.surfaces'],
        [{ teeth: [{ tooth: 36, surfaces: ['X'] }], code: 'C' }, 'surface-not-on-tooth', 'teeth.0.surfaces'],
        [{ teeth: [{ tooth: 36 }], code: 'Q' }, 'condition-code-unknown', 'code'],
        [{ teeth: [{ tooth: 36 }], condition: 'broken' }, 'condition-code-unknown', 'condition'],
        [{ teeth: [{ tooth: 36 }] }, 'chart-entry-required', 'code'],
        [{ teeth: [{ tooth: 36 }], code: 'C' }, 'surfaces-required', 'teeth.0.surfaces'],
        [{ teeth: [{ tooth: 36, surfaces: ['M'] }], code: 'Cr' }, 'surfaces-not-allowed', 'teeth.0.surfaces'],
        [{ teeth: [{ tooth: 31 }], code: 'TM' }, 'degree-required', 'degree'],
        [{ teeth: [{ tooth: 31 }], code: 'Cr', degree: 2 }, 'degree-not-allowed', 'degree'],
        [{ code: 'Cr' }, 'field-required', 'teeth']
      ]
      for (const [data, code, path] of cases) {
        const error = await failure(chart().create(malformed({ customerId, ...data })))
        expect([JSON.stringify(data), error.name, error.data?.code, error.data?.path]).toEqual([JSON.stringify(data), 'BadRequest', code, path])
      }
      const moved = await failure(chart().create(malformed({ customerId, teeth: [{ tooth: 36 }], code: 'Cr', createdBy: other.auth.user._id })))
      expect(moved.name).toBe('BadRequest')
      const badQuery = await failure(chart().find(malformed({ query: { customerId, note: 'x' } })))
      expect(badQuery.name).toBe('BadRequest')
      expect(await eventCount()).toBe(before)
      const [mobile]: ToothEvent[] = await chart().create({ customerId, teeth: [{ tooth: 31 }], code: 'TM', degree: 2 })
      expect(mobile.degree).toBe(2)
    })

    it('offers no way to change or delete an event', async () => {
      const [event]: ToothEvent[] = await chart().create({ customerId, teeth: [{ tooth: 17 }], code: 'D' })
      const service = malformed<{ patch: (id: string, data: unknown) => Promise<unknown>; remove: (id: string) => Promise<unknown> }>(chart())
      for (const call of handledAtOnce([service.patch(event._id, { code: 'P' }), service.remove(event._id)])) {
        const error = await failure(call)
        expect(error.name).toBe('MethodNotAllowed')
      }
      expect(await chart().get(event._id)).toEqual(event)
    })
  })

  describe('access', () => {
    it('refuses every method to a role without tooth (a receptionist)', async () => {
      const [event]: ToothEvent[] = await chart().create({ customerId, teeth: [{ tooth: 46 }], code: 'R' })
      const role = await admin.client.service('roles').create({ name: 'Reception', permissions: [{ resource: 'customers', view: true, create: true, edit: true }, { resource: 'appointment', view: true, create: true, edit: true }] })
      const receptionist = await signedInMember(server, admin, { roleId: role._id })
      for (const call of handledAtOnce([
        chart(receptionist).find({ query: { customerId } }),
        chart(receptionist).get(event._id),
        chart(receptionist).create({ customerId, teeth: [{ tooth: 46 }], code: 'R' })
      ])) {
        const error = await failure(call)
        expect([error.name, error.data?.code]).toEqual(['Forbidden', 'forbidden'])
      }
    })

    it('hides the chart of a patient the caller\'s branch may not see, and another company\'s', async () => {
      const north = await admin.client.service('branches').create({ name: `North ${counter}` })
      const northPatient = await newCustomer(admin, { branchId: north._id })
      const [event]: ToothEvent[] = await chart(admin).create({ customerId: northPatient._id, teeth: [{ tooth: 26 }], code: 'I', status: 'done' })
      const southDoctor = await signedInMember(server, admin, { role: 'doctor', branchIds: [admin.auth.branchIds[0]] })
      const before = await eventCount()
      for (const call of handledAtOnce([
        chart(southDoctor).find({ query: { customerId: northPatient._id } }),
        chart(southDoctor).get(event._id),
        chart(southDoctor).create({ customerId: northPatient._id, teeth: [{ tooth: 26 }], code: 'M' }),
        chart(southDoctor).create({ customerId: northPatient._id, action: 'remove', endsEventId: event._id })
      ])) {
        expect((await failure(call)).name).toBe('NotFound')
      }
      const theirs = await newCustomer(other)
      const [their]: ToothEvent[] = await chart(other).create({ customerId: theirs._id, teeth: [{ tooth: 11 }], code: 'Cr' })
      for (const call of handledAtOnce([
        chart(admin).find({ query: { customerId: theirs._id } }),
        chart(admin).get(their._id),
        chart(admin).create({ customerId: theirs._id, teeth: [{ tooth: 11 }], code: 'M' })
      ])) {
        const error = await failure(call)
        expect(['NotFound', 'invalid-reference']).toContain(error.name === 'BadRequest' ? error.data?.code : error.name)
      }
      expect(await eventCount()).toBe(before + 1)
      // A find names one patient.
      expect((await failure(chart().find({ query: {} }))).data).toMatchObject({ code: 'invalid-request', path: 'customerId' })
    })

    it('is switched off with the treatment module', async () => {
      const theirs = await newCustomer(other)
      await other.client.service('company').patch('mine', { modules: { treatment: false } })
      try {
        const error = await failure(chart(other).find({ query: { customerId: theirs._id } }))
        expect(error.data?.code).toBe('service-not-enabled')
      } finally {
        await other.client.service('company').patch('mine', { modules: { treatment: true } })
      }
    })
  })

  it('tells doctors who see the patient, and never a receptionist\'s socket', async () => {
    const colleague = await signedInMember(server, admin, { role: 'doctor' })
    const role = await admin.client.service('roles').create({ name: `Front desk ${counter}`, permissions: [{ resource: 'customers', view: true, create: true, edit: true }, { resource: 'appointment', view: true }] })
    const receptionist = await signedInMember(server, admin, { roleId: role._id })
    const west = await admin.client.service('branches').create({ name: `West ${counter}` })
    const westDoctor = await signedInMember(server, admin, { role: 'doctor', branchIds: [west._id] })
    const heard = nextEvent<ToothEvent>(colleague.client, 'tooth', 'created')
    const others = [receptionist, westDoctor, other].map((person) => receivesEvent(person.client, 'tooth', 'created'))
    await chart().create({ customerId, teeth: [{ tooth: 16, surfaces: ['O'] }], code: 'Pl', status: 'done' })
    expect(await heard).toMatchObject({ tooth: 16, code: 'Pl', customerId })
    expect(await Promise.all(others)).toEqual([false, false, false])
  })
})
