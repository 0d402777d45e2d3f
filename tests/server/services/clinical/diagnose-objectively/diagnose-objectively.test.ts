import { engines, failure, handledAtOnce, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'

/** `diagnose-objectively`: per-tooth findings with a chart code and a suggested ICD-10 code. */
describe.each(engines)('diagnose-objectively on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let doctor: SignedIn
  let finance: SignedIn
  let other: SignedIn

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Tooth findings')
    doctor = await signedInMember(server, admin, { role: 'doctor' })
    finance = await signedInMember(server, admin, { role: 'finance' })
    other = await server.registerClinic('Other tooth findings')
  })
  afterAll(() => server.stop())

  const findings = (person: SignedIn) => person.client.service('diagnose-objectively')
  const all = async (person: SignedIn, query: Record<string, unknown> = {}) => (await findings(person).find({ query: { $limit: 500, ...query } })).data
  const rows = () => server.db('tooth_findings').orderBy('_id')

  it('ships findings that set a chart code and suggest an ICD-10 code', async () => {
    const list = await all(admin)
    expect(list.find((entry) => entry.shippedKey === 'caries-dentine-deep')).toMatchObject({ conditionCode: 'C', icdCode: 'K02.1', hidden: false, titles: { ru: expect.stringContaining('Глубокая кариозная полость') } })
    expect(list.find((entry) => entry.shippedKey === 'missing')).toMatchObject({ conditionCode: 'M', icdCode: 'K08.1' })
    expect(list.map((entry) => entry.rank)).toEqual([...list.map((entry) => entry.rank)].sort((a, b) => a - b))
  })

  it('lets a doctor add, change and remove the company\'s own, normalising the ICD code', async () => {
    const created = await findings(doctor).create({ name: ' Chipped filling ', conditionCode: 'Pl', icdCode: ' k02.1 ' })
    expect(created).toMatchObject({ name: 'Chipped filling', conditionCode: 'Pl', icdCode: 'K02.1', titles: null, shippedKey: null, hidden: false, createdBy: doctor.auth.user._id })
    expect(await findings(doctor).patch(created._id, { conditionCode: null, icdCode: 'K03.1' })).toMatchObject({ conditionCode: null, icdCode: 'K03.1' })
    expect(await findings(doctor).update(created._id, { name: 'Wedge defect, sensitive', icdCode: null })).toMatchObject({ name: 'Wedge defect, sensitive', icdCode: null })
    await findings(admin).remove(created._id)
    expect(await server.db('tooth_findings').where({ _id: created._id }).first()).toBeUndefined()
  })

  it('refuses a bad ICD code, an unknown condition code and unknown fields, writing nothing', async () => {
    const before = await rows()
    expect((await failure(findings(admin).create({ name: 'Bad code', icdCode: 'K2' }))).data).toMatchObject({ code: 'icd-code-invalid', path: 'icdCode' })
    expect((await failure(findings(admin).create({ name: 'Bad code', icdCode: 'caries' }))).data).toMatchObject({ code: 'icd-code-invalid' })
    expect((await failure(findings(admin).create(malformed({ name: 'Bad condition', conditionCode: 'X' })))).data).toMatchObject({ code: 'invalid-request', path: 'conditionCode' })
    expect((await failure(findings(admin).create(malformed({ name: 'Extra', colour: 'red' })))).data).toMatchObject({ code: 'invalid-request' })
    expect(await rows()).toEqual(before)
  })

  it('keeps shipped findings read-only but hideable', async () => {
    const shipped = (await all(admin, { shippedKey: 'pulpitis-acute' }))[0]
    const before = await rows()
    for (const call of handledAtOnce([findings(admin).patch(shipped._id, { icdCode: 'K04.1' }), findings(admin).patch(shipped._id, { conditionCode: 'Pt' }), findings(admin).remove(shipped._id)])) {
      expect((await failure(call)).data).toMatchObject({ code: 'shipped-entry-read-only' })
    }
    expect(await rows()).toEqual(before)
    expect(await findings(admin).patch(shipped._id, { hidden: true })).toMatchObject({ hidden: true, icdCode: 'K04.0' })
    expect((await all(admin, { hidden: false })).map((entry) => entry._id)).not.toContain(shipped._id)
  })

  it('keeps companies apart and refuses roles without the resource', async () => {
    const mine = await findings(admin).create({ name: 'Ours only' })
    expect((await failure(findings(other).get(mine._id))).name).toBe('NotFound')
    expect((await failure(findings(other).patch(mine._id, { hidden: true }))).name).toBe('NotFound')
    expect((await all(other)).every((entry) => entry.companyId === other.auth.company._id)).toBe(true)
    // Finance reads the catalogue, not clinical findings.
    expect((await failure(findings(finance).find({}))).data).toMatchObject({ code: 'forbidden' })
    expect((await failure(findings(doctor).remove(mine._id))).data).toMatchObject({ code: 'forbidden' })
  })
})
