import { engines, failure, handledAtOnce, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'

/** `presets`: per specialty, the lists that fill an exam in one click. */
describe.each(engines)('presets on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let doctor: SignedIn
  let finance: SignedIn
  let other: SignedIn
  let specialtyId: string
  let serviceId: string
  let findingId: string

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Presets')
    doctor = await signedInMember(server, admin, { role: 'doctor' })
    finance = await signedInMember(server, admin, { role: 'finance' })
    other = await server.registerClinic('Other presets')
    specialtyId = (await admin.client.service('specialty').create({ name: 'Therapist' }))._id
    serviceId = (await admin.client.service('service').create({ name: 'Composite filling', duration: 60 }))._id
    findingId = (await admin.client.service('odb').find({ query: { shippedKey: 'probing.floor' } })).data[0]._id
  })
  afterAll(() => server.stop())

  const presets = (person: SignedIn) => person.client.service('presets')
  const rows = () => server.db('presets').orderBy('_id')

  it('starts every list empty', async () => {
    const created = await presets(admin).create({ name: ' Caries ' })
    expect(created).toEqual({
      _id: expect.any(String),
      companyId: admin.auth.company._id,
      specialtyId: null,
      name: 'Caries',
      cdb: [],
      odb: [],
      icd: [],
      diagnosis: [],
      diagnosisFinal: [],
      treatments: [],
      rank: expect.any(Number),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      createdBy: admin.auth.user._id
    })
    expect(await presets(admin).get(created._id)).toEqual(created)
  })

  it('stores a specialty\'s preset with complaints, findings, ICD codes, diagnoses and treatments', async () => {
    const created = await presets(doctor).create({
      name: 'Dentine caries',
      specialtyId,
      cdb: [' Pain from sweet ', 'Food gets stuck'],
      odb: [findingId],
      icd: ['k02.1'],
      diagnosis: ['Средний кариес'],
      diagnosisFinal: ['Кариес дентина'],
      treatments: [serviceId]
    })
    expect(created).toMatchObject({ specialtyId, cdb: ['Pain from sweet', 'Food gets stuck'], odb: [findingId], icd: ['K02.1'], treatments: [serviceId] })
    expect((await presets(doctor).find({ query: { specialtyId } })).data.map((preset) => preset._id)).toEqual([created._id])
    expect(await presets(doctor).patch(created._id, { icd: ['K02.1', 'K02.2'], treatments: [] })).toMatchObject({ icd: ['K02.1', 'K02.2'], treatments: [] })
  })

  it('refuses an unknown service, another company\'s finding or specialty, and a bad ICD code, writing nothing', async () => {
    const theirService = (await other.client.service('service').create({ name: 'Theirs', duration: 30 }))._id
    const theirFinding = (await other.client.service('odb').find({ query: { shippedKey: 'probing.floor' } })).data[0]._id
    const theirSpecialty = (await other.client.service('specialty').create({ name: 'Surgeon' }))._id
    const before = await rows()
    expect((await failure(presets(admin).create({ name: 'X', treatments: [serviceId, theirService] }))).data).toMatchObject({ code: 'invalid-reference', path: 'treatments.1' })
    expect((await failure(presets(admin).create({ name: 'X', treatments: ['0190a5d0-0000-7000-8000-000000000000'] }))).data).toMatchObject({ code: 'invalid-reference', path: 'treatments.0' })
    expect((await failure(presets(admin).create({ name: 'X', odb: [theirFinding] }))).data).toMatchObject({ code: 'invalid-reference', path: 'odb.0' })
    expect((await failure(presets(admin).create({ name: 'X', specialtyId: theirSpecialty }))).data).toMatchObject({ code: 'invalid-reference', path: 'specialtyId' })
    expect((await failure(presets(admin).create({ name: 'X', icd: ['K02.1', 'caries'] }))).data).toMatchObject({ code: 'icd-code-invalid', path: 'icd.1' })
    expect((await failure(presets(admin).create({ name: 'X', icd: ['K02.1', 'K02.1'] }))).data).toMatchObject({ code: 'invalid-request' })
    expect((await failure(presets(admin).create({ name: 'X', cdb: ['  '] }))).data).toMatchObject({ path: 'cdb.0' })
    expect((await failure(presets(admin).create(malformed({ name: 'X', complaints: [] })))).data).toMatchObject({ code: 'invalid-request' })
    expect((await failure(presets(admin).create(malformed({ name: 'X', treatments: 'all' })))).data).toMatchObject({ code: 'invalid-request', path: 'treatments' })
    expect((await failure(presets(admin).find({ query: malformed({ cdb: 'x' }) }))).name).toBe('BadRequest')
    expect(await rows()).toEqual(before)
  })

  it('keeps companies apart and refuses roles without presets', async () => {
    const mine = await presets(admin).create({ name: 'Ours' })
    expect((await failure(presets(other).get(mine._id))).name).toBe('NotFound')
    expect((await failure(presets(other).patch(mine._id, { name: 'Taken' }))).name).toBe('NotFound')
    expect((await presets(other).find({ query: { $limit: 500 } })).data.every((preset) => preset.companyId === other.auth.company._id)).toBe(true)
    const before = await rows()
    for (const call of handledAtOnce([presets(finance).find({}), presets(finance).create({ name: 'Nope' }), presets(doctor).remove(mine._id)])) {
      expect((await failure(call)).data).toMatchObject({ code: 'forbidden' })
    }
    expect(await rows()).toEqual(before)
    await presets(admin).remove(mine._id)
    expect(await server.db('trash').where({ recordId: mine._id }).first()).toBeDefined()
  })
})
