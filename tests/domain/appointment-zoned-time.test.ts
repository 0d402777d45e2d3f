import { addLocalDays, daysBetween, localDate, localTime, toZoned, wallClock, weekdayOf, zonedToUtc } from '../../domain/appointments/zoned-time'

const HELSINKI = 'Europe/Helsinki'
const TASHKENT = 'Asia/Tashkent'

describe('company-local time (whatever the machine zone is)', () => {
  it('converts a Tashkent time (UTC+5, no DST) both ways', () => {
    expect(zonedToUtc('2026-07-01', '09:00', TASHKENT)).toBe('2026-07-01T04:00:00.000Z')
    expect(zonedToUtc('2026-01-01', '09:00', TASHKENT)).toBe('2026-01-01T04:00:00.000Z')
    expect(toZoned('2026-07-01T04:00:00.000Z', TASHKENT)).toEqual({ date: '2026-07-01', time: '09:00', minutes: 540, weekday: 3 })
  })

  it('uses Helsinki winter (+2) and summer (+3) offsets', () => {
    expect(zonedToUtc('2026-01-15', '09:00', HELSINKI)).toBe('2026-01-15T07:00:00.000Z')
    expect(zonedToUtc('2026-07-15', '09:00', HELSINKI)).toBe('2026-07-15T06:00:00.000Z')
  })

  it('moves a time in the spring-forward gap forward by the gap (last Sunday of March 2026)', () => {
    // 03:00 local does not exist on 2026-03-29: clocks jump from 03:00 to 04:00.
    expect(zonedToUtc('2026-03-29', '03:30', HELSINKI)).toBe('2026-03-29T01:30:00.000Z')
    expect(localTime('2026-03-29T01:30:00.000Z', HELSINKI)).toBe('04:30')
    expect(zonedToUtc('2026-03-29', '02:59', HELSINKI)).toBe('2026-03-29T00:59:00.000Z')
    expect(zonedToUtc('2026-03-29', '04:00', HELSINKI)).toBe('2026-03-29T01:00:00.000Z')
  })

  it('takes the first of two equal times in the autumn overlap (last Sunday of October 2026)', () => {
    // 03:30 local happens twice on 2026-10-25: at 00:30Z (+3) and at 01:30Z (+2).
    expect(zonedToUtc('2026-10-25', '03:30', HELSINKI)).toBe('2026-10-25T00:30:00.000Z')
    expect(localTime('2026-10-25T01:30:00.000Z', HELSINKI)).toBe('03:30')
    expect(zonedToUtc('2026-10-25', '04:00', HELSINKI)).toBe('2026-10-25T02:00:00.000Z')
  })

  it('reads the local date of instants near midnight', () => {
    expect(localDate('2026-03-28T22:30:00.000Z', HELSINKI)).toBe('2026-03-29')
    expect(localDate('2026-03-28T21:59:00.000Z', HELSINKI)).toBe('2026-03-28')
    expect(localTime('2026-03-28T22:30:00.000Z', HELSINKI)).toBe('00:30')
  })

  it('adds days on the calendar, across months, leap days and DST', () => {
    expect(addLocalDays('2026-03-28', 1)).toBe('2026-03-29')
    expect(addLocalDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addLocalDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addLocalDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(daysBetween('2026-03-28', '2026-04-04')).toBe(7)
    expect(weekdayOf('2026-03-29')).toBe(7)
    expect(weekdayOf('2026-03-30')).toBe(1)
  })

  it('runs the same in the machine zone the suite uses (TZ is not read)', () => {
    expect(zonedToUtc('2026-03-30', '09:00', HELSINKI)).toBe('2026-03-30T06:00:00.000Z')
    expect(zonedToUtc('2026-03-30', '09:00', 'UTC')).toBe('2026-03-30T09:00:00.000Z')
  })

  it('reads the same wall clock as Intl on every minute of transition days, on the minute and off it', () => {
    // The offsets are kept per UTC day (zoneOffsetMs): a transition on the hour (Helsinki), a
    // half-hour zone's (Adelaide) and Goose Bay's 1988 changes at 00:01 local must all still match.
    const days: Array<[string, string]> = [
      [HELSINKI, '2026-03-29'], [HELSINKI, '2026-10-25'], ['Australia/Adelaide', '2026-04-05'], ['Australia/Adelaide', '2026-10-04'],
      ['America/Goose_Bay', '1988-04-03'], ['America/Goose_Bay', '1988-10-30'], [TASHKENT, '2026-06-01']
    ]
    for (const [zone, day] of days) {
      const intl = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
      const start = Date.parse(`${day}T00:00:00Z`) - 86_400_000
      for (let ms = start; ms < start + 3 * 86_400_000; ms += 60_000 + 1_234) {
        const parts = Object.fromEntries(intl.formatToParts(new Date(ms)).filter((part) => part.type !== 'literal').map((part) => [part.type, Number(part.value)]))
        expect([zone, ms, wallClock(ms, zone)]).toEqual([zone, ms, { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second }])
      }
    }
  })
})
