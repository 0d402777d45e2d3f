import { engines, failure, handledAtOnce, nextEvent, receivesEvent, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { booking, openClinic, type Clinic } from '../../../support/appointment-fixtures'
import type { Xray, XrayPage } from '../../../../../server/src/services/clinical/xrays/xrays.shared'
import { defaultXrayDoses } from '../../../../../domain/clinical/xrays'

/** `xrays`: a patient's X-ray records, their doses and yearly totals; clinical, every read by a person logged. */
describe.each(engines)('x-rays on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let admin: SignedIn
  let doctor: SignedIn & { user: { _id: string } }
  let colleague: SignedIn & { user: { _id: string } }
  let other: SignedIn
  let customerId: string
  let counter = 0

  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
    admin = clinic.admin
    doctor = clinic.doctor
    customerId = clinic.customerId
    colleague = await signedInMember(server, admin, { role: 'doctor' })
    other = await server.registerClinic('Elsewhere')
  })
  afterAll(() => server.stop())

  async function newCustomer(owner: SignedIn = admin, extra: Record<string, unknown> = {}) {
    counter += 1
    return owner.client.service('customers').create({ first_name: 'Rayed', last_name: `Patient${counter}`, ...extra })
  }
  const xrays = (who: SignedIn = doctor) => who.client.service('xrays')
  const xrayCount = async () => Number((await server.db('xrays').count({ total: '*' }))[0].total)
  const reads = (userId: string) => server.db('user_activities').where({ service: 'xrays', userId }).whereIn('method', ['get', 'find']).orderBy('createdAt')
  const changesOf = (row: { changes: unknown }) => (typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes)
  async function receptionist() {
    counter += 1
    const role = await admin.client.service('roles').create({
      name: `Front desk ${counter}`,
      permissions: [{ resource: 'customers', view: true, create: true, edit: true }, { resource: 'appointment', view: true, create: true, edit: true }]
    })
    return signedInMember(server, admin, { roleId: role._id })
  }

  describe('writing', () => {
    it('writes an orthopantomogram with the defaults: today, the doctor, the company dose, one exposure, the patient branch', async () => {
      const written = await xrays().create({ customerId, type: 'orthopantomogram', findings: '  no periapical lesions  ' })
      expect(written).toMatchObject({
        customerId, type: 'orthopantomogram', doctorId: doctor.user._id, companyId: admin.auth.company._id, branchId: clinic.branchId,
        dose: defaultXrayDoses.orthopantomogram, quantity: 1, teeth: [], appointmentId: null, findings: 'no periapical lesions'
      })
      expect(written.dose).toBe(200)
      expect(written.date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(await xrays().get(written._id)).toEqual(written)
    })

    it('writes an intraoral X-ray of named teeth, each once and in order, with a visit of the patient', async () => {
      const visit = await admin.client.service('appointment').create(booking(clinic, '2031-05-06', '10:00'))
      const written = await xrays().create({ customerId, type: 'intraoral', teeth: [37, 36, 36], date: '2025-03-04', dose: 17, quantity: 2, appointmentId: visit._id })
      expect(written).toMatchObject({ type: 'intraoral', teeth: [36, 37], date: '2025-03-04', dose: 17, quantity: 2, appointmentId: visit._id, branchId: visit.branchId })
    })

    it("prefills the dose from the company's own settings, which are checked and merged with the defaults", async () => {
      const company = await admin.client.service('company').patch('mine', { settings: { xrayDoses: { ctScan: 680 } } })
      expect(company.settings.xrayDoses).toEqual({ ...defaultXrayDoses, ctScan: 680 })
      for (const wrong of [-1, 20001, 12.5]) {
        const error = await failure(admin.client.service('company').patch('mine', { settings: { xrayDoses: { tmj4: wrong } } }))
        expect([error.name, error.data?.code, error.data?.path]).toEqual(['BadRequest', 'xray-dose-range', 'settings.xrayDoses.tmj4'])
      }
      const ct = await xrays(colleague).create({ customerId, type: 'ctScan' })
      expect(ct.dose).toBe(680)
      const again = await admin.client.service('company').patch('mine', { settings: { xrayDoses: { tmj6: 250 } } })
      expect(again.settings.xrayDoses).toEqual({ ...defaultXrayDoses, ctScan: 680, tmj6: 250 })
    })

    it('refuses missing teeth on an intraoral X-ray, unknown teeth, doses out of range, future days and other patients\' visits, and writes nothing', async () => {
      const otherPatient = await newCustomer()
      const theirVisit = await admin.client.service('appointment').create(booking(clinic, '2031-05-07', '10:00', { customerId: otherPatient._id }))
      const before = await xrayCount()
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ type: 'intraoral' }, 'teeth-not-selected', 'teeth'],
        [{ type: 'intraoral', teeth: [] }, 'teeth-not-selected', 'teeth'],
        [{ type: 'orthopantomogram', teeth: [36, 19] }, 'tooth-unknown', 'teeth.1'],
        [{ type: 'intraoral', teeth: [99] }, 'tooth-unknown', 'teeth.0'],
        [{ type: 'ctScan', dose: -1 }, 'xray-dose-range', 'dose'],
        [{ type: 'ctScan', dose: 20001 }, 'xray-dose-range', 'dose'],
        [{ type: 'lateralTrg', date: '2099-01-01' }, 'xray-date-in-future', 'date'],
        [{ type: 'orthopantomogram', appointmentId: theirVisit._id }, 'invalid-reference', 'appointmentId'],
        [{ type: 'orthopantomogram', doctorId: other.auth.user._id }, 'invalid-reference', 'doctorId']
      ]
      for (const [data, code, path] of cases) {
        const error = await failure(xrays().create(malformed({ customerId, ...data })))
        expect([JSON.stringify(data), error.name, error.data?.code, error.data?.path]).toEqual([JSON.stringify(data), 'BadRequest', code, path])
      }
      for (const data of [{ type: 'mri' }, {}, { type: 'ctScan', dose: 1.5 }, { type: 'ctScan', quantity: 0 }, { type: 'ctScan', quantity: 51 }, { type: 'ctScan', date: '4 March' }, { type: 'ctScan', companyId: other.auth.company._id }, { type: 'ctScan', findings: 'x'.repeat(4001) }]) {
        expect([JSON.stringify(data), (await failure(xrays().create(malformed({ customerId, ...data })))).name]).toEqual([JSON.stringify(data), 'BadRequest'])
      }
      expect(await xrayCount()).toBe(before)
    })

    it('patches field by field with the same rules: an intraoral X-ray keeps teeth, another type may drop them', async () => {
      const written = await xrays().create({ customerId, type: 'intraoral', teeth: [46] })
      const dropped = await failure(xrays().patch(written._id, { teeth: [] }))
      expect([dropped.name, dropped.data?.code, dropped.data?.path]).toEqual(['BadRequest', 'teeth-not-selected', 'teeth'])
      const widened = await xrays().patch(written._id, { type: 'orthopantomogram', teeth: [], dose: 150, findings: ' ok ' })
      expect(widened).toMatchObject({ type: 'orthopantomogram', teeth: [], dose: 150, findings: 'ok', quantity: 1 })
      const back = await failure(xrays().patch(written._id, { type: 'intraoral' }))
      expect(back.data).toMatchObject({ code: 'teeth-not-selected', path: 'teeth' })
      expect((await failure(xrays().patch(written._id, { dose: 30000 }))).data).toMatchObject({ code: 'xray-dose-range', path: 'dose' })
      expect((await failure(xrays().patch(written._id, malformed({ customerId: (await newCustomer())._id })))).name).toBe('BadRequest')
      expect(await xrays().get(written._id)).toMatchObject({ type: 'orthopantomogram', dose: 150 })
    })

    it('removes to the trash (never sending the findings) and restores exactly', async () => {
      const patient = (await newCustomer())._id
      const written = await xrays().create({ customerId: patient, type: 'tmj6', findings: 'condyle flattened' })
      await xrays().remove(written._id)
      expect((await failure(xrays().get(written._id))).name).toBe('NotFound')
      const [item] = (await admin.client.service('trash').find({ query: { service: 'xrays', recordId: written._id } })).data
      expect(item).toMatchObject({ customerId: patient })
      expect(JSON.stringify(item)).not.toContain('condyle flattened')
      await admin.client.service('trash').patch(item._id, { restore: true })
      expect(await xrays().get(written._id)).toEqual(written)
      const log = await server.db('user_activities').where({ service: 'xrays', recordId: written._id, method: 'create' }).first()
      expect(changesOf(log)).toEqual({ action: 'create', service: 'xrays', customerId: patient, type: 'tmj6' })
    })
  })

  describe('dose totals', () => {
    it('sums dose × exposures over the calendar year and the last twelve months, across the year boundary, in one find', async () => {
      const patient = (await newCustomer())._id
      const write = (date: string, dose: number, quantity = 1) => xrays().create({ customerId: patient, type: 'orthopantomogram', date, dose, quantity })
      await write('2024-01-05', 1000) // 12 months before 2025-01-05 exactly: outside both
      await write('2024-01-06', 200) // last 12 months only
      await write('2024-12-31', 50, 3) // last 12 months only
      await write('2025-01-01', 200) // both
      await write('2025-01-05', 17, 2) // both (the day itself)
      await write('2025-01-06', 500) // after asOf: neither
      const page = (await xrays().find({ query: { customerId: patient, $doseTotals: '2025-01-05', $limit: 2 } })) as XrayPage
      expect(page.data).toHaveLength(2)
      expect(page.total).toBe(6)
      expect(page.doseTotals).toEqual({
        asOf: '2025-01-05',
        year: { from: '2025-01-01', to: '2025-01-05', dose: 200 + 34, exposures: 3 },
        last12Months: { from: '2024-01-06', to: '2025-01-05', dose: 200 + 150 + 200 + 34, exposures: 7 }
      })
      // The page without totals carries none; with `true` they are as of the company's today.
      expect(((await xrays().find({ query: { customerId: patient } })) as XrayPage).doseTotals).toBeUndefined()
      const today = ((await xrays().find({ query: { customerId: patient, $doseTotals: true, $limit: 0 } })) as XrayPage).doseTotals!
      expect(today.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(today.year.from).toBe(`${today.asOf.slice(0, 4)}-01-01`)
      // Every X-ray is years ago by then, except those of this year (none).
      expect(today.year.dose).toBe(0)
      // A patient with no X-rays has zero totals.
      const none = ((await xrays().find({ query: { customerId: (await newCustomer())._id, $doseTotals: '2025-02-28' } })) as XrayPage).doseTotals
      expect(none).toMatchObject({ year: { dose: 0, exposures: 0 }, last12Months: { from: '2024-02-29', dose: 0, exposures: 0 } })
      expect((await failure(xrays().find(malformed({ query: { customerId: patient, $doseTotals: 'yesterday' } })))).name).toBe('BadRequest')
    })
  })

  describe('privacy and access', () => {
    it('logs every read by a person: one row per get, one per find, none for internal reads', async () => {
      const patient = (await newCustomer())._id
      const first = await xrays().create({ customerId: patient, type: 'orthopantomogram' })
      const second = await xrays().create({ customerId: patient, type: 'intraoral', teeth: [11] })
      const before = (await reads(colleague.user._id)).length
      const found = await xrays(colleague).find({ query: { customerId: patient, $doseTotals: true } })
      expect(found.data.map((xray: Xray) => xray._id).sort()).toEqual([first._id, second._id].sort())
      await xrays(colleague).get(first._id)
      await xrays(colleague).find({ query: { customerId: patient, type: 'ctScan' } })
      const rows = (await reads(colleague.user._id)).slice(before)
      expect(rows.map((row) => [row.method, row.recordId])).toEqual([['find', null], ['get', first._id]])
      expect(changesOf(rows[0])).toMatchObject({ action: 'view', customerId: patient, doseTotals: true })
      expect([...changesOf(rows[0]).xrayIds].sort()).toEqual([first._id, second._id].sort())
      expect(changesOf(rows[1])).toEqual({ action: 'view', customerId: patient, xrayIds: [first._id] })
      const count = (await reads(doctor.user._id)).length
      await server.app.service('xrays').get(first._id)
      await xrays().patch(first._id, { findings: 'reviewed' })
      expect((await reads(doctor.user._id)).length).toBe(count)
      const patched = await server.db('user_activities').where({ service: 'xrays', recordId: first._id, method: 'patch' }).first()
      expect(JSON.stringify(changesOf(patched))).not.toContain('reviewed')
    })

    it('refuses every method to a role without xrays (a receptionist), and logs nothing', async () => {
      const written = await xrays().create({ customerId, type: 'orthopantomogram' })
      const desk = await receptionist()
      for (const call of handledAtOnce([
        xrays(desk).find({ query: { customerId } }),
        xrays(desk).get(written._id),
        xrays(desk).create({ customerId, type: 'orthopantomogram' }),
        xrays(desk).patch(written._id, { findings: 'x' }),
        xrays(desk).remove(written._id)
      ])) {
        const error = await failure(call)
        expect([error.name, error.data?.code]).toEqual(['Forbidden', 'forbidden'])
      }
      expect(await server.db('user_activities').where({ service: 'xrays', userId: desk.auth.user._id }).first()).toBeUndefined()
    })

    it("hides the X-rays of a patient the caller's branch may not see, and another company's; refuses a branch not theirs", async () => {
      const north = await admin.client.service('branches').create({ name: `North ${counter}` })
      const northPatient = await newCustomer(admin, { branchId: north._id })
      const written = await xrays(admin).create({ customerId: northPatient._id, type: 'orthopantomogram', doctorId: doctor.user._id })
      // Taken in the administrator's current branch (the client fills it), of a patient of North.
      expect(written.branchId).toBe(clinic.branchId)
      expect((await xrays(admin).create({ customerId: northPatient._id, type: 'ctScan', branchId: north._id })).branchId).toBe(north._id)
      const southDoctor = await signedInMember(server, admin, { role: 'doctor', branchIds: [clinic.branchId] })
      const before = await xrayCount()
      for (const call of handledAtOnce([
        xrays(southDoctor).find({ query: { customerId: northPatient._id } }),
        xrays(southDoctor).get(written._id),
        xrays(southDoctor).create({ customerId: northPatient._id, type: 'orthopantomogram' }),
        xrays(southDoctor).patch(written._id, { findings: 'x' }),
        xrays(southDoctor).remove(written._id)
      ])) {
        expect((await failure(call)).name).toBe('NotFound')
      }
      const wrongBranch = await failure(xrays(southDoctor).create({ customerId, type: 'orthopantomogram', branchId: north._id }))
      expect(wrongBranch.data).toMatchObject({ code: 'branch-not-allowed', path: 'branchId' })
      const theirs = await newCustomer(other)
      const their = await xrays(other).create({ customerId: theirs._id, type: 'orthopantomogram' })
      for (const call of handledAtOnce([
        xrays(admin).find({ query: { customerId: theirs._id } }),
        xrays(admin).get(their._id),
        xrays(admin).create({ customerId: theirs._id, type: 'orthopantomogram' }),
        xrays(admin).patch(their._id, { findings: 'x' }),
        xrays(admin).remove(their._id)
      ])) {
        // Another company's patient named in data is an unknown reference; by id, not found.
        const error = await failure(call)
        expect(['NotFound', 'invalid-reference']).toContain(error.name === 'BadRequest' ? error.data?.code : error.name)
      }
      // Only the other company's own X-ray was written.
      expect(await xrayCount()).toBe(before + 1)
      expect((await failure(xrays().find({ query: {} }))).data).toMatchObject({ code: 'invalid-request', path: 'customerId' })
      expect((await failure(xrays().find(malformed({ query: { customerId, findings: 'x' } })))).name).toBe('BadRequest')
    })

    it("tells doctors who see the patient, and never a receptionist's, another branch's or another company's socket", async () => {
      const desk = await receptionist()
      const west = await admin.client.service('branches').create({ name: `West ${counter}` })
      const westDoctor = await signedInMember(server, admin, { role: 'doctor', branchIds: [west._id] })
      const heard = nextEvent<Xray>(colleague.client, 'xrays', 'created')
      const others = [desk, westDoctor, other].map((person) => receivesEvent(person.client, 'xrays', 'created'))
      await xrays().create({ customerId, type: 'intraoral', teeth: [36], findings: 'caries distal 36' })
      expect(await heard).toMatchObject({ customerId, teeth: [36], findings: 'caries distal 36' })
      expect(await Promise.all(others)).toEqual([false, false, false])
      const patchedOthers = [desk, westDoctor, other].map((person) => receivesEvent(person.client, 'xrays', 'patched'))
      const [latest] = (await xrays().find({ query: { customerId, type: 'intraoral', $sort: { createdAt: -1 as const }, $limit: 1 } })).data
      await xrays().patch(latest._id, { findings: 'secondary caries' })
      expect(await Promise.all(patchedOthers)).toEqual([false, false, false])
    })

    it('moves a merged patient\'s X-rays to the kept record', async () => {
      const kept = await newCustomer()
      const merged = await newCustomer()
      const written = await xrays().create({ customerId: merged._id, type: 'orthopantomogram', date: '2025-06-01' })
      await admin.client.service('customers-merge').create({ keepId: kept._id, mergeId: merged._id })
      expect((await xrays().get(written._id)).customerId).toBe(kept._id)
    })
  })
})
