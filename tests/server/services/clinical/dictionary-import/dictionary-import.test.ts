import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { uetHundredths } from '../../../../../server/src/services/clinical/manipulations-import/manipulations-import.class'

describe('labour units read from a file', () => {
  it('takes a comma or a point and at most two decimals, within the limit', () => {
    expect(uetHundredths('')).toBeNull()
    expect(uetHundredths('1,5')).toBe(150)
    expect(uetHundredths('0.05')).toBe(5)
    expect(uetHundredths(' 2 ')).toBe(200)
    expect(uetHundredths('1000')).toBe(100_000)
    expect(uetHundredths('1000.01')).toBeUndefined()
    expect(uetHundredths('1.234')).toBeUndefined()
    expect(uetHundredths('-1')).toBeUndefined()
    expect(uetHundredths('half')).toBeUndefined()
  })
})

/** `odb-import`, `diagnose-objectively-import`, `manipulations-import`: a company's own entries from CSV, all or nothing. */
describe.each(engines)('dictionary imports on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let other: SignedIn
  let viewer: SignedIn

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Dictionary imports')
    other = await server.registerClinic('Other dictionary imports')
    const role = await admin.client.service('roles').create({
      name: 'Reads dictionaries',
      permissions: ['odb', 'diagnose-objectively', 'manipulations'].map((resource) => ({ resource, view: true }))
    })
    viewer = await signedInMember(server, admin, { roleId: role._id })
  })
  afterAll(() => server.stop())

  const companyRows = (table: string, companyId: string) => server.db(table).where({ companyId }).orderBy('_id')

  it('adds findings under existing parts (matched by any language) and under new parts, parts before findings', async () => {
    const shippedParts = (await admin.client.service('odb').find({ query: { parentId: null, $limit: 100 } })).data
    const part = shippedParts.find((entry) => entry.titles)!
    const csv = `part;name\n${part.titles!.ru.toUpperCase()};Наш осмотр\nНовый раздел;Первая находка\nНовый раздел;Вторая находка\n;Ещё раздел`
    expect(await admin.client.service('odb-import').create({ csv })).toEqual({ created: 5 })
    const all = (await admin.client.service('odb').find({ query: { $limit: 500 } })).data
    const byName = (name: string) => all.find((entry) => entry.name === name)!
    expect(byName('Наш осмотр')).toMatchObject({ parentId: part._id, titles: null, shippedKey: null, hidden: false })
    expect(byName('Новый раздел').parentId).toBeNull()
    expect(byName('Первая находка').parentId).toBe(byName('Новый раздел')._id)
    expect(byName('Вторая находка').parentId).toBe(byName('Новый раздел')._id)
    expect(byName('Ещё раздел').parentId).toBeNull()
    expect(byName('Вторая находка').rank).toBeGreaterThan(byName('Первая находка').rank)
    // The other company sees none of it.
    expect((await other.client.service('odb').find({ query: { $limit: 500 } })).data.map((entry) => entry.name)).not.toContain('Наш осмотр')
  })

  it('refuses a whole odb file for a name its part already holds or the file repeats, and for a missing name', async () => {
    const before = await companyRows('odb_entries', admin.auth.company._id)
    const csv = 'part,name\nНовый раздел,первая  НАХОДКА\nРаздел Б,Одна\nРаздел Б,одна\nРаздел Б,\n,Новый раздел'
    const error = await failure(admin.client.service('odb-import').create({ csv }))
    expect(error.data).toMatchObject({
      code: 'import-invalid',
      problemCount: 4,
      problems: [
        { line: 2, code: 'conflict', column: 'name' },
        { line: 4, code: 'conflict', column: 'name' },
        { line: 5, code: 'field-required', column: 'name' },
        { line: 6, code: 'conflict', column: 'name' }
      ]
    })
    expect(await companyRows('odb_entries', admin.auth.company._id)).toEqual(before)
    expect((await failure(admin.client.service('odb-import').create({ csv: 'part,title\nA,B' }))).data).toMatchObject({ code: 'import-invalid', problems: [{ line: 1, code: 'field-required', column: 'name' }] })
  })

  it('adds tooth findings with a condition code and a known ICD-10 code, refusing unknown ones', async () => {
    const csv = 'name,condition,icd\nПятно на эмали,c,k02.0\nБез кода,,'
    expect(await admin.client.service('diagnose-objectively-import').create({ csv })).toEqual({ created: 2 })
    const all = (await admin.client.service('diagnose-objectively').find({ query: { $limit: 500 } })).data
    expect(all.find((entry) => entry.name === 'Пятно на эмали')).toMatchObject({ conditionCode: 'C', icdCode: 'K02.0', shippedKey: null })
    expect(all.find((entry) => entry.name === 'Без кода')).toMatchObject({ conditionCode: null, icdCode: null })
    const before = await companyRows('tooth_findings', admin.auth.company._id)
    const shippedName = all.find((entry) => entry.titles)!.titles!.uz
    const bad = `name,condition,icd\nА,XX,\nБ,,Z99.9\n"${shippedName}",,\nВ,,K02.0`
    expect((await failure(admin.client.service('diagnose-objectively-import').create({ csv: bad }))).data).toMatchObject({
      problems: [
        { line: 2, code: 'invalid-request', column: 'condition' },
        { line: 3, code: 'icd-code-unknown', column: 'icd' },
        { line: 4, code: 'conflict', column: 'name' }
      ]
    })
    expect(await companyRows('tooth_findings', admin.auth.company._id)).toEqual(before)
  })

  it('adds manipulations with codes and labour units; a bad line writes nothing', async () => {
    const csv = 'name,code,uet\nНаложение коффердама,,"0,5"\nШинирование,A16.07.019,3.5'
    expect(await admin.client.service('manipulations-import').create({ csv })).toEqual({ created: 2 })
    const all = (await admin.client.service('manipulations').find({ query: { $limit: 500 } })).data
    expect(all.find((entry) => entry.name === 'Наложение коффердама')).toMatchObject({ code: null, uet: 50, hidden: false })
    expect(all.find((entry) => entry.name === 'Шинирование')).toMatchObject({ code: 'A16.07.019', uet: 350 })
    const before = await companyRows('manipulations', admin.auth.company._id)
    const bad = `name,code,uet\nНовая,${'x'.repeat(51)},1\nЕщё,,много\nшинирование,,1\nИнфильтрационная анестезия,,`
    expect((await failure(admin.client.service('manipulations-import').create({ csv: bad }))).data).toMatchObject({
      problemCount: 4,
      problems: [
        { line: 2, code: 'invalid-request', column: 'code' },
        { line: 3, code: 'invalid-request', column: 'uet' },
        { line: 4, code: 'conflict', column: 'name' },
        { line: 5, code: 'conflict', column: 'name' }
      ]
    })
    expect(await companyRows('manipulations', admin.auth.company._id)).toEqual(before)
  })

  it('needs create on the dictionary, and a file with lines', async () => {
    for (const path of ['odb-import', 'diagnose-objectively-import', 'manipulations-import'] as const) {
      expect((await failure(viewer.client.service(path).create({ csv: 'name\nX' }))).name).toBe('Forbidden')
      expect((await failure(admin.client.service(path).create({ csv: 'name' }))).data).toMatchObject({ code: 'import-empty' })
    }
  })
})
