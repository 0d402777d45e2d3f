import { engines, startServer, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { openClinic, booking, addDoctor, type Clinic } from '../../../support/appointment-fixtures'
import type { AppointmentData } from '../../../../../server/src/services/appointments/appointment/appointment.shared'

/**
 * Two front desks book the same slot at the same moment, each on its own socket: exactly one
 * appointment is made, the other gets a Conflict naming the field, and nothing is half-written.
 */
describe.each(engines)('double booking under concurrency (%s)', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let desk: Awaited<ReturnType<typeof signedInMember>>
  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
    desk = await signedInMember(server, clinic.admin, { role: 'administrator' })
  })
  afterAll(() => server.stop())

  async function race(dataA: AppointmentData, dataB: AppointmentData) {
    const results = await Promise.allSettled([
      clinic.admin.client.service('appointment').create(dataA),
      desk.client.service('appointment').create(dataB)
    ])
    const made = results.filter((result) => result.status === 'fulfilled')
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected').map((result) => result.reason)
    return { made, refused }
  }

  const rowsAt = async (date: string) => {
    const rows = await server.db('appointment').where({ date })
    const history = await server.db('appointment_status_history').whereIn('appointmentId', rows.map((row: { _id: string }) => row._id))
    return { rows, history }
  }

  it('gives exactly one appointment and one Conflict at staffId for the same doctor and time', async () => {
    const days = ['2027-05-03', '2027-05-04', '2027-05-05', '2027-05-06', '2027-05-07']
    for (const date of days) {
      const { made, refused } = await race(booking(clinic, date, '09:00'), booking(clinic, date, '09:15'))
      expect(made).toHaveLength(1)
      expect(refused).toHaveLength(1)
      expect(refused[0]).toMatchObject({ name: 'Conflict', code: 409, data: { code: 'appointment-staff-busy', path: 'staffId' } })
      const { rows, history } = await rowsAt(date)
      expect(rows).toHaveLength(1)
      expect(history).toHaveLength(1)
    }
  })

  it('gives exactly one appointment and one Conflict at workPlaceId for the same chair', async () => {
    const other = await addDoctor(server, clinic)
    for (const date of ['2027-05-10', '2027-05-11', '2027-05-12']) {
      const { made, refused } = await race(
        booking(clinic, date, '10:00', { workPlaceId: clinic.chairId }),
        booking(clinic, date, '10:00', { workPlaceId: clinic.chairId, staffId: other.user._id })
      )
      expect(made).toHaveLength(1)
      expect(refused[0]).toMatchObject({ name: 'Conflict', data: { code: 'appointment-workplace-busy', path: 'workPlaceId' } })
      expect((await rowsAt(date)).rows).toHaveLength(1)
    }
  })

  it('lets a whole series fail when one occurrence is taken by a simultaneous booking', async () => {
    const series = booking(clinic, '2027-05-17', '11:00', { repeat: { frequency: 'daily', interval: 1, ends: { type: 'count', count: 5 } } })
    const single = booking(clinic, '2027-05-19', '11:00')
    const { made, refused } = await race(series, single)
    expect(made).toHaveLength(1)
    expect(refused[0]).toMatchObject({ name: 'Conflict', data: { code: 'appointment-staff-busy' } })
    const count = await server.db('appointment').whereBetween('date', ['2027-05-17', '2027-05-21']).count({ total: '*' })
    expect([1, 5]).toContain(Number(count[0].total))
  })
})
