import { engines, startServer, type TestServer } from '../support/harness'
import { localDayCase, type ReportFilter } from '../../../server/src/services/report-filter'
import { daysOf } from '../../../domain/reports/periods'
import { toZoned, zonedToUtc } from '../../../domain/appointments/zoned-time'

/**
 * The company-local day of an instant, as the reports group by it (`localDayCase`), against the
 * domain's own `toZoned` for the same instant: every 17 minutes across each day the clock changes
 * (and the days around it) and every 7 hours through the year, in zones with and without daylight
 * saving, half-hour offsets and a half-hour change, on both databases.
 */
const ZONES = ['Asia/Tashkent', 'Europe/Helsinki', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Chatham']
const FROM = '2026-01-01'
const TO = '2027-01-01'

function filterIn(timeZone: string): ReportFilter {
  const days = daysOf({ from: FROM, to: TO })
  return { companyId: 'c', from: FROM, to: TO, days, dayStarts: [...days, TO].map((day) => zonedToUtc(day, '00:00', timeZone)), branchIds: null, doctorId: null }
}

/** Instants of the period to place: around the clock's changes closely, the rest of the year loosely. */
function instantsOf(filter: ReportFilter): string[] {
  const start = Date.parse(filter.dayStarts[0])
  const end = Date.parse(filter.dayStarts[filter.days.length])
  const instants = new Set<number>([start, end - 1])
  for (let at = start; at < end; at += 7 * 3600_000) instants.add(at)
  filter.days.forEach((_, index) => {
    const dayStart = Date.parse(filter.dayStarts[index])
    const length = Date.parse(filter.dayStarts[index + 1]) - dayStart
    if (length === 86_400_000) return
    for (let at = dayStart - 86_400_000; at < dayStart + 2 * 86_400_000 && at < end; at += 17 * 60_000) if (at >= start) instants.add(at)
    instants.add(dayStart - 1)
    instants.add(dayStart + length - 1)
    instants.add(dayStart + length)
  })
  return [...instants].sort((a, b) => a - b).map((at) => new Date(at).toISOString())
}

describe.each(engines)('the company-local day of an instant on %s', (engine) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer(engine)
    await server.db.schema.createTable('day_case_probe', (table) => {
      table.integer('n').primary()
      table.timestamp('at', { useTz: true }).notNullable()
    })
  })
  afterAll(async () => {
    await server.db.schema.dropTableIfExists('day_case_probe')
    await server.stop()
  })

  it.each(ZONES)('groups every instant of a year in %s on the day its clock shows', async (timeZone) => {
    const filter = filterIn(timeZone)
    const instants = instantsOf(filter)
    await server.db('day_case_probe').del()
    await server.db.batchInsert('day_case_probe', instants.map((at, n) => ({ n, at })), 500)
    const day = localDayCase(server.db, '"p"."at"', filter)
    const rows = (await server.db('day_case_probe as p').select('p.n', server.db.raw(`${day.sql} as "day"`, day.bindings)).orderBy('p.n')) as Array<{ n: number; day: string }>
    const wrong = rows.filter((row) => row.day !== toZoned(Date.parse(instants[row.n]), timeZone).date)
    expect(rows).toHaveLength(instants.length)
    expect(wrong.map((row) => `${instants[row.n]} -> ${row.day}`)).toEqual([])
  })

  it('reads a year without daylight saving in one arm, and one with it in five', () => {
    expect(localDayCase(server.db, '"p"."at"', filterIn('Asia/Tashkent')).bindings).toHaveLength(1)
    // Two stretches of one offset between three, and the two days the clock changes.
    expect(localDayCase(server.db, '"p"."at"', filterIn('Europe/Helsinki')).bindings).toHaveLength(5)
  })
})
