import { engines, failure, nextEvent, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'

const week = {
  '1': [{ start: '09:00', end: '13:00' }, { start: '14:00', end: '18:00' }],
  '2': [{ start: '14:00', end: '20:00' }],
  '7': []
}
const stored = {
  week: { '1': week['1'], '2': week['2'], '3': [], '4': [], '5': [], '6': [], '7': [] },
  dates: { '2026-05-09': [] }
}

/** `users.schedule`: working hours, edited by the person (profile) or by the team's managers. */
describe.each(engines)('working hours on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let doctor: SignedIn & { user: { _id: string } }
  let colleague: SignedIn & { user: { _id: string } }
  /** May arrange the team (`my-team` edit) without full `users` rights. */
  let scheduler: SignedIn
  let other: SignedIn

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Hours')
    doctor = await signedInMember(server, admin, { role: 'doctor' })
    colleague = await signedInMember(server, admin, { role: 'doctor' })
    const role = await admin.client.service('roles').create({ name: 'Scheduler', permissions: [{ resource: 'my-team', view: true, edit: true }] })
    scheduler = await signedInMember(server, admin, { roleId: role._id })
    other = await server.registerClinic('Other')
  })
  afterAll(() => server.stop())

  /** The column as stored (text on SQLite, json on PostgreSQL). */
  const storedSchedule = async (id: string) => {
    const row = await server.db('users').where({ _id: id }).first('schedule')
    return typeof row.schedule === 'string' ? JSON.parse(row.schedule) : row.schedule
  }

  it('starts empty: no working hours set', async () => {
    expect((await doctor.client.service('profile').get('me')).schedule).toEqual({})
  })

  it('lets a person set their own hours through profile, stored whole and sorted', async () => {
    const patched = await doctor.client.service('profile').patch('me', { schedule: { week: { ...week, '1': [...week['1']].reverse() }, dates: { '2026-05-09': [] } } })
    expect(patched.schedule).toEqual(stored)
    expect(await storedSchedule(doctor.user._id)).toEqual(stored)
    expect((await admin.client.service('my-team').get(doctor.user._id)).schedule).toEqual(stored)
  })

  it('refuses a bad schedule with the code and the field, writing nothing', async () => {
    const before = await storedSchedule(doctor.user._id)
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ week: { '1': [{ start: '9:00', end: '12:00' }] } }, 'time-invalid', 'schedule.week.1.0.start'],
      [{ week: { '2': [{ start: '12:00', end: '10:00' }] } }, 'interval-start-after-end', 'schedule.week.2.0.end'],
      [{ week: { '3': [{ start: '09:00', end: '12:00' }, { start: '11:00', end: '13:00' }] } }, 'intervals-overlap', 'schedule.week.3.1.start'],
      [{ dates: { '2026-02-30': [] } }, 'date-invalid', 'schedule.dates.2026-02-30']
    ]
    for (const [schedule, code, path] of cases) {
      expect((await failure(doctor.client.service('profile').patch('me', { schedule }))).data).toMatchObject({ code, path })
    }
    for (const schedule of [{ week: { '8': [] } }, { days: {} }, { week: { '1': [{ start: '09:00' }] } }]) {
      expect((await failure(doctor.client.service('profile').patch('me', { schedule: malformed(schedule) }))).name).toBe('BadRequest')
    }
    expect(await storedSchedule(doctor.user._id)).toEqual(before)
  })

  it('lets team managers set a colleague\'s hours through users, with the same checks', async () => {
    const patched = await admin.client.service('users').patch(colleague.user._id, { schedule: { week }, acceptsAppointments: true })
    expect(patched.schedule).toEqual({ ...stored, dates: {} })
    expect((await failure(admin.client.service('users').patch(colleague.user._id, { schedule: { week: { '1': [{ start: '10:00', end: '10:00' }] } } }))).data)
      .toMatchObject({ code: 'interval-start-after-end', path: 'schedule.week.1.0.end' })
  })

  it('lets `my-team` edit set a colleague\'s hours and bookability, and tells the team', async () => {
    const heard = nextEvent<{ _id: string; schedule: unknown }>(doctor.client, 'my-team', 'patched')
    const member = await scheduler.client.service('my-team').patch(colleague.user._id, { schedule: { dates: { '2026-06-01': [{ start: '10:00', end: '14:00' }] } }, acceptsAppointments: true })
    expect(member).toMatchObject({ _id: colleague.user._id, acceptsAppointments: true, schedule: { dates: { '2026-06-01': [{ start: '10:00', end: '14:00' }] } } })
    expect(member).not.toHaveProperty('email')
    expect((await heard)._id).toBe(colleague.user._id)
    expect((await failure(scheduler.client.service('my-team').patch(colleague.user._id, { schedule: { week: { '1': [{ start: '25:00', end: '26:00' }] } } }))).data)
      .toMatchObject({ code: 'time-invalid', path: 'schedule.week.1.0.start' })
    // Only the hours and bookability: nothing else of the member.
    expect((await failure(scheduler.client.service('my-team').patch(colleague.user._id, malformed({ first_name: 'Renamed' })))).name).toBe('BadRequest')
  })

  it('refuses people without the right, and another company\'s member is not found', async () => {
    for (const error of await Promise.all([
      doctor.client.service('my-team').patch(colleague.user._id, { schedule: {} }),
      doctor.client.service('users').patch(colleague.user._id, { schedule: {} })
    ].map(failure))) {
      expect(error).toMatchObject({ name: 'Forbidden', data: { code: 'forbidden' } })
    }
    expect((await failure(other.client.service('my-team').patch(colleague.user._id, { schedule: {} }))).name).toBe('NotFound')
    expect((await failure(other.client.service('users').patch(colleague.user._id, { schedule: {} }))).name).toBe('NotFound')
    expect((await failure(doctor.client.service('profile').patch(colleague.user._id, { schedule: {} }))).name).toBe('NotFound')
  })
})
