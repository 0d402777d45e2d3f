import { engines, failure, handledAtOnce, nextEvent, receivesEvent, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import type { TreatmentTemplate } from '../../../../../server/src/services/clinical/treatment-templates/treatment-templates.shared'

/** `treatment-templates`: per specialty, the diagnoses a template is for and its phases (issue 15, item 3). */
describe.each(engines)('treatment-templates on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let doctor: SignedIn
  let finance: SignedIn
  let other: SignedIn
  let specialtyId: string
  let canal: string
  let crown: string
  let xray: string
  let retired: string
  let bundleId: string
  let archivedBundle: string

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Templates')
    doctor = await signedInMember(server, admin, { role: 'doctor' })
    finance = await signedInMember(server, admin, { role: 'finance' })
    other = await server.registerClinic('Other templates')
    specialtyId = (await admin.client.service('specialty').create({ name: 'Endodontist' }))._id
    const services = admin.client.service('service')
    canal = (await services.create({ name: 'Root canal treatment', duration: 90, price: 450_000_00 }))._id
    crown = (await services.create({ name: 'Zirconia crown', duration: 60, price: 900_000_00 }))._id
    xray = (await services.create({ name: 'Periapical X-ray', duration: 10, price: 40_000_00 }))._id
    retired = (await services.create({ name: 'Old crown', duration: 60 }))._id
    await services.patch(retired, { archived: true })
    bundleId = (await admin.client.service('bundle').create({ name: 'Crown prep', items: [{ serviceId: crown, quantity: 1 }, { serviceId: xray, quantity: 1 }] }))._id
    archivedBundle = (await admin.client.service('bundle').create({ name: 'Old prep', items: [{ serviceId: crown, quantity: 1 }], archived: true }))._id
  })
  afterAll(() => server.stop())

  const templates = (person: SignedIn) => person.client.service('treatment-templates')
  const rows = () => server.db('treatment_templates').orderBy('_id')

  it('stores a specialty\'s template for diagnoses with ordered phases of services and bundles', async () => {
    const created = await templates(doctor).create({
      name: ' Pulpitis: canal and crown ',
      specialtyId,
      icd: ['k04.0 ', 'K04.1'],
      phases: [
        { title: ' Canal ', items: [{ serviceId: xray, quantity: 2 }, { serviceId: canal, quantity: 1 }] },
        { bundleId, items: [] }
      ]
    })
    expect(created).toEqual({
      _id: expect.any(String),
      companyId: admin.auth.company._id,
      name: 'Pulpitis: canal and crown',
      specialtyId,
      icd: ['K04.0', 'K04.1'],
      phases: [
        { title: 'Canal', items: [{ serviceId: xray, quantity: 2 }, { serviceId: canal, quantity: 1 }] },
        { bundleId, items: [] }
      ],
      archived: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      createdBy: doctor.auth.user._id
    })
    expect(await templates(admin).get(created._id)).toEqual(created)
    expect((await templates(doctor).find({ query: { specialtyId, $search: 'PULP' } })).data.map((template) => template._id)).toEqual([created._id])
    expect(await templates(doctor).patch(created._id, { icd: [], phases: [{ items: [{ serviceId: canal, quantity: 1 }] }] })).toMatchObject({ icd: [], phases: [{ items: [{ serviceId: canal, quantity: 1 }] }] })
  })

  it('refuses empty phases, unknown or archived services and bundles, repeated services, bad quantities and unknown codes, writing nothing', async () => {
    const theirService = (await other.client.service('service').create({ name: 'Theirs', duration: 30 }))._id
    const theirBundle = (await other.client.service('bundle').create({ name: 'Theirs', items: [{ serviceId: theirService, quantity: 1 }] }))._id
    const before = await rows()
    const refusal = async (data: Record<string, unknown>) => (await failure(templates(admin).create(malformed({ name: 'X', ...data })))).data
    const line = (serviceId: string, quantity = 1) => ({ serviceId, quantity })
    expect(await refusal({ phases: [] })).toMatchObject({ code: 'invalid-request', path: 'phases' })
    expect(await refusal({ phases: [{ items: [line(canal)] }, { title: 'Empty', items: [] }] })).toMatchObject({ code: 'template-phase-empty', path: 'phases.1' })
    expect(await refusal({ phases: [{ items: [line(canal), line(theirService)] }] })).toMatchObject({ code: 'invalid-reference', path: 'phases.0.items.1.serviceId' })
    expect(await refusal({ phases: [{ bundleId: theirBundle, items: [] }] })).toMatchObject({ code: 'invalid-reference', path: 'phases.0.bundleId' })
    expect(await refusal({ phases: [{ items: [line(canal)] }, { items: [line(retired)] }] })).toMatchObject({ code: 'choice-archived', path: 'phases.1.items.0.serviceId' })
    expect(await refusal({ phases: [{ bundleId: archivedBundle, items: [] }] })).toMatchObject({ code: 'choice-archived', path: 'phases.0.bundleId' })
    expect(await refusal({ phases: [{ items: [line(canal), line(canal, 2)] }] })).toMatchObject({ code: 'bundle-service-repeated', path: 'phases.0.items.1.serviceId' })
    expect(await refusal({ phases: [{ items: [line(canal, 0)] }] })).toMatchObject({ path: 'phases.0.items.0.quantity' })
    expect(await refusal({ phases: [{ items: [line(canal, -1)] }] })).toMatchObject({ path: 'phases.0.items.0.quantity' })
    expect(await refusal({ icd: ['K04.0', 'Z99.9'], phases: [{ items: [line(canal)] }] })).toMatchObject({ code: 'icd-code-unknown', path: 'icd.1' })
    expect(await refusal({ icd: ['pulpitis'], phases: [{ items: [line(canal)] }] })).toMatchObject({ code: 'icd-code-invalid', path: 'icd.0' })
    expect(await refusal({ specialtyId: '0190a5d0-0000-7000-8000-000000000000', phases: [{ items: [line(canal)] }] })).toMatchObject({ code: 'invalid-reference', path: 'specialtyId' })
    expect(await refusal(malformed({ phases: [{ items: [line(canal)], price: 1 }] }))).toMatchObject({ code: 'invalid-request' })
    expect(await rows()).toEqual(before)
  })

  it('refuses a name the company already has, in any case', async () => {
    await templates(admin).create({ name: 'Caries of dentine', phases: [{ items: [{ serviceId: canal, quantity: 1 }] }] })
    const before = await rows()
    expect(await failure(templates(doctor).create({ name: 'CARIES OF DENTINE', phases: [{ items: [{ serviceId: canal, quantity: 1 }] }] }))).toMatchObject({
      name: 'Conflict',
      data: { code: 'name-taken', path: 'name' }
    })
    expect(await rows()).toEqual(before)
  })

  it('keeps a service or bundle archived after it was put in the template', async () => {
    const sealant = (await admin.client.service('service').create({ name: 'Sealant', duration: 15 }))._id
    const prep = (await admin.client.service('bundle').create({ name: 'Temporary prep', items: [{ serviceId: crown, quantity: 1 }] }))._id
    const template = await templates(admin).create({ name: 'Keeps old parts', phases: [{ bundleId: prep, items: [{ serviceId: sealant, quantity: 1 }] }] })
    await admin.client.service('service').patch(sealant, { archived: true })
    await admin.client.service('bundle').patch(prep, { archived: true })
    expect(await templates(admin).patch(template._id, { phases: [{ title: 'Renamed', bundleId: prep, items: [{ serviceId: sealant, quantity: 2 }] }] })).toMatchObject({
      phases: [{ title: 'Renamed', bundleId: prep, items: [{ serviceId: sealant, quantity: 2 }] }]
    })
  })

  it('lets doctors write, refuses roles without presets, keeps companies apart, and tells only the company', async () => {
    const heard = nextEvent<TreatmentTemplate>(admin.client, 'treatment-templates', 'created')
    const foreign = receivesEvent(other.client, 'treatment-templates', 'created')
    const mine = await templates(doctor).create({ name: 'Ours', phases: [{ items: [{ serviceId: canal, quantity: 1 }] }] })
    expect(await heard).toEqual(mine)
    expect(await foreign).toBe(false)
    const before = await rows()
    for (const call of handledAtOnce([templates(finance).find({}), templates(finance).create({ name: 'Nope', phases: [{ items: [{ serviceId: canal, quantity: 1 }] }] }), templates(doctor).remove(mine._id)])) {
      expect((await failure(call)).data).toMatchObject({ code: 'forbidden' })
    }
    expect((await failure(templates(other).get(mine._id))).name).toBe('NotFound')
    expect((await failure(templates(other).patch(mine._id, { name: 'Taken' }))).name).toBe('NotFound')
    expect((await templates(other).find({ query: { $limit: 100 } })).data.every((template) => template.companyId === other.auth.company._id)).toBe(true)
    expect(await rows()).toEqual(before)
    await templates(admin).remove(mine._id)
    expect(await server.db('trash').where({ recordId: mine._id, service: 'treatment-templates' }).first()).toBeDefined()
  })
})
