import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'

interface Problems {
  code?: string
  problems?: Array<{ line: number; code: string; column?: string }>
  problemCount?: number
}

/** `icd-import`: a company's own codes from CSV, line by line checked, all or nothing. */
describe.each(engines)('icd-import on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let other: SignedIn

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Importer')
    other = await server.registerClinic('Bystander')
  })
  afterAll(() => server.stop())

  const importCsv = (person: SignedIn, csv: string) => person.client.service('icd-import').create({ csv })
  const ownRows = () => server.db('icd').whereNotNull('companyId').orderBy('_id')

  it('imports codes under shipped parents and under each other in any order, quotes and semicolons included', async () => {
    const csv = [
      'code;parent;ru;en;uz;fi',
      'k02.11;K02.10;"Кариес; пигментированный";Pigmented;;',
      'K02.10;K02.1;Кариес дентина начальный;Early dentine caries;Boshlang\'ich dentin kariyesi;',
      '"Q01";;"Своя группа ""А""";;;'
    ].join('\r\n')
    expect(await importCsv(admin, csv)).toEqual({ created: 3 })
    const icd = admin.client.service('icd')
    const [early] = (await icd.find({ query: { code: 'K02.10' } })).data
    const [pigmented] = (await icd.find({ query: { code: 'K02.11' } })).data
    expect(early.parentId).toBe((await icd.find({ query: { code: 'K02.1' } })).data[0]._id)
    expect(pigmented).toMatchObject({ parentId: early._id, titles: { ru: 'Кариес; пигментированный', en: 'Pigmented' }, companyId: admin.auth.company._id })
    expect((await icd.find({ query: { code: 'Q01' } })).data[0].titles).toEqual({ ru: 'Своя группа "А"' })
    expect((await icd.find({ query: { text: 'пигментированный' } })).total).toBe(1)
    expect((await other.client.service('icd').find({ query: { text: 'пигментированный' } })).total).toBe(0)
    const activity = await server.db('user_activities').where({ companyId: admin.auth.company._id, service: 'icd-import' })
    expect(activity).toHaveLength(1)
  })

  it('lists every bad line with its column and writes nothing', async () => {
    const before = await ownRows()
    const csv = [
      'code,parent,ru,en',
      'K09.10,K09.1,Хорошая строка,Good line',
      'K02.1,,Уже есть,Taken',
      'bad code,,Плохой код,Bad',
      'K09.11,Z99.9,Нет родителя,No parent',
      'K09.12,,,',
      'K09.13,K09.14,Петля,Loop',
      'K09.14,K09.13,Петля,Loop',
      `K09.15,,${'я'.repeat(301)},Too long`,
      'K09.10,,Дубль в файле,Twice'
    ].join('\n')
    const error = await failure(importCsv(admin, csv))
    const data = error.data as Problems
    expect({ name: error.name, code: data.code }).toEqual({ name: 'BadRequest', code: 'import-invalid' })
    expect(data.problems).toEqual([
      { line: 3, code: 'code-taken', column: 'code' },
      { line: 4, code: 'code-invalid', column: 'code' },
      { line: 5, code: 'parent-not-found', column: 'parent' },
      { line: 6, code: 'title-required', column: 'ru|en|uz|fi' },
      { line: 9, code: 'invalid-request', column: 'ru' },
      { line: 10, code: 'code-taken', column: 'code' }
    ])
    expect(await ownRows()).toEqual(before)
    const loop = await failure(importCsv(admin, 'code,parent,en\nK09.13,K09.14,Loop\nK09.14,K09.13,Loop'))
    expect((loop.data as Problems).problems).toEqual([{ line: 2, code: 'parent-cycle', column: 'parent' }, { line: 3, code: 'parent-cycle', column: 'parent' }])
    expect(await ownRows()).toEqual(before)
  })

  it('refuses a file without a code column, without title columns, or without lines', async () => {
    expect((await failure(importCsv(admin, 'parent,ru\n,Нет кода'))).data).toMatchObject({ code: 'import-invalid', problems: [{ line: 1, code: 'field-required', column: 'code' }] })
    expect((await failure(importCsv(admin, 'code,parent\nK09.20,'))).data).toMatchObject({ problems: [{ line: 1, code: 'field-required', column: 'ru|en|uz|fi' }] })
    expect((await failure(importCsv(admin, 'code,ru\n'))).data?.code).toBe('import-empty')
    expect((await failure(importCsv(admin, `code,en\n${Array.from({ length: 2001 }, (_, index) => `Z${index},x`).join('\n')}`))).data?.code).toBe('import-too-large')
    expect((await failure(admin.client.service('icd-import').create(malformed({ csv: 'code,en\nA1,x', extra: true })))).data?.code).toBe('invalid-request')
  })

  it('needs icd: create', async () => {
    const doctor = await signedInMember(server, admin, { role: 'doctor' })
    const error = await failure(importCsv(doctor, 'code,en\nK09.30,Doctor'))
    expect({ name: error.name, code: error.data?.code }).toEqual({ name: 'Forbidden', code: 'forbidden' })
  })
})
