import { pdfText } from '../../../support/pdf-reader'
import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { openClinic, addDoctor, booking, type Clinic } from '../../../support/appointment-fixtures'
import type { PrintedDocument } from '../../../../../server/src/services/documents/documents/documents.shared'

const DAY = '2026-12-10'

describe.each(engines)('the daily log 037/у (documents) on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let colleague: SignedIn & { user: { _id: string } }
  let secondPatient: string

  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
    const { admin } = clinic
    await admin.client.service('customers').patch(clinic.customerId, { first_name: 'Айно', last_name: 'Виртанен', birthdate: '1990-12-11' })
    secondPatient = (await admin.client.service('customers').create({ first_name: 'Пекка', last_name: 'Лехтонен' }))._id
    colleague = await addDoctor(server, clinic)
    await admin.client.service('manipulations').create({ name: 'Пломба', code: 'F-01', uet: 150 })
    const filling = (await admin.client.service('service').create({ name: 'Пломба композитная', code: 'F-01', duration: 40, price: 150_000 }))._id
    const scaling = (await admin.client.service('service').create({ name: 'Чистка', duration: 30, price: 50_000 }))._id
    // Пекка was here in March: his December visit is a repeat one; Айно's is her first this year.
    await admin.client.service('appointment').create(booking(clinic, '2026-03-02', '09:00', { customerId: secondPatient, status: 'arrived' }))
    const first = await admin.client.service('appointment').create(booking(clinic, DAY, '09:00', { status: 'arrived' }))
    const second = await admin.client.service('appointment').create(booking(clinic, DAY, '10:00', { customerId: secondPatient, status: 'arrived' }))
    // Booked but not come: not in the log.
    await admin.client.service('appointment').create(booking(clinic, DAY, '12:00', { customerId: secondPatient }))
    await admin.client.service('treatment').create({ customerId: clinic.customerId, appointmentId: first._id, serviceId: filling, quantity: 2, icdCode: 'K02.1', teeth: [{ tooth: 36 }] })
    await admin.client.service('treatment').create({ customerId: secondPatient, appointmentId: second._id, serviceId: scaling })
  })
  afterAll(() => server.stop())

  const documents = (who: SignedIn) => who.client.service('documents')
  const download = async (document: PrintedDocument) => Buffer.from(await (await fetch(`${server.url}${document.file!.file}`)).arrayBuffer())

  it('prints the doctor\'s own day: the patients who came, age, first or repeat visit, diagnosis, treatment and labour units', async () => {
    clinic.doctor.client.set('currentBranchId', clinic.branchId)
    const log: PrintedDocument = await documents(clinic.doctor).create({ kind: 'daily-log-037', date: DAY, language: 'ru' })
    expect(log).toMatchObject({ kind: 'daily-log-037', customerId: null, sourceId: clinic.doctor.user._id, day: DAY, branchId: clinic.branchId, version: 1, copy: false })
    const text = await pdfText(await download(log))
    for (const expected of ['Виртанен Айно', 'Лехтонен Пекка', 'K02.1', 'Пломба композитная × 2', 'Чистка', '35', '3']) expect(text).toContain(expected)
    // The visit booked at noon and not come is not a row: two numbered rows only.
    expect(text).not.toMatch(/\b12:00\b/)
    expect(await documents(clinic.doctor).get(log._id)).toMatchObject({ _id: log._id })
  })

  it('reprints an unchanged day as a copy, and another day as a log of its own', async () => {
    const again: PrintedDocument = await documents(clinic.doctor).create({ kind: 'daily-log-037', date: DAY, language: 'ru' })
    expect(again).toMatchObject({ version: 1, copy: true })
    const next: PrintedDocument = await documents(clinic.doctor).create({ kind: 'daily-log-037', date: '2026-12-11', language: 'ru' })
    expect(next).toMatchObject({ version: 1, copy: false, day: '2026-12-11' })
    const listed = await documents(clinic.doctor).find({ query: { kind: 'daily-log-037', sourceId: clinic.doctor.user._id } })
    expect(listed.data.map((document: PrintedDocument) => document._id)).toEqual([next._id, again._id, expect.any(String)])
  })

  it('keeps a doctor\'s day to the doctor and those who see every doctor\'s visits', async () => {
    colleague.client.set('currentBranchId', clinic.branchId)
    const own: PrintedDocument = (await documents(clinic.doctor).find({ query: { kind: 'daily-log-037', sourceId: clinic.doctor.user._id } })).data[0]
    const forbidden = [
      failure(documents(colleague).create({ kind: 'daily-log-037', doctorId: clinic.doctor.user._id, date: DAY })),
      failure(documents(colleague).get(own._id)),
      failure(documents(colleague).find({ query: { kind: 'daily-log-037', sourceId: clinic.doctor.user._id } }))
    ]
    for (const error of await Promise.all(forbidden)) expect([error.name, error.data?.code]).toEqual(['Forbidden', 'appointment-own-only'])
    // The colleague's own day has nobody in it: a log with no rows.
    expect(await documents(colleague).create({ kind: 'daily-log-037', date: DAY })).toMatchObject({ sourceId: colleague.user._id, version: 1 })
    // The administrator sees every doctor's day.
    const byAdmin: PrintedDocument = await documents(clinic.admin).create({ kind: 'daily-log-037', doctorId: clinic.doctor.user._id, date: DAY, language: 'ru' })
    expect(byAdmin).toMatchObject({ sourceId: clinic.doctor.user._id, copy: true })
    expect(await documents(clinic.admin).get(own._id)).toMatchObject({ _id: own._id })
  })
})
