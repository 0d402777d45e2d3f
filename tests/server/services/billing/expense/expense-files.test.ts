import fs from 'node:fs'
import path from 'node:path'
import { engines, failure, nextEvent, receivesEvent, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { elfBytes, imageBytes, pdfBytes } from '../../../support/media-files'
import type { Media } from '../../../../../server/src/services/customers/media/media.shared'
import { mediaUploadUrl } from '../../../../../server/src/services/customers/media/media-types.shared'
import type { Expense } from '../../../../../server/src/services/billing/expense/expense.shared'

interface Answer {
  status: number
  body: Record<string, unknown>
}

/**
 * An expense's files (receipts, invoices): media rows without a patient, guarded by `expense`
 * and the expense's company and branch, listed only with their expense (docs/decisions/billing-expenses.md).
 */
describe.each(engines)('expense files on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let other: SignedIn
  let branchA: string
  let branchB: string
  /** Manage expenses of their own branch only (no seeAll): one in A, one in B. */
  let bookkeeperA: SignedIn
  let bookkeeperB: SignedIn
  /** May view expenses but not edit them (branch B). */
  let auditorB: SignedIn
  /** Sees and edits patients, no expense rights (branch B). */
  let doctorB: SignedIn
  let customerId: string
  let seed = 0

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Expense files')
    other = await server.registerClinic('Other')
    branchA = admin.auth.branchIds[0]
    branchB = (await admin.client.service('branches').create({ name: 'Second' }))._id
    const bookkeeper = await admin.client.service('roles').create({ name: 'Bookkeeper', permissions: [{ resource: 'expense', view: true, create: true, edit: true, delete: true }] })
    bookkeeperA = await signedInMember(server, admin, { roleId: bookkeeper._id, branchIds: [branchA] })
    bookkeeperB = await signedInMember(server, admin, { roleId: bookkeeper._id, branchIds: [branchB] })
    const auditor = await admin.client.service('roles').create({ name: 'Auditor', permissions: [{ resource: 'expense', view: true }] })
    auditorB = await signedInMember(server, admin, { roleId: auditor._id, branchIds: [branchB] })
    doctorB = await signedInMember(server, admin, { role: 'doctor', branchIds: [branchB] })
    customerId = (await admin.client.service('customers').create({ first_name: 'Aino', last_name: 'Virtanen', branchId: branchB }))._id
  })
  afterAll(() => server.stop())

  const expenseIn = (branchId: string, who: SignedIn = admin) => who.client.service('expense').create({ category: 'materials', amount: 12_000, branchId, supplier: 'Dental supply' })
  const files = (who: SignedIn, expenseId: string) => who.client.service('media').find({ query: { ownerType: 'expense', ownerId: expenseId } })
  const nextPng = async () => imageBytes('png', 40, 30, (seed += 1))

  async function upload(who: SignedIn, ownerId: string, bytes: Buffer, title: string, headers: Record<string, string> = {}): Promise<Answer> {
    const response = await fetch(server.url + mediaUploadUrl({ type: 'expense', id: ownerId }, title), {
      method: 'POST',
      body: new Uint8Array(bytes),
      headers: { Authorization: `Bearer ${who.auth.accessToken}`, ...headers }
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  const uploaded = async (who: SignedIn, ownerId: string, bytes: Buffer, title: string) => {
    const answer = await upload(who, ownerId, bytes, title)
    expect(answer).toMatchObject({ status: 201 })
    return answer.body as unknown as Media
  }
  const download = async (link: string, token?: string) => (await fetch(server.url + link, { headers: token ? { Authorization: `Bearer ${token}` } : {} })).status
  const storedObjects = () => {
    const folder = path.join(server.app.get('config').dataDir, 'media', 'objects', admin.auth.company._id)
    return fs.existsSync(folder) ? fs.readdirSync(folder) : []
  }

  it('attaches a receipt to an expense for those who may edit it, lists it with the expense, counts it on the list', async () => {
    const expense = await expenseIn(branchB)
    const plain = await expenseIn(branchB)
    const png = await nextPng()
    const heard = nextEvent<Media>(admin.client, 'media', 'created')
    const auditorHeard = nextEvent<Media>(auditorB.client, 'media', 'created')
    const otherBranchHeard = receivesEvent(bookkeeperA.client, 'media', 'created')
    const doctorHeard = receivesEvent(doctorB.client, 'media', 'created')
    const receipt = await uploaded(bookkeeperB, expense._id, png, 'receipt.png')
    expect(receipt).toMatchObject({ ownerType: 'expense', ownerId: expense._id, customerId: null, branchId: branchB, kind: 'image', mime: 'image/png', thumbnail: 'webp', width: 40, height: 30 })
    // Events as the expense's: its branch's people who may view expenses (and those who see every branch).
    expect((await heard)._id).toBe(receipt._id)
    expect((await auditorHeard)._id).toBe(receipt._id)
    expect(await otherBranchHeard).toBe(false)
    expect(await doctorHeard).toBe(false)
    const invoice = await uploaded(bookkeeperB, expense._id, pdfBytes(), 'invoice.pdf')
    expect(invoice).toMatchObject({ kind: 'pdf', customerId: null })

    // Listed with its expense, newest first, with links that open the bytes.
    for (const who of [admin, bookkeeperB, auditorB]) {
      const listed = await files(who, expense._id)
      expect(listed.data.map((file) => file._id)).toEqual([invoice._id, receipt._id])
    }
    const read = await auditorB.client.service('media').get(receipt._id)
    expect(await download(read.links!.file)).toBe(200)
    expect(await download(read.links!.thumbnail!)).toBe(200)
    // The log names the file, and no patient.
    const logged = await server.db('user_activities').where({ service: 'media', recordId: receipt._id }).first()
    expect(typeof logged.changes === 'string' ? JSON.parse(logged.changes) : logged.changes).toEqual({ action: 'create', service: 'media', title: 'receipt.png' })

    // The expense list counts each row's files (one query for the page), and so does get.
    const page = await bookkeeperB.client.service('expense').find({ query: { _id: { $in: [expense._id, plain._id] } } })
    const counts = Object.fromEntries(page.data.map((row: Expense) => [row._id, row.fileCount]))
    expect(counts).toEqual({ [expense._id]: 2, [plain._id]: 0 })
    expect((await auditorB.client.service('expense').get(expense._id)).fileCount).toBe(2)
    // The count is an answer, not a field one writes or selects.
    expect((await failure(bookkeeperB.client.service('expense').patch(expense._id, malformed({ fileCount: 9 })))).name).toBe('BadRequest')
  })

  it("keeps expense files out of patients' and the company's lists, and from those who only see patients", async () => {
    const expense = await expenseIn(branchB)
    const receipt = await uploaded(bookkeeperB, expense._id, await nextPng(), 'receipt.png')
    const patientFile = (await fetch(server.url + mediaUploadUrl({ type: 'customers', id: customerId }, 'photo.png'), { method: 'POST', body: new Uint8Array(await nextPng()), headers: { Authorization: `Bearer ${admin.auth.accessToken}` } }).then((response) => response.json())) as Media

    // The company list and a patient's list (the admin sees everything) hold no expense file.
    const company = await admin.client.service('media').find({ query: { $limit: 200 } })
    expect(company.data.some((row) => row.ownerType === 'expense')).toBe(false)
    expect(company.data.some((row) => row._id === patientFile._id)).toBe(true)
    expect((await admin.client.service('media').find({ query: { ownerType: { $in: ['expense'] } } })).total).toBe(0)
    expect((await admin.client.service('media').find({ query: { customerId, $limit: 200 } })).data.map((row) => row._id)).toEqual([patientFile._id])
    const summary = await admin.client.service('media-summary').find({})
    expect(summary.byOwnerType.map((row) => row.key)).not.toContain('expense')
    expect(summary.count).toBe(Number((await server.db('media').where({ companyId: admin.auth.company._id }).whereNotNull('customerId').count({ total: '*' }))[0].total))
    // An expense's list holds no patient file, even when asked for a patient's id as its owner.
    expect((await files(admin, expense._id)).data.map((row) => row._id)).toEqual([receipt._id])
    expect((await failure(files(admin, customerId))).name).toBe('NotFound')

    // A doctor sees the branch's patients but has no expense rights: none of its files.
    expect((await failure(files(doctorB, expense._id))).name).toBe('Forbidden')
    expect((await failure(doctorB.client.service('media').get(receipt._id))).name).toBe('Forbidden')
    expect(await download(`/media/${receipt._id}/file`, doctorB.auth.accessToken)).toBe(403)
    expect((await doctorB.client.service('media').find({ query: { $limit: 200 } })).data.some((row) => row.ownerType === 'expense')).toBe(false)
    // And the bookkeeper, who may not see patients, none of theirs.
    expect((await failure(bookkeeperB.client.service('media').get(patientFile._id))).name).toBe('Forbidden')
    expect((await bookkeeperB.client.service('media').find({ query: { $limit: 200 } })).total).toBe(0)
  })

  it("refuses another company's and another branch's expense as not found, and a role without expense rights as forbidden", async () => {
    const expense = await expenseIn(branchB)
    const receipt = await uploaded(bookkeeperB, expense._id, await nextPng(), 'receipt.png')
    const foreign = await expenseIn(other.auth.branchIds[0], other)

    // Another company: our expense and file are not found for them, theirs for us.
    expect((await upload(admin, foreign._id, await nextPng(), 'x.png')).body).toMatchObject({ code: 404, name: 'NotFound' })
    expect((await upload(other, expense._id, await nextPng(), 'x.png')).status).toBe(404)
    expect((await failure(files(other, expense._id))).name).toBe('NotFound')
    expect((await failure(other.client.service('media').get(receipt._id))).name).toBe('NotFound')
    expect(await download(`/media/${receipt._id}/file`, other.auth.accessToken)).toBe(404)

    // A bookkeeper of branch A: branch B's expense and its files are not there for them.
    expect((await upload(bookkeeperA, expense._id, await nextPng(), 'x.png')).status).toBe(404)
    expect((await failure(files(bookkeeperA, expense._id))).name).toBe('NotFound')
    expect((await failure(bookkeeperA.client.service('media').get(receipt._id))).name).toBe('NotFound')
    expect((await failure(bookkeeperA.client.service('media').remove(receipt._id))).name).toBe('NotFound')
    expect(await download(`/media/${receipt._id}/file`, bookkeeperA.auth.accessToken)).toBe(404)
    // Whoever sees every branch sees its files.
    expect((await files(admin, expense._id)).total).toBe(1)

    // View without edit: reading yes, adding and removing no; no expense rights at all: nothing.
    expect((await upload(auditorB, expense._id, await nextPng(), 'x.png')).body).toMatchObject({ code: 403, data: { code: 'forbidden' } })
    expect((await failure(auditorB.client.service('media').remove(receipt._id))).name).toBe('Forbidden')
    expect((await failure(auditorB.client.service('media').patch(receipt._id, { title: 'renamed' }))).name).toBe('Forbidden')
    expect((await upload(doctorB, expense._id, await nextPng(), 'x.png')).status).toBe(403)
    expect((await files(bookkeeperB, expense._id)).total).toBe(1)
  })

  it('refuses a wrong owner id and content that is not a receipt with a clear error, storing nothing', async () => {
    const expense = await expenseIn(branchB)
    const before = Number((await server.db('media').count({ total: '*' }))[0].total)
    expect((await upload(bookkeeperB, 'not-an-id', await nextPng(), 'x.png')).body).toMatchObject({ code: 400, data: { code: 'media-owner-invalid', path: 'ownerId' } })
    expect((await upload(bookkeeperB, '0190a0a0-0000-7000-8000-000000000000', await nextPng(), 'x.png')).status).toBe(404)
    expect((await upload(bookkeeperB, expense._id, elfBytes(), 'receipt.exe')).body).toMatchObject({ code: 400, data: { code: 'media-type-not-allowed' } })
    expect((await upload(bookkeeperB, expense._id, pdfBytes(), 'invoice.pdf', { 'Content-Type': 'image/png' })).body).toMatchObject({ code: 400, data: { code: 'media-type-mismatch' } })
    // A list of an expense's files names the expense.
    expect((await failure(bookkeeperB.client.service('media').find({ query: { ownerType: 'expense' } }))).data).toMatchObject({ code: 'media-owner-invalid', path: 'ownerId' })
    expect(Number((await server.db('media').count({ total: '*' }))[0].total)).toBe(before)
  })

  it('removes a file to the trash; an expense deleted for good takes its files along', async () => {
    const expense = await expenseIn(branchB)
    const receipt = await uploaded(bookkeeperB, expense._id, await nextPng(), 'receipt.png')
    const kept = await uploaded(bookkeeperB, expense._id, await nextPng(), 'kept.png')
    const removedHeard = nextEvent<Media>(auditorB.client, 'media', 'removed')
    await bookkeeperB.client.service('media').remove(receipt._id)
    expect((await removedHeard)._id).toBe(receipt._id)
    expect((await files(bookkeeperB, expense._id)).data.map((row) => row._id)).toEqual([kept._id])
    expect((await bookkeeperB.client.service('expense').get(expense._id)).fileCount).toBe(1)
    expect((await admin.client.service('trash').find({ query: { service: 'media', recordId: receipt._id } })).total).toBe(1)
    // In the trash, the file is judged as its expense: view on `expense`, within its branch. A
    // manager of the trash without expense rights sees patients' files there, not this one.
    const trashOf = (who: SignedIn) => who.client.service('trash').find({ query: { service: 'media', recordId: receipt._id } })
    const manager = await admin.client.service('roles').create({ name: `Trash keeper ${seed}`, permissions: [{ resource: 'company', view: true }, { resource: 'customers', view: true }] })
    const managerB = await signedInMember(server, admin, { roleId: manager._id, branchIds: [branchB] })
    expect((await trashOf(managerB)).total).toBe(0)
    const withExpenses = await admin.client.service('roles').create({ name: `Trash and expenses ${seed}`, permissions: [{ resource: 'company', view: true }, { resource: 'expense', view: true }] })
    const keeperA = await signedInMember(server, admin, { roleId: withExpenses._id, branchIds: [branchA] })
    const keeperB = await signedInMember(server, admin, { roleId: withExpenses._id, branchIds: [branchB] })
    expect((await trashOf(keeperA)).total).toBe(0)
    const seen = await trashOf(keeperB)
    expect(seen.data.map((row: { title: string }) => row.title)).toEqual(['receipt.png'])
    expect((await failure(managerB.client.service('trash').get(seen.data[0]._id))).name).toBe('NotFound')
    expect((await keeperB.client.service('trash').get(seen.data[0]._id)).recordId).toBe(receipt._id)
    // A patient's file in the trash still follows its patient for the same manager.
    const photo = await fetch(server.url + mediaUploadUrl({ type: 'customers', id: customerId }, 'photo.png'), { method: 'POST', body: new Uint8Array(await nextPng()), headers: { Authorization: `Bearer ${admin.auth.accessToken}` } })
    const patientFile = (await photo.json()) as Media
    await admin.client.service('media').remove(patientFile._id)
    expect((await managerB.client.service('trash').find({ query: { service: 'media', recordId: patientFile._id } })).total).toBe(1)

    // The expense in the trash: its files wait with it and are not reachable.
    await bookkeeperB.client.service('expense').remove(expense._id)
    expect((await failure(files(bookkeeperB, expense._id))).name).toBe('NotFound')
    expect(storedObjects()).toContain(kept.hash)
    const item = (await admin.client.service('trash').find({ query: { service: 'expense', recordId: expense._id } })).data[0]
    await admin.client.service('trash').remove(item._id)
    // Gone for good: its listed files and their bytes go once the purge has committed.
    const left = async () => Number((await server.db('media').where({ ownerType: 'expense', ownerId: expense._id }).count({ total: '*' }))[0].total)
    expect(await settled(async () => (await left()) === 0 && !storedObjects().includes(kept.hash))).toBe(true)
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
