import { engines, failure, nextEvent, receivesEvent, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { roleId, signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import type { Task, TaskData } from '../../../../../server/src/services/tasks/tasks/tasks.shared'

const DAY = 86_400_000
const inDays = (days: number, hour = 9) => new Date(Date.UTC(2031, 4, 1 + days, hour)).toISOString()

/** Tasks and reminders (issue 17, item 5): records, who sees which, the rules of their dates and states, live events. */
describe.each(engines)('tasks on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let doctor: SignedIn & { user: { _id: string } }
  let otherDoctor: SignedIn & { user: { _id: string } }
  let customerId: string
  let counter = 0

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Tasks')
    admin.client.set('currentBranchId', admin.auth.branchIds[0])
    doctor = await signedInMember(server, admin, { role: 'doctor' })
    otherDoctor = await signedInMember(server, admin, { role: 'doctor' })
    customerId = (await admin.client.service('customers').create({ first_name: 'Recall', last_name: 'Patient' }))._id
  })
  afterAll(() => server.stop())

  const task = (extra: Partial<TaskData> = {}): TaskData => {
    counter += 1
    return { kind: 'user-reminder', description: `Call the lab ${counter}`, assigneeId: doctor.user._id, startAt: inDays(0), dueAt: inDays(1), ...extra }
  }
  const tasksOf = (who: SignedIn) => who.client.service('tasks')

  it('creates a treatment reminder for a patient with its defaults, and the assignee reads it', async () => {
    const made = await tasksOf(admin).create(task({ kind: 'treatment-reminder', customerId, description: '  Recall in 6 months  ', remindAt: inDays(1, 8), endBefore: inDays(3) }))
    expect(made).toMatchObject({
      kind: 'treatment-reminder', description: 'Recall in 6 months', customerId, assigneeId: doctor.user._id, status: 'in-progress',
      branchId: admin.auth.branchIds[0], companyId: admin.auth.company._id, createdBy: admin.auth.user._id,
      appointmentId: null, treatmentPlanId: null, remindedAt: null, doneAt: null, doneBy: null, endBefore: inDays(3), remindAt: inDays(1, 8)
    })
    expect(await tasksOf(doctor).get(made._id)).toEqual(made)
    // The start defaults to now.
    const started = await tasksOf(admin).create({ kind: 'user-reminder', description: 'Now', assigneeId: admin.auth.user._id, dueAt: new Date(Date.now() + DAY).toISOString() })
    expect(Math.abs(Date.parse(started.startAt) - Date.now())).toBeLessThan(60_000)
  })

  it('refuses unknown fields, a recall without a patient, dates out of order and foreign references', async () => {
    const unknown = await failure(tasksOf(admin).create(malformed({ ...task(), remindedAt: inDays(0) })))
    expect(unknown.name).toBe('BadRequest')
    const noPatient = await failure(tasksOf(admin).create(task({ kind: 'treatment-reminder' })))
    expect(noPatient.data).toMatchObject({ code: 'task-patient-required', path: 'customerId' })
    expect((await failure(tasksOf(admin).create(task({ dueAt: inDays(-1) })))).data).toMatchObject({ code: 'task-due-before-start', path: 'dueAt' })
    expect((await failure(tasksOf(admin).create(task({ endBefore: inDays(0, 10) })))).data).toMatchObject({ code: 'task-end-before-due', path: 'endBefore' })
    expect((await failure(tasksOf(admin).create(task({ remindAt: inDays(-1) })))).data).toMatchObject({ code: 'task-remind-before-start', path: 'remindAt' })
    expect((await failure(tasksOf(admin).create(task({ description: '   ' })))).name).toBe('BadRequest')
    const elsewhere = await server.registerClinic('Elsewhere')
    const foreignCustomer = await elsewhere.client.service('customers').create({ first_name: 'Foreign', last_name: 'Patient' })
    expect((await failure(tasksOf(admin).create(task({ assigneeId: elsewhere.auth.user._id })))).data).toMatchObject({ code: 'invalid-reference', path: 'assigneeId' })
    expect((await failure(tasksOf(admin).create(task({ customerId: foreignCustomer._id })))).data).toMatchObject({ code: 'invalid-reference', path: 'customerId' })
    // A patch keeps the whole task's rules.
    const made = await tasksOf(admin).create(task())
    expect((await failure(tasksOf(admin).patch(made._id, { dueAt: inDays(-2) }))).data).toMatchObject({ code: 'task-due-before-start' })
    expect((await failure(tasksOf(admin).patch(made._id, { kind: 'treatment-reminder' }))).data).toMatchObject({ code: 'task-patient-required' })
    expect((await failure(tasksOf(admin).patch(made._id, malformed({ doneAt: inDays(0) })))).name).toBe('BadRequest')
    // Another company does not find it.
    expect((await failure(elsewhere.client.service('tasks').get(made._id))).name).toBe('NotFound')
  })

  it('shows people without seeAll only the tasks assigned to or made by them', async () => {
    const forDoctor = await tasksOf(admin).create(task())
    const byOther = await tasksOf(otherDoctor).create(task({ assigneeId: admin.auth.user._id }))
    const mine = await tasksOf(doctor).find({ query: { $limit: 500 } })
    expect(mine.data.every((item) => item.assigneeId === doctor.user._id || item.createdBy === doctor.user._id)).toBe(true)
    expect(mine.data.map((item) => item._id)).toContain(forDoctor._id)
    const others = (await tasksOf(otherDoctor).find({ query: { $limit: 500 } })).data.map((item) => item._id)
    expect(others).toEqual([byOther._id])
    expect((await failure(tasksOf(otherDoctor).get(forDoctor._id))).name).toBe('NotFound')
    expect((await failure(tasksOf(otherDoctor).patch(forDoctor._id, { status: 'done' }))).name).toBe('NotFound')
    // The administrator (seeAll) sees both, soonest due first.
    const all = (await tasksOf(admin).find({ query: { $limit: 500 } })).data
    expect(all.map((item) => item._id)).toEqual(expect.arrayContaining([forDoctor._id, byOther._id]))
    expect([...all].sort((a, b) => a.dueAt.localeCompare(b.dueAt) || a._id.localeCompare(b._id)).map((item) => item._id)).toEqual(all.map((item) => item._id))
    // A doctor may not remove (no delete on tasks by default); a role without tasks may not read.
    expect((await failure(tasksOf(doctor).remove(forDoctor._id))).name).toBe('Forbidden')
    const finance = await signedInMember(server, admin, { roleId: await roleId(admin, 'finance') })
    expect((await failure(finance.client.service('tasks').find({}))).name).toBe('Forbidden')
  })

  it('keeps a patient\'s tasks to those who see the patient', async () => {
    const north = await admin.client.service('branches').create({ name: `North ${counter}` })
    const northCustomer = await admin.client.service('customers').create({ first_name: 'North', last_name: 'Patient', branchId: north._id })
    const southDoctor = await signedInMember(server, admin, { role: 'doctor', branchIds: [admin.auth.branchIds[0]] })
    // A task is given only to someone who will see it.
    const refused = await failure(tasksOf(admin).create(task({ assigneeId: southDoctor.user._id, customerId: northCustomer._id })))
    expect(refused.data).toMatchObject({ code: 'task-assignee-cannot-see', path: 'assigneeId' })
    const finance = await signedInMember(server, admin, { roleId: await roleId(admin, 'finance') })
    expect((await failure(tasksOf(admin).create(task({ assigneeId: finance.user._id })))).data).toMatchObject({ code: 'task-assignee-cannot-see' })
    // Given while every branch saw every patient; then the company narrows it: the doctor no longer sees it.
    await admin.client.service('company').patch('mine', { settings: { branchesSeeAllCustomers: true } })
    let hidden: Task
    try {
      hidden = await tasksOf(admin).create(task({ assigneeId: southDoctor.user._id, customerId: northCustomer._id }))
      expect((await tasksOf(southDoctor).get(hidden._id))._id).toBe(hidden._id)
    } finally {
      await admin.client.service('company').patch('mine', { settings: { branchesSeeAllCustomers: false } })
    }
    const plain = await tasksOf(admin).create(task({ assigneeId: southDoctor.user._id }))
    const seen = (await tasksOf(southDoctor).find({ query: {} })).data.map((item) => item._id)
    expect(seen).toEqual([plain._id])
    expect((await failure(tasksOf(southDoctor).get(hidden._id))).name).toBe('NotFound')
    // Nor may they name that patient on a task of their own, nor give a plain task that patient.
    expect((await failure(tasksOf(southDoctor).create(task({ assigneeId: southDoctor.user._id, customerId: northCustomer._id })))).name).toBe('NotFound')
    expect((await failure(tasksOf(southDoctor).patch(plain._id, { customerId: northCustomer._id }))).name).toBe('NotFound')
    expect((await failure(tasksOf(admin).patch(plain._id, { customerId: northCustomer._id }))).data).toMatchObject({ code: 'task-assignee-cannot-see' })
    // The patient card's tab: a find by patient.
    const ofPatient = await tasksOf(admin).find({ query: { customerId: northCustomer._id } })
    expect(ofPatient.data.map((item) => item._id)).toEqual([hidden._id])
    // Reassigned to someone who sees the patient, it is fine.
    expect((await tasksOf(admin).patch(hidden._id, { assigneeId: admin.auth.user._id })).assigneeId).toBe(admin.auth.user._id)
  })

  it('marks done and back, stamping who and when; a moved reminder will be given again', async () => {
    const made = await tasksOf(admin).create(task({ remindAt: inDays(0, 10) }))
    const done = await tasksOf(doctor).patch(made._id, { status: 'done' })
    expect(done).toMatchObject({ status: 'done', doneBy: doctor.user._id })
    expect(done.doneAt).not.toBeNull()
    // Saving it done again keeps the first stamp.
    expect((await tasksOf(admin).patch(made._id, { status: 'done' })).doneBy).toBe(doctor.user._id)
    const reopened = await tasksOf(doctor).patch(made._id, { status: 'in-progress' })
    expect(reopened).toMatchObject({ status: 'in-progress', doneAt: null, doneBy: null })
    await server.db('tasks').where({ _id: made._id }).update({ remindedAt: inDays(0, 10) })
    expect((await tasksOf(admin).patch(made._id, { remindAt: inDays(0, 10) })).remindedAt).not.toBeNull()
    expect((await tasksOf(admin).patch(made._id, { remindAt: inDays(0, 11) })).remindedAt).toBeNull()
  })

  it('moves a removed task to the trash and logs the writes', async () => {
    const made = await tasksOf(admin).create(task({ customerId }))
    await tasksOf(admin).remove(made._id)
    expect(await server.db('tasks').where({ _id: made._id }).first()).toBeUndefined()
    const trashed = await server.db('trash').where({ recordId: made._id }).first()
    expect(trashed).toMatchObject({ service: 'tasks', customerId })
    const log = await server.db('user_activities').where({ service: 'tasks', recordId: made._id })
    expect(log.length).toBeGreaterThanOrEqual(2)
  })

  it('tells the assignee, the author and those who see all, and nobody else', async () => {
    const created = nextEvent<Task>(doctor.client, 'tasks', 'created')
    const toAdmin = nextEvent<Task>(admin.client, 'tasks', 'created')
    const otherHears = receivesEvent(otherDoctor.client, 'tasks', 'created')
    const made = await tasksOf(admin).create(task())
    expect((await created)._id).toBe(made._id)
    expect((await toAdmin)._id).toBe(made._id)
    expect(await otherHears).toBe(false)
  })
})
