import { engines, failure, startServer, type TestServer } from '../../../support/harness'
import { openClinic, booking, at, type Clinic } from '../../../support/appointment-fixtures'
import type { Appointment } from '../../../../../server/src/services/appointments/appointment/appointment.shared'

describe.each(engines)('appointment series (%s)', (engine) => {
  let server: TestServer
  let clinic: Clinic
  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
  })
  afterAll(() => server.stop())

  const appointments = () => clinic.admin.client.service('appointment')
  const seriesOf = async (seriesId: string) =>
    (await appointments().find({ query: { seriesId, $sort: { start: 1 as const }, $limit: 1000 } })).data as Appointment[]

  it('keeps 09:00 Helsinki time across the last Sunday of March (weekly)', async () => {
    const first = await appointments().create(booking(clinic, '2027-03-15', '09:00', { repeat: { frequency: 'weekly', interval: 1, ends: { type: 'count', count: 4 } } }))
    expect(first.seriesIndex).toBe(0)
    const series = await seriesOf(first.seriesId!)
    expect(series.map((item) => [item.date, item.time, item.start])).toEqual([
      ['2027-03-15', '09:00', '2027-03-15T07:00:00.000Z'],
      ['2027-03-22', '09:00', '2027-03-22T07:00:00.000Z'],
      ['2027-03-29', '09:00', '2027-03-29T06:00:00.000Z'],
      ['2027-04-05', '09:00', '2027-04-05T06:00:00.000Z']
    ])
    expect(series.map((item) => item.seriesIndex)).toEqual([0, 1, 2, 3])
  })

  it('clamps a monthly series from the 31st to month ends without drifting', async () => {
    const first = await appointments().create(booking(clinic, '2027-01-31', '12:00', { repeat: { frequency: 'monthly', interval: 1, ends: { type: 'date', date: '2027-05-31' } } }))
    expect((await seriesOf(first.seriesId!)).map((item) => item.date)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31'])
  })

  it('creates an ongoing series one year ahead', async () => {
    const first = await appointments().create(booking(clinic, '2027-06-07', '17:00', { repeat: { frequency: 'weekly', interval: 1, ends: { type: 'never' } } }))
    const series = await seriesOf(first.seriesId!)
    expect(series).toHaveLength(53)
    expect(series[52].date).toBe('2028-06-05')
  })

  it('refuses the whole series when one occurrence clashes, writing nothing', async () => {
    await appointments().create(booking(clinic, '2027-08-04', '15:00'))
    const before = await server.db('appointment').count({ total: '*' })
    const error = await failure(appointments().create(booking(clinic, '2027-08-02', '15:00', { repeat: { frequency: 'daily', interval: 1, ends: { type: 'count', count: 5 } } })))
    expect(error).toMatchObject({ name: 'Conflict', data: { code: 'appointment-staff-busy', path: 'staffId', start: at('2027-08-04', '15:00') } })
    expect(await server.db('appointment').count({ total: '*' })).toEqual(before)
    expect(await failure(appointments().create(booking(clinic, '2027-08-02', '15:00', { repeat: { frequency: 'everyNDays', interval: 1, ends: { type: 'never' } } })))).toMatchObject({
      data: { code: 'invalid-repeat', path: 'repeat' }
    })
  })

  it("moves one occurrence alone ('this') out of its series", async () => {
    const first = await appointments().create(booking(clinic, '2027-09-06', '09:00', { repeat: { frequency: 'weekly', interval: 1, ends: { type: 'count', count: 3 } } }))
    const [, second] = await seriesOf(first.seriesId!)
    const moved = await appointments().patch(second._id, { start: at('2027-09-14', '11:00') }, { query: { $series: 'this' } })
    expect(moved).toMatchObject({ date: '2027-09-14', time: '11:00', seriesId: null, seriesIndex: null })
    expect((await seriesOf(first.seriesId!)).map((item) => item.date)).toEqual(['2027-09-06', '2027-09-20'])
    // Notes on one occurrence keep it in the series.
    const third = (await seriesOf(first.seriesId!))[1]
    expect((await appointments().patch(third._id, { notes: 'Only this one' })).seriesId).toBe(first.seriesId)
  })

  it("moves an occurrence and the rest ('following') keeping local time across DST", async () => {
    const first = await appointments().create(booking(clinic, '2028-03-13', '09:00', { repeat: { frequency: 'weekly', interval: 1, ends: { type: 'count', count: 4 } } }))
    const series = await seriesOf(first.seriesId!)
    // 2028's last Sunday of March is the 26th: the third and fourth occurrences are in summer time.
    await appointments().patch(series[1]._id, { start: at('2028-03-21', '10:00'), duration: 45 }, { query: { $series: 'following' } })
    const after = await seriesOf(first.seriesId!)
    expect(after.map((item) => [item.date, item.time, item.duration])).toEqual([
      ['2028-03-13', '09:00', 30],
      ['2028-03-21', '10:00', 45],
      ['2028-03-28', '10:00', 45],
      ['2028-04-04', '10:00', 45]
    ])
    expect(after[3].start).toBe('2028-04-04T07:00:00.000Z')
  })

  it("cancels and removes the rest of a series ('following')", async () => {
    const first = await appointments().create(booking(clinic, '2028-05-01', '09:00', { repeat: { frequency: 'daily', interval: 1, ends: { type: 'count', count: 4 } } }))
    const series = await seriesOf(first.seriesId!)
    await appointments().patch(series[2]._id, { status: 'cancelled' }, { query: { $series: 'following' } })
    expect((await seriesOf(first.seriesId!)).map((item) => item.status)).toEqual(['planned', 'planned', 'cancelled', 'cancelled'])
    const history = await server.db('appointment_status_history').where({ appointmentId: series[3]._id }).orderBy('at')
    expect(history.map((row: { to: string }) => row.to)).toEqual(['planned', 'cancelled'])
    await appointments().remove(series[1]._id, { query: { $series: 'following' } })
    expect((await seriesOf(first.seriesId!)).map((item) => item._id)).toEqual([series[0]._id])
  })
})
