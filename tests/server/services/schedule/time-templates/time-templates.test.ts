import { engines, failure, nextEvent, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'

/** `time-templates`: named day patterns, intervals checked and stored sorted. */
describe.each(engines)('time templates on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let doctor: SignedIn
  let other: SignedIn

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Templates')
    doctor = await signedInMember(server, admin, { role: 'doctor' })
    other = await server.registerClinic('Other')
  })
  afterAll(() => server.stop())

  const templates = (person: SignedIn) => person.client.service('time-templates')
  const rows = () => server.db('time_templates').orderBy('_id')

  it('creates a template with its intervals sorted, and changes it', async () => {
    const created = await templates(admin).create({ name: ' Split shift ', intervals: [{ start: '14:00', end: '18:00' }, { start: '08:00', end: '12:00' }] })
    expect(created).toEqual({
      _id: expect.any(String),
      companyId: admin.auth.company._id,
      name: 'Split shift',
      intervals: [{ start: '08:00', end: '12:00' }, { start: '14:00', end: '18:00' }],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      createdBy: admin.auth.user._id
    })
    expect(await templates(admin).get(created._id)).toEqual(created)
    expect((await templates(admin).patch(created._id, { intervals: [{ start: '09:00', end: '24:00' }] })).intervals).toEqual([{ start: '09:00', end: '24:00' }])
  })

  it('refuses bad times, an end before its start and overlaps, at the field, writing nothing', async () => {
    const before = await rows()
    const cases: Array<[Array<{ start: string; end: string }>, string, string]> = [
      [[{ start: '9:00', end: '12:00' }], 'time-invalid', 'intervals.0.start'],
      [[{ start: '09:00', end: '25:00' }], 'time-invalid', 'intervals.0.end'],
      [[{ start: '12:00', end: '09:00' }], 'interval-start-after-end', 'intervals.0.end'],
      [[{ start: '09:00', end: '13:00' }, { start: '12:00', end: '18:00' }], 'intervals-overlap', 'intervals.1.start']
    ]
    for (const [intervals, code, path] of cases) {
      const error = await failure(templates(admin).create({ name: `Bad ${code} ${path}`, intervals }))
      expect({ name: error.name, ...error.data }).toMatchObject({ name: 'BadRequest', code, path })
      expect(error.message).not.toBe('')
    }
    expect((await failure(templates(admin).create({ name: 'Extra', intervals: [malformed({ start: '09:00', end: '10:00', note: 'x' })] }))).name).toBe('BadRequest')
    expect((await failure(templates(admin).create(malformed({ name: 'No intervals' })))).data).toMatchObject({ path: 'intervals' })
    expect(await rows()).toEqual(before)
  })

  it('keeps companies apart and lets a doctor read but not change', async () => {
    const mine = await templates(admin).create({ name: 'Morning shift', intervals: [{ start: '08:00', end: '14:00' }] })
    const theirs = await templates(other).create({ name: 'Morning shift', intervals: [{ start: '08:00', end: '14:00' }] })
    expect((await failure(templates(admin).get(theirs._id))).name).toBe('NotFound')
    expect((await failure(templates(other).patch(mine._id, { name: 'Hijacked' }))).name).toBe('NotFound')
    expect((await templates(doctor).get(mine._id)).name).toBe('Morning shift')
    for (const error of await Promise.all([templates(doctor).create({ name: 'Nope', intervals: [] }), templates(doctor).patch(mine._id, { name: 'Nope' }), templates(doctor).remove(mine._id)].map(failure))) {
      expect(error).toMatchObject({ name: 'Forbidden', data: { code: 'forbidden' } })
    }
    expect((await failure(templates(admin).create({ name: 'Morning shift', intervals: [] }))).name).toBe('Conflict')
  })

  it('lists by name, tells the company, and moves a removed one to trash', async () => {
    const heard = nextEvent<{ name: string }>(doctor.client, 'time-templates', 'created')
    const created = await templates(admin).create({ name: 'Evening shift', intervals: [{ start: '14:00', end: '20:00' }] })
    expect((await heard).name).toBe('Evening shift')
    const names = (await templates(admin).find()).data.map((row) => row.name)
    expect(names).toEqual([...names].sort())
    await templates(admin).remove(created._id)
    expect((await admin.client.service('trash').find({ query: { service: 'time-templates', recordId: created._id } })).total).toBe(1)
  })
})
