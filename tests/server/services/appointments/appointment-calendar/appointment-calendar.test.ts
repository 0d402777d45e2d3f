import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { addDoctor, at, booking, openClinic, type Clinic } from '../../../support/appointment-fixtures'
import { malformed } from '../../../support/malformed'
import {
  decodeCalendarWeek,
  CALENDAR_APPOINTMENT_FIELDS,
  CALENDAR_CUSTOMER_FIELDS,
  type AppointmentCalendarQuery
} from '../../../../../server/src/services/appointments/appointment-calendar/appointment-calendar.shared'

/**
 * `appointment-calendar`: the calendar's range in one compact answer. What it decodes to must be
 * exactly what the two finds the screen made before give the same caller (appointments with the
 * calendar's `$select`, their customers' names), under the same rules.
 */
describe.each(engines)('appointment-calendar (%s)', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let otherDoctor: SignedIn & { user: { _id: string } }
  let branchB: string
  let customerOfB: string
  const week = { $gte: at('2027-06-07', '00:00'), $lt: at('2027-06-14', '00:00') }

  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
    otherDoctor = await addDoctor(server, clinic)
    branchB = (await clinic.admin.client.service('branches').create({ name: 'Branch B' }))._id
    customerOfB = (await clinic.admin.client.service('customers').create({ first_name: 'Bertta', last_name: 'Bee', middle_name: 'Q', branchId: branchB }))._id
    // The red mark comes from the health card; set here as it would be.
    await server.db('customers').where({ _id: customerOfB }).update({ medicalAlert: true })
    const appointments = clinic.admin.client.service('appointment')
    // A buffer after the visit: blockedUntil past end travels too.
    const checkUp = await clinic.admin.client.service('service').create({ name: 'Check-up', duration: 30, bufferTime: 15, price: 5000 })
    const services = [{ serviceId: checkUp._id, name: 'Check-up', duration: 30, price: 5000, quantity: 1 }]
    await appointments.create(booking(clinic, '2027-06-08', '09:00', { workPlaceId: clinic.chairId, services, notes: 'Bring the X-ray' }))
    await appointments.create(booking(clinic, '2027-06-08', '09:00', { staffId: otherDoctor.user._id, customerId: customerOfB }))
    await appointments.create(booking(clinic, '2027-06-08', '10:00', { services, repeat: { frequency: 'weekly', interval: 1, ends: { type: 'count', count: 2 } } }))
    await appointments.create(booking(clinic, '2027-06-09', '11:15', { staffId: otherDoctor.user._id, duration: 45, status: 'confirmed' }))
    // Outside the week: not in its answer.
    await appointments.create(booking(clinic, '2027-06-14', '09:00'))
  })
  afterAll(() => server.stop())

  /** What the screen asked before: the appointment find and the customers find, as this caller. */
  async function byTwoFinds(member: SignedIn) {
    const page = await member.client.service('appointment').find({ query: { branchId: clinic.branchId, start: week, $sort: { start: 1 as const }, $limit: 1000, $select: [...CALENDAR_APPOINTMENT_FIELDS] } })
    const ids = [...new Set(page.data.map((row) => row.customerId))]
    const customers = await member.client.service('customers').find({ query: { _id: { $in: ids }, $limit: 500, $select: [...CALENDAR_CUSTOMER_FIELDS] } })
    const byId = (a: { _id: string }, b: { _id: string }) => a._id.localeCompare(b._id)
    return { appointments: page.data, customers: [...customers.data].sort(byId), total: page.total }
  }

  const calendar = (member: SignedIn, query: Partial<AppointmentCalendarQuery> = {}) =>
    member.client.service('appointment-calendar').find({ query: { branchId: clinic.branchId, start: week, ...query } })

  async function decoded(member: SignedIn) {
    const week = await calendar(member)
    const { appointments, customers } = decodeCalendarWeek(week)
    return { appointments, customers: [...customers].sort((a, b) => a._id.localeCompare(b._id)), total: week.total }
  }

  it('gives the administrator exactly what the two finds give, customers named once', async () => {
    const expected = await byTwoFinds(clinic.admin)
    expect(expected.appointments).toHaveLength(4)
    expect(await decoded(clinic.admin)).toEqual(expected)
    const answer = await calendar(clinic.admin)
    expect(answer.customerIds).toHaveLength(2)
    expect(answer.staffIds).toHaveLength(2)
    // The same list of services is sent once for both visits booking it.
    expect(answer.serviceLists.filter((list) => list.length > 0)).toHaveLength(1)
    expect(JSON.stringify(answer)).not.toContain('Bring the X-ray')
    expect(decodeCalendarWeek(answer).appointments.find((row) => row.repeat !== null)).toMatchObject({ repeat: { frequency: 'weekly' }, seriesId: expect.any(String) })
  })

  it('shows a doctor without seeAll only their own visits, as the appointment find does', async () => {
    const expected = await byTwoFinds(clinic.doctor)
    expect(expected.appointments.map((row) => row.staffId)).toEqual(expected.appointments.map(() => clinic.doctor.user._id))
    expect(await decoded(clinic.doctor)).toEqual(expected)
    expect(await decoded(otherDoctor)).toEqual(await byTwoFinds(otherDoctor))
  })

  it('leaves out the name of a customer the caller may not see, keeping the visit', async () => {
    const role = await clinic.admin.client.service('roles').create({
      name: 'Desk of A',
      permissions: [{ resource: 'appointment', view: true, seeAll: true }, { resource: 'customers', view: true }]
    })
    const desk = await signedInMember(server, clinic.admin, { roleId: role._id, branchIds: [clinic.branchId] })
    const { appointments, customers } = await decoded(desk)
    expect(appointments.map((row) => row.customerId)).toContain(customerOfB)
    expect(customers.map((customer) => customer._id)).toEqual([clinic.customerId])
    expect(await decoded(desk)).toEqual(await byTwoFinds(desk))
    // Not a branch of theirs: what the appointment find answers them there (nothing).
    const elsewhere = await calendar(desk, { branchId: branchB })
    const found = await desk.client.service('appointment').find({ query: { branchId: branchB, start: week } })
    expect(found.total).toBe(0)
    expect(elsewhere).toMatchObject({ total: 0, appointments: { _id: [] }, customerIds: [] })
  })

  it('refuses a caller without view on appointment, and a query not of its shape', async () => {
    const role = await clinic.admin.client.service('roles').create({ name: 'Customers only', permissions: [{ resource: 'customers', view: true }] })
    const member = await signedInMember(server, clinic.admin, { roleId: role._id })
    expect(await failure(calendar(member))).toMatchObject({ name: 'Forbidden' })
    expect(await failure(calendar(clinic.admin, malformed({ start: { $gte: week.$gte } })))).toMatchObject({ name: 'BadRequest' })
    expect(await failure(calendar(clinic.admin, malformed({ $select: ['notes'] })))).toMatchObject({ name: 'BadRequest' })
    expect(await failure(calendar(clinic.admin, { $limit: 1001 }))).toMatchObject({ name: 'BadRequest' })
    expect(await failure(calendar(clinic.admin, { start: { $gte: 'monday', $lt: week.$lt } }))).toMatchObject({ name: 'BadRequest' })
  })

  it('stays within the caller\'s company, and tells the total beyond its limit', async () => {
    const stranger = await server.registerClinic('Elsewhere')
    const theirs = await stranger.client.service('appointment-calendar').find({ query: { start: week } })
    expect(theirs).toMatchObject({ total: 0, customerIds: [], appointments: { _id: [] } })
    const two = await calendar(clinic.admin, { $limit: 2 })
    expect(two).toMatchObject({ total: 4, limit: 2 })
    expect(decodeCalendarWeek(two).appointments).toEqual((await byTwoFinds(clinic.admin)).appointments.slice(0, 2))
  })
})
