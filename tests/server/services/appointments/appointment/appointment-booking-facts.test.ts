import { engines, failure, startServer, type TestServer } from '../../../support/harness'
import { addDoctor, booking, openClinic, type Clinic } from '../../../support/appointment-fixtures'

/**
 * A booking's look-ups are read in one statement (appointment-booking.ts, bookingFacts): each of
 * its refusals still names its field, and the buffer still reaches blockedUntil.
 */
describe.each(engines)('a booking\'s look-ups in one read (%s)', (engine) => {
  let server: TestServer
  let clinic: Clinic

  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
  })
  afterAll(() => server.stop())

  const appointments = () => clinic.admin.client.service('appointment')

  it('refuses an archived doctor at staffId, writing nothing', async () => {
    const gone = await addDoctor(server, clinic)
    await server.db('users').where({ _id: gone.user._id }).update({ archived: true })
    const before = await server.db('appointment').count({ total: '*' })
    expect(await failure(appointments().create(booking(clinic, '2027-07-05', '09:00', { staffId: gone.user._id })))).toMatchObject({
      name: 'BadRequest',
      data: { code: 'invalid-reference', path: 'staffId' }
    })
    expect(await server.db('appointment').count({ total: '*' })).toEqual(before)
  })

  it('refuses a chair of another branch at workPlaceId', async () => {
    const other = await clinic.admin.client.service('branches').create({ name: 'Other branch' })
    const chair = await clinic.admin.client.service('work-place').create({ name: 'Chair elsewhere', branchId: other._id })
    expect(await failure(appointments().create(booking(clinic, '2027-07-05', '10:00', { workPlaceId: chair._id })))).toMatchObject({
      name: 'BadRequest',
      data: { code: 'invalid-reference', path: 'workPlaceId' }
    })
  })

  it('holds the slot for the longest buffer of its services, with or without a chair', async () => {
    const short = await clinic.admin.client.service('service').create({ name: 'Polish', duration: 30, bufferTime: 5, price: 100 })
    const long = await clinic.admin.client.service('service').create({ name: 'Whitening', duration: 30, bufferTime: 20, price: 100 })
    const services = [short, long].map((item) => ({ serviceId: item._id, name: item.name, duration: 30, price: 100, quantity: 1 }))
    const withChair = await appointments().create(booking(clinic, '2027-07-06', '09:00', { services, workPlaceId: clinic.chairId }))
    expect(Date.parse(withChair.blockedUntil) - Date.parse(withChair.end)).toBe(20 * 60_000)
    const without = await appointments().create(booking(clinic, '2027-07-06', '11:00', { workPlaceId: null }))
    expect(without.blockedUntil).toBe(without.end)
    // The chair is held too: another doctor cannot take it inside the buffer; the doctor is named first when both are taken.
    const colleague = await addDoctor(server, clinic)
    expect(await failure(appointments().create(booking(clinic, '2027-07-06', '09:40', { staffId: colleague.user._id, workPlaceId: clinic.chairId })))).toMatchObject({
      data: { code: 'appointment-workplace-busy', path: 'workPlaceId' }
    })
    expect(await failure(appointments().create(booking(clinic, '2027-07-06', '09:40', { workPlaceId: clinic.chairId })))).toMatchObject({
      data: { code: 'appointment-staff-busy', path: 'staffId' }
    })
  })
})
