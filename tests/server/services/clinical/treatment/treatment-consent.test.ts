import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { malformed } from '../../../support/malformed'
import { booking, openClinic, type Clinic } from '../../../support/appointment-fixtures'
import type { TreatmentLine } from '../../../../../server/src/services/clinical/treatment/treatment.shared'
import type { PrintedDocument } from '../../../../../server/src/services/documents/documents/documents.shared'

/**
 * "A treatment that requires consent cannot be marked done without a signed consent (setting)"
 * (issue 17, item 2; docs/decisions/documents-consent-required.md). Signing is built apart: a
 * consent printed here is marked signed in its table, as signing will store it (status 'signed').
 */
describe.each(engines)('a service that requires consent (treatment, documents, service, company) on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let admin: SignedIn
  let doctor: Clinic['doctor']
  let other: SignedIn
  let extraction: string
  let implant: string
  let plain: string
  let visitId: string
  let otherPatient: string
  let otherVisitId: string

  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
    admin = clinic.admin
    doctor = clinic.doctor
    other = await server.registerClinic('Elsewhere')
    extraction = (await admin.client.service('service').create({ name: 'Удаление зуба', code: 'EX-1', duration: 30, price: 200_000, requiresConsent: true }))._id
    implant = (await admin.client.service('service').create({ name: 'Имплантация', duration: 60, price: 900_000, requiresConsent: true }))._id
    plain = (await admin.client.service('service').create({ name: 'Осмотр', duration: 15, price: 50_000 }))._id
    visitId = (await admin.client.service('appointment').create(booking(clinic, '2026-12-01', '10:00')))._id
    otherPatient = (await admin.client.service('customers').create({ first_name: 'Other', last_name: 'Patient' }))._id
    otherVisitId = (await admin.client.service('appointment').create(booking(clinic, '2026-12-01', '12:00', { customerId: otherPatient })))._id
  })
  afterAll(() => server.stop())

  const lines = (who: SignedIn = doctor) => who.client.service('treatment')
  const documents = (who: SignedIn = doctor) => who.client.service('documents')
  const lineCount = async () => Number((await server.db('treatments').count({ total: '*' }))[0].total)
  const sign = (document: PrintedDocument) => server.db('documents').where({ _id: document._id }).update({ status: 'signed' })
  const printConsent = (customerId: string, serviceId: string, kind: 'consent' | 'refusal' = 'consent'): Promise<PrintedDocument> => documents().create({ kind, customerId, serviceId, language: 'ru' })
  const setting = (on: boolean | undefined) => admin.client.service('company').patch('mine', { settings: { treatmentNeedsSignedConsent: on } })

  it('marks a service "requires consent" in the catalogue: off by default, editable, listed', async () => {
    expect((await admin.client.service('service').get(plain)).requiresConsent).toBe(false)
    expect((await admin.client.service('service').get(extraction)).requiresConsent).toBe(true)
    const patched = await admin.client.service('service').patch(plain, { requiresConsent: true })
    expect(patched.requiresConsent).toBe(true)
    expect((await admin.client.service('service').patch(plain, { requiresConsent: false })).requiresConsent).toBe(false)
    const marked = await admin.client.service('service').find({ query: { requiresConsent: true, $limit: 50 } })
    expect(marked.data.map((service: { _id: string }) => service._id).sort()).toEqual([extraction, implant].sort())
    expect((await failure(admin.client.service('service').patch(plain, malformed({ requiresConsent: 'yes' })))).name).toBe('BadRequest')
  })

  it('prints a consent for a catalogue service: its name is the procedure, the service is its source, versions per service', async () => {
    const consent = await printConsent(clinic.customerId, extraction)
    expect(consent).toMatchObject({ kind: 'consent', sourceId: extraction, customerId: clinic.customerId, version: 1, copy: false, status: 'printed' })
    const row = await server.db('documents').where({ _id: consent._id }).first()
    const context = typeof row.context === 'string' ? JSON.parse(row.context) : row.context
    expect(context.procedure).toEqual({ name: 'Удаление зуба' })
    // A named procedure wins over the service's name; the consent stays the service's.
    const named: PrintedDocument = await documents().create({ kind: 'consent', customerId: clinic.customerId, serviceId: extraction, procedure: 'Удаление зуба 38', language: 'ru' })
    expect(named).toMatchObject({ sourceId: extraction, version: 2 })
    // Another service is another document (its own versions); free text alone has no source.
    expect(await printConsent(clinic.customerId, implant)).toMatchObject({ sourceId: implant, version: 1 })
    expect(await documents().create({ kind: 'consent', customerId: clinic.customerId, procedure: 'Удаление зуба 38', language: 'ru' })).toMatchObject({ sourceId: null })
    expect(await printConsent(clinic.customerId, extraction, 'refusal')).toMatchObject({ kind: 'refusal', sourceId: extraction })
    // Neither a procedure nor a service; another company's service.
    expect((await failure(documents().create({ kind: 'consent', customerId: clinic.customerId }))).data).toMatchObject({ code: 'field-required', path: 'procedure' })
    const theirs = (await other.client.service('service').create({ name: 'Theirs', duration: 10 }))._id
    const foreign = await failure(documents().create({ kind: 'consent', customerId: clinic.customerId, serviceId: theirs }))
    expect([foreign.name, foreign.data?.code, foreign.data?.path]).toEqual(['BadRequest', 'invalid-reference', 'serviceId'])
  })

  it('refuses marking done without a signed consent of this patient for this service, and writes nothing', async () => {
    const before = await lineCount()
    const refused = await failure(lines().create({ customerId: clinic.customerId, appointmentId: visitId, serviceId: implant }))
    expect([refused.name, refused.data?.code, refused.data?.path]).toEqual(['Conflict', 'treatment-consent-required', 'serviceId'])
    // Printed but not signed does not count.
    await printConsent(otherPatient, implant)
    expect((await failure(lines().create({ customerId: otherPatient, appointmentId: otherVisitId, serviceId: implant }))).data?.code).toBe('treatment-consent-required')
    // Another patient's signed consent does not count.
    const theirs = await printConsent(otherPatient, extraction)
    await sign(theirs)
    const stranger = await failure(lines().create({ customerId: clinic.customerId, appointmentId: visitId, serviceId: extraction }))
    expect([stranger.name, stranger.data?.code]).toEqual(['Conflict', 'treatment-consent-required'])
    // Nor this patient's signed consent for another service, nor a signed refusal of this one.
    const forExtraction = (await server.db('documents').where({ customerId: clinic.customerId, sourceId: extraction, kind: 'consent' }).orderBy('version', 'desc').first()) as PrintedDocument
    await sign(forExtraction)
    const refusal = (await server.db('documents').where({ customerId: clinic.customerId, sourceId: extraction, kind: 'refusal' }).first()) as PrintedDocument
    await sign(refusal)
    const implantRefusal = await printConsent(clinic.customerId, implant, 'refusal')
    await sign(implantRefusal)
    const otherService = await failure(lines().create({ customerId: clinic.customerId, appointmentId: visitId, serviceId: implant }))
    expect([otherService.name, otherService.data?.code, otherService.data?.path]).toEqual(['Conflict', 'treatment-consent-required', 'serviceId'])
    // Not the setting's business: a service without the mark is done as before.
    expect((await lines().create({ customerId: clinic.customerId, appointmentId: visitId, serviceId: plain })).serviceId).toBe(plain)
    expect(await lineCount()).toBe(before + 1)
  })

  it('marks done with a signed consent, whatever a refusal signed later says', async () => {
    // This patient's extraction consent was signed above, and so was a refusal of it: the consent counts.
    const line: TreatmentLine = await lines().create({ customerId: clinic.customerId, appointmentId: visitId, serviceId: extraction, teeth: [{ tooth: 38 }] })
    expect(line).toMatchObject({ serviceId: extraction, customerId: clinic.customerId })
    // The other patient's implant consent, once signed, lets the implant be done for them.
    const printed = (await server.db('documents').where({ customerId: otherPatient, sourceId: implant, kind: 'consent' }).first()) as PrintedDocument
    await sign(printed)
    expect((await lines().create({ customerId: otherPatient, appointmentId: otherVisitId, serviceId: implant })).serviceId).toBe(implant)
  })

  it('completes a plan item through a line only with the signed consent (the item stays open on a refusal)', async () => {
    const plan = await doctor.client.service('treatment-plan').create({ customerId: clinic.customerId, phases: [{ title: 'Хирургия', items: [{ serviceId: implant, teeth: [{ tooth: 46 }] }] }] })
    await doctor.client.service('treatment-plan').patch(plan._id, { action: 'present' })
    const accepted = await doctor.client.service('treatment-plan').patch(plan._id, { action: 'accept' })
    const item = accepted.phases[0].items[0]
    const refused = await failure(lines().create({ customerId: clinic.customerId, appointmentId: visitId, serviceId: implant, teeth: [{ tooth: 46 }], planItemId: item._id }))
    expect(refused.data).toMatchObject({ code: 'treatment-consent-required', path: 'serviceId' })
    expect((await doctor.client.service('treatment-plan').get(plan._id)).phases[0].items[0]).toMatchObject({ status: 'planned', treatmentId: null })
    await sign(await printConsent(clinic.customerId, implant))
    const line: TreatmentLine = await lines().create({ customerId: clinic.customerId, appointmentId: visitId, serviceId: implant, teeth: [{ tooth: 46 }], planItemId: item._id })
    expect((await doctor.client.service('treatment-plan').get(plan._id)).phases[0].items[0]).toMatchObject({ status: 'done', treatmentId: line._id })
  })

  it('is a company setting, on by default: turned off, marked services are done without a consent', async () => {
    const fresh = (await admin.client.service('service').create({ name: 'Отбеливание', duration: 60, requiresConsent: true }))._id
    expect((await admin.client.service('company').get('mine')).settings.treatmentNeedsSignedConsent).toBeUndefined()
    expect((await failure(lines().create({ customerId: clinic.customerId, appointmentId: visitId, serviceId: fresh }))).data?.code).toBe('treatment-consent-required')
    await setting(false)
    try {
      expect((await admin.client.service('company').get('mine')).settings.treatmentNeedsSignedConsent).toBe(false)
      expect((await lines().create({ customerId: clinic.customerId, appointmentId: visitId, serviceId: fresh })).serviceId).toBe(fresh)
    } finally {
      await setting(true)
    }
    expect((await failure(lines().create({ customerId: clinic.customerId, appointmentId: visitId, serviceId: fresh }))).data?.code).toBe('treatment-consent-required')
    // Only a boolean; only those who may edit the company.
    expect((await failure(admin.client.service('company').patch('mine', malformed({ settings: { treatmentNeedsSignedConsent: 'no' } })))).name).toBe('BadRequest')
    expect((await failure(doctor.client.service('company').patch('mine', { settings: { treatmentNeedsSignedConsent: false } }))).name).toBe('Forbidden')
  })
})
