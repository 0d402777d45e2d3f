import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { shippedComplaints } from '../../../../../domain/clinical/codes/complaints'
import type { Complaint } from '../../../../../server/src/services/clinical/cdb/cdb.shared'

/** `cdb`: the complaints list, shipped complaints beside the company's own, filtered by ICD code. */
describe.each(engines)('cdb on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let doctor: SignedIn
  let other: SignedIn

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Complaints')
    doctor = await signedInMember(server, admin, { role: 'doctor' })
    other = await server.registerClinic('Other complaints')
  })
  afterAll(() => server.stop())

  const cdb = (person: SignedIn) => person.client.service('cdb')
  const keys = (rows: Complaint[]) => rows.map((row) => row.key)

  it('lists the shipped complaints in order, with every title and their codes', async () => {
    const page = await cdb(doctor).find({ query: { $sort: { rank: 1 } as const, $limit: 100 } })
    expect(keys(page.data)).toEqual(shippedComplaints.map((entry) => entry.key))
    expect(page.data[0]).toEqual({
      _id: expect.any(String),
      companyId: null,
      key: 'bite-pain',
      rank: 10,
      titles: { ru: 'Острая боль при накусывании', en: 'Sharp pain on biting', uz: 'Tishlaganda o\'tkir og\'riq', fi: 'Terävä kipu purressa' },
      icdCodes: ['K04.4', 'K04.5'],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      createdBy: null
    })
  })

  it('filters by an ICD code (and its category) and by words in any language', async () => {
    const k021 = await cdb(doctor).find({ query: { icd: 'k02.1', $sort: { rank: 1 } as const } })
    expect(keys(k021.data)).toEqual(['cold-pain', 'sweet-pain', 'stimulus-pain', 'cavity'])
    expect(keys((await cdb(doctor).find({ query: { icd: 'K07.6' } })).data).sort()).toEqual(['jaw-clicking', 'mouth-opening'])
    expect(keys((await cdb(doctor).find({ query: { text: 'КРОВОТОЧИВОСТЬ' } })).data)).toEqual(['bleeding-gums'])
    expect(keys((await cdb(doctor).find({ query: { text: 'gums brushing' } })).data)).toEqual(['bleeding-gums'])
    expect(keys((await cdb(doctor).find({ query: { text: 'milk qonaydi' } })).data)).toEqual(['bleeding-gums'])
    expect((await failure(cdb(doctor).find({ query: { icd: 'K02.1%' } }))).name).toBe('BadRequest')
  })

  it('keeps shipped complaints read-only', async () => {
    const [first] = (await cdb(admin).find({ query: { key: 'bite-pain' } })).data
    for (const call of [cdb(admin).patch(first._id, { rank: 1 }), cdb(admin).remove(first._id)]) {
      expect((await failure(call)).data?.code).toBe('shipped-entry-read-only')
    }
  })

  it('creates, changes and removes an own complaint tied to shipped and own codes, to the trash', async () => {
    await admin.client.service('icd').create({ code: 'K02.10', parentCode: 'K02.1', titles: { ru: 'Свой код' } })
    const created = await cdb(admin).create({ titles: { ru: ' Боль от кислого ', en: 'Pain from sour food', uz: '' }, icdCodes: ['k02.1', 'K02.10', 'K02.1'] })
    expect(created).toMatchObject({ companyId: admin.auth.company._id, key: null, rank: 0, titles: { ru: 'Боль от кислого', en: 'Pain from sour food' }, icdCodes: ['K02.1', 'K02.10'] })
    expect(keys((await cdb(doctor).find({ query: { icd: 'K02.10', text: 'кислого' } })).data)).toEqual([null])
    const changed = await cdb(admin).patch(created._id, { icdCodes: ['K03.2'], rank: 5 })
    expect(changed).toMatchObject({ icdCodes: ['K03.2'], rank: 5, titles: { ru: 'Боль от кислого' } })
    expect((await cdb(doctor).find({ query: { icd: 'K02.1', text: 'кислого' } })).data).toEqual([])
    expect((await cdb(doctor).find({ query: { icd: 'K03.2', text: 'кислого' } })).total).toBe(1)
    const stored = await server.db('cdb').where({ _id: created._id }).first()
    await cdb(admin).remove(created._id)
    const [item] = (await admin.client.service('trash').find({ query: { service: 'cdb', recordId: created._id } })).data
    expect(item.title).toBe('Боль от кислого')
    // Restored exactly: the hidden search and code columns come back, so filters find it again.
    await admin.client.service('trash').patch(item._id, { restore: true })
    expect(await server.db('cdb').where({ _id: created._id }).first()).toEqual(stored)
    expect((await cdb(doctor).find({ query: { icd: 'K03.2', text: 'кислого' } })).total).toBe(1)
  })

  it('refuses unknown codes, no title and unknown fields, writing nothing', async () => {
    const before = await server.db('cdb').orderBy('_id')
    expect((await failure(cdb(admin).create({ titles: { ru: 'Жалоба' }, icdCodes: ['Z99.9'] }))).data).toMatchObject({ code: 'icd-code-unknown', path: 'icdCodes.0' })
    expect((await failure(cdb(admin).create({ titles: { ru: '  ' } }))).data).toMatchObject({ code: 'title-required' })
    expect((await failure(cdb(admin).create(malformed({ titles: { ru: 'Жалоба' }, key: 'bite-pain' })))).data?.code).toBe('invalid-request')
    // Another company's own code is not one this company can tie a complaint to.
    await other.client.service('icd').create({ code: 'Q77', titles: { ru: 'Чужой код' } })
    expect((await failure(cdb(admin).create({ titles: { ru: 'Жалоба' }, icdCodes: ['Q77'] }))).data?.code).toBe('icd-code-unknown')
    expect(await server.db('cdb').orderBy('_id')).toEqual(before)
  })

  it('keeps own complaints within the company and needs cdb permissions', async () => {
    const mine = await cdb(admin).create({ titles: { ru: 'Наша жалоба' } })
    expect((await failure(cdb(other).get(mine._id))).name).toBe('NotFound')
    expect((await cdb(other).find({ query: { text: 'наша жалоба' } })).total).toBe(0)
    expect((await failure(cdb(doctor).patch(mine._id, { rank: 1 }))).name).toBe('Forbidden')
    const role = await admin.client.service('roles').create({ name: 'No complaints', permissions: [{ resource: 'icd', view: true }] })
    const clerk = await signedInMember(server, admin, { roleId: role._id })
    expect((await failure(cdb(clerk).find())).data?.code).toBe('forbidden')
  })

  it('imports complaints from CSV, all or nothing', async () => {
    const good = 'ru,en,icd\n"Боль, когда жую",Pain when chewing,K04.4 k04.5\nЗуб шатается,,K05.3|K05.4'
    expect(await admin.client.service('cdb-import').create({ csv: good })).toEqual({ created: 2 })
    expect(keys((await cdb(doctor).find({ query: { text: 'когда жую' } })).data)).toEqual([null])
    const before = await server.db('cdb').orderBy('_id')
    const bad = 'ru,en,icd\nХорошая,Good,K02\n,,K02\nПлохой код,Bad code,Z99'
    const error = await failure(admin.client.service('cdb-import').create({ csv: bad }))
    expect(error.data).toMatchObject({ code: 'import-invalid', problems: [{ line: 3, code: 'title-required' }, { line: 4, code: 'icd-code-unknown', column: 'icd' }] })
    expect(await server.db('cdb').orderBy('_id')).toEqual(before)
    expect((await failure(doctor.client.service('cdb-import').create({ csv: good }))).name).toBe('Forbidden')
  })
})
