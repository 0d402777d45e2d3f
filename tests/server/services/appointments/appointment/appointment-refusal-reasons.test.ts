import { engines, failure, startServer, type TestServer } from '../../../support/harness'
import { openClinic, booking, setSchedule, addDoctor, FULL_WEEK, type Clinic } from '../../../support/appointment-fixtures'

/**
 * A refusal names what is in the way, in company-local times the front desk can find on the
 * calendar (issue 13: "buffer after 11:00 visit until 11:15", "outside working hours 09:00-18:00").
 */
describe.each(engines)('appointment refusals say why (%s)', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let implant: { serviceId: string; name: string; duration: number; price: number; quantity: number }
  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
    const service = await clinic.admin.client.service('service').create({ name: 'Implant', duration: 60, bufferTime: 15, price: 100000 })
    implant = { serviceId: service._id, name: 'Implant', duration: 60, price: 100000, quantity: 1 }
  })
  afterAll(() => server.stop())

  const appointments = () => clinic.admin.client.service('appointment')

  it('names the visit in the way, the buffer after it, or the own buffer running into the next', async () => {
    await appointments().create(booking(clinic, '2027-05-10', '11:00', { duration: 60, services: [implant], workPlaceId: clinic.chairId }))
    const overlap = await failure(appointments().create(booking(clinic, '2027-05-10', '11:30')))
    expect(overlap).toMatchObject({ data: { code: 'appointment-staff-busy', path: 'staffId', reason: 'visit', from: '11:00', to: '12:00' } })
    const inBuffer = await failure(appointments().create(booking(clinic, '2027-05-10', '12:05')))
    expect(inBuffer).toMatchObject({ data: { code: 'appointment-staff-busy', reason: 'buffer-after', visit: '11:00', until: '12:15' } })
    const ownBuffer = await failure(appointments().create(booking(clinic, '2027-05-10', '09:55', { duration: 60, services: [implant] })))
    expect(ownBuffer).toMatchObject({ data: { code: 'appointment-staff-busy', reason: 'own-buffer', visit: '11:00', until: '11:10' } })
    // The chair: another doctor, the same chair, inside the buffer.
    const other = await addDoctor(server, clinic)
    const chair = await failure(appointments().create(booking(clinic, '2027-05-10', '12:10', { staffId: other.user._id, workPlaceId: clinic.chairId })))
    expect(chair).toMatchObject({ data: { code: 'appointment-workplace-busy', path: 'workPlaceId', reason: 'buffer-after', visit: '11:00', until: '12:15' } })
    // The buffer's end is free, and the API shows the held slot's end.
    const next = await appointments().create(booking(clinic, '2027-05-10', '12:15'))
    expect(next.blockedUntil).toBe(next.end)
  })

  it('names the day off, the break, or the day\'s hours', async () => {
    await setSchedule(server, clinic.doctor.user._id, {
      week: { '1': [{ start: '09:00', end: '13:00' }, { start: '14:00', end: '18:00' }], '2': [] },
      dates: {}
    })
    const dayOff = await failure(appointments().create(booking(clinic, '2027-05-11', '10:00')))
    expect(dayOff).toMatchObject({ name: 'Unprocessable', data: { code: 'outside-working-hours', reason: 'day-off', date: '2027-05-11' } })
    const lunch = await failure(appointments().create(booking(clinic, '2027-05-17', '12:45')))
    expect(lunch).toMatchObject({ data: { code: 'outside-working-hours', reason: 'break', from: '13:00', to: '14:00' } })
    const early = await failure(appointments().create(booking(clinic, '2027-05-17', '08:30')))
    expect(early).toMatchObject({ data: { code: 'outside-working-hours', reason: 'hours', hours: '09:00–13:00, 14:00–18:00' } })
    await setSchedule(server, clinic.doctor.user._id, FULL_WEEK)
  })
})
