import { randomUUID } from 'node:crypto'
import { engines, eventWhere, failure, receivesEvent, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { TaskReminderWorker } from '../../../../../server/src/jobs/task-reminders'
import type { Notification } from '../../../../../server/src/services/messaging/my-notifications/my-notifications.shared'

/**
 * Staff notifications (issue 18, item 8): the producers write them in their own transaction (a
 * task's reminder, an incoming payment), each reaches only its recipient live, and the bell's
 * service reads and marks only the caller's own.
 */
describe.each(engines)('staff notifications on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let doctor: SignedIn & { user: { _id: string } }
  let finance: SignedIn & { user: { _id: string } }
  let otherFinance: SignedIn & { user: { _id: string } }
  let customerId: string

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Bell')
    admin.client.set('currentBranchId', admin.auth.branchIds[0])
    doctor = await signedInMember(server, admin, { role: 'doctor' })
    finance = await signedInMember(server, admin, { role: 'finance' })
    const north = await admin.client.service('branches').create({ name: 'North' })
    // Works only in another branch: a payment of the main branch is not theirs to hear of.
    otherFinance = await signedInMember(server, admin, { role: 'finance', branchIds: [north._id] })
    customerId = (await admin.client.service('customers').create({ first_name: 'Pay', last_name: 'Patient' }))._id
  })
  afterAll(() => server.stop())

  const past = () => new Date(Date.now() - 60_000).toISOString()
  const mine = (who: SignedIn) => who.client.service('my-notifications')

  async function remindDoctor(description: string, extra: Record<string, unknown> = {}) {
    const at = past()
    return admin.client.service('tasks').create({ kind: 'user-reminder', description, assigneeId: doctor.user._id, startAt: at, dueAt: at, remindAt: at, ...extra })
  }

  it('writes the assignee a notification with the reminder, heard live by them alone', async () => {
    const task = await remindDoctor('Call the lab')
    const heard = eventWhere<Notification>(doctor.client, 'my-notifications', 'created', (item) => item.params.taskId === task._id)
    const adminHears = receivesEvent(admin.client, 'my-notifications', 'created', 1500)
    const financeHears = receivesEvent(finance.client, 'my-notifications', 'created', 1500)
    expect(await new TaskReminderWorker(server.app).tick()).toBeGreaterThanOrEqual(1)
    const notification = await heard
    expect(notification).toMatchObject({ userId: doctor.user._id, kind: 'task-due', link: '/company/tasks', readAt: null, companyId: admin.auth.company._id })
    expect(notification.params).toMatchObject({ description: 'Call the lab', taskId: task._id, customerId: null })
    expect(await adminHears).toBe(false)
    expect(await financeHears).toBe(false)
    // The bell reads it back, newest first; unread alone too.
    const unread = await mine(doctor).find({ query: { readAt: null } })
    expect(unread.data[0]).toEqual(notification)
    expect(unread.total).toBeGreaterThanOrEqual(1)
    // Given once: the next round writes nothing more.
    await new TaskReminderWorker(server.app).tick()
    expect((await mine(doctor).find({ query: { $limit: 500 } })).data.filter((item) => item.params.taskId === task._id)).toHaveLength(1)
  })

  it("links a patient's reminder to the patient's tasks, and writes nothing when the claim rolls back", async () => {
    const task = await remindDoctor('Recall', { kind: 'treatment-reminder', customerId })
    await new TaskReminderWorker(server.app).tick()
    const found = (await mine(doctor).find({ query: { $limit: 500 } })).data.find((item) => item.params.taskId === task._id)
    expect(found).toMatchObject({ link: `/customer/${customerId}/tasks`, kind: 'task-due' })
    // A round that fails after its claim (here the notifications' table refuses the write) leaves the reminder due and no notification.
    const again = await remindDoctor('Rolled back')
    // PostgreSQL only for now: the SQLite trigger variant of this check passed alone but not when the
    // PostgreSQL block ran in the same process (open point in docs/decisions/staff-notifications.md).
    if (server.db.client.config.client === 'pg') {
      const before = await server.db('notifications').count({ n: '*' })
      await server.db.raw("alter table notifications add constraint no_more check (kind <> 'task-due') not valid")
      try {
        await expect(new TaskReminderWorker(server.app).tick()).rejects.toThrow()
      } finally {
        await server.db.raw('alter table notifications drop constraint no_more')
      }
      expect(await server.db('notifications').count({ n: '*' })).toEqual(before)
      expect((await server.db('tasks').where({ _id: again._id }).first()).remindedAt).toBeNull()
    }
    await new TaskReminderWorker(server.app).tick()
    expect((await server.db('tasks').where({ _id: again._id }).first()).remindedAt).not.toBeNull()
  })

  it('marks one read, one unread again, and all read; only the caller\'s own', async () => {
    const first = await remindDoctor('One')
    const second = await remindDoctor('Two')
    await new TaskReminderWorker(server.app).tick()
    const list = (await mine(doctor).find({ query: { readAt: null, $limit: 500 } })).data
    const one = list.find((item) => item.params.taskId === first._id)!
    const two = list.find((item) => item.params.taskId === second._id)!
    const patchedLive = eventWhere<Notification>(doctor.client, 'my-notifications', 'patched', (item) => item._id === one._id)
    const read = (await mine(doctor).patch(one._id, { read: true })) as Notification
    expect(read.readAt).not.toBeNull()
    expect((await patchedLive).readAt).toBe(read.readAt)
    // Reading it again keeps the first time.
    expect(((await mine(doctor).patch(one._id, { read: true })) as Notification).readAt).toBe(read.readAt)
    expect(((await mine(doctor).patch(one._id, { read: false })) as Notification).readAt).toBeNull()
    // Another member cannot read, mark or even find it.
    expect((await failure(mine(finance).get(two._id))).name).toBe('NotFound')
    expect((await failure(mine(finance).patch(two._id, { read: true }))).name).toBe('NotFound')
    expect((await mine(doctor).get(two._id)).readAt).toBeNull()
    // Mark all: every unread one of the caller, nobody else's.
    const financeUnreadBefore = (await mine(finance).find({ query: { readAt: null } })).total
    const all = (await mine(doctor).patch(null, { read: true })) as Notification[]
    expect(all.map((item) => item._id)).toEqual(expect.arrayContaining([one._id, two._id]))
    expect(all.every((item) => item.userId === doctor.user._id && item.readAt)).toBe(true)
    expect((await mine(doctor).find({ query: { readAt: null } })).total).toBe(0)
    expect((await mine(finance).find({ query: { readAt: null } })).total).toBe(financeUnreadBefore)
    expect(await mine(doctor).patch(null, { read: true })).toEqual([])
    expect((await failure(mine(doctor).patch(null, { read: false }))).data).toMatchObject({ code: 'invalid-request' })
  })

  it('refuses malformed queries and data, and writes from outside', async () => {
    expect((await failure(mine(doctor).find({ query: malformed({ userId: admin.auth.user._id }) }))).name).toBe('BadRequest')
    expect((await failure(mine(doctor).find({ query: malformed({ $sort: { createdAt: 1 } }) }))).name).toBe('BadRequest')
    expect((await failure(mine(doctor).find({ query: { $limit: 100_000 } }))).name).toBe('BadRequest')
    const some = (await mine(doctor).find({})).data[0]
    expect((await failure(mine(doctor).patch(some._id, malformed({ read: true, readAt: null })))).name).toBe('BadRequest')
    expect((await failure(mine(doctor).patch(some._id, malformed({ read: 'yes' })))).name).toBe('BadRequest')
    expect((await failure(mine(doctor).patch('not-an-id', { read: true }))).name).toBe('NotFound')
    // The company's view needs `notification` (a doctor has only their own bell).
    expect((await failure(doctor.client.service('notification').find({}))).name).toBe('Forbidden')
  })

  it("shows the company's notifications to an administrator (seeAll), never another company's", async () => {
    const all = await admin.client.service('notification').find({ query: { userId: doctor.user._id, $limit: 500 } })
    expect(all.total).toBeGreaterThan(0)
    expect(all.data.every((item) => item.userId === doctor.user._id)).toBe(true)
    const sorted = [...all.data].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id))
    expect(all.data.map((item) => item._id)).toEqual(sorted.map((item) => item._id))
    const elsewhere = await server.registerClinic('Elsewhere')
    expect((await elsewhere.client.service('notification').find({})).total).toBe(0)
    expect((await failure(elsewhere.client.service('notification').get(all.data[0]._id))).name).toBe('NotFound')
    expect((await failure(elsewhere.client.service('my-notifications').get(all.data[0]._id))).name).toBe('NotFound')
  })

  it('tells who may view payments in the branch of an incoming payment, not its taker, once per payment', async () => {
    const clientKey = randomUUID()
    const financeHears = eventWhere<Notification>(finance.client, 'my-notifications', 'created', (item) => item.kind === 'payment-received')
    const otherBranchHears = receivesEvent(otherFinance.client, 'my-notifications', 'created', 1500)
    const doctorHears = receivesEvent(doctor.client, 'my-notifications', 'created', 1500)
    const payment = await admin.client.service('transactions').create({ clientKey, customerId, method: 'card', amount: 12_345, allocations: [{ invoiceId: null, amount: 12_345 }] })
    const notification = await financeHears
    expect(notification).toMatchObject({ kind: 'payment-received', userId: finance.user._id, branchId: payment.branchId, link: `/customer/${customerId}/transactions` })
    expect(notification.params).toMatchObject({ paymentId: payment._id, amount: 12_345, method: 'card', customerName: 'Patient Pay', customerId })
    expect(await otherBranchHears).toBe(false)
    expect(await doctorHears).toBe(false)
    const rows = await server.db('notifications').where({ kind: 'payment-received' }).select('userId', 'params')
    const ofPayment = rows.filter((row) => JSON.stringify(row.params).includes(payment._id))
    // The taker (the administrator) is not told; the finance manager of the branch is. A director would be too.
    expect(ofPayment.map((row) => row.userId)).toEqual([finance.user._id])
    // A retry with the same key answers the first payment and tells nobody again.
    await admin.client.service('transactions').create({ clientKey, customerId, method: 'card', amount: 12_345, allocations: [{ invoiceId: null, amount: 12_345 }] })
    const after = (await server.db('notifications').where({ kind: 'payment-received' }).select('params')).filter((row) => JSON.stringify(row.params).includes(payment._id))
    expect(after).toHaveLength(1)
    // A refund is not a payment received.
    const count = async () => Number((await server.db('notifications').where({ kind: 'payment-received' }).count({ n: '*' }))[0].n)
    const before = await count()
    await admin.client.service('transactions').create({ clientKey: randomUUID(), customerId, method: 'card', amount: 2_000, refundOf: payment._id, allocations: [{ invoiceId: null, amount: 2_000 }] })
    expect(await count()).toBe(before)
    // A refused payment (more than the invoice asks, say: here an unknown patient) tells nobody.
    await failure(admin.client.service('transactions').create({ clientKey: randomUUID(), customerId: randomUUID(), method: 'card', amount: 1_000, allocations: [{ invoiceId: null, amount: 1_000 }] }))
    expect(await count()).toBe(before)
  })
})
