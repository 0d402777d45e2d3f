import { engines, failure, nextEvent, receivesEvent, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'

/** `service` and `service-categories`: the catalogue of services, guarded by the `service` resource. */
describe.each(engines)('service catalogue on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let doctor: SignedIn
  let other: SignedIn
  let noAccess: SignedIn

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Catalogue')
    doctor = await signedInMember(server, admin, { role: 'doctor' })
    other = await server.registerClinic('Other')
    const role = await admin.client.service('roles').create({ name: 'Reception without catalogue', permissions: [{ resource: 'customers', view: true }] })
    noAccess = await signedInMember(server, admin, { roleId: role._id })
  })
  afterAll(() => server.stop())

  const services = (person: SignedIn) => person.client.service('service')
  const categories = (person: SignedIn) => person.client.service('service-categories')
  const rows = () => server.db('services').orderBy('_id')

  it('creates a service with defaults, ranks it last, and reads it back without search columns', async () => {
    const category = await categories(admin).create({ name: 'Therapy' })
    expect(category).toMatchObject({ name: 'Therapy', rank: expect.any(Number), companyId: admin.auth.company._id, createdBy: admin.auth.user._id })
    const first = await services(admin).create({ name: '  Composite filling ', duration: 60, categoryId: category._id, code: 'T-01', price: 45_000_000 })
    expect(first).toEqual({
      _id: expect.any(String),
      companyId: admin.auth.company._id,
      categoryId: category._id,
      name: 'Composite filling',
      code: 'T-01',
      description: null,
      duration: 60,
      bufferTime: 0,
      price: 45_000_000,
      public: true,
      staticPrice: false,
      staticDuration: false,
      requiresConsent: false,
      rank: expect.any(Number),
      color: null,
      archived: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      createdBy: admin.auth.user._id
    })
    const second = await services(admin).create({ name: 'Pulpitis treatment', duration: 90, bufferTime: 10 })
    expect(second.rank).toBeGreaterThan(first.rank)
    expect(await services(admin).get(first._id)).toEqual(first)
    const patched = await services(admin).patch(first._id, { price: 50_000_000, staticPrice: true, code: '', description: 'Light-cured' })
    expect(patched).toMatchObject({ price: 50_000_000, staticPrice: true, code: null, description: 'Light-cured' })
  })

  it('refuses durations, buffers and prices out of range, and another company\'s category, writing nothing', async () => {
    const theirs = await categories(other).create({ name: 'Theirs' })
    const before = await rows()
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'Short', duration: 4 }, 'duration'],
      [{ name: 'Long', duration: 721 }, 'duration'],
      [{ name: 'Fraction', duration: 30.5 }, 'duration'],
      [{ name: 'Buffer', duration: 30, bufferTime: 241 }, 'bufferTime'],
      [{ name: 'Negative', duration: 30, price: -1 }, 'price'],
      [{ name: 'Float money', duration: 30, price: 10.5 }, 'price'],
      [{ name: 'Stranger category', duration: 30, categoryId: theirs._id }, 'categoryId']
    ]
    for (const [data, path] of cases) {
      const error = await failure(services(admin).create(malformed(data)))
      expect([path, error.name, error.data?.path]).toEqual([path, 'BadRequest', path])
    }
    expect((await failure(services(admin).create({ name: '  ', duration: 30 }))).data).toMatchObject({ code: 'field-required', path: 'name' })
    expect((await failure(services(admin).create({ name: 'Stranger', duration: 30, categoryId: theirs._id }))).data).toMatchObject({ code: 'invalid-reference' })
    expect(await rows()).toEqual(before)
  })

  it('finds by name or code prefix, case-insensitively, within the company only', async () => {
    await services(admin).create({ name: 'Ультразвуковая чистка', duration: 45, code: 'HYG-2' })
    await services(admin).create({ name: 'Professional hygiene', duration: 60, code: 'HYG-1' })
    await services(other).create({ name: 'Professional whitening', duration: 60 })
    const names = async (term: string) => (await services(admin).find({ query: { $search: term } })).data.map((row) => row.name).sort()
    expect(await names('PROF')).toEqual(['Professional hygiene'])
    expect(await names('hyg')).toEqual(['Professional hygiene', 'Ультразвуковая чистка'])
    expect(await names('ультра')).toEqual(['Ультразвуковая чистка'])
    expect(await names('hygiene')).toEqual([])
    expect((await services(admin).find({ query: { $search: '   ' } })).total).toBeGreaterThan(2)
  })

  it('filters by category and archived state and sorts by rank or name', async () => {
    const category = await categories(admin).create({ name: 'Surgery' })
    await services(admin).create({ name: 'Wisdom tooth removal', duration: 60, categoryId: category._id })
    await services(admin).create({ name: 'Simple extraction', duration: 30, categoryId: category._id })
    await services(admin).create({ name: 'Old extraction', duration: 30, categoryId: category._id, archived: true })
    const inCategory = await services(admin).find({ query: { categoryId: category._id, archived: false } })
    expect(inCategory.data.map((row) => row.name)).toEqual(['Wisdom tooth removal', 'Simple extraction'])
    const byName = await services(admin).find({ query: { categoryId: category._id, $sort: { name: 1 as const } } })
    expect(byName.data.map((row) => row.name)).toEqual(['Old extraction', 'Simple extraction', 'Wisdom tooth removal'])
    expect((await services(admin).find({ query: { categoryId: null, $limit: 500 } })).data.every((row) => row.categoryId === null)).toBe(true)
  })

  it('refuses unknown query fields and operators', async () => {
    for (const query of [{ searchName: 'a' }, { name: { $regex: 'a' } }, { $sort: { searchName: 1 } }, { $limit: 5000 }]) {
      expect((await failure(services(admin).find({ query: malformed(query) }))).name).toBe('BadRequest')
    }
  })

  it('keeps companies apart: another company\'s service or category is not found', async () => {
    const mine = await services(admin).create({ name: 'Mine', duration: 30 })
    const theirs = await services(other).create({ name: 'Theirs', duration: 30 })
    const theirCategory = await categories(other).create({ name: 'Their category' })
    expect((await failure(services(admin).get(theirs._id))).name).toBe('NotFound')
    expect((await failure(services(other).patch(mine._id, { name: 'Hijacked' }))).name).toBe('NotFound')
    expect((await failure(services(other).remove(mine._id))).name).toBe('NotFound')
    expect((await failure(categories(admin).get(theirCategory._id))).name).toBe('NotFound')
    expect((await services(admin).find({ query: { $limit: 500 } })).data.every((row) => row.companyId === admin.auth.company._id)).toBe(true)
  })

  it('lets a doctor read the catalogue but not change it; a role without `service` gets nothing', async () => {
    const created = await services(admin).create({ name: 'Readable', duration: 30 })
    expect((await services(doctor).get(created._id)).name).toBe('Readable')
    const before = await rows()
    for (const error of await Promise.all([services(doctor).create({ name: 'Nope', duration: 30 }), services(doctor).patch(created._id, { price: 1 }), services(doctor).remove(created._id)].map(failure))) {
      expect(error).toMatchObject({ name: 'Forbidden', data: { code: 'forbidden' } })
    }
    for (const error of await Promise.all([services(noAccess).find(), categories(noAccess).find()].map(failure))) expect(error).toMatchObject({ name: 'Forbidden', data: { code: 'forbidden' } })
    expect(await rows()).toEqual(before)
  })

  it('moves a removed service to trash, from where it comes back whole', async () => {
    const created = await services(admin).create({ name: 'Trashable', duration: 30, code: 'TR-1' })
    await services(admin).remove(created._id)
    expect(await server.db('services').where({ _id: created._id }).first()).toBeUndefined()
    const [item] = (await admin.client.service('trash').find({ query: { service: 'service', recordId: created._id } })).data
    expect(item).toMatchObject({ title: 'Trashable', record: { name: 'Trashable' } })
    expect(item.record).not.toHaveProperty('searchName')
    await admin.client.service('trash').patch(item._id, { restore: true })
    expect((await services(admin).find({ query: { $search: 'tr-1' } })).data.map((row) => row._id)).toEqual([created._id])
  })

  it('tells the company\'s people who may view the catalogue, and nobody else', async () => {
    const heard = nextEvent<{ name: string }>(doctor.client, 'service', 'created')
    const unheard = receivesEvent(noAccess.client, 'service', 'created')
    const theirs = receivesEvent(other.client, 'service', 'created')
    await services(admin).create({ name: 'Evented', duration: 30 })
    expect((await heard).name).toBe('Evented')
    expect(await unheard).toBe(false)
    expect(await theirs).toBe(false)
    const category = nextEvent<{ name: string }>(doctor.client, 'service-categories', 'created')
    await categories(admin).create({ name: 'Evented category' })
    expect((await category).name).toBe('Evented category')
  })

  it('refuses a duplicate category name as a conflict', async () => {
    await categories(admin).create({ name: 'Hygiene' })
    expect((await failure(categories(admin).create({ name: 'Hygiene' }))).name).toBe('Conflict')
    const list = await categories(admin).find()
    const ranks = list.data.map((row) => row.rank)
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
  })
})
