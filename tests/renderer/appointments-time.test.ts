// The browser's own zone differs from the clinic's in real life: pretend to sit in New York
// (DST on other dates than Europe), so a mapping that leans on the browser zone fails here.
process.env.TZ = 'America/New_York'

import {
  addDays,
  companyToday,
  dayKey,
  dayRangeQuery,
  floatingToIso,
  fromFloating,
  instantOfWallTime,
  isoWeekday,
  timeKey,
  toFloating,
  zoneOffsetMinutes
} from '../../renderer/src/features/appointments/zoned-time'

const TASHKENT = 'Asia/Tashkent'
const HELSINKI = 'Europe/Helsinki'

describe('instants ↔ floating calendar dates', () => {
  test('a Tashkent 09:00 reads 09:00 on the calendar wherever the browser is', () => {
    const floating = toFloating('2026-03-10T04:00:00.000Z', TASHKENT)
    expect(floating.getHours()).toBe(9)
    expect(floating.getMinutes()).toBe(0)
    expect(dayKey(floating)).toBe('2026-03-10')
    expect(floatingToIso(floating, TASHKENT)).toBe('2026-03-10T04:00:00.000Z')
  })

  test('round trip across a day of every month in Helsinki keeps the instant', () => {
    for (let month = 0; month < 12; month += 1) {
      for (const hour of [0, 3, 9, 13, 23]) {
        const instant = new Date(Date.UTC(2026, month, 15, hour, 30)).toISOString()
        expect(floatingToIso(toFloating(instant, HELSINKI), HELSINKI)).toBe(instant)
      }
    }
  })

  test('Helsinki summer and winter offsets', () => {
    expect(zoneOffsetMinutes(Date.UTC(2026, 0, 10), HELSINKI)).toBe(120)
    expect(zoneOffsetMinutes(Date.UTC(2026, 6, 10), HELSINKI)).toBe(180)
    expect(zoneOffsetMinutes(Date.UTC(2026, 6, 10), TASHKENT)).toBe(300)
  })

  test('09:00 in Helsinki the day before and after the spring change', () => {
    // Clocks go forward on Sunday 29 March 2026 at 03:00 local (01:00 UTC).
    expect(instantOfWallTime({ year: 2026, month: 3, day: 28, hour: 9, minute: 0 }, HELSINKI).toISOString()).toBe('2026-03-28T07:00:00.000Z')
    expect(instantOfWallTime({ year: 2026, month: 3, day: 30, hour: 9, minute: 0 }, HELSINKI).toISOString()).toBe('2026-03-30T06:00:00.000Z')
  })

  test('a wall time in the spring gap moves past it; a repeated autumn hour takes the first', () => {
    expect(instantOfWallTime({ year: 2026, month: 3, day: 29, hour: 3, minute: 30 }, HELSINKI).toISOString()).toBe('2026-03-29T01:30:00.000Z')
    // Back on Sunday 25 October 2026: 03:00 EEST → 03:00 EET at 01:00 UTC; 03:30 happens twice.
    expect(instantOfWallTime({ year: 2026, month: 10, day: 25, hour: 3, minute: 30 }, HELSINKI).toISOString()).toBe('2026-10-25T00:30:00.000Z')
  })

  test('a slot the calendar hands back maps to the clinic instant', () => {
    // The calendar gives a browser-local Date whose wall clock is 14:15 on 2 July.
    const slot = new Date(2026, 6, 2, 14, 15)
    expect(fromFloating(slot, HELSINKI).toISOString()).toBe('2026-07-02T11:15:00.000Z')
    expect(fromFloating(slot, TASHKENT).toISOString()).toBe('2026-07-02T09:15:00.000Z')
    expect(timeKey(slot)).toBe('14:15')
  })
})

describe('clinic days', () => {
  test('today is the clinic today, not the browser today', () => {
    // 20:30 UTC on 31 Dec: already 1 Jan in Tashkent (+5), still 31 Dec in New York.
    expect(companyToday(TASHKENT, new Date('2026-12-31T20:30:00Z'))).toBe('2027-01-01')
    expect(companyToday(HELSINKI, new Date('2026-12-31T20:30:00Z'))).toBe('2026-12-31')
  })

  test('a week query spans the clinic midnights, 23-hour day included', () => {
    expect(dayRangeQuery('2026-03-23', '2026-03-30', HELSINKI)).toEqual({ $gte: '2026-03-22T22:00:00.000Z', $lt: '2026-03-29T21:00:00.000Z' })
    expect(dayRangeQuery('2026-03-10', '2026-03-11', TASHKENT)).toEqual({ $gte: '2026-03-09T19:00:00.000Z', $lt: '2026-03-10T19:00:00.000Z' })
  })

  test('adding days crosses month and year ends; weekdays are 1 Monday .. 7 Sunday', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(isoWeekday('2026-03-29')).toBe(7)
    expect(isoWeekday('2026-03-30')).toBe(1)
  })
})
