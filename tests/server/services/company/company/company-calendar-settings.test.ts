import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { defaultCalendarSettings } from '../../../../../domain/schedule/calendar-settings'

/** `company.settings.calendar`: the calendar's look and the booking form's steps. */
describe.each(engines)('calendar settings on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let doctor: SignedIn
  let other: SignedIn

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Calendar')
    doctor = await signedInMember(server, admin, { role: 'doctor' })
    other = await server.registerClinic('Other')
  })
  afterAll(() => server.stop())

  const company = (person: SignedIn) => person.client.service('company')

  it('starts with the defaults, also for a company stored before the setting existed', async () => {
    expect((await company(admin).get('mine')).settings.calendar).toEqual(defaultCalendarSettings)
    const row = await server.db('companies').where({ _id: other.auth.company._id }).first('settings')
    const settings = typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings
    delete settings.calendar
    await server.db('companies').where({ _id: other.auth.company._id }).update({ settings: JSON.stringify(settings) })
    expect((await company(other).get('mine')).settings.calendar).toEqual(defaultCalendarSettings)
    expect((await other.client.service('my-company').get('mine')).settings.calendar).toEqual(defaultCalendarSettings)
  })

  it('merges a partial change into the stored settings, working days in order, other settings kept', async () => {
    await company(admin).patch('mine', { settings: { phoneProtection: true } })
    const patched = await company(admin).patch('mine', { settings: { calendar: { step: 30, zoom: 3, workingDays: [6, 1, 2] } } })
    expect(patched.settings.calendar).toEqual({ ...defaultCalendarSettings, step: 30, zoom: 3, workingDays: [1, 2, 6] })
    expect(patched.settings.phoneProtection).toBe(true)
    const again = await company(admin).patch('mine', { settings: { calendar: { dayStart: '07:30', dayEnd: '24:00' } } })
    expect(again.settings.calendar).toMatchObject({ step: 30, zoom: 3, dayStart: '07:30', dayEnd: '24:00' })
    expect((await doctor.client.service('my-company').get('mine')).settings.calendar).toEqual(again.settings.calendar)
  })

  it('refuses values out of the lists, bad times, an inverted day and no working day, changing nothing', async () => {
    const before = (await company(admin).get('mine')).settings.calendar
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ zoom: 5 }, 'invalid-request', 'settings.calendar.zoom'],
      [{ step: 7 }, 'invalid-request', 'settings.calendar.step'],
      [{ durationStep: 60 }, 'invalid-request', 'settings.calendar.durationStep'],
      [{ hoursStep: 20 }, 'invalid-request', 'settings.calendar.hoursStep'],
      [{ workingDays: [0] }, 'invalid-request', 'settings.calendar.workingDays.0'],
      [{ workingDays: [1, 1] }, 'invalid-request', 'settings.calendar.workingDays'],
      [{ dayStart: '8:00' }, 'time-invalid', 'settings.calendar.dayStart'],
      [{ dayStart: '20:00', dayEnd: '08:00' }, 'calendar-day-invalid', 'settings.calendar.dayEnd'],
      [{ workingDays: [] }, 'working-days-required', 'settings.calendar.workingDays'],
      [{ colour: 'red' }, 'invalid-request', 'settings.calendar.colour']
    ]
    for (const [calendar, code, path] of cases) {
      const error = await failure(company(admin).patch('mine', { settings: { calendar } }))
      expect([JSON.stringify(calendar), error.name, error.data?.code, error.data?.path]).toEqual([JSON.stringify(calendar), 'BadRequest', code, path])
    }
    expect((await company(admin).get('mine')).settings.calendar).toEqual(before)
  })

  it('is changed only by those who may edit the company, each in their own company', async () => {
    expect(await failure(company(doctor).patch('mine', { settings: { calendar: { step: 60 } } }))).toMatchObject({ name: 'Forbidden', data: { code: 'forbidden' } })
    await company(other).patch('mine', { settings: { calendar: { step: 60 } } })
    expect((await company(admin).get('mine')).settings.calendar?.step).not.toBe(60)
    expect((await failure(company(other).patch(admin.auth.company._id, { settings: { calendar: { step: 5 } } }))).name).toBe('NotFound')
  })
})
