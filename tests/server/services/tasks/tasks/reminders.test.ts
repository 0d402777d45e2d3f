import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { io, type Socket } from 'socket.io-client'
import socketio from '@feathersjs/socketio-client'
import { createApp } from '../../../../../server/src/app'
import { createClient, type ClientApplication } from '../../../../../server/src/client'
import type { Application } from '../../../../../server/src/declarations'
import { SignInThrottle } from '../../../../../server/src/access/sign-in-throttle'
import { TaskReminderWorker } from '../../../../../server/src/jobs/task-reminders'
import type { Task } from '../../../../../server/src/services/tasks/tasks/tasks.shared'
import { engines, MemoryStorage, PASSWORD, receivesEvent, startServer, testConfiguration, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'

/**
 * Durable reminders (issue 17, item 5, "done when"): a task created today for tomorrow reaches
 * its assignee when due even though the server that took it stopped and another started on the
 * same database; only the assignee hears it, and only once.
 */
describe.each(engines)('task reminders across a restart on %s', (engine) => {
  let server: TestServer
  const sockets: Socket[] = []

  beforeAll(async () => {
    // Only its database is used: each "server process" below is an app of its own on it.
    server = await startServer(engine)
  })
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect()
    await server.stop()
  })

  async function startApp(): Promise<{ app: Application; url: string; dataDir: string }> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-tasks-'))
    const config = testConfiguration(dataDir)
    const app = createApp(config, { db: server.db, signInThrottle: SignInThrottle.inMemory(config.signInLimits) })
    const listening = await app.listen(0)
    return { app, url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}`, dataDir }
  }
  function connect(url: string): ClientApplication {
    const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false })
    sockets.push(socket)
    return createClient(socketio(socket, { timeout: 10_000 }), { storage: new MemoryStorage() })
  }
  async function signIn(url: string, email: string) {
    const client = connect(url)
    await client.authenticate({ strategy: 'local', email, password: PASSWORD })
    return client
  }

  it('gives a reminder due after a restart to its assignee only, once', async () => {
    // Today, on the first server: a clinic, a doctor, and a task for the doctor due tomorrow.
    const first = await startApp()
    const ownerEmail = `owner.${engine}.${Date.now()}@clinic.test`
    await connect(first.url).service('company-registration').create({ companyName: 'Reminders', phone: '+998 90 123 45 67', email: ownerEmail, first_name: 'Owner', last_name: 'Reminders', password: PASSWORD })
    const owner = await signIn(first.url, ownerEmail)
    const doctorEmail = `doctor.${engine}.${Date.now()}@clinic.test`
    const branchIds = (await owner.service('branches').find({})).data.map((branch) => branch._id)
    owner.set('currentBranchId', branchIds[0])
    const doctor = await owner.service('users').create({ email: doctorEmail, first_name: 'Dana', last_name: 'Doctor', roleId: (await owner.service('roles').find({ query: { key: 'doctor' } })).data[0]._id, branchIds, password: PASSWORD })
    const today = Date.now()
    const tomorrowNine = new Date(today + 86_400_000)
    tomorrowNine.setUTCHours(9, 0, 0, 0)
    const made = await owner.service('tasks').create({
      kind: 'user-reminder', description: 'Order implants', assigneeId: doctor._id,
      startAt: tomorrowNine.toISOString(), dueAt: new Date(tomorrowNine.getTime() + 3_600_000).toISOString(), remindAt: tomorrowNine.toISOString()
    })
    // Not due today: a worker of the first server gives nothing.
    expect(await new TaskReminderWorker(first.app, { now: () => today }).tick()).toBe(0)
    // The first server stops (no worker ran at the due time): its clients leave, it closes.
    for (const socket of sockets.splice(0)) socket.disconnect()
    await first.app.teardown()

    // Tomorrow, a fresh server on the same database.
    const second = await startApp()
    try {
      const assignee = await signIn(second.url, doctorEmail)
      const bystander = await signIn(second.url, ownerEmail)
      const heard = new Promise<Task>((resolve) => assignee.service('tasks').on('reminded', (task: Task) => resolve(task)))
      const ownerHears = receivesEvent(bystander, 'tasks', 'reminded', 1500)
      const worker = new TaskReminderWorker(second.app, { now: () => tomorrowNine.getTime() + 60_000 })
      expect(await worker.tick()).toBe(1)
      const reminder = await heard
      expect(reminder).toMatchObject({ _id: made._id, description: 'Order implants', assigneeId: doctor._id })
      expect(reminder.remindedAt).not.toBeNull()
      expect(await ownerHears).toBe(false)
      // Given once: the row says so, for this worker and any other.
      expect(await worker.tick()).toBe(0)
      expect(await new TaskReminderWorker(second.app, { now: () => tomorrowNine.getTime() + 120_000 }).tick()).toBe(0)
      expect((await assignee.service('tasks').get(made._id)).remindedAt).toBe(reminder.remindedAt)
      // A done task is not reminded.
      const doneOne = await assignee.service('tasks').create({ kind: 'user-reminder', description: 'Done already', assigneeId: doctor._id, startAt: tomorrowNine.toISOString(), dueAt: tomorrowNine.toISOString(), remindAt: tomorrowNine.toISOString(), status: 'done' })
      expect(await worker.tick()).toBe(0)
      expect((await assignee.service('tasks').get(doneOne._id)).remindedAt).toBeNull()
    } finally {
      for (const socket of sockets.splice(0)) socket.disconnect()
      await second.app.teardown()
      fs.rmSync(first.dataDir, { recursive: true, force: true })
      fs.rmSync(second.dataDir, { recursive: true, force: true })
    }
  })

  it('does not tell an assignee about a patient they may not see', async () => {
    const owner = await server.registerClinic('Branches')
    owner.client.set('currentBranchId', owner.auth.branchIds[0])
    const north = await owner.client.service('branches').create({ name: 'North' })
    const northPatient = await owner.client.service('customers').create({ first_name: 'North', last_name: 'Patient', branchId: north._id })
    const southDoctor = await signedInMember(server, owner, { role: 'doctor', branchIds: [owner.auth.branchIds[0]] })
    const remindAt = new Date(Date.now() - 60_000).toISOString()
    const plain = await owner.client.service('tasks').create({ kind: 'user-reminder', description: 'Plain', assigneeId: southDoctor.user._id, startAt: remindAt, dueAt: remindAt, remindAt })
    // Given while every branch saw every patient; the company has narrowed it since.
    await owner.client.service('company').patch('mine', { settings: { branchesSeeAllCustomers: true } })
    const hidden = await owner.client.service('tasks').create({ kind: 'treatment-reminder', description: 'Hidden', customerId: northPatient._id, assigneeId: southDoctor.user._id, startAt: remindAt, dueAt: remindAt, remindAt })
    await owner.client.service('company').patch('mine', { settings: { branchesSeeAllCustomers: false } })
    const heard: string[] = []
    southDoctor.client.service('tasks').on('reminded', (task: Task) => void heard.push(task._id))
    await new TaskReminderWorker(server.app).tick()
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(heard).toEqual([plain._id])
    expect((await server.db('tasks').where({ _id: hidden._id }).first()).remindedAt).not.toBeNull()
  })

  it('lets only one of two workers give a reminder', async () => {
    const app = server.app
    const db = server.db
    const owner = await server.registerClinic('Race')
    const remindAt = new Date(Date.now() - 60_000).toISOString()
    const made = await owner.client.service('tasks').create({ kind: 'user-reminder', description: 'Race', assigneeId: owner.auth.user._id, startAt: remindAt, dueAt: remindAt, remindAt })
    const given: string[] = []
    const count = (task: Task) => void (task._id === made._id && given.push(task._id))
    app.service('tasks').on('reminded', count)
    try {
      await Promise.all([new TaskReminderWorker(app).tick(), new TaskReminderWorker(app).tick(), new TaskReminderWorker(app).tick()])
    } finally {
      app.service('tasks').off('reminded', count)
    }
    expect(given).toEqual([made._id])
    expect((await db('tasks').where({ _id: made._id }).first()).remindedAt).not.toBeNull()
  })
})
