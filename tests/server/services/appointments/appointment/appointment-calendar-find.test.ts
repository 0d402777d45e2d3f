import { engines, failure, startServer, type TestServer } from '../../../support/harness'
import { openClinic, booking, type Clinic } from '../../../support/appointment-fixtures'
import { idBound, totalFromPage } from '../../../../../server/src/services/record.class'
import { CALENDAR_FIELDS } from '../../../../../renderer/src/features/appointments/calendar-model'

/**
 * What the calendar asks of `appointment` (renderer CalendarPage): a range with `$select` of the
 * fields it draws, any field of an appointment selectable; the page's `total` right whether the
 * count ran or the page told it (RecordService.paged).
 */
describe.each(engines)('the calendar find of appointments (%s)', (engine) => {
  let server: TestServer
  let clinic: Clinic
  const week = { $gte: '2027-05-09T00:00:00Z', $lt: '2027-05-16T00:00:00Z' }

  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
    for (const day of ['2027-05-10', '2027-05-11', '2027-05-12']) {
      for (const time of ['09:00', '10:00', '11:00']) await clinic.admin.client.service('appointment').create(booking(clinic, day, time, { notes: 'Bring the X-ray' }))
    }
  })
  afterAll(() => server.stop())

  const find = (query: Record<string, unknown>) => clinic.admin.client.service('appointment').find({ query: { start: week, $sort: { start: 1 as const }, ...query } })

  it('answers only the selected fields, any field of an appointment included', async () => {
    const page = await find({ $limit: 1000, $select: [...CALENDAR_FIELDS] })
    expect(page.total).toBe(9)
    for (const row of page.data) expect(Object.keys(row).sort()).toEqual([...CALENDAR_FIELDS].sort())
    expect(page.data[0]).toMatchObject({ status: 'planned', duration: 30, repeat: null, seriesId: null })
    expect(Array.isArray(page.data[0].services)).toBe(true)
    expect(JSON.stringify(page)).not.toContain('Bring the X-ray')
    // Without $select, the whole record as before.
    expect((await find({ $limit: 1 })).data[0]).toMatchObject({ notes: 'Bring the X-ray', date: '2027-05-10', time: '09:00' })
    expect(await failure(find({ $select: ['password'] }))).toMatchObject({ name: 'BadRequest' })
  })

  it('gives the right total whether the page tells it or a count runs', async () => {
    expect(await find({ $limit: 1000 })).toMatchObject({ total: 9, skip: 0 })
    expect(await find({ $limit: 4 })).toMatchObject({ total: 9 })
    expect(await find({ $limit: 4, $skip: 8 })).toMatchObject({ total: 9 })
    const past = await find({ $limit: 4, $skip: 20 })
    expect(past).toMatchObject({ total: 9, data: [] })
    expect(await find({ $limit: 0 })).toMatchObject({ total: 9, data: [] })
    const all = await find({ $limit: 1000 })
    const some = all.data.slice(0, 3).map((row) => row._id)
    expect(await find({ _id: { $in: some }, $limit: 3 })).toMatchObject({ total: 3 })
    expect(await find({ _id: { $in: [...some, '0190a1c2-0000-7000-8000-000000000000'] }, $limit: 4 })).toMatchObject({ total: 3 })
    expect(await find({ _id: { $in: some }, $limit: 2 })).toMatchObject({ total: 3 })
  })
})

describe('a page that tells its total', () => {
  test('a short page, or one reaching every id asked for, holds the last match', () => {
    expect(totalFromPage(7, 0, 1000)).toBe(7)
    expect(totalFromPage(3, 20, 25)).toBe(23)
    expect(totalFromPage(0, 0, 25)).toBe(0)
    expect(totalFromPage(25, 0, 25)).toBeUndefined()
    expect(totalFromPage(0, 50, 25)).toBeUndefined()
    expect(totalFromPage(0, 0, 0)).toBeUndefined()
    expect(totalFromPage(500, 0, 500, 500)).toBe(500)
    expect(totalFromPage(400, 0, 500, 500)).toBe(400)
    expect(totalFromPage(2, 0, 2, 3)).toBeUndefined()
  })

  test('ids bound a query only when named alone', () => {
    expect(idBound({ _id: { $in: ['a', 'b', 'a'] } }, '_id')).toBe(2)
    expect(idBound({ _id: 'a' }, '_id')).toBe(1)
    expect(idBound({ _id: { $nin: ['a'] } }, '_id')).toBeUndefined()
    expect(idBound({ _id: { $in: ['a'], $ne: 'b' } }, '_id')).toBe(undefined)
    expect(idBound({ branchId: 'b' }, '_id')).toBeUndefined()
  })
})
