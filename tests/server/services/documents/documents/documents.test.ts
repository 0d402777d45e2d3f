import crypto from 'node:crypto'
import { pdfText, pageSizes } from '../../../support/pdf-reader'
import { engines, failure, nextEvent, receivesEvent, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { openClinic, type Clinic } from '../../../support/appointment-fixtures'
import { visitWithTreatments, invoicesOf, paymentsOf, key } from '../../billing/billing-fixtures'
import type { PrintedDocument } from '../../../../../server/src/services/documents/documents/documents.shared'

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex')
const textOf = pdfText

describe.each(engines)('printed documents (documents, print-templates) on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let admin: SignedIn
  let other: SignedIn
  let filling: string
  let planId: string

  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
    admin = clinic.admin
    other = await server.registerClinic('Elsewhere')
    await admin.client.service('customers').patch(clinic.customerId, { first_name: 'Айно', last_name: 'Виртанен', middle_name: 'Петровна' })
    filling = (await admin.client.service('service').create({ name: 'Пломба композитная', code: 'F-01', duration: 40, price: 150_000 }))._id
    const plan = await clinic.doctor.client.service('treatment-plan').create({
      customerId: clinic.customerId,
      title: 'Санация',
      phases: [{ title: 'Терапия', items: [{ serviceId: filling, teeth: [{ tooth: 36, surfaces: ['M', 'O'] }], quantity: 2 }] }]
    })
    planId = plan._id
  })
  afterAll(() => server.stop())

  const documents = (who: SignedIn = admin) => who.client.service('documents')
  const documentCount = async () => Number((await server.db('documents').count({ total: '*' }))[0].total)
  /** The PDF through the signed link of the answer, as a browser opens it. */
  const download = async (document: PrintedDocument) => {
    const response = await fetch(`${server.url}${document.file!.file}`)
    expect([response.status, response.headers.get('content-type')]).toEqual([200, 'application/pdf'])
    return Buffer.from(await response.arrayBuffer())
  }

  it('prints a treatment plan: the PDF is stored under its SHA-256 and reads the patient, teeth, prices and the total in words', async () => {
    const created = nextEvent<PrintedDocument>(admin.client, 'documents', 'created')
    const document: PrintedDocument = await documents().create({ kind: 'treatment-plan', sourceId: planId, language: 'ru' })
    expect(document).toMatchObject({
      kind: 'treatment-plan', language: 'ru', customerId: clinic.customerId, branchId: clinic.branchId, sourceId: planId,
      version: 1, copy: false, copyOf: null, paper: 'A4', status: 'printed', createdBy: admin.auth.user._id
    })
    expect(document).not.toHaveProperty('context')
    expect((await created)._id).toBe(document._id)
    const bytes = await download(document)
    expect([sha256(bytes), bytes.length]).toEqual([document.sha256, document.size])
    const text = await textOf(bytes)
    for (const expected of ['Виртанен Айно Петровна', '36 MO', 'Пломба композитная', '3 000,00', 'Три тысячи сумов 00 тийинов']) expect(text).toContain(expected)
  })

  it('marks an unchanged reprint as a copy of its version, and a changed one as the next version', async () => {
    const first = (await documents().find({ query: { customerId: clinic.customerId, kind: 'treatment-plan' } })).data.at(-1)!
    const copy: PrintedDocument = await documents().create({ kind: 'treatment-plan', sourceId: planId, language: 'ru' })
    expect(copy).toMatchObject({ version: first.version, copy: true, copyOf: first._id })
    expect(copy.sha256).not.toBe(first.sha256)
    expect(await textOf(await download(copy))).toMatch(/КОПИЯ/i)
    await clinic.doctor.client.service('treatment-plan').patch(planId, { title: 'Санация полости рта' })
    const next: PrintedDocument = await documents().create({ kind: 'treatment-plan', sourceId: planId, language: 'ru' })
    expect(next).toMatchObject({ version: first.version + 1, copy: false, copyOf: null })
    // The plan in Uzbek is a document of its own beside the Russian one.
    const uzbek: PrintedDocument = await documents().create({ kind: 'treatment-plan', sourceId: planId, language: 'uz' })
    expect(uzbek).toMatchObject({ language: 'uz', version: 1, copy: false })
    const list = await documents().find({ query: { customerId: clinic.customerId } })
    expect(list.data.map((document: PrintedDocument) => document._id).slice(0, 4)).toEqual([uzbek._id, next._id, copy._id, first._id])
  })

  it('prints a consent, a 043/у card with the diagnosis and a receipt on 58 mm paper, in Uzbek too', async () => {
    const consent: PrintedDocument = await documents().create({ kind: 'consent', customerId: clinic.customerId, procedure: 'Удаление зуба 38', language: 'ru' })
    expect(await textOf(await download(consent))).toContain('Удаление зуба 38')
    await clinic.doctor.client.service('exam').create({
      customerId: clinic.customerId, complaints: { text: 'Боль от холодного' }, toothCodes: [{ tooth: 36, code: 'C' }],
      diagnoses: [{ kind: 'final', icdCode: 'K02.1', teeth: [36] }]
    })
    for (const language of ['ru', 'uz'] as const) {
      const card: PrintedDocument = await documents().create({ kind: 'medical-card-043', customerId: clinic.customerId, language })
      const text = await textOf(await download(card))
      for (const expected of ['K02.1', '36', 'Виртанен']) expect(text).toContain(expected)
      if (language === 'ru') expect(text).toContain('Боль от холодного')
    }
    const { visitId } = await visitWithTreatments(clinic, filling, [150_000])
    const invoice = await invoicesOf(admin).create({ customerId: clinic.customerId, appointmentId: visitId })
    const payment = await paymentsOf(admin).create({ clientKey: key(), customerId: clinic.customerId, method: 'cash', amount: invoice.total, allocations: [{ invoiceId: invoice._id, amount: invoice.total }] })
    const receipt: PrintedDocument = await documents().create({ kind: 'receipt', sourceId: payment._id, paper: '58mm', language: 'ru' })
    expect(receipt).toMatchObject({ kind: 'receipt', paper: '58mm', customerId: clinic.customerId })
    const bytes = await download(receipt)
    expect(pageSizes(bytes)[0][0]).toBeCloseTo(164.41, 1)
    expect(await textOf(bytes)).toContain('1 500,00')
  })

  it('refuses what it cannot print and writes nothing', async () => {
    const before = await documentCount()
    const cases: Array<[unknown, string, string | undefined]> = [
      [{ kind: 'consent', customerId: clinic.customerId }, 'field-required', 'procedure'],
      [{ kind: 'treatment-plan' }, 'field-required', 'sourceId'],
      [{ kind: 'contract' }, 'field-required', 'customerId'],
      [{ kind: 'daily-log-037', date: '2026-13-45' }, 'invalid-request', undefined],
      [{ kind: 'poster', customerId: clinic.customerId }, 'invalid-request', undefined],
      [{ kind: 'contract', customerId: clinic.customerId, extra: 1 }, 'invalid-request', undefined]
    ]
    for (const [data, code, path] of cases) {
      const error = await failure(documents().create(malformed(data)))
      expect([JSON.stringify(data), error.name, error.data?.code]).toEqual([JSON.stringify(data), 'BadRequest', code])
      if (path) expect(error.data?.path).toBe(path)
    }
    const remove = await failure((documents() as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>).remove('0190a0a0-0000-7000-8000-000000000001', {}))
    expect(remove.name).toBe('MethodNotAllowed')
    // The one patch withdraws a request for a signature (document-signatures.test.ts); anything else is refused.
    const patch = await failure(documents().patch('0190a0a0-0000-7000-8000-000000000001', malformed({ title: 'Changed' })))
    expect(patch.name).toBe('BadRequest')
    expect(await documentCount()).toBe(before)
  })

  it('keeps documents within the company, the patient\'s visibility and the documents permission, by id and by guessed address', async () => {
    const printed: PrintedDocument = await documents().create({ kind: 'contract', customerId: clinic.customerId, language: 'ru' })
    const before = await documentCount()
    expect((await failure(documents(other).create({ kind: 'contract', customerId: clinic.customerId }))).name).toMatch(/BadRequest|NotFound/)
    expect((await failure(documents(other).create({ kind: 'treatment-plan', sourceId: planId }))).name).toBe('NotFound')
    expect((await failure(documents(other).get(printed._id))).name).toBe('NotFound')
    expect(await receivesEvent(other.client, 'documents', 'created', 300)).toBe(false)
    const finance = await signedInMember(server, admin, { role: 'finance' })
    expect((await failure(documents(finance).find({ query: { customerId: clinic.customerId } }))).name).toBe('Forbidden')
    expect(await documentCount()).toBe(before)
    // The address without its signature, with a forged one, or with another clinic's token.
    const bare = `${server.url}/documents/${printed._id}/file`
    expect((await fetch(bare)).status).toBe(401)
    expect((await fetch(`${server.url}${printed.file!.file.replace(/sig=[^&]+/, 'sig=forged')}`)).status).toBe(401)
    expect((await fetch(bare, { headers: { Authorization: `Bearer ${other.auth.accessToken}` } })).status).toBe(404)
    expect((await fetch(bare, { headers: { Authorization: `Bearer ${admin.auth.accessToken}` } })).status).toBe(200)
  })

  it('prints the clinic\'s own texts of a kind and language, and the shipped ones again once removed; only company editors change them', async () => {
    const templates = admin.client.service('print-templates')
    const own = await templates.create({ kind: 'contract', language: 'ru', title: ' Договор клиники «Улыбка» ', intro: 'Пациент {{patient.fullName}} и клиника {{company.name}} договорились.', closing: '', signatures: ['Пациент', ' '] })
    expect(own).toMatchObject({ title: 'Договор клиники «Улыбка»', signatures: ['Пациент'] })
    const printed: PrintedDocument = await documents().create({ kind: 'contract', customerId: clinic.customerId, language: 'ru' })
    expect(printed.title).toBe('Договор клиники «Улыбка»')
    expect(await textOf(await download(printed))).toContain('Пациент Виртанен Айно Петровна и клиника')
    expect((await failure(templates.create({ kind: 'contract', language: 'ru', title: 'Again', intro: '', closing: '', signatures: [] }))).name).toBe('Conflict')
    expect((await failure(clinic.doctor.client.service('print-templates').patch(own._id, { title: 'Mine' }))).name).toBe('Forbidden')
    expect((await failure(templates.create(malformed({ kind: 'contract', language: 'de', title: 'x', intro: '', closing: '', signatures: [] })))).name).toBe('BadRequest')
    expect((await failure(other.client.service('print-templates').get(own._id))).name).toBe('NotFound')
    await templates.remove(own._id)
    const shipped: PrintedDocument = await documents().create({ kind: 'contract', customerId: clinic.customerId, language: 'ru' })
    expect(shipped.title).not.toBe('Договор клиники «Улыбка»')
  })
})
