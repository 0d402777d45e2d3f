import crypto from 'node:crypto'
import { pdfText } from '../../../support/pdf-reader'
import { engines, failure, nextEvent, receivesEvent, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { openClinic, type Clinic } from '../../../support/appointment-fixtures'
import type { PrintedDocument } from '../../../../../server/src/services/documents/documents/documents.shared'
import type { DocumentSignature, DocumentSignatureData } from '../../../../../server/src/services/documents/document-signatures/document-signatures.shared'
import { mediaStoreOf } from '../../../../../server/src/services/customers/media/media-files'
import { mediaKey } from '../../../../../server/src/services/customers/media/media-store'
import { chainHashOf } from '../../../../../server/src/services/documents/document-signatures/document-signing'

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex')
/** A 1×1 PNG: a real one, as a canvas gives. */
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
const STROKES: [number, number, number][][] = [[[10, 10, 0], [20, 14, 16], [30, 22, 33]], [[40, 10, 400], [42, 30, 420]]]

describe.each(engines)('signing documents on a tablet (document-signatures) on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let admin: SignedIn
  let other: SignedIn

  beforeAll(async () => {
    // A signature's PNG may be up to 512 KB: the production limit of a message is 1 MB (MAX_MESSAGE_BYTES), the harness's 100 KB.
    server = await startServer(engine, { maxMessageBytes: 1_000_000 })
    clinic = await openClinic(server)
    admin = clinic.admin
    other = await server.registerClinic('Elsewhere')
    await admin.client.service('customers').patch(clinic.customerId, { first_name: 'Айно', last_name: 'Виртанен' })
  })
  afterAll(() => server.stop())

  const documents = (who: SignedIn = admin) => who.client.service('documents')
  const signatures = (who: SignedIn = admin) => who.client.service('document-signatures')
  const askToSign = (who: SignedIn = admin, procedure = 'Удаление зуба 38'): Promise<PrintedDocument> =>
    documents(who).create({ kind: 'consent', customerId: clinic.customerId, procedure, language: 'ru', forSigning: true })
  const signing = (documentId: string): DocumentSignatureData => ({ documentId, signer: 'patient', strokes: STROKES, image: PNG, deviceId: 'tablet-1', deviceName: 'Reception tablet' })
  /** Signs as `who`; `extra` changes the data, wrong on purpose in the refusal tests. */
  const sign = (documentId: string, who: SignedIn = admin, extra: Record<string, unknown> = {}): Promise<DocumentSignature> =>
    signatures(who).create(Object.keys(extra).length === 0 ? signing(documentId) : malformed<DocumentSignatureData>({ ...signing(documentId), ...extra }))
  const download = async (document: PrintedDocument) => {
    const response = await fetch(`${server.url}${document.file!.file}`)
    expect(response.status).toBe(200)
    return Buffer.from(await response.arrayBuffer())
  }
  const count = async (table: string) => Number((await server.db(table).count({ total: '*' }))[0].total)

  it('prints the next version awaiting a signature, which the kiosk lists; other kinds are refused', async () => {
    const printed: PrintedDocument = await documents().create({ kind: 'consent', customerId: clinic.customerId, procedure: 'Удаление зуба 38', language: 'ru' })
    const awaiting = await askToSign()
    // Never a copy, even of unchanged contents.
    expect(awaiting).toMatchObject({ status: 'awaiting-signature', copy: false, version: printed.version + 1, signatureId: null, unsignedSha256: null })
    const kiosk = await documents().find({ query: { status: 'awaiting-signature', branchId: clinic.branchId } })
    expect(kiosk.data.map((document: PrintedDocument) => document._id)).toContain(awaiting._id)
    expect(kiosk.data.every((document: PrintedDocument) => document.status === 'awaiting-signature')).toBe(true)
    const error = await failure(documents().create({ kind: 'medical-card-043', customerId: clinic.customerId, forSigning: true }))
    expect([error.name, error.data?.code]).toEqual(['BadRequest', 'document-not-signable'])
    // Another clinic's kiosk sees none of them.
    expect((await documents(other).find({ query: { status: 'awaiting-signature' } })).data).toEqual([])
  })

  it('signs: the signed PDF has the signature block, the document is signed and patched live, strokes never leave the server', async () => {
    const awaiting = await askToSign()
    const shown = await download(awaiting)
    const patched = nextEvent<PrintedDocument>(admin.client, 'documents', 'patched', 20_000)
    const created = nextEvent<DocumentSignature>(admin.client, 'document-signatures', 'created', 20_000)
    const signature = await sign(awaiting._id)
    expect(signature).toMatchObject({ documentId: awaiting._id, customerId: clinic.customerId, signer: 'patient', signerName: 'Виртанен Айно', deviceId: 'tablet-1', witnessId: admin.auth.user._id, createdBy: admin.auth.user._id, unsignedSha256: awaiting.sha256 })
    expect(signature).not.toHaveProperty('strokes')
    const event = await patched
    expect(event).toMatchObject({ _id: awaiting._id, status: 'signed', signatureId: signature._id })
    expect(event).not.toHaveProperty('context')
    expect(await created).not.toHaveProperty('strokes')
    const signed: PrintedDocument = await documents().get(awaiting._id)
    expect(signed).toMatchObject({ status: 'signed', signatureId: signature._id, unsignedSha256: sha256(shown), sha256: signature.pdfSha256 })
    const bytes = await download(signed)
    expect(sha256(bytes)).toBe(signed.sha256)
    const text = await pdfText(bytes)
    for (const expected of ['Удаление зуба 38', 'Подписано на планшете', 'Виртанен Айно (пациент)', 'Reception tablet', sha256(shown)]) expect(text).toContain(expected)
    const got: DocumentSignature = await signatures().get(signature._id)
    expect(got).toMatchObject({ verified: true })
    expect(got).not.toHaveProperty('strokes')
    const list = await signatures().find({ query: { customerId: clinic.customerId } })
    expect(list.data.some((item: DocumentSignature) => 'strokes' in item)).toBe(false)
    // The strokes are kept, on the server only.
    const row = await server.db('document_signatures').where({ _id: signature._id }).first()
    expect(JSON.parse(typeof row.strokes === 'string' ? row.strokes : JSON.stringify(row.strokes))).toEqual(STROKES)
    // The activity log's entry carries the chain hash.
    const entry = await server.db('user_activities').where({ recordId: signature._id }).first()
    expect(JSON.stringify(entry.changes)).toContain(signature.chainHash)
  })

  it('a representative signs with their name; a second signature, a withdrawn or a signed document are refused', async () => {
    const awaiting = await askToSign(admin, 'Имплантация 46')
    const noName = await failure(sign(awaiting._id, admin, { signer: 'representative' }))
    expect([noName.name, noName.data?.code, noName.data?.path]).toEqual(['BadRequest', 'field-required', 'signerName'])
    const signature = await sign(awaiting._id, admin, { signer: 'representative', signerName: 'Виртанен Пётр' })
    expect(signature).toMatchObject({ signer: 'representative', signerName: 'Виртанен Пётр' })
    expect(await pdfText(await download(await documents().get(awaiting._id)))).toContain('Виртанен Пётр (законный представитель)')
    const before = await count('document_signatures')
    const twice = await failure(sign(awaiting._id))
    expect([twice.name, twice.data?.code]).toEqual(['Conflict', 'document-not-awaiting-signature'])
    // A signed document is immutable: it cannot be withdrawn, changed or removed.
    const withdrawSigned = await failure(documents().patch(awaiting._id, { status: 'withdrawn' }))
    expect([withdrawSigned.name, withdrawSigned.data?.code]).toEqual(['Conflict', 'document-not-awaiting-signature'])
    for (const data of [{ status: 'printed' }, { status: 'signed' }, { sha256: '0'.repeat(64) }]) {
      expect((await failure(documents().patch(awaiting._id, malformed(data)))).name).toBe('BadRequest')
    }
    expect((await failure((documents() as unknown as { remove: (id: string) => Promise<unknown> }).remove(awaiting._id))).name).toBe('MethodNotAllowed')
    expect((await failure((signatures() as unknown as { patch: (id: string, data: unknown) => Promise<unknown> }).patch(signature._id, { signerName: 'X' }))).name).toBe('MethodNotAllowed')
    const stillSigned: PrintedDocument = await documents().get(awaiting._id)
    expect(stillSigned).toMatchObject({ status: 'signed', sha256: signature.pdfSha256 })

    const withdrawn = await askToSign(admin, 'Удаление зуба 48')
    const patched = nextEvent<PrintedDocument>(admin.client, 'documents', 'patched', 20_000)
    expect(await documents().patch(withdrawn._id, { status: 'withdrawn' })).toMatchObject({ status: 'withdrawn' })
    expect((await patched).status).toBe('withdrawn')
    const late = await failure(sign(withdrawn._id))
    expect([late.name, late.data?.code]).toEqual(['Conflict', 'document-not-awaiting-signature'])
    const again = await failure(documents().patch(withdrawn._id, { status: 'withdrawn' }))
    expect(again.name).toBe('Conflict')
    // Printed (not for signing) documents are not signed either.
    const printed: PrintedDocument = await documents().create({ kind: 'contract', customerId: clinic.customerId, language: 'ru' })
    expect((await failure(sign(printed._id))).name).toBe('Conflict')
    expect((await failure(documents().patch(printed._id, { status: 'withdrawn' }))).name).toBe('Conflict')
    expect(await count('document_signatures')).toBe(before)
  })

  it('refuses a bad image, too many points and malformed strokes, writing nothing', async () => {
    const awaiting = await askToSign(admin, 'Лечение 11')
    const before = await count('document_signatures')
    const notPng = `data:image/png;base64,${Buffer.from('GIF89a not a png at all, just some bytes to be long enough for the check here').toString('base64')}`
    const huge = `data:image/png;base64,${Buffer.concat([Buffer.from(PNG.split(',')[1], 'base64'), Buffer.alloc(520 * 1024)]).toString('base64')}`
    const manyPoints = Array.from({ length: 3 }, () => Array.from({ length: 7000 }, (_, index) => [index % 300, index % 100, index]))
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ image: notPng }, 'signature-image-invalid', 'image'],
      [{ image: 'data:image/jpeg;base64,AAAA' + 'A'.repeat(40) }, 'signature-image-invalid', 'image'],
      [{ strokes: manyPoints }, 'signature-too-large', 'strokes']
    ]
    for (const [extra, code, path] of cases) {
      const error = await failure(sign(awaiting._id, admin, extra))
      expect([error.name, error.data?.code, error.data?.path]).toEqual(['BadRequest', code, path])
    }
    for (const extra of [{ image: huge }, { strokes: [] }, { strokes: [[[1, 2]]] }, { strokes: [[[1, 2, 'x']]] }, { deviceId: '' }, { deviceId: 'x'.repeat(101) }, { signer: 'nurse' }, { extra: 1 }]) {
      const error = await failure(sign(awaiting._id, admin, extra))
      expect([JSON.stringify(extra).slice(0, 40), error.name]).toEqual([JSON.stringify(extra).slice(0, 40), 'BadRequest'])
    }
    expect(await count('document_signatures')).toBe(before)
    expect((await documents().get(awaiting._id)).status).toBe('awaiting-signature')
  })

  it('keeps signing to the company, the patient\'s visibility and the documents create permission', async () => {
    const awaiting = await askToSign(admin, 'Лечение 21')
    const before = await count('document_signatures')
    expect((await failure(sign(awaiting._id, other))).name).toMatch(/BadRequest|NotFound/)
    expect((await failure(documents(other).patch(awaiting._id, { status: 'withdrawn' }))).name).toMatch(/NotFound/)
    const finance = await signedInMember(server, admin, { role: 'finance' })
    expect((await failure(sign(awaiting._id, finance))).name).toBe('Forbidden')
    expect((await failure(documents(finance).patch(awaiting._id, { status: 'withdrawn' }))).name).toBe('Forbidden')
    expect((await failure(signatures(finance).find({ query: { customerId: clinic.customerId } }))).name).toBe('Forbidden')
    // A doctor of another branch, which does not see the patient.
    const branch = await admin.client.service('branches').create({ name: 'Second branch' })
    const away = await signedInMember(server, admin, { role: 'doctor', branchIds: [branch._id] })
    expect((await failure(sign(awaiting._id, away))).name).toBe('NotFound')
    expect((await documents(away).find({ query: { status: 'awaiting-signature' } })).data).toEqual([])
    expect(await receivesEvent(other.client, 'documents', 'patched', 300)).toBe(false)
    expect(await count('document_signatures')).toBe(before)
    // A doctor of the branch may ask and sign (documents view and create).
    const signature = await sign(awaiting._id, clinic.doctor)
    expect(signature.createdBy).toBe(clinic.doctor.user._id)
    expect(signature.witnessId).toBe(admin.auth.user._id)
  })

  it('chains every signature of the company to the one before; altered bytes are not verified', async () => {
    const first = await sign((await askToSign(admin, 'Цепочка 1'))._id)
    const second = await sign((await askToSign(admin, 'Цепочка 2'))._id)
    expect(second.sequence).toBe(first.sequence + 1)
    expect(second.previousChainHash).toBe(first.chainHash)
    expect(second.chainHash).toBe(chainHashOf(first.chainHash, second.pdfSha256, second._id, second.signedAt))
    const rows = await server.db('document_signatures').where({ companyId: admin.auth.user.companyId }).orderBy('sequence')
    expect(rows[0].previousChainHash).toBeNull()
    for (let index = 1; index < rows.length; index++) expect(rows[index].previousChainHash).toBe(rows[index - 1].chainHash)
    expect((await signatures().get(second._id)).verified).toBe(true)
    // Someone alters the stored PDF: its hash no longer matches.
    const key = mediaKey(second.companyId, second.pdfSha256, 'document')
    await mediaStoreOf(server.app).putBuffer(key, Buffer.from('%PDF-1.7 forged'), 'application/pdf')
    expect((await signatures().get(second._id)).verified).toBe(false)
    // Someone rewrites the first link in the database: the next no longer follows it.
    await server.db('document_signatures').where({ _id: first._id }).update({ chainHash: 'f'.repeat(64) })
    expect((await signatures().get(first._id)).verified).toBe(false)
  })
})
