import { engines, failure, handledAtOnce, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { emptyTooth } from '../../../../../domain/clinical/perio'
import type { TreatmentRecordQuery } from '../../../../../server/src/services/clinical/treatment-record/treatment-record.shared'
import { TREATMENT_RECORD_QUERIES, treatmentRecordSections, type TreatmentRecordSection } from '../../../../../domain/clinical/treatment-record'

/** Charts the tab's sections may read, but not exams nor treatments: a hygienist-like role. */
const CHART_ONLY = [
  { resource: 'customers' as const, view: true },
  { resource: 'tooth' as const, view: true }
]
/** A receptionist: books and sees patients, no clinical view at all. */
const RECEPTION = [
  { resource: 'customers' as const, view: true, create: true, edit: true },
  { resource: 'appointment' as const, view: true, create: true, edit: true, seeAll: true }
]

/**
 * `treatment-record`: the treatment tab's lists in one call. Each list must be exactly what the
 * section's own find gives the same caller, under the same rules, and nothing the caller may not
 * read may appear.
 */
describe.each(engines)('treatment-record (%s)', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let other: SignedIn
  let doctor: SignedIn
  let chartOnly: SignedIn
  let receptionist: SignedIn
  let customerId: string
  let counter = 0

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Record')
    other = await server.registerClinic('Elsewhere')
    doctor = await signedInMember(server, admin, { role: 'doctor' })
    chartOnly = await signedInMember(server, admin, { roleId: (await admin.client.service('roles').create({ name: 'Chart only', permissions: CHART_ONLY }))._id })
    receptionist = await signedInMember(server, admin, { roleId: (await admin.client.service('roles').create({ name: 'Reception', permissions: RECEPTION }))._id })
    customerId = await patientWithRecord(admin)
  })
  afterAll(() => server.stop())

  async function patientWithRecord(owner: SignedIn, extra: Record<string, unknown> = {}) {
    counter += 1
    const patient = (await owner.client.service('customers').create({ first_name: 'Charted', last_name: `Patient${counter}`, ...extra }))._id
    await owner.client.service('tooth').create({ customerId: patient, code: 'C', status: 'existing', teeth: [{ tooth: 36, surfaces: ['M', 'O'] }] })
    await owner.client.service('tooth').create({ customerId: patient, condition: 'missing', teeth: [{ tooth: 48, surfaces: [] }] })
    await owner.client.service('exam').create({ customerId: patient, complaints: { text: 'Pain on cold' }, diagnoses: [{ kind: 'final', icdCode: 'K02.1', teeth: [36] }] })
    await owner.client.service('exam').create({ customerId: patient, date: '2025-03-01' })
    await owner.client.service('perio').create({ customerId: patient, teeth: [emptyTooth(16)] })
    await owner.client.service('treatment-plan').create({ customerId: patient, title: 'Caries' })
    return patient
  }

  const record = (who: SignedIn, query: Partial<TreatmentRecordQuery> = {}) => who.client.service('treatment-record').find({ query: { customerId, ...query } })
  /** What the section's own service gives the same caller for the section's query. */
  const ownFind = (who: SignedIn, section: TreatmentRecordSection, patient = customerId) =>
    (who.client.service(section) as unknown as { find(params: object): Promise<unknown> }).find({ query: { customerId: patient, ...TREATMENT_RECORD_QUERIES[section] } })
  const examReads = async (who: SignedIn) => server.db('user_activities').where({ service: 'exam', method: 'find', userId: who.auth.user._id }).select('_id')

  it("gives each section's list exactly as its own find gives it to the same caller", async () => {
    const answer = await record(doctor)
    expect(Object.keys(answer).sort()).toEqual([...treatmentRecordSections].sort())
    for (const section of treatmentRecordSections) expect(answer[section]).toEqual(await ownFind(doctor, section))
    expect(answer.tooth?.data.map((event) => event.tooth).sort()).toEqual([36, 48])
    expect(answer.exam?.total).toBe(2)
    expect(answer.perio?.data).toHaveLength(1)
    expect(answer['treatment-plan']?.data.map((plan) => plan.title)).toEqual(['Caries'])
    expect(answer.treatment?.data).toEqual([])
  })

  it('records the exam read in the activity log, as the exam find does', async () => {
    const patient = await patientWithRecord(admin)
    const before = (await examReads(doctor)).length
    await record(doctor, { customerId: patient })
    const rows = await server.db('user_activities').where({ service: 'exam', method: 'find', userId: doctor.auth.user._id }).orderBy('createdAt')
    expect(rows).toHaveLength(before + 1)
    const changes = rows.map((row) => (typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes))
    expect(changes.at(-1)).toMatchObject({ action: 'view', customerId: patient })
    expect(changes.at(-1).examIds).toHaveLength(2)
  })

  it('leaves out the lists the caller may not read; with none at all it is refused and logs nothing', async () => {
    const answer = await record(chartOnly)
    expect(Object.keys(answer)).toEqual(['tooth'])
    expect(answer.tooth).toEqual(await ownFind(chartOnly, 'tooth'))
    expect(JSON.stringify(answer)).not.toContain('Pain on cold')
    expect(await examReads(chartOnly)).toHaveLength(0)
    const refused = await failure(record(receptionist))
    expect([refused.name, refused.data?.code]).toEqual(['Forbidden', 'forbidden'])
    expect(await examReads(receptionist)).toHaveLength(0)
  })

  it("refuses a patient the caller's branch may not see, another company's, and an unknown one", async () => {
    const north = await admin.client.service('branches').create({ name: 'North' })
    const northPatient = await patientWithRecord(admin, { branchId: north._id })
    const homeBranch = (await admin.client.service('branches').find({ query: { $limit: 10 } })).data.find((branch) => branch._id !== north._id)!._id
    const southDoctor = await signedInMember(server, admin, { role: 'doctor', branchIds: [homeBranch] })
    const theirs = await patientWithRecord(other)
    for (const call of handledAtOnce([
      record(southDoctor, { customerId: northPatient }),
      record(doctor, { customerId: theirs }),
      record(doctor, { customerId: '00000000-0000-7000-8000-000000000000' })
    ])) {
      expect((await failure(call)).name).toBe('NotFound')
    }
    expect(await examReads(southDoctor)).toHaveLength(0)
    // The same doctor sees their own branch's patient.
    expect((await record(southDoctor)).tooth?.total).toBe(2)
  })

  it('checks the patient once for all its lists (the sections share the check in flight)', async () => {
    const statements: string[] = []
    const listen = (query: { sql: string }) => statements.push(query.sql)
    server.db.on('query', listen)
    try {
      await record(doctor)
    } finally {
      server.db.off('query', listen)
    }
    const visibility = statements.filter((sql) => /from [`"]customers[`"]/.test(sql))
    expect(visibility).toHaveLength(1)
    // Each section read its own table.
    for (const table of ['tooth_events', 'exams', 'perio_charts', 'treatments', 'treatment_plans']) expect(statements.some((sql) => sql.includes(`from "${table}"`) || sql.includes(`from \`${table}\``))).toBe(true)
  })

  it('refuses malformed queries and a switched-off dental chart', async () => {
    for (const query of [{}, { customerId: 'not-an-id' }, { customerId, $limit: 5 }, { customerId, status: 'signed' }]) {
      const error = await failure(admin.client.service('treatment-record').find({ query: malformed(query) }))
      expect(error.name).toBe('BadRequest')
    }
    await admin.client.service('company').patch('mine', { modules: { treatment: false } })
    try {
      const error = await failure(record(doctor))
      expect([error.name, error.data?.code]).toEqual(['Forbidden', 'service-not-enabled'])
    } finally {
      await admin.client.service('company').patch('mine', { modules: { treatment: true } })
    }
  })
})
