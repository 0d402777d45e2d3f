import { engines, failure, handledAtOnce, nextEvent, receivesEvent, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { booking, openClinic, type Clinic } from '../../../support/appointment-fixtures'
import type { Exam } from '../../../../../server/src/services/clinical/exam/exam.shared'

/** `exam`: dental exams, versioned, signed by their doctor, every read by a person logged. */
describe.each(engines)('exams on %s', (engine) => {
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
    return owner.client.service('customers').create({ first_name: 'Examined', last_name: `Patient${counter}`, ...extra })
  }
  const exams = (who: SignedIn = doctor) => who.client.service('exam')
  const examCount = async () => Number((await server.db('exams').count({ total: '*' }))[0].total)
  const complaint = async (who: SignedIn = admin) => (await who.client.service('cdb').find({ query: { $limit: 1 } })).data[0]._id as string
  const finding = async (who: SignedIn = admin) => (await who.client.service('odb').find({ query: { shippedKey: 'probing.floor' } })).data[0]._id as string
  const objective = async (who: SignedIn = admin) => (await who.client.service('diagnose-objectively').find({ query: { $limit: 1 } })).data[0]._id as string
  const reads = (userId: string) => server.db('user_activities').where({ service: 'exam', userId }).whereIn('method', ['get', 'find']).orderBy('createdAt')

  const finalCaries = { kind: 'final' as const, icdCode: 'K02.1', teeth: [36] }

  it('writes a draft with every part, defaults the doctor and the date, and computes OHI-S on the server', async () => {
    const cdbId = await complaint()
    const odbId = await finding()
    const objectiveId = await objective()
    const visit = await admin.client.service('appointment').create(booking(clinic, '2031-05-06', '10:00'))
    const written = await exams().create({
      customerId,
      appointmentId: visit._id,
      complaints: { cdbIds: [cdbId], text: ' aches on cold ' },
      findings: { odbIds: [odbId], objectiveIds: [objectiveId], text: 'deep cavity' },
      toothCodes: [{ tooth: 36, code: 'C' }, { tooth: 48, code: 'M' }],
      diagnoses: [{ kind: 'preliminary', icdCode: ' k02.1 ', teeth: [36, 36] }, { kind: 'final', icdCode: 'K05.1', note: ' chronic ' }],
      bite: 'orthognathic',
      mucosa: { state: 'healthy' },
      hygiene: { entries: [{ tooth: 16, debris: 1, calculus: 0 }, { tooth: 11, debris: 2, calculus: 1 }, { tooth: 36, debris: 1, calculus: null }] },
      xrayNote: 'periapical radiolucency 36',
      recommendations: 'floss daily'
    })
    expect(written).toMatchObject({
      customerId, appointmentId: visit._id, doctorId: doctor.user._id, companyId: admin.auth.company._id,
      complaints: { cdbIds: [cdbId], text: 'aches on cold' },
      findings: { odbIds: [odbId], objectiveIds: [objectiveId], text: 'deep cavity' },
      toothCodes: [{ tooth: 36, code: 'C' }, { tooth: 48, code: 'M' }],
      diagnoses: [{ kind: 'preliminary', icdCode: 'K02.1', teeth: [36], note: '' }, { kind: 'final', icdCode: 'K05.1', teeth: [], note: 'chronic' }],
      bite: 'orthognathic', mucosa: { state: 'healthy', note: '' },
      // 16 and 11 are scored (36 lacks calculus): DI-S 1.5, CI-S 0.5, OHI-S 2.0.
      hygiene: { debris: 1.5, calculus: 0.5, total: 2, band: 'fair' },
      status: 'draft', version: 1, previousVersionId: null, signedAt: null, signedBy: null
    })
    expect(written.examGroupId).toBe(written._id)
    expect(written.date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    // A typed index is no field of the data.
    const typed = await failure(exams().patch(written._id, malformed({ hygiene: { entries: [], total: 0.1 } })))
    expect(typed.name).toBe('BadRequest')
    const patched = await exams().patch(written._id, { hygiene: { entries: [{ tooth: 17, debris: 0, calculus: 0 }, { tooth: 31, debris: 0, calculus: 0 }] } })
    expect(patched.hygiene).toMatchObject({ total: 0, band: 'good' })
    expect(patched.complaints.text).toBe('aches on cold')
  })

  it('logs every read by a person: one row per get, one per find (not per exam), none for internal reads', async () => {
    const patient = (await newCustomer())._id
    const first = await exams().create({ customerId: patient, diagnoses: [finalCaries] })
    const second = await exams().create({ customerId: patient })
    const before = (await reads(colleague.user._id)).length
    const found = await exams(colleague).find({ query: { customerId: patient } })
    expect(found.data.map((exam: Exam) => exam._id).sort()).toEqual([first._id, second._id].sort())
    await exams(colleague).get(first._id)
    await exams(colleague).find({ query: { customerId: patient, status: 'signed' } })
    const rows = (await reads(colleague.user._id)).slice(before)
    expect(rows.map((row) => [row.method, row.recordId])).toEqual([['find', null], ['get', first._id]])
    const changes = rows.map((row) => (typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes))
    expect(changes[0]).toMatchObject({ action: 'view', customerId: patient })
    expect([...changes[0].examIds].sort()).toEqual([first._id, second._id].sort())
    expect(changes[1]).toEqual({ action: 'view', customerId: patient, examIds: [first._id] })
    // The log reads them back (the administrator sees the whole company).
    const log = await admin.client.service('user-activities').find({ query: { service: 'exam', userId: colleague.user._id, $sort: { createdAt: 1 } } })
    expect(log.data.map((entry: { method: string }) => entry.method)).toEqual(['find', 'get'])
    // The same reads again (a screen refetching) are not new rows; a read of other records is.
    await exams(colleague).find({ query: { customerId: patient } })
    await exams(colleague).get(first._id)
    expect((await reads(colleague.user._id)).slice(before)).toHaveLength(2)
    await exams(colleague).get(second._id)
    expect((await reads(colleague.user._id)).slice(before).map((row) => [row.method, row.recordId])).toEqual([['find', null], ['get', first._id], ['get', second._id]])
    // Internal reads and writes' own lookups are not reads by a person.
    const count = (await reads(doctor.user._id)).length
    await server.app.service('exam').get(first._id)
    await exams().patch(first._id, { recommendations: 'rinse' })
    expect((await reads(doctor.user._id)).length).toBe(count)
    // The log of a write names the action and the patient, never the clinical contents.
    const created = await server.db('user_activities').where({ service: 'exam', recordId: first._id, method: 'create' }).first()
    const createdChanges = typeof created.changes === 'string' ? JSON.parse(created.changes) : created.changes
    expect(createdChanges).toEqual({ action: 'create', service: 'exam', customerId: patient, version: 1 })
  })

  describe('rules', () => {
    it('refuses teeth missing where needed, unknown teeth, codes and references, and writes nothing', async () => {
      const theirCdb = await other.client.service('cdb').create({ titles: { ru: 'Чужая жалоба' } })
      const theirFinding = await finding(other)
      const otherPatient = await newCustomer()
      const theirVisit = await admin.client.service('appointment').create(booking(clinic, '2031-05-07', '10:00', { customerId: otherPatient._id }))
      const before = await examCount()
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ diagnoses: [{ kind: 'final', icdCode: 'K02.1' }] }, 'teeth-not-selected', 'diagnoses.0.teeth'],
        [{ diagnoses: [{ kind: 'final', icdCode: 'K04.0', teeth: [] }] }, 'teeth-not-selected', 'diagnoses.0.teeth'],
        [{ toothCodes: [{ code: 'C' }] }, 'teeth-not-selected', 'toothCodes.0.tooth'],
        [{ toothCodes: [{ tooth: null, code: 'Cr' }] }, 'teeth-not-selected', 'toothCodes.0.tooth'],
        [{ toothCodes: [{ tooth: 19, code: 'C' }] }, 'tooth-unknown', 'toothCodes.0.tooth'],
        [{ toothCodes: [{ tooth: 36, code: 'Q' }] }, 'condition-code-unknown', 'toothCodes.0.code'],
        [{ diagnoses: [{ kind: 'final', icdCode: 'K02.1', teeth: [36, 60] }] }, 'tooth-unknown', 'diagnoses.0.teeth'],
        [{ diagnoses: [{ kind: 'final', icdCode: 'caries' }] }, 'icd-code-invalid', 'diagnoses.0.icdCode'],
        [{ diagnoses: [finalCaries, { kind: 'final', icdCode: 'Q77' }] }, 'icd-code-unknown', 'diagnoses.1.icdCode'],
        [{ complaints: { cdbIds: [theirCdb._id] } }, 'invalid-reference', 'complaints.cdbIds.0'],
        [{ findings: { odbIds: [theirFinding] } }, 'invalid-reference', 'findings.odbIds.0'],
        [{ appointmentId: theirVisit._id }, 'invalid-reference', 'appointmentId'],
        [{ hygiene: { entries: [{ tooth: 12, debris: 1, calculus: 1 }] } }, 'tooth-unknown', 'hygiene.entries.0.tooth'],
        [{ doctorId: other.auth.user._id }, 'invalid-reference', 'doctorId']
      ]
      for (const [data, code, path] of cases) {
        const error = await failure(exams().create(malformed({ customerId, ...data })))
        expect([JSON.stringify(data), error.name, error.data?.code, error.data?.path]).toEqual([JSON.stringify(data), 'BadRequest', code, path])
      }
      for (const data of [{ bite: 'crooked' }, { hygiene: { entries: [{ tooth: 16, debris: 4, calculus: 0 }] } }, { status: 'signed' }, { version: 3 }, { signedBy: doctor.user._id }]) {
        expect((await failure(exams().create(malformed({ customerId, ...data })))).name).toBe('BadRequest')
      }
      expect(await examCount()).toBe(before)
      // Q77, the other company's own code, is this company's once it adds it.
      await other.client.service('icd').create({ code: 'Q77', titles: { ru: 'Свой код' } })
      expect((await failure(exams().create({ customerId, diagnoses: [{ kind: 'final', icdCode: 'Q77' }] }))).data?.code).toBe('icd-code-unknown')
      await admin.client.service('icd').create({ code: 'Q77', titles: { ru: 'Свой код' } })
      const own = await exams().create({ customerId, diagnoses: [{ kind: 'final', icdCode: 'q77' }], complaints: { cdbIds: [await complaint()] } })
      expect(own.diagnoses[0]).toMatchObject({ icdCode: 'Q77', teeth: [] })
    })

    it('signs by its doctor with a final diagnosis only, then never changes: an amendment is a new version', async () => {
      const patient = (await newCustomer())._id
      const draft = await exams().create({ customerId: patient, diagnoses: [{ kind: 'preliminary', icdCode: 'K02.1', teeth: [36] }] })
      const none = await failure(exams().patch(draft._id, { sign: true }))
      expect([none.name, none.data?.code, none.message]).toEqual(['BadRequest', 'final-diagnosis-required', 'Final diagnosis must be selected'])
      const notTheirs = await failure(exams(colleague).patch(draft._id, { sign: true, diagnoses: [finalCaries] }))
      expect([notTheirs.name, notTheirs.data?.code]).toEqual(['Forbidden', 'exam-not-own'])
      expect((await exams().get(draft._id)).diagnoses).toHaveLength(1)
      const signed = await exams().patch(draft._id, { diagnoses: [finalCaries], sign: true })
      expect(signed).toMatchObject({ status: 'signed', signedBy: doctor.user._id, diagnoses: [{ kind: 'final', icdCode: 'K02.1', teeth: [36] }] })
      expect(signed.signedAt).toEqual(expect.any(String))
      for (const call of handledAtOnce([exams().patch(draft._id, { recommendations: 'later' }), exams(admin).remove(draft._id), exams(admin).patch(draft._id, { sign: true })])) {
        const error = await failure(call)
        expect([error.name, error.data?.code]).toEqual(['Conflict', 'exam-signed'])
      }
      // Amend: a copy as version 2, a draft of the amending doctor; the signed version is untouched.
      const amended = await exams(colleague).create({ customerId: patient, amendsId: draft._id, recommendations: 'review in a month' })
      expect(amended).toMatchObject({
        customerId: patient, version: 2, examGroupId: draft._id, previousVersionId: draft._id, status: 'draft', doctorId: colleague.user._id,
        diagnoses: signed.diagnoses, recommendations: 'review in a month', signedAt: null, signedBy: null
      })
      expect(await exams().get(draft._id)).toEqual(signed)
      const actions = await server.db('user_activities').where({ service: 'exam' }).whereIn('recordId', [draft._id, amended._id]).whereIn('method', ['create', 'patch']).orderBy('createdAt')
      expect(actions.map((row) => (typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes).action)).toEqual(['create', 'sign', 'amend'])
      const again = await failure(exams().create({ customerId: patient, amendsId: draft._id }))
      expect([again.name, again.data?.code]).toEqual(['Conflict', 'exam-newer-version'])
      const ofDraft = await failure(exams().create({ customerId: patient, amendsId: amended._id }))
      expect([ofDraft.name, ofDraft.data?.code]).toEqual(['Conflict', 'exam-not-signed'])
      const otherPatient = await newCustomer()
      expect((await failure(exams().create({ customerId: otherPatient._id, amendsId: draft._id }))).data).toMatchObject({ code: 'invalid-reference', path: 'amendsId' })
      // Both versions are listed; the group reads them in order.
      const versions = await exams().find({ query: { customerId: patient, examGroupId: draft._id, $sort: { version: 1 } } })
      expect(versions.data.map((exam: Exam) => exam.version)).toEqual([1, 2])
      // A draft goes to the trash; the signed version can be amended again afterwards.
      await exams(admin).remove(amended._id)
      const trashed = await server.db('trash').where({ service: 'exam', recordId: amended._id }).first()
      expect(trashed).toMatchObject({ customerId: patient })
      const third = await exams().create({ customerId: patient, amendsId: draft._id })
      expect(third.version).toBe(2)
    })

    it('lets two amendments of one version race: one is written', async () => {
      const patient = (await newCustomer())._id
      const draft = await exams().create({ customerId: patient, diagnoses: [finalCaries] })
      await exams().patch(draft._id, { sign: true })
      const results = await Promise.allSettled([exams().create({ customerId: patient, amendsId: draft._id }), exams(colleague).create({ customerId: patient, amendsId: draft._id })])
      expect(results.map((result) => (result.status === 'fulfilled' ? 'written' : result.reason.data?.code)).sort()).toEqual(['exam-newer-version', 'written'])
      const lost = results.find((result) => result.status === 'rejected') as PromiseRejectedResult
      expect(lost.reason.data?.code).toBe('exam-newer-version')
    })
  })

  describe('access', () => {
    it('refuses every method to a role without exam (a receptionist)', async () => {
      const written = await exams().create({ customerId })
      const role = await admin.client.service('roles').create({ name: 'Reception', permissions: [{ resource: 'customers', view: true, create: true, edit: true }, { resource: 'appointment', view: true, create: true, edit: true }] })
      const receptionist = await signedInMember(server, admin, { roleId: role._id })
      for (const call of handledAtOnce([
        exams(receptionist).find({ query: { customerId } }),
        exams(receptionist).get(written._id),
        exams(receptionist).create({ customerId }),
        exams(receptionist).patch(written._id, { xrayNote: 'x' }),
        exams(receptionist).remove(written._id)
      ])) {
        const error = await failure(call)
        expect([error.name, error.data?.code]).toEqual(['Forbidden', 'forbidden'])
      }
      expect(await server.db('user_activities').where({ service: 'exam', userId: receptionist.auth.user._id }).first()).toBeUndefined()
    })

    it("hides the exams of a patient the caller's branch may not see, and another company's", async () => {
      const north = await admin.client.service('branches').create({ name: `North ${counter}` })
      const northPatient = await newCustomer(admin, { branchId: north._id })
      const written = await exams(admin).create({ customerId: northPatient._id, doctorId: doctor.user._id })
      const southDoctor = await signedInMember(server, admin, { role: 'doctor', branchIds: [clinic.branchId] })
      const before = await examCount()
      for (const call of handledAtOnce([
        exams(southDoctor).find({ query: { customerId: northPatient._id } }),
        exams(southDoctor).get(written._id),
        exams(southDoctor).create({ customerId: northPatient._id }),
        exams(southDoctor).patch(written._id, { xrayNote: 'x' })
      ])) {
        expect((await failure(call)).name).toBe('NotFound')
      }
      const theirs = await newCustomer(other)
      const their = await exams(other).create({ customerId: theirs._id })
      for (const call of handledAtOnce([
        exams(admin).find({ query: { customerId: theirs._id } }),
        exams(admin).get(their._id),
        exams(admin).create({ customerId: theirs._id }),
        exams(admin).patch(their._id, { xrayNote: 'x' }),
        exams(admin).create({ customerId, amendsId: their._id })
      ])) {
        const error = await failure(call)
        expect(['NotFound', 'invalid-reference']).toContain(error.name === 'BadRequest' ? error.data?.code : error.name)
      }
      expect(await examCount()).toBe(before + 1)
      expect((await failure(exams().find({ query: {} }))).data).toMatchObject({ code: 'invalid-request', path: 'customerId' })
      expect((await failure(exams().find(malformed({ query: { customerId, diagnoses: 'K02' } })))).name).toBe('BadRequest')
    })
  })

  it("tells doctors who see the patient, and never a receptionist's, another branch's or another company's socket", async () => {
    const role = await admin.client.service('roles').create({ name: `Front desk ${counter}`, permissions: [{ resource: 'customers', view: true, create: true, edit: true }, { resource: 'appointment', view: true }] })
    const receptionist = await signedInMember(server, admin, { roleId: role._id })
    const west = await admin.client.service('branches').create({ name: `West ${counter}` })
    const westDoctor = await signedInMember(server, admin, { role: 'doctor', branchIds: [west._id] })
    const heard = nextEvent<Exam>(colleague.client, 'exam', 'created')
    const others = [receptionist, westDoctor, other].map((person) => receivesEvent(person.client, 'exam', 'created'))
    await exams().create({ customerId, diagnoses: [finalCaries] })
    expect(await heard).toMatchObject({ customerId, diagnoses: [finalCaries] })
    expect(await Promise.all(others)).toEqual([false, false, false])
  })
})
