import { engines, failure, handledAtOnce, nextEvent, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'

/** `odb`: objective findings, a tree by part of the examination, shipped entries read-only. */
describe.each(engines)('odb on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let doctor: SignedIn
  let other: SignedIn
  let reception: SignedIn

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Findings')
    doctor = await signedInMember(server, admin, { role: 'doctor' })
    other = await server.registerClinic('Other findings')
    const role = await admin.client.service('roles').create({ name: 'Reception without findings', permissions: [{ resource: 'customers', view: true }] })
    reception = await signedInMember(server, admin, { roleId: role._id })
  })
  afterAll(() => server.stop())

  const odb = (person: SignedIn) => person.client.service('odb')
  const all = async (person: SignedIn, query: Record<string, unknown> = {}) => (await odb(person).find({ query: { $limit: 500, ...query } })).data
  const rows = () => server.db('odb_entries').orderBy('_id')

  it('lists the shipped parts and findings in three languages, the same ones once however often it is read', async () => {
    const [first, second] = await Promise.all([all(admin, { parentId: null }), all(doctor, { parentId: null })])
    expect(second.map((entry) => entry._id)).toEqual(first.map((entry) => entry._id))
    const mucosa = first.find((entry) => entry.shippedKey === 'mucosa')!
    expect(mucosa).toMatchObject({ parentId: null, hidden: false, titles: { ru: 'Слизистая оболочка полости рта', en: 'Oral mucosa', uz: expect.any(String) } })
    const findings = await all(admin, { parentId: mucosa._id })
    expect(findings[0]).toMatchObject({ shippedKey: 'mucosa.pale-pink', name: 'Mucosa pale pink, moist', titles: { ru: 'Слизистая бледно-розовая, влажная' } })
    expect(first.map((entry) => entry.shippedKey)).toEqual(expect.arrayContaining(['bite', 'percussion', 'palpation', 'probing', 'thermal', 'ept']))
    const count = (await rows()).filter((row) => row.companyId === admin.auth.company._id).length
    await all(admin)
    expect((await rows()).filter((row) => row.companyId === admin.auth.company._id)).toHaveLength(count)
  })

  it('adds the company\'s own part and findings, renames, moves and removes them', async () => {
    const part = await odb(admin).create({ name: '  Tongue ' })
    expect(part).toEqual({
      _id: expect.any(String),
      companyId: admin.auth.company._id,
      parentId: null,
      name: 'Tongue',
      titles: null,
      shippedKey: null,
      hidden: false,
      rank: expect.any(Number),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      createdBy: admin.auth.user._id
    })
    const finding = await odb(admin).create({ name: 'Tongue coated', parentId: part._id })
    const second = await odb(admin).create({ name: 'Tongue clean', parentId: part._id })
    expect(second.rank).toBeGreaterThan(finding.rank)
    const bite = (await all(admin, { shippedKey: 'bite' }))[0]
    expect(await odb(admin).patch(second._id, { name: 'Geographic tongue', parentId: bite._id })).toMatchObject({ name: 'Geographic tongue', parentId: bite._id })
    expect((await failure(odb(admin).remove(part._id))).data).toMatchObject({ code: 'odb-has-children' })
    await odb(admin).remove(finding._id)
    await odb(admin).remove(part._id)
    expect(await server.db('odb_entries').where({ _id: part._id }).first()).toBeUndefined()
    expect(await server.db('trash').where({ recordId: part._id }).first()).toBeDefined()
  })

  it('keeps a shipped entry\'s text and place in the tree, but lets the company hide and reorder it', async () => {
    const shipped = (await all(admin, { shippedKey: 'bite.open' }))[0]
    const before = await rows()
    for (const call of handledAtOnce([
      odb(admin).patch(shipped._id, { name: 'Mine now' }),
      odb(admin).patch(shipped._id, { parentId: null }),
      odb(admin).update(shipped._id, { name: 'Replaced' }),
      odb(admin).remove(shipped._id)
    ])) {
      const error = await failure(call)
      expect({ name: error.name, code: error.data?.code }).toEqual({ name: 'BadRequest', code: 'shipped-entry-read-only' })
    }
    expect(await rows()).toEqual(before)
    expect(await odb(admin).patch(shipped._id, { hidden: true, rank: 500 })).toMatchObject({ hidden: true, rank: 500, name: shipped.name })
    expect(await odb(admin).patch(shipped._id, { name: shipped.name, hidden: false })).toMatchObject({ hidden: false })
    expect((await all(admin, { hidden: true })).map((entry) => entry._id)).not.toContain(shipped._id)
  })

  it('refuses a parent of another company, a loop, a third level, unknown fields and a blank name, writing nothing', async () => {
    const theirs = (await all(other, { shippedKey: 'bite' }))[0]
    const part = await odb(admin).create({ name: 'Lips' })
    const child = await odb(admin).create({ name: 'Lips dry', parentId: part._id })
    const before = await rows()
    expect((await failure(odb(admin).create({ name: 'Foreign', parentId: theirs._id }))).data).toMatchObject({ code: 'invalid-reference', path: 'parentId' })
    expect((await failure(odb(admin).patch(part._id, { parentId: child._id }))).data).toMatchObject({ code: 'odb-parent-invalid', path: 'parentId' })
    expect((await failure(odb(admin).patch(part._id, { parentId: part._id }))).data).toMatchObject({ code: 'odb-parent-invalid' })
    expect((await failure(odb(admin).create({ name: 'Too deep', parentId: child._id }))).data).toMatchObject({ code: 'odb-parent-invalid' })
    const bite = (await all(admin, { shippedKey: 'bite' }))[0]
    expect((await failure(odb(admin).patch(part._id, { parentId: bite._id }))).data).toMatchObject({ code: 'odb-parent-invalid' })
    expect((await failure(odb(admin).create(malformed({ name: 'Keyed', shippedKey: 'mine' })))).data).toMatchObject({ code: 'invalid-request' })
    expect((await failure(odb(admin).create(malformed({ name: 'Titled', titles: { ru: 'a', en: 'b', uz: 'c' } })))).data).toMatchObject({ code: 'invalid-request' })
    expect((await failure(odb(admin).create({ name: '   ' }))).data).toMatchObject({ code: 'field-required', path: 'name' })
    expect((await failure(odb(admin).find({ query: malformed({ titles: 'x' }) }))).name).toBe('BadRequest')
    expect(await rows()).toEqual(before)
  })

  it('keeps companies apart', async () => {
    const mine = await odb(admin).create({ name: 'Private finding' })
    expect((await failure(odb(other).get(mine._id))).name).toBe('NotFound')
    expect((await failure(odb(other).patch(mine._id, { hidden: true }))).name).toBe('NotFound')
    expect((await failure(odb(other).remove(mine._id))).name).toBe('NotFound')
    expect((await all(other)).every((entry) => entry.companyId === other.auth.company._id)).toBe(true)
    const shippedIds = new Set((await all(admin, { shippedKey: 'bite' })).map((entry) => entry._id))
    expect((await all(other, { shippedKey: 'bite' })).some((entry) => shippedIds.has(entry._id))).toBe(false)
  })

  it('lets a doctor read but not change the list, and refuses a role without odb', async () => {
    const entry = await odb(admin).create({ name: 'Read by doctors' })
    expect((await odb(doctor).get(entry._id)).name).toBe('Read by doctors')
    const before = await rows()
    for (const call of handledAtOnce([odb(doctor).create({ name: 'Nope' }), odb(doctor).patch(entry._id, { hidden: true }), odb(doctor).remove(entry._id), odb(reception).find({}), odb(reception).get(entry._id)])) {
      const error = await failure(call)
      expect({ name: error.name, code: error.data?.code }).toEqual({ name: 'Forbidden', code: 'forbidden' })
    }
    expect(await rows()).toEqual(before)
  })

  it('tells the company\'s doctors about changes', async () => {
    const heard = nextEvent<{ name: string }>(doctor.client, 'odb', 'created')
    await odb(admin).create({ name: 'Evented finding' })
    expect((await heard).name).toBe('Evented finding')
  })

  it('belongs to the treatment module: switched off, the list is refused', async () => {
    await admin.client.service('company').patch('mine', { modules: { treatment: false } })
    try {
      expect((await failure(odb(admin).find())).data?.code).toBe('service-not-enabled')
    } finally {
      await admin.client.service('company').patch('mine', { modules: { treatment: true } })
    }
  })
})
