import { homePeriods, daysOf, previousRange, isLocalDay, lastDayOf, periodRange, rangeProblem, REPORT_MAX_DAYS } from '../../../domain/reports/periods'

describe('report periods', () => {
  // 2026-11-29 is a Sunday.
  const today = '2026-11-29'

  it('gives each preset as [from, to) of company-local days, weeks from Monday', () => {
    expect(periodRange('today', today)).toEqual({ from: '2026-11-29', to: '2026-11-30' })
    expect(periodRange('tomorrow', today)).toEqual({ from: '2026-11-30', to: '2026-12-01' })
    expect(periodRange('thisWeek', today)).toEqual({ from: '2026-11-23', to: '2026-11-30' })
    expect(periodRange('previousWeek', today)).toEqual({ from: '2026-11-16', to: '2026-11-23' })
    expect(periodRange('thisMonth', today)).toEqual({ from: '2026-11-01', to: '2026-12-01' })
    expect(periodRange('previousMonth', today)).toEqual({ from: '2026-10-01', to: '2026-11-01' })
    // A Monday is the first day of its own week.
    expect(periodRange('thisWeek', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-30' })
  })

  it('crosses years and leap days', () => {
    expect(periodRange('thisMonth', '2026-12-31')).toEqual({ from: '2026-12-01', to: '2027-01-01' })
    expect(periodRange('previousMonth', '2027-01-15')).toEqual({ from: '2026-12-01', to: '2027-01-01' })
    expect(periodRange('previousMonth', '2028-03-01')).toEqual({ from: '2028-02-01', to: '2028-03-01' })
    expect(daysOf(periodRange('previousMonth', '2028-03-01')!)).toHaveLength(29)
    expect(periodRange('tomorrow', '2026-12-31')).toEqual({ from: '2027-01-01', to: '2027-01-02' })
    expect(periodRange('thisWeek', '2027-01-01')).toEqual({ from: '2026-12-28', to: '2027-01-04' })
  })

  it('takes a custom range with both days included, refusing bad ones', () => {
    expect(periodRange('custom', today, { first: '2026-11-02', last: '2026-11-04' })).toEqual({ from: '2026-11-02', to: '2026-11-05' })
    expect(periodRange('custom', today, { first: '2026-11-04', last: '2026-11-04' })).toEqual({ from: '2026-11-04', to: '2026-11-05' })
    expect(periodRange('custom', today, { first: '2026-11-05', last: '2026-11-04' })).toBeNull()
    expect(periodRange('custom', today, { first: '2026-02-30', last: '2026-03-04' })).toBeNull()
    expect(periodRange('custom', today, { first: null, last: '2026-03-04' })).toBeNull()
    expect(periodRange('custom', today)).toBeNull()
    expect(periodRange('custom', today, { first: '2025-01-01', last: '2026-01-03' })).toBeNull()
    expect(periodRange('custom', today, { first: '2025-01-01', last: '2026-01-02' })).toEqual({ from: '2025-01-01', to: '2026-01-03' })
  })

  it('checks a range given by a caller', () => {
    expect(rangeProblem({})).toBe('missing')
    expect(rangeProblem({ from: '2026-11-01' })).toBe('missing')
    expect(rangeProblem({ from: '2026-11-01', to: '' })).toBe('missing')
    expect(rangeProblem({ from: '2026-11-01', to: '2026-11-01' })).toBe('invalid')
    expect(rangeProblem({ from: '2026-11-01', to: '2026-13-01' })).toBe('invalid')
    expect(rangeProblem({ from: '2026-11-01', to: 20261102 })).toBe('invalid')
    expect(rangeProblem({ from: '2026-01-01', to: '2027-01-04' })).toBe('too-long')
    expect(rangeProblem({ from: '2026-01-01', to: '2027-01-03' })).toBeNull()
    expect(REPORT_MAX_DAYS).toBe(367)
  })

  it('lists the days of a range and names its last day', () => {
    expect(daysOf({ from: '2026-10-30', to: '2026-11-02' })).toEqual(['2026-10-30', '2026-10-31', '2026-11-01'])
    expect(lastDayOf({ from: '2026-10-30', to: '2026-11-02' })).toBe('2026-11-01')
    expect(isLocalDay('2026-02-29')).toBe(false)
    expect(isLocalDay('2028-02-29')).toBe(true)
  })

  it('gives the home periods: the previous month to the same day, or to its end when shorter', () => {
    expect(homePeriods('2026-03-31')).toEqual({
      today: { from: '2026-03-31', to: '2026-04-01' },
      yesterday: { from: '2026-03-30', to: '2026-03-31' },
      month: { from: '2026-03-01', to: '2026-04-01' },
      previousMonth: { from: '2026-02-01', to: '2026-03-01' }
    })
    expect(homePeriods('2026-03-05').previousMonth).toEqual({ from: '2026-02-01', to: '2026-02-06' })
    expect(homePeriods('2026-01-01')).toMatchObject({ yesterday: { from: '2025-12-31', to: '2026-01-01' }, month: { from: '2026-01-01', to: '2026-01-02' }, previousMonth: { from: '2025-12-01', to: '2025-12-02' } })
    expect(homePeriods('2028-02-29').previousMonth).toEqual({ from: '2028-01-01', to: '2028-01-30' })
  })

  it('compares a period with the one before: whole months by months, others by their days', () => {
    expect(previousRange({ from: '2026-11-01', to: '2026-12-01' })).toEqual({ from: '2026-10-01', to: '2026-11-01' })
    expect(previousRange({ from: '2026-03-01', to: '2026-04-01' })).toEqual({ from: '2026-02-01', to: '2026-03-01' })
    expect(previousRange({ from: '2026-01-01', to: '2026-04-01' })).toEqual({ from: '2025-10-01', to: '2026-01-01' })
    expect(previousRange({ from: '2026-11-23', to: '2026-11-30' })).toEqual({ from: '2026-11-16', to: '2026-11-23' })
    expect(previousRange({ from: '2026-03-01', to: '2026-03-02' })).toEqual({ from: '2026-02-28', to: '2026-03-01' })
    expect(previousRange({ from: '2026-11-05', to: '2026-11-12' })).toEqual({ from: '2026-10-29', to: '2026-11-05' })
  })
})
