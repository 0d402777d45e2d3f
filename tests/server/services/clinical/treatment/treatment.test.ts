import { engines, failure, handledAtOnce, nextEvent, receivesEvent, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { addDoctor, booking, openClinic, type Clinic } from '../../../support/appointment-fixtures'
import type { TreatmentLine } from '../../../../../server/src/services/clinical/treatment/treatment.shared'

describe.each(engines)('treatments done (treatment) on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let admin: SignedIn
  let doctor: Clinic['doctor']
  let other: SignedIn
  let visitId: string
  let serviceId: string
  let counter = 0

  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
    admin = clinic.admin
    doctor = clinic.doctor
    other = await server.registerClinic('Elsewhere')
    serviceId = (await admin.client.service('service').create({ name: 'Пломба композитная', code: 'F-01', duration: 40, price: 150_000 }))._id
    visitId = (await admin.client.service('appointment').create(booking(clinic, '2026-12-01', '10:00')))._id
  })
  afterAll(() => server.stop())

  const lines = (who: SignedIn = doctor) => who.client.service('treatment')
  const lineCount = async () => Number((await server.db('treatments').count({ total: '*' }))[0].total)
  async function newVisit(customerId = clinic.customerId, time = '11:00') {
    counter += 1
    const day = `2026-12-${String(2 + counter).padStart(2, '0')}`
    return admin.client.service('appointment').create(booking(clinic, day, time, { customerId }))
  }

  it('writes a line with the catalogue snapshot, the visit\'s branch, day and doctor, in integer minor units', async () => {
    const line: TreatmentLine = await lines().create({
      customerId: clinic.customerId, appointmentId: visitId, serviceId,
      teeth: [{ tooth: 36, surfaces: ['O', 'M'] }, { tooth: 11, surfaces: ['V'] }], quantity: 2, icdCode: 'K02.1', materials: '  Filtek Z250 A2 '
    })
    expect(line).toMatchObject({
      customerId: clinic.customerId, appointmentId: visitId, branchId: clinic.branchId, visitDate: '2026-12-01',
      serviceId, serviceName: 'Пломба композитная', serviceCode: 'F-01', serviceDuration: 40, listPrice: 150_000, price: 150_000, quantity: 2,
      teeth: [{ tooth: 36, surfaces: ['M', 'O'] }, { tooth: 11, surfaces: ['V'] }],
      icdCode: 'K02.1', doctorId: doctor.user._id, assistantId: null, materials: 'Filtek Z250 A2', invoiceId: null,
      createdBy: doctor.user._id, companyId: admin.auth.company._id
    })
    expect(Number.isInteger(line.price) && Number.isInteger(line.listPrice)).toBe(true)
    expect(line).not.toHaveProperty('searchName')
    // The row stores the same integers (bigint on PostgreSQL, read back as numbers).
    const row = await server.db('treatments').where({ _id: line._id }).first()
    expect([Number(row.price), Number(row.listPrice)]).toEqual([150_000, 150_000])
    // The catalogue's price changes later: the line keeps what it was.
    await admin.client.service('service').patch(serviceId, { price: 180_000, name: 'Пломба' })
    expect(await lines().get(line._id)).toMatchObject({ price: 150_000, listPrice: 150_000, serviceName: 'Пломба композитная' })
    const fresh: TreatmentLine = await lines().create({ customerId: clinic.customerId, appointmentId: visitId, serviceId })
    expect(fresh).toMatchObject({ price: 180_000, listPrice: 180_000, serviceName: 'Пломба', teeth: [], quantity: 1 })
    const found = await lines().find({ query: { customerId: clinic.customerId, appointmentId: visitId } })
    expect(found.data.map((item) => item._id)).toEqual([line._id, fresh._id])
    // `$regex` on the service's name (text, any case) and code.
    expect((await lines().find({ query: { customerId: clinic.customerId, serviceName: { $regex: 'КОМПОЗИТ', $options: 'i' } } })).data.map((item) => item._id)).toEqual([line._id])
    expect((await lines().find({ query: { customerId: clinic.customerId, serviceCode: { $regex: '^f-0' } } })).total).toBe(2)
    expect((await lines().find({ query: { customerId: clinic.customerId, serviceName: { $regex: '^композит' } } })).total).toBe(0)
    const logged = await server.db('user_activities').where({ service: 'treatment', recordId: line._id }).first()
    expect(logged).toMatchObject({ userId: doctor.user._id, method: 'create' })
  })

  it('takes another price, an assistant and another doctor, and refuses a fixed price', async () => {
    const assistant = await addDoctor(server, clinic)
    const line: TreatmentLine = await lines().create({ customerId: clinic.customerId, appointmentId: visitId, serviceId, price: 99_900, assistantId: assistant.user._id, doctorId: admin.auth.user._id })
    expect(line).toMatchObject({ price: 99_900, listPrice: 180_000, assistantId: assistant.user._id, doctorId: admin.auth.user._id })
    const fixed = await admin.client.service('service').create({ name: 'Консультация', duration: 20, price: 50_000, staticPrice: true })
    const before = await lineCount()
    const refused = await failure(lines().create({ customerId: clinic.customerId, appointmentId: visitId, serviceId: fixed._id, price: 10 }))
    expect(refused.data).toMatchObject({ code: 'treatment-price-fixed', path: 'price' })
    const stranger = await failure(lines().create({ customerId: clinic.customerId, appointmentId: visitId, serviceId, assistantId: other.auth.user._id }))
    expect(stranger.data).toMatchObject({ code: 'invalid-reference', path: 'assistantId' })
    expect(await lineCount()).toBe(before)
    const same: TreatmentLine = await lines().create({ customerId: clinic.customerId, appointmentId: visitId, serviceId: fixed._id, price: 50_000 })
    expect(same.price).toBe(50_000)
    expect((await failure(lines().patch(same._id, { price: 1 }))).data).toMatchObject({ code: 'treatment-price-fixed', path: 'price' })
  })

  it('refuses bad teeth and surfaces, an unknown diagnosis, a fraction of money, and writes nothing', async () => {
    const before = await lineCount()
    const base = { customerId: clinic.customerId, appointmentId: visitId, serviceId }
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ teeth: [{ tooth: 19 }] }, 'tooth-unknown', 'teeth.0.tooth'],
      [{ teeth: [{ tooth: 36, surfaces: ['O'] }, { tooth: 11, surfaces: ['O'] }] }, 'surface-not-on-tooth', 'teeth.1.surfaces'],
      [{ teeth: [{ tooth: 46, surfaces: ['X'] }] }, 'surface-not-on-tooth', 'teeth.0.surfaces'],
      [{ teeth: [{ tooth: 46, surfaces: ['M', 'M'] }] }, 'surface-not-on-tooth', 'teeth.0.surfaces'],
      [{ teeth: [{ tooth: 46 }, { tooth: 46 }] }, 'invalid-request', 'teeth.1.tooth'],
      [{ icdCode: 'Z99.9' }, 'icd-code-unknown', 'icdCode']
    ]
    for (const [data, code, path] of cases) {
      const error = await failure(lines().create(malformed({ ...base, ...data })))
      expect([JSON.stringify(data), error.name, error.data?.code, error.data?.path]).toEqual([JSON.stringify(data), 'BadRequest', code, path])
    }
    for (const data of [{ price: 10.5 }, { price: -1 }, { quantity: 0 }, { branchId: clinic.branchId }, { invoiceId: null }, { listPrice: 1 }]) {
      expect((await failure(lines().create(malformed({ ...base, ...data })))).name).toBe('BadRequest')
    }
    expect(await lineCount()).toBe(before)
  })

  it('refuses a visit of another patient, of another company, and of a branch the caller does not work in', async () => {
    const otherPatient = await admin.client.service('customers').create({ first_name: 'Other', last_name: 'Patient' })
    const theirVisit = await newVisit(otherPatient._id)
    const before = await lineCount()
    const wrongPatient = await failure(lines().create({ customerId: clinic.customerId, appointmentId: theirVisit._id, serviceId }))
    expect(wrongPatient.data).toMatchObject({ code: 'treatment-visit-other-patient', path: 'appointmentId' })
    // Another company's patient, visit or service: not found or not a reference of the caller's company.
    const foreignPatient = await other.client.service('customers').create({ first_name: 'Foreign', last_name: 'Patient' })
    for (const data of [
      { customerId: foreignPatient._id, appointmentId: visitId, serviceId },
      { customerId: clinic.customerId, appointmentId: visitId, serviceId: (await other.client.service('service').create({ name: 'Theirs', duration: 10 }))._id }
    ]) {
      const error = await failure(lines().create(data))
      expect(['NotFound', 'invalid-reference']).toContain(error.name === 'BadRequest' ? error.data?.code : error.name)
    }
    // A branch the caller does not work in: its visit is not theirs to write on.
    const north = await admin.client.service('branches').create({ name: 'North' })
    const northVisit = await admin.client.service('appointment').create({ ...booking(clinic, '2026-12-20', '09:00'), branchId: north._id, staffId: admin.auth.user._id, overrideWorkingHours: true })
    const error = await failure(lines().create({ customerId: clinic.customerId, appointmentId: northVisit._id, serviceId }))
    expect(['NotFound', 'invalid-reference']).toContain(error.name === 'BadRequest' ? error.data?.code : error.name)
    // A doctor without seeAll writes on their own visits only.
    const colleague = await addDoctor(server, clinic)
    const own = await failure(lines(colleague).create({ customerId: clinic.customerId, appointmentId: visitId, serviceId }))
    expect(own.name).toBe('NotFound')
    expect(await lineCount()).toBe(before)
    // The other company cannot read, change or remove this company's lines.
    const [mine] = (await lines().find({ query: { customerId: clinic.customerId, $limit: 1 } })).data
    for (const call of handledAtOnce([lines(other).get(mine._id), lines(other).patch(mine._id, { quantity: 3 }), lines(other).remove(mine._id), lines(other).find({ query: { customerId: clinic.customerId } })])) {
      expect((await failure(call)).name).toBe('NotFound')
    }
    expect((await lines().get(mine._id)).quantity).toBe(mine.quantity)
  })

  it('hides a patient\'s lines from a branch that may not see the patient', async () => {
    const west = await admin.client.service('branches').create({ name: 'West' })
    const westPatient = await admin.client.service('customers').create({ first_name: 'West', last_name: 'Patient', branchId: west._id })
    const westVisit = await admin.client.service('appointment').create({ ...booking(clinic, '2026-12-21', '09:00'), customerId: westPatient._id, branchId: west._id, staffId: admin.auth.user._id, overrideWorkingHours: true })
    const line: TreatmentLine = await lines(admin).create({ customerId: westPatient._id, appointmentId: westVisit._id, serviceId })
    expect(line.branchId).toBe(west._id)
    for (const call of handledAtOnce([lines().find({ query: { customerId: westPatient._id } }), lines().get(line._id), lines().patch(line._id, { quantity: 2 })])) {
      expect((await failure(call)).name).toBe('NotFound')
    }
  })

  it('edits and removes a line to the trash until it is billed', async () => {
    const line: TreatmentLine = await lines().create({ customerId: clinic.customerId, appointmentId: visitId, serviceId, teeth: [{ tooth: 21 }] })
    const patched = await lines().patch(line._id, { teeth: [{ tooth: 21, surfaces: ['I', 'M'] }], quantity: 3, price: 120_000, icdCode: 'K02.1', materials: ' glass ionomer ' })
    expect(patched).toMatchObject({ teeth: [{ tooth: 21, surfaces: ['M', 'I'] }], quantity: 3, price: 120_000, icdCode: 'K02.1', materials: 'glass ionomer', listPrice: line.listPrice })
    expect((await failure(lines().patch(line._id, { teeth: [{ tooth: 21, surfaces: ['O'] }] }))).data).toMatchObject({ code: 'surface-not-on-tooth', path: 'teeth.0.surfaces' })
    for (const data of [{ serviceId }, { appointmentId: visitId }, { customerId: clinic.customerId }, { invoiceId: null }]) {
      expect((await failure(lines().patch(line._id, malformed(data)))).name).toBe('BadRequest')
    }
    // A doctor has no delete; the administrator removes it to the trash, and restores it.
    expect((await failure(lines().remove(line._id))).name).toBe('Forbidden')
    await lines(admin).remove(line._id)
    expect((await failure(lines(admin).get(line._id))).name).toBe('NotFound')
    const trashed = await server.db('trash').where({ service: 'treatment', recordId: line._id }).first()
    expect(trashed).toBeTruthy()
    // Billed (billing will set invoiceId): neither changed nor removed.
    const billed: TreatmentLine = await lines().create({ customerId: clinic.customerId, appointmentId: visitId, serviceId })
    await server.db('treatments').where({ _id: billed._id }).update({ invoiceId: '0190a3c6-0000-7000-8000-000000000001' })
    expect((await failure(lines().patch(billed._id, { quantity: 2 }))).data).toMatchObject({ code: 'treatment-billed' })
    expect((await failure(lines(admin).remove(billed._id))).data).toMatchObject({ code: 'treatment-billed' })
    expect(await lines().get(billed._id)).toMatchObject({ quantity: 1 })
  })

  describe('access', () => {
    it('refuses a role without treatment, and is switched off with the treatment module', async () => {
      const role = await admin.client.service('roles').create({ name: 'Reception', permissions: [{ resource: 'customers', view: true, create: true, edit: true }, { resource: 'appointment', view: true, create: true, edit: true, seeAll: true }] })
      const receptionist = await signedInMember(server, admin, { roleId: role._id })
      const [line] = (await lines().find({ query: { customerId: clinic.customerId, $limit: 1 } })).data
      for (const call of handledAtOnce([
        lines(receptionist).find({ query: { customerId: clinic.customerId } }),
        lines(receptionist).get(line._id),
        lines(receptionist).create({ customerId: clinic.customerId, appointmentId: visitId, serviceId }),
        lines(receptionist).patch(line._id, { quantity: 2 })
      ])) {
        expect((await failure(call)).name).toBe('Forbidden')
      }
      await admin.client.service('company').patch('mine', { modules: { treatment: false } })
      try {
        expect((await failure(lines(admin).find({ query: { customerId: clinic.customerId } }))).data?.code).toBe('service-not-enabled')
      } finally {
        await admin.client.service('company').patch('mine', { modules: { treatment: true } })
      }
      expect((await failure(lines().find({ query: {} }))).data).toMatchObject({ code: 'invalid-request', path: 'customerId' })
    })

    it('strips the diagnosis for a role without exam view, in answers and in events, and keeps it for doctors', async () => {
      const finance = await signedInMember(server, admin, { role: 'finance' })
      const colleague = await addDoctor(server, clinic)
      const role = await admin.client.service('roles').create({ name: 'Front desk', permissions: [{ resource: 'customers', view: true }, { resource: 'appointment', view: true }] })
      const receptionist = await signedInMember(server, admin, { roleId: role._id })
      const financeHears = nextEvent<TreatmentLine>(finance.client, 'treatment', 'created')
      const colleagueHears = nextEvent<TreatmentLine>(colleague.client, 'treatment', 'created')
      const outsiders = [receptionist, other].map((person) => receivesEvent(person.client, 'treatment', 'created'))
      const line: TreatmentLine = await lines().create({ customerId: clinic.customerId, appointmentId: visitId, serviceId, icdCode: 'K02.1', teeth: [{ tooth: 46, surfaces: ['O'] }] })
      expect(line.icdCode).toBe('K02.1')
      expect(await colleagueHears).toMatchObject({ _id: line._id, icdCode: 'K02.1' })
      expect(await financeHears).toMatchObject({ _id: line._id, icdCode: null, price: line.price, teeth: [{ tooth: 46, surfaces: ['O'] }] })
      expect(await Promise.all(outsiders)).toEqual([false, false])
      expect((await lines(finance).get(line._id)).icdCode).toBeNull()
      expect((await lines(finance).find({ query: { customerId: clinic.customerId, _id: line._id } })).data[0]).toMatchObject({ icdCode: null, price: line.price })
      // Patched by someone without exam view's copy: the doctors still hear the diagnosis.
      const patchedHeard = nextEvent<TreatmentLine>(colleague.client, 'treatment', 'patched')
      const financePatched = nextEvent<TreatmentLine>(finance.client, 'treatment', 'patched')
      await lines(admin).patch(line._id, { quantity: 2 })
      expect(await patchedHeard).toMatchObject({ icdCode: 'K02.1', quantity: 2 })
      expect(await financePatched).toMatchObject({ icdCode: null, quantity: 2 })
      // Finance may not create lines (view only); a role without exam view may not write a diagnosis.
      expect((await failure(lines(finance).create({ customerId: clinic.customerId, appointmentId: visitId, serviceId }))).name).toBe('Forbidden')
      const billing = await admin.client.service('roles').create({ name: 'Biller', permissions: [{ resource: 'customers', view: true, seeAll: true }, { resource: 'appointment', view: true, seeAll: true }, { resource: 'treatment', view: true, create: true, edit: true }] })
      const biller = await signedInMember(server, admin, { roleId: billing._id })
      const written: TreatmentLine = await lines(biller).create({ customerId: clinic.customerId, appointmentId: visitId, serviceId, price: 1000 })
      expect(written.price).toBe(1000)
      expect((await failure(lines(biller).patch(written._id, { icdCode: 'K02.1' }))).data).toMatchObject({ code: 'forbidden', path: 'icdCode' })
      expect((await failure(lines(biller).patch(line._id, { icdCode: null }))).data).toMatchObject({ code: 'forbidden', path: 'icdCode' })
      expect((await lines().get(line._id)).icdCode).toBe('K02.1')
      // The trash never sends the diagnosis either.
      await lines(admin).remove(line._id)
      const item = (await admin.client.service('trash').find({ query: { service: 'treatment' } })).data.find((entry: { recordId: string }) => entry.recordId === line._id)
      expect(JSON.stringify(item ?? {})).not.toContain('K02.1')
    })
  })
})
