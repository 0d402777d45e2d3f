import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import S3rver from 's3rver'
import { Readable } from 'node:stream'
import { engines, failure, receivesEvent, nextEvent, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { dicomBytes, elfBytes, imageBytes, pdfBytes, peBytes } from '../../../support/media-files'
import type { Media } from '../../../../../server/src/services/customers/media/media.shared'
import { mediaUploadUrl } from '../../../../../server/src/services/customers/media/media-types.shared'

const MB = 1024 * 1024

interface Answer {
  status: number
  body: Record<string, unknown>
}

/** `media`: files over HTTP, their records over the socket, their access by owner and patient. */
describe.each(engines)('media on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let doctor: SignedIn & { user: { _id: string } }
  let elsewhere: SignedIn & { user: { _id: string } }
  let other: SignedIn
  let customerId: string
  let otherBranchCustomerId: string
  let otherCompanyCustomerId: string
  let counter = 0

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Media')
    const mainBranch = admin.auth.branchIds[0]
    const second = await admin.client.service('branches').create({ name: `Second ${Math.random()}` })
    doctor = await signedInMember(server, admin, { role: 'doctor', branchIds: [mainBranch] })
    elsewhere = await signedInMember(server, admin, { role: 'doctor', branchIds: [second._id] })
    customerId = (await admin.client.service('customers').create({ first_name: 'Aino', last_name: 'Virtanen', branchId: mainBranch }))._id
    otherBranchCustomerId = (await admin.client.service('customers').create({ first_name: 'Bahodir', last_name: 'Karimov', branchId: second._id }))._id
    other = await server.registerClinic('Elsewhere')
    otherCompanyCustomerId = (await other.client.service('customers').create({ first_name: 'Foreign', last_name: 'Patient' }))._id
  })
  afterAll(() => server.stop())

  const dataDir = () => server.app.get('config').dataDir
  const temporaryFiles = () => fs.readdirSync(path.join(dataDir(), 'media', 'tmp'))
  const storedObjects = (companyId = admin.auth.company._id) => {
    const folder = path.join(dataDir(), 'media', 'objects', companyId)
    return fs.existsSync(folder) ? fs.readdirSync(folder).sort() : []
  }
  const mediaRows = async () => Number((await server.db('media').count({ total: '*' }))[0].total)

  async function upload(who: SignedIn | null, owner: { type: Media['ownerType']; id: string }, bytes: Buffer | Readable, title: string, headers: Record<string, string> = {}): Promise<Answer> {
    const body = bytes instanceof Readable ? (Readable.toWeb(bytes) as unknown as BodyInit) : new Uint8Array(bytes)
    const response = await fetch(server.url + mediaUploadUrl(owner, title), {
      method: 'POST',
      body,
      headers: { ...(who ? { Authorization: `Bearer ${who.auth.accessToken}` } : {}), ...headers },
      ...(bytes instanceof Readable ? { duplex: 'half' } : {})
    } as RequestInit)
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  const uploaded = async (who: SignedIn, owner: { type: Media['ownerType']; id: string }, bytes: Buffer, title: string) => {
    const answer = await upload(who, owner, bytes, title)
    expect(answer.status).toBe(201)
    return answer.body as unknown as Media
  }
  const download = async (link: string, token?: string) => {
    const response = await fetch(server.url + link, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) }
  }
  const patient = () => ({ type: 'customers' as const, id: customerId })

  it('takes an image of a patient, makes its thumbnail and tells those who see the patient', async () => {
    counter += 1
    const png = await imageBytes('png', 800, 600, counter)
    const heard = nextEvent<Media>(admin.client, 'media', 'created')
    const notHeard = receivesEvent(elsewhere.client, 'media', 'created')
    const media = await uploaded(doctor, patient(), png, 'panoramic.png')
    expect(media).toMatchObject({ customerId, ownerType: 'customers', ownerId: customerId, title: 'panoramic.png', mime: 'image/png', kind: 'image', size: png.length, width: 800, height: 600, thumbnail: 'webp', dicom: null, createdBy: doctor.user._id })
    expect((await heard)._id).toBe(media._id)
    expect(await notHeard).toBe(false)
    expect(storedObjects()).toEqual(expect.arrayContaining([media.hash, `${media.hash}.thumb.webp`]))
    expect(temporaryFiles()).toEqual([])
    // The log reads as an action on the file ("added the file «panoramic.png»"), not as the
    // record's fields (an owner type and a service name are no words for the activity screen).
    const logged = await server.db('user_activities').where({ service: 'media', recordId: media._id }).first()
    const changes = typeof logged.changes === 'string' ? JSON.parse(logged.changes) : logged.changes
    expect(changes).toEqual({ action: 'create', service: 'media', customerId, title: 'panoramic.png' })

    // The socket's answer carries links signed for the reader; the bytes come back the same.
    const read = await doctor.client.service('media').get(media._id)
    const file = await download(read.links!.file)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/png')
    expect(file.headers.get('x-content-type-options')).toBe('nosniff')
    expect(file.bytes.equals(png)).toBe(true)
    const thumbnail = await download(read.links!.thumbnail!)
    expect(thumbnail.headers.get('content-type')).toBe('image/webp')
    expect(thumbnail.bytes.subarray(8, 12).toString('latin1')).toBe('WEBP')
    // The header works too (for scripts and the desktop shell).
    expect((await download(`/media/${media._id}/file`, doctor.auth.accessToken)).bytes.equals(png)).toBe(true)
  })

  it('accepts JPEG, WebP, PDF and DICOM by content; reads the DICOM header and offers it as a download', async () => {
    for (const format of ['jpeg', 'webp'] as const) {
      const media = await uploaded(doctor, patient(), await imageBytes(format, 300, 200), `photo.${format}`)
      expect(media).toMatchObject({ mime: `image/${format}`, width: 300, height: 200, thumbnail: 'webp' })
    }
    const pdf = await uploaded(doctor, patient(), pdfBytes(), 'consent.pdf')
    expect(pdf).toMatchObject({ mime: 'application/pdf', kind: 'pdf', thumbnail: null, width: null })
    const dicom = await uploaded(doctor, patient(), dicomBytes({ patientName: 'Virtanen^Aino', studyDate: '20261120', modality: 'PX', bodyPart: 'JAW', rows: 64, columns: 96 }), 'opg.dcm')
    expect(dicom).toMatchObject({ mime: 'application/dicom', kind: 'dicom', width: 96, height: 64, dicom: { patientName: 'Virtanen Aino', studyDate: '20261120', modality: 'PX', bodyPart: 'JAW', rows: 64, columns: 96 } })
    const read = await doctor.client.service('media').get(dicom._id)
    const file = await download(read.links!.file)
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename\*=UTF-8''opg\.dcm$/)
    expect(read.links!.thumbnail).toBeNull()
  })

  it('refuses a PDF named .jpg carrying an executable, executables and unknown bytes, leaving nothing behind', async () => {
    // One image format under another's name is stored as what it is.
    const png = await upload(doctor, patient(), await imageBytes('png', 10, 10, 4), 'saved-as.jpg', { 'Content-Type': 'image/jpeg' })
    expect(png).toMatchObject({ status: 201, body: { mime: 'image/png', title: 'saved-as.jpg' } })
    await doctor.client.service('media').remove(String(png.body._id))
    const before = { rows: await mediaRows(), objects: storedObjects().length }
    const disguised = pdfBytes(elfBytes())
    for (const headers of [{}, { 'Content-Type': 'image/jpeg' }] as Array<Record<string, string>>) {
      const answer = await upload(doctor, patient(), disguised, 'xray.jpg', headers)
      expect(answer).toMatchObject({ status: 400, body: { name: 'BadRequest', code: 400, data: { code: 'media-type-mismatch' } } })
    }
    // The declared type alone is checked as well.
    expect((await upload(doctor, patient(), await imageBytes('png', 10, 10), 'scan', { 'Content-Type': 'application/pdf' })).body).toMatchObject({ data: { code: 'media-type-mismatch' } })
    for (const [bytes, name] of [[elfBytes(), 'tool'], [peBytes(), 'setup.exe'], [peBytes(), 'photo.jpg'], [Buffer.from('#!/bin/sh\nrm -rf /\n'), 'script.sh'], [Buffer.from('PK\u0003\u0004zip'), 'a.zip']] as const) {
      const answer = await upload(doctor, patient(), bytes, name)
      expect(answer.status).toBe(400)
      expect(answer.body.data).toMatchObject({ code: name === 'photo.jpg' ? expect.stringMatching(/media-type-(not-allowed|mismatch)/) : 'media-type-not-allowed' })
    }
    // An image whose bytes are cut short after the signature cannot be read.
    const broken = (await imageBytes('jpeg', 200, 200)).subarray(0, 300)
    expect(await upload(doctor, patient(), broken, 'broken.jpg')).toMatchObject({ status: 422, body: { data: { code: 'media-unreadable' } } })
    expect(await upload(doctor, patient(), Buffer.alloc(0), 'empty.png')).toMatchObject({ status: 400, body: { data: { code: 'media-empty' } } })
    expect(temporaryFiles()).toEqual([])
    expect({ rows: await mediaRows(), objects: storedObjects().length }).toEqual(before)
  })

  it('refuses 200 MB by its declared length before reading, and a streamed one without a length once past the limit, keeping the disk clean', async () => {
    const before = storedObjects()
    // Declared: answered at once (the body is never read).
    const response = await fetch(server.url + mediaUploadUrl(patient(), 'huge.png'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${doctor.auth.accessToken}`, 'Content-Length': String(200 * MB) },
      body: Readable.toWeb(endless(200 * MB)) as unknown as BodyInit,
      duplex: 'half'
    } as RequestInit)
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ name: 'PayloadTooLarge', code: 413, data: { code: 'media-too-large', limit: 50 } })
    // Streamed without a length: counted while streaming, refused past 50 MB.
    const streamed = endless(200 * MB)
    const answer = await upload(doctor, patient(), streamed, 'huge.png')
    expect(answer).toMatchObject({ status: 413, body: { data: { code: 'media-too-large' } } })
    expect(streamed.sent).toBeLessThan(100 * MB)
    expect(temporaryFiles()).toEqual([])
    expect(storedObjects()).toEqual(before)
  })

  it('refuses uploads and downloads without a valid token, of another company, of a branch that may not see the patient, or by a guessed address', async () => {
    const png = await imageBytes('png', 50, 50, 99)
    const media = await uploaded(admin, patient(), png, 'private.png')
    expect((await upload(null, patient(), png, 'x.png')).body).toMatchObject({ code: 401, data: { code: 'not-authenticated' } })
    const expired = await server.app.service('authentication').createAccessToken({ userId: doctor.user._id, sid: (doctor.auth.authentication.payload as { sid: string }).sid }, { expiresIn: '1s', subject: doctor.user._id })
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect((await upload({ ...doctor, auth: { ...doctor.auth, accessToken: expired } }, patient(), png, 'x.png')).status).toBe(401)
    expect((await download(`/media/${media._id}/file`, expired)).status).toBe(401)
    expect((await download(`/media/${media._id}/file`)).status).toBe(401)

    // Another company: their patient is not found for us, our file is not found for them.
    expect((await upload(doctor, { type: 'customers', id: otherCompanyCustomerId }, png, 'x.png')).status).toBe(404)
    expect((await download(`/media/${media._id}/file`, other.auth.accessToken)).status).toBe(404)
    expect((await failure(other.client.service('media').get(media._id))).name).toBe('NotFound')
    // Another branch that may not see the patient: the same.
    expect((await download(`/media/${media._id}/file`, elsewhere.auth.accessToken)).status).toBe(404)
    expect((await upload(elsewhere, patient(), png, 'x.png')).status).toBe(404)
    expect((await failure(elsewhere.client.service('media').get(media._id))).name).toBe('NotFound')
    // A guessed id, a link with its signature changed or moved to another file, a link of someone else's session.
    expect((await download(`/media/0190a0a0-0000-7000-8000-000000000000/file`, admin.auth.accessToken)).status).toBe(404)
    const read = await admin.client.service('media').get(media._id)
    expect((await download(read.links!.file.replace(/sig=[^&]+/, 'sig=AAAA'))).status).toBe(401)
    const other2 = await uploaded(admin, patient(), await imageBytes('png', 20, 20, 7), 'second.png')
    expect((await download(read.links!.file.replace(media._id, other2._id))).status).toBe(401)
    expect((await download(read.links!.file.replace(/u=[^&]+/, `u=${elsewhere.user._id}`))).status).toBe(401)
    // The link of a reader whose branch may not see the patient never exists; the admin's link, once signed out, stops working.
    const scratch = await server.signIn(admin.email)
    const link = (await scratch.client.service('media').get(media._id)).links!.file
    expect((await download(link)).status).toBe(200)
    await scratch.client.logout()
    expect((await download(link)).status).toBe(401)
    // Method and shape of a wrong call.
    expect((await fetch(server.url + '/media/upload')).status).toBe(405)
  })

  it('lists files by patient and owner, with $exists, within the caller\'s patients', async () => {
    await uploaded(elsewhere, { type: 'customers', id: otherBranchCustomerId }, await imageBytes('png', 30, 30, 5), 'other-branch.png')
    const mine = await doctor.client.service('media').find({ query: { customerId } })
    expect(mine.data.length).toBeGreaterThan(3)
    expect(mine.data.every((row) => row.customerId === customerId && row.links?.file)).toBe(true)
    const withThumbnail = await doctor.client.service('media').find({ query: { customerId, thumbnail: { $exists: true } } })
    const without = await doctor.client.service('media').find({ query: { customerId, thumbnail: { $exists: false } } })
    expect(withThumbnail.data.every((row) => row.kind === 'image')).toBe(true)
    expect(without.data.map((row) => row.kind).sort()).toEqual(['dicom', 'pdf'])
    expect(withThumbnail.total + without.total).toBe(mine.total)
    // The company's list: a doctor of one branch sees that branch's patients' files only; the admin everyone's.
    const doctorsList = await doctor.client.service('media').find({ query: { $limit: 100 } })
    expect(doctorsList.data.some((row) => row.customerId === otherBranchCustomerId)).toBe(false)
    const adminsList = await admin.client.service('media').find({ query: { $limit: 100, ownerId: { $exists: true } } })
    expect(adminsList.data.some((row) => row.customerId === otherBranchCustomerId)).toBe(true)
    expect((await failure(elsewhere.client.service('media').find({ query: { customerId } }))).name).toBe('NotFound')
    // Unknown operators and fields are refused.
    expect((await failure(admin.client.service('media').find({ query: malformed({ title: { $exists: true } }) }))).name).toBe('BadRequest')
    expect((await failure(admin.client.service('media').find({ query: malformed({ thumbnail: { $exists: 'yes' } }) }))).name).toBe('BadRequest')
    // Creating over the socket is not offered: files come through the upload route.
    expect((await failure((admin.client.service('media') as unknown as { create: (data: object) => Promise<unknown> }).create({}))).name).toBe('MethodNotAllowed')
  })

  it('renames, moves to the trash and deletes for good, removing bytes no other file shares', async () => {
    const png = await imageBytes('png', 40, 40, 1234)
    const first = await uploaded(doctor, patient(), png, 'twice-a.png')
    const second = await uploaded(doctor, patient(), png, 'twice-b.png')
    expect(second.hash).toBe(first.hash)
    const renamed = await doctor.client.service('media').patch(first._id, { title: 'Before treatment' })
    expect(renamed.title).toBe('Before treatment')
    expect((await failure(doctor.client.service('media').patch(first._id, malformed({ hash: '0'.repeat(64) })))).name).toBe('BadRequest')
    expect((await failure(elsewhere.client.service('media').remove(first._id))).name).toBe('NotFound')

    const removedHeard = nextEvent<Media>(admin.client, 'media', 'removed')
    await doctor.client.service('media').remove(first._id)
    expect((await removedHeard)._id).toBe(first._id)
    const trashItem = (await admin.client.service('trash').find({ query: { service: 'media', recordId: first._id } })).data[0]
    expect(trashItem).toBeDefined()
    // In the trash: the bytes stay (a restore brings the file back whole).
    expect(storedObjects()).toContain(first.hash)
    await admin.client.service('trash').remove(trashItem._id)
    // Deleted for good, but the second file has the same content: the bytes stay.
    expect(storedObjects()).toContain(first.hash)
    await doctor.client.service('media').remove(second._id)
    const secondItem = (await admin.client.service('trash').find({ query: { service: 'media', recordId: second._id } })).data[0]
    await admin.client.service('trash').remove(secondItem._id)
    expect(storedObjects()).not.toContain(first.hash)
    expect(storedObjects()).not.toContain(`${first.hash}.thumb.webp`)
  })

  it("guards an exam's attachments by the exam's permission, and a patient's by the patient's", async () => {
    const exam = await doctor.client.service('exam').create({ customerId })
    const attached = await uploaded(doctor, { type: 'exam', id: exam._id }, await imageBytes('jpeg', 60, 60, 3), 'exam-photo.jpg')
    expect(attached).toMatchObject({ ownerType: 'exam', ownerId: exam._id, customerId })
    // Finance sees patients but not exams: the patient's own files yes, the exam's attachment no.
    const finance = await signedInMember(server, admin, { role: 'finance' })
    const seen = await finance.client.service('media').find({ query: { customerId, $limit: 100 } })
    expect(seen.data.length).toBeGreaterThan(0)
    expect(seen.data.some((row) => row.ownerType === 'exam')).toBe(false)
    expect((await failure(finance.client.service('media').get(attached._id))).name).toBe('Forbidden')
    expect((await download(`/media/${attached._id}/file`, finance.auth.accessToken)).status).toBe(403)
    // Finance may view patients but not edit them: no uploads to them.
    expect((await upload(finance, patient(), await imageBytes('png', 10, 10), 'x.png')).status).toBe(403)
    // An owner type that is not there, or an owner of another type's id.
    expect((await upload(doctor, { type: malformed<Media['ownerType']>('documents'), id: customerId }, await imageBytes('png', 10, 10), 'x.png')).body).toMatchObject({ code: 400, data: { code: 'media-owner-invalid' } })
    expect((await upload(doctor, { type: 'exam', id: customerId }, await imageBytes('png', 10, 10), 'x.png')).status).toBe(404)
  })

  it('tells an exam attachment only to those who may view exams; an id of another kind of record is no owner', async () => {
    const finance = await signedInMember(server, admin, { role: 'finance' })
    const exam = await doctor.client.service('exam').create({ customerId })
    const adminHeard = nextEvent<Media>(admin.client, 'media', 'created')
    const financeHeard = receivesEvent(finance.client, 'media', 'created')
    const attached = await uploaded(doctor, { type: 'exam', id: exam._id }, await imageBytes('png', 16, 16, 77), 'exam.png')
    expect((await adminHeard)._id).toBe(attached._id)
    expect(await financeHeard).toBe(false)
    // An exam's id names no X-ray and no plan.
    for (const type of ['xrays', 'treatment-plan'] as const) {
      expect((await upload(doctor, { type, id: exam._id }, await imageBytes('png', 10, 10), 'x.png')).status).toBe(404)
    }
  })

  it("attaches images to an X-ray and to a plan for those who may edit them, and to no one else", async () => {
    const finance = await signedInMember(server, admin, { role: 'finance' })
    const xray = await doctor.client.service('xrays').create({ customerId, type: 'orthopantomogram' })
    const plan = await doctor.client.service('treatment-plan').create({ customerId })
    const financeHeard = receivesEvent(finance.client, 'media', 'created')
    const panoramic = await uploaded(doctor, { type: 'xrays', id: xray._id }, await imageBytes('jpeg', 640, 320, 91), 'opg.jpg')
    expect(panoramic).toMatchObject({ ownerType: 'xrays', ownerId: xray._id, customerId, kind: 'image', width: 640, height: 320 })
    const planFile = await uploaded(doctor, { type: 'treatment-plan', id: plan._id }, await imageBytes('png', 20, 20, 92), 'plan.png')
    expect(planFile).toMatchObject({ ownerType: 'treatment-plan', ownerId: plan._id })
    expect(await financeHeard).toBe(false)
    // Finance may view neither X-rays nor plans: no upload, no list, no file.
    expect((await upload(finance, { type: 'xrays', id: xray._id }, await imageBytes('png', 10, 10, 93), 'no.png')).status).toBe(403)
    expect((await finance.client.service('media').find({ query: { ownerType: 'xrays', ownerId: xray._id } })).total).toBe(0)
    expect((await download(`/media/${panoramic._id}/file`, finance.auth.accessToken)).status).toBe(403)
    // A doctor of a branch that does not see the patient gets nothing either.
    expect((await upload(elsewhere, { type: 'xrays', id: xray._id }, await imageBytes('png', 10, 10, 94), 'no.png')).status).toBe(404)
    expect((await download(`/media/${panoramic._id}/file`, elsewhere.auth.accessToken)).status).toBe(404)
    // The doctor lists the X-ray's images and downloads them.
    const listed = await doctor.client.service('media').find({ query: { ownerType: 'xrays', ownerId: xray._id } })
    expect(listed.data.map((file) => file._id)).toEqual([panoramic._id])
    expect((await download(listed.data[0].links!.file)).status).toBe(200)
  })

  it("moves a patient's files to the kept record when two records of one person are merged", async () => {
    const kept = await admin.client.service('customers').create({ first_name: 'Kept', last_name: 'Record' })
    const merged = await admin.client.service('customers').create({ first_name: 'Merged', last_name: 'Record' })
    const file = await uploaded(admin, { type: 'customers', id: merged._id }, await imageBytes('png', 12, 12, 55), 'merged.png')
    await admin.client.service('customers-merge').create({ keepId: kept._id, mergeId: merged._id })
    const moved = await admin.client.service('media').get(file._id)
    expect(moved).toMatchObject({ customerId: kept._id, ownerType: 'customers', ownerId: kept._id })
    expect((await download(moved.links!.file)).status).toBe(200)
  })

  it("takes a patient's files along when the patient is deleted for good", async () => {
    const leaving = await admin.client.service('customers').create({ first_name: 'Leaving', last_name: 'Patient' })
    const file = await uploaded(admin, { type: 'customers', id: leaving._id }, await imageBytes('png', 14, 14, 321), 'leaving.png')
    await admin.client.service('customers').remove(leaving._id)
    // In the trash, the patient's files wait with them.
    expect(storedObjects()).toContain(file.hash)
    const item = (await admin.client.service('trash').find({ query: { service: 'customers', recordId: leaving._id } })).data[0]
    await admin.client.service('trash').remove(item._id)
    // The files go once the purge has committed (the trash's event): wait for it, at most a few seconds.
    const filesLeft = async () => Number((await server.db('media').where({ customerId: leaving._id }).count({ total: '*' }))[0].total)
    expect(await settled(async () => (await filesLeft()) === 0 && !storedObjects().includes(file.hash))).toBe(true)
    expect(await filesLeft()).toBe(0)
    expect(storedObjects()).not.toContain(file.hash)
  })

  it('summarises files per owner type, branch and kind for the company and per patient', async () => {
    const company = await admin.client.service('media-summary').find({})
    const rows = await server.db('media').where({ companyId: admin.auth.company._id })
    expect(company.count).toBe(rows.length)
    expect(company.bytes).toBe(rows.reduce((sum, row) => sum + Number(row.size), 0))
    expect(company.byBranch.map((row) => row.key).sort()).toEqual([...new Set(rows.map((row) => row.branchId as string))].sort())
    expect(company.storedBytes).toBeLessThanOrEqual(company.bytes)
    const one = await admin.client.service('media-summary').find({ query: { customerId: otherBranchCustomerId } })
    expect(one).toMatchObject({ customerId: otherBranchCustomerId, count: 1, byOwnerType: [{ key: 'customers', count: 1 }] })
    expect((await failure(doctor.client.service('media-summary').find({}))).name).toBe('Forbidden')
    expect((await failure(admin.client.service('media-summary').find({ query: { customerId: otherCompanyCustomerId } }))).name).toBe('NotFound')
  })
})

/** Whether `condition` came true within a few seconds (checked every 20 ms). */
async function settled(condition: () => Promise<boolean>, attempts = 200): Promise<boolean> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (await condition()) return true
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return false
}

/** A body of `total` bytes made as it is read (nothing held in memory); `sent` counts what left. */
function endless(total: number): Readable & { sent: number } {
  const chunk = Buffer.alloc(256 * 1024, 0x41)
  const stream = new Readable({
    read() {
      if (stream.sent >= total) return this.push(null)
      stream.sent += chunk.length
      this.push(chunk)
    }
  }) as Readable & { sent: number }
  stream.sent = 0
  return stream
}

describe('media upload rate', () => {
  let server: TestServer
  afterAll(() => server.stop())

  it('refuses uploads past the per-minute limit with 429, before reading them', async () => {
    server = await startServer('sqlite', { media: { maxBytes: MB, uploadsPerMinute: 2, linkSeconds: 60 } })
    const admin = await server.registerClinic('Rate')
    const customer = await admin.client.service('customers').create({ first_name: 'Rate', last_name: 'Limited' })
    const send = async (bytes: Buffer) => {
      const response = await fetch(server.url + mediaUploadUrl({ type: 'customers', id: customer._id }, 'a.png'), { method: 'POST', body: new Uint8Array(bytes), headers: { Authorization: `Bearer ${admin.auth.accessToken}` } })
      return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() }
    }
    const png = await imageBytes('png', 20, 20)
    // The configured size limit answers with its own figure.
    expect(await send(Buffer.alloc(MB + 1))).toMatchObject({ status: 413, body: { data: { code: 'media-too-large', limit: 1 } } })
    // Two a minute: the third is refused (a refusal by size counts no upload).
    expect((await send(png)).status).toBe(201)
    expect((await send(png)).status).toBe(201)
    const third = await send(png)
    expect(third).toMatchObject({ status: 429, body: { name: 'TooManyRequests', data: { code: 'too-many-attempts' } } })
    expect(Number(third.retryAfter)).toBeGreaterThan(0)
  })
})

describe('media through an S3-compatible store', () => {
  let server: TestServer
  let s3: S3rver
  let bucketDir: string
  afterAll(async () => {
    await server.stop()
    await s3.close()
    fs.rmSync(bucketDir, { recursive: true, force: true })
  })

  it('stores uploads in the bucket, serves them back, and removes them when deleted for good', async () => {
    bucketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-s3-'))
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: bucketDir, configureBuckets: [{ name: 'clinic-files', configs: [] }] })
    const address = (await s3.run()) as AddressInfo
    server = await startServer('sqlite', {
      media: { maxBytes: 5 * MB, uploadsPerMinute: 100, linkSeconds: 60, s3: { bucket: 'clinic-files', endpoint: `http://127.0.0.1:${address.port}`, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, prefix: '' } }
    })
    const admin = await server.registerClinic('S3')
    const customer = await admin.client.service('customers').create({ first_name: 'Bucket', last_name: 'Patient' })
    const jpeg = await imageBytes('jpeg', 400, 300, 9)
    const response = await fetch(server.url + mediaUploadUrl({ type: 'customers', id: customer._id }, 'bucket.jpg'), { method: 'POST', body: new Uint8Array(jpeg), headers: { Authorization: `Bearer ${admin.auth.accessToken}` } })
    expect(response.status).toBe(201)
    const media = (await response.json()) as Media
    // Nothing under the data folder but the (empty) temporary folder: the bytes are in the bucket.
    expect(fs.existsSync(path.join(server.app.get('config').dataDir, 'media', 'objects'))).toBe(false)
    expect(fs.readdirSync(path.join(server.app.get('config').dataDir, 'media', 'tmp'))).toEqual([])
    const read = await admin.client.service('media').get(media._id)
    const file = await fetch(server.url + read.links!.file)
    expect(Buffer.from(await file.arrayBuffer()).equals(jpeg)).toBe(true)
    const thumbnail = await fetch(server.url + read.links!.thumbnail!)
    expect(thumbnail.headers.get('content-type')).toBe('image/webp')
    const objectUrl = `http://127.0.0.1:${address.port}/clinic-files/${admin.auth.company._id}/${media.hash}`
    expect((await fetch(objectUrl)).status).toBe(200)
    await admin.client.service('media').remove(media._id)
    const item = (await admin.client.service('trash').find({ query: { service: 'media', recordId: media._id } })).data[0]
    await admin.client.service('trash').remove(item._id)
    expect((await fetch(objectUrl)).status).toBe(404)
  })
})
