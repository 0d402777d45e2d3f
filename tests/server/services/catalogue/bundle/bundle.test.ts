import { engines, failure, handledAtOnce, nextEvent, receivesEvent, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import type { Bundle } from '../../../../../server/src/services/catalogue/bundle/bundle.shared'

/** `bundle`: a named set of catalogue services with quantities (issue 15, item 3). */
describe.each(engines)('bundle on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let doctor: SignedIn
  let finance: SignedIn
  let other: SignedIn
  let cleaning: string
  let polishing: string
  let fluoride: string
  let retired: string
  let specialtyId: string

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Bundles')
    doctor = await signedInMember(server, admin, { role: 'doctor' })
    finance = await signedInMember(server, admin, { role: 'finance' })
    other = await server.registerClinic('Other bundles')
    const services = admin.client.service('service')
    cleaning = (await services.create({ name: 'Ultrasonic cleaning', duration: 40, price: 30_000_00 }))._id
    polishing = (await services.create({ name: 'Air polishing', duration: 20, price: 15_000_00 }))._id
    fluoride = (await services.create({ name: 'Fluoride varnish', duration: 10, price: 8_000_00 }))._id
    retired = (await services.create({ name: 'Old whitening', duration: 60, price: 1 }))._id
    await services.patch(retired, { archived: true })
    specialtyId = (await admin.client.service('specialty').create({ name: 'Hygienist' }))._id
  })
  afterAll(() => server.stop())

  const bundles = (person: SignedIn) => person.client.service('bundle')
  const rows = () => server.db('bundles').orderBy('_id')

  it('stores a bundle with its lines, trimmed name, no specialty and active by default', async () => {
    const created = await bundles(admin).create({ name: '  Professional hygiene ', items: [{ serviceId: cleaning, quantity: 1 }, { serviceId: polishing, quantity: 2 }] })
    expect(created).toEqual({
      _id: expect.any(String),
      companyId: admin.auth.company._id,
      name: 'Professional hygiene',
      specialtyId: null,
      items: [{ serviceId: cleaning, quantity: 1 }, { serviceId: polishing, quantity: 2 }],
      archived: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      createdBy: admin.auth.user._id
    })
    expect(await bundles(doctor).get(created._id)).toEqual(created)
    const patched = await bundles(admin).patch(created._id, { specialtyId, items: [{ serviceId: fluoride, quantity: 3 }] })
    expect(patched).toMatchObject({ specialtyId, items: [{ serviceId: fluoride, quantity: 3 }] })
    expect(Object.keys(patched)).not.toContain('searchName')
  })

  it('finds by a name prefix in any case, by specialty and by archived state, in name order', async () => {
    await bundles(admin).create({ name: 'Гигиена полости рта', items: [{ serviceId: cleaning, quantity: 1 }], specialtyId })
    await bundles(admin).create({ name: 'Ёлочка', items: [{ serviceId: cleaning, quantity: 1 }], archived: true })
    const names = async (query: Record<string, unknown>) => (await bundles(doctor).find({ query })).data.map((bundle) => bundle.name)
    expect(await names({ $search: 'гиг' })).toEqual(['Гигиена полости рта'])
    expect(await names({ $search: 'ел' })).toEqual(['Ёлочка'])
    expect(await names({ $search: 'PROF' })).toEqual(['Professional hygiene'])
    expect(await names({ archived: true })).toEqual(['Ёлочка'])
    expect(await names({ specialtyId })).toEqual(['Professional hygiene', 'Гигиена полости рта'])
    const all = await names({ archived: false })
    expect(all).toEqual([...all].sort())
  })

  it('refuses an unknown or foreign service, an archived one, a repeated one, zero or negative quantities and no lines, writing nothing', async () => {
    const theirs = (await other.client.service('service').create({ name: 'Theirs', duration: 30 }))._id
    const before = await rows()
    const refusal = async (data: Record<string, unknown>) => (await failure(bundles(admin).create(malformed(data)))).data
    expect(await refusal({ name: 'X', items: [{ serviceId: cleaning, quantity: 1 }, { serviceId: theirs, quantity: 1 }] })).toMatchObject({ code: 'invalid-reference', path: 'items.1.serviceId' })
    expect(await refusal({ name: 'X', items: [{ serviceId: '0190a5d0-0000-7000-8000-000000000000', quantity: 1 }] })).toMatchObject({ code: 'invalid-reference', path: 'items.0.serviceId' })
    expect(await refusal({ name: 'X', items: [{ serviceId: cleaning, quantity: 1 }, { serviceId: retired, quantity: 1 }] })).toMatchObject({ code: 'choice-archived', path: 'items.1.serviceId' })
    expect(await refusal({ name: 'X', items: [{ serviceId: cleaning, quantity: 1 }, { serviceId: cleaning, quantity: 2 }] })).toMatchObject({ code: 'bundle-service-repeated', path: 'items.1.serviceId' })
    expect(await refusal({ name: 'X', items: [{ serviceId: cleaning, quantity: 0 }] })).toMatchObject({ path: 'items.0.quantity' })
    expect(await refusal({ name: 'X', items: [{ serviceId: cleaning, quantity: -2 }] })).toMatchObject({ path: 'items.0.quantity' })
    expect(await refusal({ name: 'X', items: [{ serviceId: cleaning, quantity: 1.5 }] })).toMatchObject({ path: 'items.0.quantity' })
    expect(await refusal({ name: 'X', items: [{ serviceId: cleaning, quantity: 100 }] })).toMatchObject({ path: 'items.0.quantity' })
    expect(await refusal({ name: 'X', items: [] })).toMatchObject({ code: 'invalid-request', path: 'items' })
    expect(await refusal({ name: '   ', items: [{ serviceId: cleaning, quantity: 1 }] })).toMatchObject({ path: 'name' })
    expect(await refusal(malformed({ name: 'X', items: [{ serviceId: cleaning, quantity: 1, price: 5 }] }))).toMatchObject({ code: 'invalid-request' })
    expect((await failure(bundles(admin).find({ query: malformed({ items: 'x' }) }))).name).toBe('BadRequest')
    expect(await rows()).toEqual(before)
  })

  it('refuses a name the company already has, in any case, on create and on rename; another company may use it', async () => {
    const first = await bundles(admin).create({ name: 'Implant start', items: [{ serviceId: cleaning, quantity: 1 }] })
    const second = await bundles(admin).create({ name: 'Implant finish', items: [{ serviceId: cleaning, quantity: 1 }] })
    const before = await rows()
    const taken = await failure(bundles(admin).create({ name: ' implant START ', items: [{ serviceId: polishing, quantity: 1 }] }))
    expect(taken).toMatchObject({ name: 'Conflict', data: { code: 'name-taken', path: 'name' } })
    expect((await failure(bundles(admin).patch(second._id, { name: 'IMPLANT START' }))).data).toMatchObject({ code: 'name-taken', path: 'name' })
    expect(await rows()).toEqual(before)
    // Saving a bundle under its own name is no clash.
    expect(await bundles(admin).patch(first._id, { name: 'Implant start' })).toMatchObject({ name: 'Implant start' })
    const theirService = (await other.client.service('service').create({ name: 'Their cleaning', duration: 30 }))._id
    expect(await bundles(other).create({ name: 'Implant start', items: [{ serviceId: theirService, quantity: 1 }] })).toMatchObject({ name: 'Implant start' })
  })

  it('keeps a service archived after it was put in the bundle, and refuses adding an archived one by patch', async () => {
    const kept = (await admin.client.service('service').create({ name: 'Sealant', duration: 15, price: 5_000_00 }))._id
    const bundle = await bundles(admin).create({ name: 'Kids prevention', items: [{ serviceId: kept, quantity: 4 }] })
    await admin.client.service('service').patch(kept, { archived: true })
    expect(await bundles(admin).patch(bundle._id, { name: 'Kids prevention (old)', items: [{ serviceId: kept, quantity: 2 }, { serviceId: fluoride, quantity: 1 }] })).toMatchObject({
      items: [{ serviceId: kept, quantity: 2 }, { serviceId: fluoride, quantity: 1 }]
    })
    expect((await failure(bundles(admin).patch(bundle._id, { items: [{ serviceId: kept, quantity: 1 }, { serviceId: retired, quantity: 1 }] }))).data).toMatchObject({
      code: 'choice-archived',
      path: 'items.1.serviceId'
    })
    expect((await failure(bundles(admin).patch(bundle._id, { items: [{ serviceId: kept, quantity: 0 }] }))).data).toMatchObject({ path: 'items.0.quantity' })
  })

  it('lets doctors and finance read, only owners and the front desk write, and keeps companies apart', async () => {
    const mine = await bundles(admin).create({ name: 'Ours only', items: [{ serviceId: cleaning, quantity: 1 }] })
    expect((await bundles(finance).get(mine._id))._id).toBe(mine._id)
    expect((await bundles(doctor).find({ query: { $search: 'ours' } })).total).toBe(1)
    const before = await rows()
    for (const call of handledAtOnce([
      bundles(doctor).create({ name: 'Nope', items: [{ serviceId: cleaning, quantity: 1 }] }),
      bundles(doctor).patch(mine._id, { name: 'Nope' }),
      bundles(finance).remove(mine._id),
      bundles(doctor).remove(mine._id)
    ])) {
      expect((await failure(call)).data).toMatchObject({ code: 'forbidden' })
    }
    expect((await failure(bundles(other).get(mine._id))).name).toBe('NotFound')
    expect((await failure(bundles(other).patch(mine._id, { name: 'Taken' }))).name).toBe('NotFound')
    expect((await failure(bundles(other).remove(mine._id))).name).toBe('NotFound')
    expect((await bundles(other).find({ query: { $limit: 100 } })).data.every((bundle) => bundle.companyId === other.auth.company._id)).toBe(true)
    expect(await rows()).toEqual(before)
  })

  it('tells the company\'s people who may view bundles of a change, and no other company', async () => {
    const heard = nextEvent<Bundle>(doctor.client, 'bundle', 'created')
    const foreign = receivesEvent(other.client, 'bundle', 'created')
    const created = await bundles(admin).create({ name: 'Heard by the team', items: [{ serviceId: cleaning, quantity: 2 }] })
    expect(await heard).toEqual(created)
    expect(await foreign).toBe(false)
    const patched = nextEvent<Bundle>(finance.client, 'bundle', 'patched')
    await bundles(admin).patch(created._id, { archived: true })
    expect(await patched).toMatchObject({ _id: created._id, archived: true })
  })

  it('moves a removed bundle to the trash, logs it, and a restore brings it back whole', async () => {
    const bundle = await bundles(admin).create({ name: 'To the trash', items: [{ serviceId: polishing, quantity: 1 }] })
    const removed = nextEvent<Bundle>(doctor.client, 'bundle', 'removed')
    await bundles(admin).remove(bundle._id)
    expect((await removed)._id).toBe(bundle._id)
    expect((await failure(bundles(admin).get(bundle._id))).name).toBe('NotFound')
    const trashed = await server.db('trash').where({ recordId: bundle._id }).first()
    expect(trashed).toMatchObject({ service: 'bundle' })
    const logged = await server.db('user_activities').where({ recordId: bundle._id, service: 'bundle' }).orderBy('createdAt').select('method')
    expect(logged.map((row: { method: string }) => row.method)).toEqual(['create', 'remove'])
    await admin.client.service('trash').patch(trashed._id, { restore: true })
    expect(await bundles(admin).get(bundle._id)).toEqual(bundle)
    // The name is free again while the bundle is in the trash; a restore into a taken name clashes.
    await bundles(admin).remove(bundle._id)
    const again = await bundles(admin).create({ name: 'To the trash', items: [{ serviceId: cleaning, quantity: 1 }] })
    const trashedAgain = await server.db('trash').where({ recordId: bundle._id }).first()
    expect((await failure(admin.client.service('trash').patch(trashedAgain._id, { restore: true }))).data).toMatchObject({ code: 'trash-restore-conflict' })
    expect((await bundles(admin).get(again._id)).items).toEqual([{ serviceId: cleaning, quantity: 1 }])
  })
})
