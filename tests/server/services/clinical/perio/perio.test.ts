import { engines, failure, handledAtOnce, nextEvent, receivesEvent, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { emptySite, emptyTooth, type PerioToothEntry } from '../../../../../domain/clinical/perio'
import type { PerioChartRecord } from '../../../../../server/src/services/clinical/perio/perio.shared'

/** A receptionist books and sees patients, but has no clinical view (no `exam`). */
const RECEPTION = [
  { resource: 'customers' as const, view: true, create: true, edit: true },
  { resource: 'appointment' as const, view: true, create: true, edit: true, seeAll: true }
]

const probed = (tooth: number, depth: number, extra: Partial<PerioToothEntry> = {}): PerioToothEntry => ({
  ...emptyTooth(tooth),
  sites: { MB: { ...emptySite(), depth, margin: -2, bleeding: true }, B: { ...emptySite(), depth: 2, plaque: true } },
  ...extra
})

describe.each(engines)('the perio chart (perio) on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let other: SignedIn
  let doctor: SignedIn
  let receptionist: SignedIn
  let customerId: string
  let counter = 0

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Perio')
    other = await server.registerClinic('Elsewhere')
    doctor = await signedInMember(server, admin, { role: 'doctor' })
    const role = await admin.client.service('roles').create({ name: 'Reception', permissions: RECEPTION })
    receptionist = await signedInMember(server, admin, { roleId: role._id })
    customerId = (await newCustomer(admin))._id
  })
  afterAll(() => server.stop())

  async function newCustomer(owner: SignedIn, extra: Record<string, unknown> = {}) {
    counter += 1
    return owner.client.service('customers').create({ first_name: 'Probed', last_name: `Patient${counter}`, ...extra })
  }
  const charts = (who: SignedIn = doctor) => who.client.service('perio')
  const rowCount = async () => Number((await server.db('perio_charts').count({ total: '*' }))[0].total)
  const stored = async (id: string) => {
    const row = await server.db('perio_charts').where({ _id: id }).first()
    return { ...row, teeth: typeof row.teeth === 'string' ? JSON.parse(row.teeth) : row.teeth }
  }

  it('creates a draft for today by the caller, patches it as the doctor probes, and computes the indices', async () => {
    const patient = (await newCustomer(admin))._id
    const chart = await charts().create({ customerId: patient, teeth: [emptyTooth(16), emptyTooth(18, true)] })
    expect(chart).toMatchObject({
      customerId: patient, doctorId: doctor.auth.user._id, appointmentId: null, status: 'draft', note: '', closedAt: null, closedBy: null,
      companyId: admin.auth.company._id, createdBy: doctor.auth.user._id, teeth: [emptyTooth(16), emptyTooth(18, true)]
    })
    expect(chart.date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(chart.indices?.bleeding).toEqual({ marked: 0, available: 6, percent: 0 })
    const patched = await charts().patch(chart._id, { teeth: [probed(16, 5, { mobility: 1, furcation: 2 }), emptyTooth(18, true)], note: ' deep pockets ' })
    expect(patched.teeth[0]).toEqual(probed(16, 5, { mobility: 1, furcation: 2 }))
    expect(patched.note).toBe('deep pockets')
    // BOP 1 of 6 sites (16 % rounded down), plaque 1 of 6; the missing 18 is not counted.
    expect(patched.indices).toEqual({
      bleeding: { marked: 1, available: 6, percent: 16 }, plaque: { marked: 1, available: 6, percent: 16 },
      suppuration: { marked: 0, available: 6, percent: 0 }, calculus: { marked: 0, available: 6, percent: 0 }
    })
    expect(await charts().get(chart._id)).toEqual(patched)
    // Newest day first.
    const older = await charts().create({ customerId: patient, date: '2025-01-10' })
    const list = await charts().find({ query: { customerId: patient } })
    expect(list.data.map((entry) => entry._id)).toEqual([chart._id, older._id])
    // The activity log has who probed.
    const logged = await server.db('user_activities').where({ service: 'perio', recordId: chart._id, method: 'patch' }).first()
    expect(logged).toMatchObject({ userId: doctor.auth.user._id })
  })

  it('never takes a computed value from the client and never stores one', async () => {
    const before = await rowCount()
    const withCal = { ...emptyTooth(16), sites: { MB: { ...emptySite(), depth: 3, margin: -2, attachment: 9 } } }
    for (const data of [
      { customerId, teeth: [withCal] },
      { customerId, indices: { bleeding: { marked: 0, available: 0, percent: 100 } } },
      { customerId, status: 'closed' },
      { customerId, closedAt: new Date().toISOString() },
      { customerId, createdBy: other.auth.user._id }
    ]) {
      const error = await failure(charts().create(malformed(data)))
      expect([JSON.stringify(data), error.name]).toEqual([JSON.stringify(data), 'BadRequest'])
    }
    expect(await rowCount()).toBe(before)
    const chart = await charts().create({ customerId, teeth: [probed(26, 3)] })
    expect((await failure(charts().patch(chart._id, malformed({ teeth: [withCal] })))).name).toBe('BadRequest')
    expect((await failure(charts().patch(chart._id, malformed({ indices: {} })))).name).toBe('BadRequest')
    const row = await stored(chart._id)
    expect(row.teeth).toEqual([probed(26, 3)])
    expect(JSON.stringify(row.teeth)).not.toContain('attachment')
    expect(row).not.toHaveProperty('indices')
  })

  describe('validation', () => {
    it('refuses values out of range with the place they are at, and writes nothing', async () => {
      const before = await rowCount()
      const site = (values: Record<string, unknown>) => ({ ...emptySite(), ...values })
      const cases: Array<[unknown[], string, string]> = [
        [[{ ...emptyTooth(16), sites: { MB: site({ depth: 20 }) } }], 'perio-depth-range', 'teeth.0.sites.MB.depth'],
        [[emptyTooth(11), { ...emptyTooth(16), sites: { DL: site({ depth: -1 }) } }], 'perio-depth-range', 'teeth.1.sites.DL.depth'],
        [[{ ...emptyTooth(16), sites: { B: site({ margin: 10 }) } }], 'perio-margin-range', 'teeth.0.sites.B.margin'],
        [[{ ...emptyTooth(16), sites: { B: site({ margin: -10 }) } }], 'perio-margin-range', 'teeth.0.sites.B.margin'],
        [[{ ...emptyTooth(16), mobility: 4 }], 'perio-grade-range', 'teeth.0.mobility'],
        [[{ ...emptyTooth(36), furcation: 4 }], 'perio-grade-range', 'teeth.0.furcation'],
        [[{ ...emptyTooth(11), furcation: 1 }], 'perio-furcation-single-root', 'teeth.0.furcation'],
        [[{ ...emptyTooth(16, true), mobility: 1 }], 'perio-values-on-missing', 'teeth.0'],
        [[emptyTooth(19)], 'tooth-unknown', 'teeth.0.tooth'],
        [[emptyTooth(16), emptyTooth(16)], 'perio-duplicate-tooth', 'teeth.1.tooth']
      ]
      for (const [teeth, code, path] of cases) {
        const error = await failure(charts().create(malformed({ customerId, teeth })))
        expect([JSON.stringify(teeth), error.name, error.data?.code, error.data?.path]).toEqual([JSON.stringify(teeth), 'BadRequest', code, path])
      }
      // Not whole millimetres, an unknown site, a wrong date: refused by the schema.
      for (const teeth of [[{ ...emptyTooth(16), sites: { MB: site({ depth: 2.5 }) } }], [{ ...emptyTooth(16), sites: { XB: site({}) } }]]) {
        expect((await failure(charts().create(malformed({ customerId, teeth })))).name).toBe('BadRequest')
      }
      expect((await failure(charts().create(malformed({ customerId, date: '25.11.2026' })))).name).toBe('BadRequest')
      expect((await failure(charts().find(malformed({ query: { customerId, teeth: '[]' } })))).name).toBe('BadRequest')
      expect(await rowCount()).toBe(before)
      // The edges are fine.
      const edges = await charts().create({ customerId, teeth: [{ ...emptyTooth(36), mobility: 3, furcation: 3, sites: { MB: { ...emptySite(), depth: 19, margin: -9 }, B: { ...emptySite(), depth: 0, margin: 9 } } }] })
      expect(edges.teeth[0].sites.MB).toMatchObject({ depth: 19, margin: -9 })
      // A bad patch leaves the draft as it was.
      const error = await failure(charts().patch(edges._id, { teeth: [{ ...emptyTooth(36), sites: { MB: { ...emptySite(), depth: 25 } } }] }))
      expect(error.data).toMatchObject({ code: 'perio-depth-range', path: 'teeth.0.sites.MB.depth' })
      expect((await stored(edges._id)).teeth).toEqual(edges.teeth)
    })
  })

  describe('closing', () => {
    it('stamps who closed it and when, then refuses every change and the removal', async () => {
      const chart = await charts().create({ customerId, teeth: [probed(46, 4)] })
      const closed = await charts().patch(chart._id, { status: 'closed' })
      expect(closed).toMatchObject({ status: 'closed', closedBy: doctor.auth.user._id, teeth: [probed(46, 4)] })
      expect(Date.parse(closed.closedAt ?? '')).toBeGreaterThan(Date.now() - 60_000)
      for (const call of handledAtOnce([
        charts().patch(chart._id, { teeth: [probed(46, 7)] }),
        charts().patch(chart._id, { status: 'draft' }),
        charts().patch(chart._id, { note: 'later' }),
        charts(admin).patch(chart._id, { status: 'closed' }),
        charts(admin).remove(chart._id)
      ])) {
        const error = await failure(call)
        expect([error.name, error.data?.code]).toEqual(['BadRequest', 'perio-chart-closed'])
      }
      const update = malformed<{ update: (id: string, data: unknown) => Promise<unknown> }>(charts())
      expect((await failure(update.update(chart._id, { ...closed, status: 'draft' }))).name).toBe('MethodNotAllowed')
      expect(await charts().get(chart._id)).toEqual(closed)
    })

    it('removes a draft to the trash, and a restored draft is a draft again', async () => {
      const chart = await charts().create({ customerId, date: '2026-02-03', teeth: [probed(16, 3)] })
      // Removing needs exam: delete, which a doctor's default role does not have.
      expect((await failure(charts().remove(chart._id))).name).toBe('Forbidden')
      await charts(admin).remove(chart._id)
      expect(await server.db('perio_charts').where({ _id: chart._id }).first()).toBeUndefined()
      const [item] = (await admin.client.service('trash').find({ query: { service: 'perio', recordId: chart._id } })).data
      expect(item).toMatchObject({ title: '2026-02-03' })
      await admin.client.service('trash').patch(item._id, { restore: true })
      expect(await charts().get(chart._id)).toEqual(chart)
    })
  })

  describe('access', () => {
    it('refuses every method to a role without exam (a receptionist)', async () => {
      const chart = await charts().create({ customerId })
      for (const call of handledAtOnce([
        charts(receptionist).find({ query: { customerId } }),
        charts(receptionist).get(chart._id),
        charts(receptionist).create({ customerId }),
        charts(receptionist).patch(chart._id, { note: 'x' }),
        charts(receptionist).remove(chart._id)
      ])) {
        const error = await failure(call)
        expect([error.name, error.data?.code]).toEqual(['Forbidden', 'forbidden'])
      }
      expect(await charts().get(chart._id)).toEqual(chart)
    })

    it('lets a role that may only view exams read charts but not write them', async () => {
      const role = await admin.client.service('roles').create({ name: `Viewer ${counter}`, permissions: [...RECEPTION, { resource: 'exam', view: true }] })
      const viewer = await signedInMember(server, admin, { roleId: role._id })
      const chart = await charts().create({ customerId })
      expect(await charts(viewer).get(chart._id)).toEqual(chart)
      for (const call of handledAtOnce([charts(viewer).create({ customerId }), charts(viewer).patch(chart._id, { note: 'x' }), charts(viewer).remove(chart._id)])) {
        expect((await failure(call)).name).toBe('Forbidden')
      }
    })

    it('hides the charts of a patient of a branch the caller does not work in, and another company\'s', async () => {
      const north = await admin.client.service('branches').create({ name: `North ${counter}` })
      const northPatient = await newCustomer(admin, { branchId: north._id })
      const chart = await charts(admin).create({ customerId: northPatient._id })
      const southDoctor = await signedInMember(server, admin, { role: 'doctor', branchIds: [admin.auth.branchIds[0]] })
      const examAll = await admin.client.service('roles').create({ name: `Periodontist ${counter}`, permissions: [{ resource: 'customers', view: true }, { resource: 'exam', view: true, create: true, edit: true, delete: true }] })
      const southDirector = await signedInMember(server, admin, { roleId: examAll._id, branchIds: [admin.auth.branchIds[0]] })
      const before = await rowCount()
      for (const call of handledAtOnce([
        charts(southDoctor).find({ query: { customerId: northPatient._id } }),
        charts(southDoctor).get(chart._id),
        charts(southDoctor).create({ customerId: northPatient._id }),
        charts(southDoctor).patch(chart._id, { note: 'x' }),
        charts(southDirector).remove(chart._id)
      ])) {
        expect((await failure(call)).name).toBe('NotFound')
      }
      const theirs = await newCustomer(other)
      const their = await charts(other).create({ customerId: theirs._id })
      for (const call of handledAtOnce([
        charts(admin).find({ query: { customerId: theirs._id } }),
        charts(admin).get(their._id),
        charts(admin).create({ customerId: theirs._id }),
        charts(admin).patch(their._id, { note: 'x' }),
        charts(admin).remove(their._id)
      ])) {
        const error = await failure(call)
        expect(['NotFound', 'invalid-reference']).toContain(error.name === 'BadRequest' ? error.data?.code : error.name)
      }
      // Another company's doctor or visit cannot be named either.
      const named = await failure(charts(admin).create({ customerId, doctorId: other.auth.user._id }))
      expect(named.data).toMatchObject({ code: 'invalid-reference', path: 'doctorId' })
      expect(await rowCount()).toBe(before + 1)
      expect((await stored(their._id)).note).toBe('')
      expect((await failure(charts().find({ query: {} }))).data).toMatchObject({ code: 'invalid-request', path: 'customerId' })
    })

    it('is switched off with the treatment module', async () => {
      const theirs = await newCustomer(other)
      await other.client.service('company').patch('mine', { modules: { treatment: false } })
      try {
        const error = await failure(charts(other).find({ query: { customerId: theirs._id } }))
        expect(error.data?.code).toBe('service-not-enabled')
      } finally {
        await other.client.service('company').patch('mine', { modules: { treatment: true } })
      }
    })
  })

  it('moves with the kept record when two records of one person are merged', async () => {
    const [kept, merged] = [await newCustomer(admin), await newCustomer(admin)]
    const chart = await charts().create({ customerId: merged._id })
    await admin.client.service('customers-merge').create({ keepId: kept._id, mergeId: merged._id })
    expect(await charts().get(chart._id)).toMatchObject({ customerId: kept._id })
  })

  it('tells those who may view exams and see the patient, never a receptionist\'s socket', async () => {
    const colleague = await signedInMember(server, admin, { role: 'doctor' })
    const west = await admin.client.service('branches').create({ name: `West ${counter}` })
    const westDoctor = await signedInMember(server, admin, { role: 'doctor', branchIds: [west._id] })
    const created = nextEvent<PerioChartRecord>(colleague.client, 'perio', 'created')
    const others = [receptionist, westDoctor, other].map((person) => receivesEvent(person.client, 'perio', 'created'))
    const chart = await charts().create({ customerId, teeth: [probed(36, 6)] })
    expect(await created).toMatchObject({ _id: chart._id, customerId, indices: { bleeding: { marked: 1 } } })
    expect(await Promise.all(others)).toEqual([false, false, false])
    const patched = nextEvent<PerioChartRecord>(colleague.client, 'perio', 'patched')
    const receptionHears = receivesEvent(receptionist.client, 'perio', 'patched')
    await charts().patch(chart._id, { status: 'closed' })
    expect(await patched).toMatchObject({ _id: chart._id, status: 'closed' })
    expect(await receptionHears).toBe(false)
  })
})

describe.each(engines)('perio thresholds in the company settings on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let doctor: SignedIn

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Thresholds')
    doctor = await signedInMember(server, admin, { role: 'doctor' })
  })
  afterAll(() => server.stop())
  const company = () => admin.client.service('company')

  it('starts at the defaults, takes a partial change merged into the stored one, and shows it to everyone', async () => {
    expect((await company().get('mine')).settings.perioThresholds).toEqual({ depth: 4, attachment: 4, recession: 3, mobility: 2, furcation: 2 })
    await company().patch('mine', { settings: { perioThresholds: { depth: 5 } } })
    const patched = await company().patch('mine', { settings: { perioThresholds: { mobility: 3 } } })
    expect(patched.settings.perioThresholds).toEqual({ depth: 5, attachment: 4, recession: 3, mobility: 3, furcation: 2 })
    expect((await doctor.client.service('my-company').get('mine')).settings.perioThresholds).toEqual(patched.settings.perioThresholds)
  })

  it('refuses a threshold out of its range or not whole, and keeps the stored ones', async () => {
    const before = (await company().get('mine')).settings.perioThresholds
    for (const [given, path] of [[{ depth: 0 }, 'depth'], [{ depth: 20 }, 'depth'], [{ attachment: 29 }, 'attachment'], [{ recession: 1.5 }, 'recession'], [{ furcation: 4 }, 'furcation']] as const) {
      const error = await failure(company().patch('mine', { settings: { perioThresholds: given } }))
      expect([error.name, error.data?.code, error.data?.path]).toEqual(['BadRequest', 'perio-threshold-range', `settings.perioThresholds.${path}`])
    }
    expect((await failure(company().patch('mine', malformed({ settings: { perioThresholds: { pocket: 3 } } })))).name).toBe('BadRequest')
    expect((await failure(doctor.client.service('company').patch('mine', { settings: { perioThresholds: { depth: 6 } } }))).name).toBe('Forbidden')
    expect((await company().get('mine')).settings.perioThresholds).toEqual(before)
  })
})
