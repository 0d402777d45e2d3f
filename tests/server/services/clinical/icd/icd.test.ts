import { engines, failure, nextEvent, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { shippedIcdCodes } from '../../../../../domain/clinical/codes/icd10-dental'
import type { IcdCode } from '../../../../../server/src/services/clinical/icd/icd.shared'

/** `icd`: the shipped ICD-10 tree beside each company's own codes. */
describe.each(engines)('icd on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let doctor: SignedIn
  let other: SignedIn

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Codes')
    doctor = await signedInMember(server, admin, { role: 'doctor' })
    other = await server.registerClinic('Other codes')
  })
  afterAll(() => server.stop())

  const icd = (person: SignedIn) => person.client.service('icd')
  const codesOf = (rows: IcdCode[]) => rows.map((row) => row.code)
  const byCode = async (code: string) => (await icd(admin).find({ query: { code, $limit: 1 } })).data[0]

  it('reads the shipped tree by parentId, chapters first, in code order', async () => {
    const roots = await icd(doctor).find({ query: { parentId: null, $sort: { code: 1 } as const } })
    expect(codesOf(roots.data)).toEqual(['XI', 'XIX'])
    const blocks = await icd(doctor).find({ query: { parentId: roots.data[0]._id } })
    expect(codesOf(blocks.data)).toEqual(['K00-K14'])
    const categories = await icd(doctor).find({ query: { parentId: blocks.data[0]._id, $sort: { code: 1 } as const, $limit: 100 } })
    expect(codesOf(categories.data)).toEqual(['K00', 'K01', 'K02', 'K03', 'K04', 'K05', 'K06', 'K07', 'K08', 'K09', 'K10', 'K11', 'K12', 'K13', 'K14'])
    const caries = categories.data.find((row) => row.code === 'K02')!
    const subcategories = await icd(doctor).find({ query: { parentId: caries._id, $sort: { code: 1 } as const } })
    expect(codesOf(subcategories.data)).toEqual(['K02.0', 'K02.1', 'K02.2', 'K02.3', 'K02.4', 'K02.8', 'K02.9'])
    expect(subcategories.data[1]).toEqual({
      _id: expect.any(String),
      companyId: null,
      system: 'ICD-10',
      code: 'K02.1',
      kind: 'subcategory',
      parentId: caries._id,
      titles: { ru: 'Кариес дентина', en: 'Caries of dentine', uz: 'Dentin kariyesi' },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      createdBy: null
    })
    expect(await icd(doctor).get(caries._id)).toMatchObject({ code: 'K02', titles: { fi: 'Hammaskaries' } })
  })

  it('ships every code to every company, with the same ids', async () => {
    const mine = await icd(admin).find({ query: { $limit: 500 } })
    const theirs = await icd(other).find({ query: { $limit: 500 } })
    expect(mine.total).toBe(shippedIcdCodes.length)
    expect(theirs.data.map((row) => row._id).sort()).toEqual(mine.data.map((row) => row._id).sort())
  })

  it('finds codes by a code prefix ($regex ^) and by a part of the code', async () => {
    const prefix = await icd(doctor).find({ query: { code: { $regex: '^k04', $options: 'i' }, $sort: { code: 1 } as const } })
    expect(codesOf(prefix.data)).toEqual(['K04', 'K04.0', 'K04.1', 'K04.2', 'K04.3', 'K04.4', 'K04.5', 'K04.6', 'K04.7', 'K04.8', 'K04.9'])
    const part = await icd(doctor).find({ query: { code: { $regex: '2.5', $options: 'i' } } })
    expect(codesOf(part.data)).toEqual(['S02.5'])
    // Wildcards are text, not syntax: nothing is "anything".
    expect((await icd(doctor).find({ query: { code: { $regex: '%', $options: 'i' } } })).data).toEqual([])
  })

  it('finds codes by Russian, English and Uzbek words in any case, all words required', async () => {
    expect(codesOf((await icd(doctor).find({ query: { text: 'КАРИЕС дентина' } })).data)).toEqual(['K02.1'])
    expect(codesOf((await icd(doctor).find({ query: { text: 'пульпит', $sort: { code: 1 } as const } })).data)).toEqual(['K04.0'])
    expect(codesOf((await icd(doctor).find({ query: { text: 'fracture tooth' } })).data)).toEqual(['S02.5'])
    expect(codesOf((await icd(doctor).find({ query: { text: 'Dentin kariyesi' } })).data)).toEqual(['K02.1'])
    expect(codesOf((await icd(doctor).find({ query: { text: 'k05.3' } })).data)).toEqual(['K05.3'])
    expect((await icd(doctor).find({ query: { text: 'кариес несуществующий' } })).data).toEqual([])
  })

  it('keeps shipped codes read-only for everyone, the administrator included', async () => {
    const k02 = await byCode('K02.1')
    const before = await server.db('icd').where({ _id: k02._id }).first()
    for (const call of [icd(admin).patch(k02._id, { titles: { ru: 'Моё' } }), icd(admin).remove(k02._id), icd(admin).update(k02._id, { code: 'K02.1', titles: { ru: 'x' } })]) {
      const error = await failure(call)
      expect({ name: error.name, code: error.data?.code }).toEqual({ name: 'Forbidden', code: 'shipped-entry-read-only' })
    }
    expect(await server.db('icd').where({ _id: k02._id }).first()).toEqual(before)
  })

  it('creates, renames, moves and removes an own code under a shipped one, to the trash and the activity log', async () => {
    const created = await icd(admin).create({ code: ' k02.10 ', parentCode: 'k02.1', titles: { ru: ' Кариес дентина, начальный ', en: '' } })
    const parent = await byCode('K02.1')
    expect(created).toMatchObject({ companyId: admin.auth.company._id, code: 'K02.10', kind: 'subcategory', parentId: parent._id, titles: { ru: 'Кариес дентина, начальный' }, createdBy: admin.auth.user._id })
    expect(codesOf((await icd(doctor).find({ query: { parentId: parent._id } })).data)).toEqual(['K02.10'])
    expect(codesOf((await icd(doctor).find({ query: { text: 'начальный' } })).data)).toEqual(['K02.10'])
    const renamed = await icd(admin).patch(created._id, { titles: { ru: 'Кариес дентина, стадия пятна', en: 'Dentine caries, spot stage' }, parentCode: 'K02' })
    expect(renamed).toMatchObject({ titles: { ru: 'Кариес дентина, стадия пятна', en: 'Dentine caries, spot stage' }, parentId: (await byCode('K02'))._id })
    expect(codesOf((await icd(doctor).find({ query: { text: 'spot stage' } })).data)).toEqual(['K02.10'])
    await icd(admin).remove(created._id)
    expect(await server.db('icd').where({ _id: created._id }).first()).toBeUndefined()
    const trash = await admin.client.service('trash').find({ query: { service: 'icd' } })
    expect(trash.data.map((row) => row.recordId)).toContain(created._id)
    const activity = await server.db('user_activities').where({ recordId: created._id }).select('method')
    expect(activity.map((row) => row.method).sort()).toEqual(['create', 'patch', 'remove'])
    const [trashed] = (await admin.client.service('trash').find({ query: { recordId: created._id } })).data
    expect(trashed.title).toBe('K02.10 Кариес дентина, стадия пятна')
    expect(JSON.stringify(trashed)).not.toContain('"search"')
  })

  it('refuses a taken code, an unknown parent, a loop, no title and a parent with children, writing nothing', async () => {
    const top = await icd(admin).create({ code: 'X01', titles: { en: 'Own group' } })
    const child = await icd(admin).create({ code: 'X01.1', parentCode: 'X01', titles: { en: 'Own child' } })
    const before = await server.db('icd').orderBy('_id')
    const refused = async (call: Promise<unknown>) => {
      const error = await failure(call)
      return { name: error.name, code: error.data?.code, path: error.data?.path }
    }
    expect(await refused(icd(admin).create({ code: 'K02.1', titles: { ru: 'Дубль' } }))).toEqual({ name: 'Conflict', code: 'code-taken', path: 'code' })
    expect(await refused(icd(admin).create({ code: 'X01', titles: { ru: 'Дубль' } }))).toEqual({ name: 'Conflict', code: 'code-taken', path: 'code' })
    expect(await refused(icd(admin).create({ code: 'X02', parentCode: 'Z99', titles: { ru: 'Сирота' } }))).toEqual({ name: 'BadRequest', code: 'parent-not-found', path: 'parentCode' })
    expect(await refused(icd(admin).create({ code: 'X03', titles: { ru: '   ' } }))).toEqual({ name: 'BadRequest', code: 'title-required', path: 'titles' })
    expect(await refused(icd(admin).patch(top._id, { parentCode: 'X01.1' }))).toEqual({ name: 'BadRequest', code: 'parent-cycle', path: 'parentCode' })
    expect(await refused(icd(admin).remove(top._id))).toEqual({ name: 'Conflict', code: 'has-children', path: undefined })
    expect((await failure(icd(admin).create(malformed({ code: 'X04', titles: { ru: 'x' }, companyId: other.auth.company._id })))).data?.code).toBe('invalid-request')
    expect((await failure(icd(admin).create(malformed({ code: 'X05', titles: { de: 'x' } })))).data?.code).toBe('invalid-request')
    expect((await failure(icd(admin).create(malformed({ code: 'bad code!', titles: { en: 'x' } })))).data?.path).toBe('code')
    expect((await failure(icd(admin).find({ query: malformed({ title: 'x' }) }))).name).toBe('BadRequest')
    expect((await failure(icd(admin).find({ query: malformed({ $withShipped: false }) }))).name).toBe('BadRequest')
    expect(await server.db('icd').orderBy('_id')).toEqual(before)
    await icd(admin).remove(child._id)
    await icd(admin).remove(top._id)
  })

  it('keeps a company\'s own codes from every other company', async () => {
    const mine = await icd(admin).create({ code: 'X10', titles: { ru: 'Только наш код' } })
    expect((await failure(icd(other).get(mine._id))).name).toBe('NotFound')
    expect((await failure(icd(other).patch(mine._id, { titles: { ru: 'Чужой' } }))).name).toBe('NotFound')
    expect((await failure(icd(other).remove(mine._id))).name).toBe('NotFound')
    expect((await icd(other).find({ query: { text: 'только наш' } })).data).toEqual([])
    expect((await icd(other).find({ query: { $or: [{ _id: mine._id }, { companyId: admin.auth.company._id }] } })).data).toEqual([])
    // Another company may use the same code for its own entry.
    const theirs = await icd(other).create({ code: 'X10', titles: { ru: 'Их код' } })
    expect(theirs.companyId).toBe(other.auth.company._id)
    expect(await server.db('icd').where({ _id: mine._id }).first()).toMatchObject({ companyId: admin.auth.company._id })
  })

  it('lets a doctor read but not change the list, and refuses a role without icd view', async () => {
    expect((await failure(icd(doctor).create({ code: 'X20', titles: { ru: 'Нельзя' } }))).name).toBe('Forbidden')
    const role = await admin.client.service('roles').create({ name: 'No codes', permissions: [{ resource: 'customers', view: true }] })
    const clerk = await signedInMember(server, admin, { roleId: role._id })
    const error = await failure(icd(clerk).find())
    expect({ name: error.name, code: error.data?.code }).toEqual({ name: 'Forbidden', code: 'forbidden' })
    expect((await failure(icd(clerk).get((await byCode('K02'))._id))).name).toBe('Forbidden')
  })

  it('tells the company\'s connections about an own code', async () => {
    const heard = nextEvent<IcdCode>(doctor.client, 'icd', 'created')
    await icd(admin).create({ code: 'X30', titles: { en: 'Evented' } })
    expect((await heard).code).toBe('X30')
  })
})
