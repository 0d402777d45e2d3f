import { MAX_OCCURRENCES, addLocalMonths, occurrenceDates, occurrences, repeatProblem, type RepeatRule } from '../../domain/appointments/recurrence'
import { localTime } from '../../domain/appointments/zoned-time'
import { fitsSlot } from '../../domain/appointments/waiting-fit'

const rule = (frequency: RepeatRule['frequency'], ends: RepeatRule['ends'], interval = 1): RepeatRule => ({ frequency, interval, ends })

describe('repeat rules', () => {
  it('repeats daily, every N days and weekly', () => {
    expect(occurrenceDates(rule('daily', { type: 'count', count: 3 }), '2026-02-27')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01'])
    expect(occurrenceDates(rule('everyNDays', { type: 'count', count: 3 }, 10), '2026-01-25')).toEqual(['2026-01-25', '2026-02-04', '2026-02-14'])
    expect(occurrenceDates(rule('weekly', { type: 'date', date: '2026-01-22' }), '2026-01-01')).toEqual(['2026-01-01', '2026-01-08', '2026-01-15', '2026-01-22'])
  })

  it('clamps the 31st to the end of shorter months without drifting', () => {
    expect(occurrenceDates(rule('monthly', { type: 'count', count: 4 }), '2026-01-31')).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30'])
    expect(occurrenceDates(rule('monthly', { type: 'count', count: 2 }), '2028-01-31')).toEqual(['2028-01-31', '2028-02-29'])
    expect(occurrenceDates(rule('everyNMonths', { type: 'count', count: 3 }, 3), '2026-11-30')).toEqual(['2026-11-30', '2027-02-28', '2027-05-30'])
    expect(occurrenceDates(rule('everyNMonths', { type: 'count', count: 3 }, 2), '2026-12-31')).toEqual(['2026-12-31', '2027-02-28', '2027-04-30'])
    expect(addLocalMonths('2026-12-15', 1)).toBe('2027-01-15')
  })

  it('moves Feb 29 to Feb 28 in other years, and back in leap years', () => {
    expect(occurrenceDates(rule('yearly', { type: 'count', count: 5 }), '2028-02-29')).toEqual(['2028-02-29', '2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29'])
  })

  it('ends on a date (inclusive), after N times, or one year ahead', () => {
    expect(occurrenceDates(rule('daily', { type: 'date', date: '2026-01-03' }), '2026-01-01')).toHaveLength(3)
    expect(occurrenceDates(rule('weekly', { type: 'count', count: 10 }), '2026-01-01')).toHaveLength(10)
    const never = occurrenceDates(rule('weekly', { type: 'never' }), '2026-01-01')
    expect(never[never.length - 1]).toBe('2026-12-31')
    expect(occurrenceDates(rule('monthly', { type: 'never' }), '2026-01-31')).toHaveLength(13)
    expect(occurrenceDates(rule('daily', { type: 'never' }), '2026-01-01')).toHaveLength(366)
  })

  it(`never gives more than ${MAX_OCCURRENCES} occurrences`, () => {
    expect(occurrenceDates(rule('daily', { type: 'date', date: '2030-01-01' }), '2026-01-01')).toHaveLength(MAX_OCCURRENCES)
  })

  it('keeps 09:00 local across the last Sunday of March and of October in Helsinki', () => {
    const spring = occurrences(rule('weekly', { type: 'count', count: 3 }), '2026-03-23', '09:00', 'Europe/Helsinki')
    expect(spring.map((o) => o.start)).toEqual(['2026-03-23T07:00:00.000Z', '2026-03-30T06:00:00.000Z', '2026-04-06T06:00:00.000Z'])
    const autumn = occurrences(rule('daily', { type: 'count', count: 3 }), '2026-10-24', '09:00', 'Europe/Helsinki')
    expect(autumn.map((o) => localTime(o.start, 'Europe/Helsinki'))).toEqual(['09:00', '09:00', '09:00'])
    expect(autumn.map((o) => o.start)).toEqual(['2026-10-24T06:00:00.000Z', '2026-10-25T07:00:00.000Z', '2026-10-26T07:00:00.000Z'])
  })

  it('refuses rules outside the contract', () => {
    expect(repeatProblem(rule('everyNDays', { type: 'never' }, 1), '2026-01-01')).toBe('invalid-repeat')
    expect(repeatProblem(rule('everyNMonths', { type: 'never' }, 5), '2026-01-01')).toBe('invalid-repeat')
    expect(repeatProblem(rule('weekly', { type: 'never' }, 2), '2026-01-01')).toBe('invalid-repeat')
    expect(repeatProblem(rule('weekly', { type: 'count', count: 1 }), '2026-01-01')).toBe('invalid-repeat')
    expect(repeatProblem(rule('weekly', { type: 'count', count: 501 }), '2026-01-01')).toBe('invalid-repeat')
    expect(repeatProblem(rule('weekly', { type: 'date', date: '2026-01-01' }), '2026-01-01')).toBe('invalid-repeat')
    expect(repeatProblem(rule('everyNMonths', { type: 'count', count: 2 }, 4), '2026-01-01')).toBeNull()
  })
})

describe('waiting-list fit', () => {
  const wish = { staffId: null, dateFrom: '2026-03-01', dateTo: '2026-03-31', days: [1, 3], timeFrom: '09:00', timeTo: '12:00', duration: 30 }
  const slot = (start: string, end: string, staffId = 'd1') => ({ start, end, staffId })

  it('fits a Monday 10:00 Helsinki slot long enough for the visit', () => {
    expect(fitsSlot(wish, slot('2026-03-02T08:00:00.000Z', '2026-03-02T08:30:00.000Z'), 'Europe/Helsinki')).toBe(true)
  })

  it('does not fit another day, another doctor, a short slot or a visit past the window', () => {
    expect(fitsSlot(wish, slot('2026-03-03T08:00:00.000Z', '2026-03-03T09:00:00.000Z'), 'Europe/Helsinki')).toBe(false)
    expect(fitsSlot({ ...wish, staffId: 'd2' }, slot('2026-03-02T08:00:00.000Z', '2026-03-02T09:00:00.000Z'), 'Europe/Helsinki')).toBe(false)
    expect(fitsSlot(wish, slot('2026-03-02T08:00:00.000Z', '2026-03-02T08:20:00.000Z'), 'Europe/Helsinki')).toBe(false)
    expect(fitsSlot(wish, slot('2026-03-02T09:45:00.000Z', '2026-03-02T10:30:00.000Z'), 'Europe/Helsinki')).toBe(false)
    expect(fitsSlot(wish, slot('2026-04-06T07:00:00.000Z', '2026-04-06T08:00:00.000Z'), 'Europe/Helsinki')).toBe(false)
  })
})
