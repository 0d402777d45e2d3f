import { engines, failure, nextEvent, startServer, type SignedIn, type TestServer, handledAtOnce } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'

/** `tags` and `sources`: the company's two lists of labels, alike in every way. */
describe.each(engines)('tags and sources on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let doctor: SignedIn
  let other: SignedIn

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Labels')
    doctor = await signedInMember(server, admin, { role: 'doctor' })
    other = await server.registerClinic('Other')
  })
  afterAll(() => server.stop())

  describe.each(['tags', 'sources'] as const)('%s', (path) => {
    const service = (person: SignedIn) => person.client.service(path)
    const rows = () => server.db(path).orderBy('_id')

    it('creates, reads, renames and removes an entry', async () => {
      const created = await service(admin).create({ name: '  Instagram ', color: '#ff0000' })
      expect(created).toEqual({
        _id: expect.any(String),
        companyId: admin.auth.company._id,
        name: 'Instagram',
        color: '#ff0000',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        createdBy: admin.auth.user._id
      })
      expect(await service(admin).get(created._id)).toEqual(created)
      expect(await service(admin).patch(created._id, { name: 'Telegram', color: null })).toMatchObject({ name: 'Telegram', color: null })
      await service(admin).remove(created._id)
      expect(await server.db(path).where({ _id: created._id }).first()).toBeUndefined()
    })

    it('lets anyone signed in read the list, but only permitted roles change it', async () => {
      const created = await service(admin).create({ name: `Readable ${path}` })
      expect((await service(doctor).find()).data.map((entry) => entry._id)).toContain(created._id)
      const before = await rows()
      for (const call of handledAtOnce([service(doctor).create({ name: 'Nope' }), service(doctor).patch(created._id, { name: 'Nope' }), service(doctor).remove(created._id)])) {
        const error = await failure(call)
        expect({ name: error.name, code: error.data?.code }).toEqual({ name: 'Forbidden', code: 'forbidden' })
      }
      expect(await rows()).toEqual(before)
    })

    it('refuses a blank name, a duplicate name and a bad colour, writing nothing', async () => {
      await service(admin).create({ name: `Unique ${path}` })
      const before = await rows()
      expect((await failure(service(admin).create({ name: '   ' }))).data).toMatchObject({ code: 'field-required', path: 'name' })
      expect((await failure(service(admin).create({ name: `Unique ${path}` }))).name).toBe('Conflict')
      expect((await failure(service(admin).create({ name: 'Coloured', color: 'blue' }))).data).toMatchObject({ code: 'invalid-request', path: 'color' })
      expect(await rows()).toEqual(before)
    })

    it('keeps companies apart: the same name twice, and another company\'s entry is not found', async () => {
      const mine = await service(admin).create({ name: `Shared name ${path}` })
      const theirs = await service(other).create({ name: `Shared name ${path}` })
      expect((await failure(service(admin).get(theirs._id))).name).toBe('NotFound')
      expect((await failure(service(other).patch(mine._id, { name: 'Hijacked' }))).name).toBe('NotFound')
      expect((await service(other).find({ query: { $limit: 500 } })).data.every((entry) => entry.companyId === other.auth.company._id)).toBe(true)
    })

    it('tells the company\'s other connections about changes', async () => {
      const heard = nextEvent<{ name: string }>(doctor.client, path, 'created')
      await service(admin).create({ name: `Evented ${path}` })
      expect((await heard).name).toBe(`Evented ${path}`)
    })

    it('belongs to the customers module: switched off, the list is refused', async () => {
      await admin.client.service('company').patch('mine', { modules: { customers: false } })
      try {
        expect((await failure(service(admin).find())).data?.code).toBe('service-not-enabled')
      } finally {
        await admin.client.service('company').patch('mine', { modules: { customers: true } })
      }
    })
  })
})
