import { coversRange, fromMinutes, intervalsProblem, isEndTime, isTime, minutesOf, sortIntervals, toMinutes, unionOfIntervals } from '../../domain/schedule/intervals'
import { isLocalDate, isWithinWorkingHours, isoWeekday, normalizeSchedule, scheduleProblem, workingIntervalsOn, type StaffSchedule } from '../../domain/schedule/working-hours'

const day = (...pairs: Array<[string, string]>) => pairs.map(([start, end]) => ({ start, end }))

describe('time of day', () => {
  it('reads HH:mm from 00:00 to 23:59, and 24:00 only as an end', () => {
    expect(['00:00', '09:30', '23:59'].every(isTime)).toBe(true)
    expect(['24:00', '9:30', '09:60', '25:00', '0930', '', 930, null].some(isTime)).toBe(false)
    expect(isEndTime('24:00')).toBe(true)
    expect(isEndTime('24:01')).toBe(false)
  })

  it('converts to and from minutes since midnight', () => {
    expect(toMinutes('00:00')).toBe(0)
    expect(toMinutes('09:30')).toBe(570)
    expect(toMinutes('24:00')).toBe(1440)
    expect(fromMinutes(570)).toBe('09:30')
    expect(fromMinutes(1440)).toBe('24:00')
    expect(fromMinutes(5)).toBe('00:05')
  })
})

describe('a day\'s intervals', () => {
  it('accepts ordered, unordered and touching intervals', () => {
    expect(intervalsProblem(day(['09:00', '13:00'], ['14:00', '18:00']))).toBeNull()
    expect(intervalsProblem(day(['14:00', '18:00'], ['09:00', '13:00']))).toBeNull()
    expect(intervalsProblem(day(['09:00', '13:00'], ['13:00', '24:00']))).toBeNull()
    expect(intervalsProblem([])).toBeNull()
  })

  it('names the first bad time, an interval that ends before it starts, and an overlap', () => {
    expect(intervalsProblem(day(['09:00', '13:00'], ['9:00', '18:00']))).toEqual({ code: 'time-invalid', path: '1.start' })
    expect(intervalsProblem(day(['09:00', '24:30']))).toEqual({ code: 'time-invalid', path: '0.end' })
    expect(intervalsProblem(day(['24:00', '24:00']))).toEqual({ code: 'time-invalid', path: '0.start' })
    expect(intervalsProblem(day(['13:00', '09:00']))).toEqual({ code: 'interval-start-after-end', path: '0.end' })
    expect(intervalsProblem(day(['09:00', '09:00']))).toEqual({ code: 'interval-start-after-end', path: '0.end' })
    expect(intervalsProblem(day(['12:00', '18:00'], ['09:00', '12:30']))).toEqual({ code: 'intervals-overlap', path: '0.start' })
    expect(intervalsProblem(day(['09:00', '18:00'], ['10:00', '11:00']))).toEqual({ code: 'intervals-overlap', path: '1.start' })
  })

  it('sorts by start', () => {
    expect(sortIntervals(day(['14:00', '18:00'], ['09:00', '13:00']))).toEqual(day(['09:00', '13:00'], ['14:00', '18:00']))
  })

  it('covers a range only when one interval holds all of it', () => {
    const shifts = day(['09:00', '13:00'], ['14:00', '18:00'])
    expect(coversRange(shifts, 9 * 60, 10 * 60)).toBe(true)
    expect(coversRange(shifts, 12 * 60, 13 * 60)).toBe(true)
    expect(coversRange(shifts, 12 * 60, 14 * 60 + 30)).toBe(false)
    expect(coversRange(shifts, 8 * 60 + 30, 9 * 60 + 30)).toBe(false)
    expect(coversRange(shifts, 10 * 60, 10 * 60)).toBe(false)
  })

  it('joins several people\'s hours into the time someone is at work, and counts its minutes', () => {
    const union = unionOfIntervals([...day(['12:00', '18:00'], ['19:00', '20:00']), ...day(['09:00', '13:00'], ['18:00', '19:00']), ...day(['21:00', '24:00'])])
    expect(union).toEqual(day(['09:00', '20:00'], ['21:00', '24:00']))
    expect(minutesOf(union)).toBe(11 * 60 + 3 * 60)
    expect(unionOfIntervals([])).toEqual([])
    expect(unionOfIntervals(day(['10:00', '11:00'], ['09:00', '12:00']))).toEqual(day(['09:00', '12:00']))
  })
})

describe('working hours', () => {
  const schedule: StaffSchedule = {
    week: { '1': day(['09:00', '18:00']), '2': day(['14:00', '20:00']), '6': day(['10:00', '14:00']), '7': [] },
    dates: { '2026-05-04': day(['12:00', '16:00']), '2026-05-09': [] }
  }

  it('numbers days Monday 1 to Sunday 7 from the local date alone', () => {
    expect(isoWeekday('2026-05-04')).toBe(1)
    expect(isoWeekday('2026-05-10')).toBe(7)
    expect(isoWeekday('2024-02-29')).toBe(4)
  })

  it('takes the weekday\'s hours, or the dated entry that replaces them', () => {
    expect(workingIntervalsOn(schedule, '2026-05-11')).toEqual(day(['09:00', '18:00']))
    expect(workingIntervalsOn(schedule, '2026-05-04')).toEqual(day(['12:00', '16:00']))
    expect(workingIntervalsOn(schedule, '2026-05-05')).toEqual(day(['14:00', '20:00']))
    // A Saturday made a day off, a Sunday off, and a weekday missing from the week.
    expect(workingIntervalsOn(schedule, '2026-05-09')).toEqual([])
    expect(workingIntervalsOn(schedule, '2026-05-10')).toEqual([])
    expect(workingIntervalsOn(schedule, '2026-05-06')).toEqual([])
  })

  it('without weekly hours, works only on the dates listed', () => {
    const datesOnly: StaffSchedule = { dates: { '2026-05-06': day(['09:00', '12:00']) } }
    expect(workingIntervalsOn(datesOnly, '2026-05-06')).toEqual(day(['09:00', '12:00']))
    expect(workingIntervalsOn(datesOnly, '2026-05-07')).toEqual([])
    expect(workingIntervalsOn({}, '2026-05-07')).toEqual([])
    expect(workingIntervalsOn(null, '2026-05-07')).toEqual([])
  })

  it('says whether a visit lies within the day\'s hours', () => {
    expect(isWithinWorkingHours(schedule, '2026-05-11', 9 * 60, 10 * 60)).toBe(true)
    expect(isWithinWorkingHours(schedule, '2026-05-11', 17 * 60 + 30, 18 * 60 + 30)).toBe(false)
    expect(isWithinWorkingHours(schedule, '2026-05-04', 9 * 60, 10 * 60)).toBe(false)
    expect(isWithinWorkingHours(schedule, '2026-05-04', 12 * 60, 13 * 60)).toBe(true)
    expect(isWithinWorkingHours(schedule, '2026-05-10', 12 * 60, 13 * 60)).toBe(false)
  })
})

describe('a schedule\'s validity', () => {
  it('checks real dates', () => {
    expect(isLocalDate('2026-02-28')).toBe(true)
    expect(isLocalDate('2026-02-29')).toBe(false)
    expect(isLocalDate('2026-13-01')).toBe(false)
    expect(isLocalDate('2026-1-01')).toBe(false)
  })

  it('names the first problem with its path', () => {
    expect(scheduleProblem({ week: { '3': day(['10:00', '09:00']) } })).toEqual({ code: 'interval-start-after-end', path: 'week.3.0.end' })
    expect(scheduleProblem({ dates: { '2026-02-30': [] } })).toEqual({ code: 'date-invalid', path: 'dates.2026-02-30' })
    expect(scheduleProblem({ dates: { '2026-02-03': day(['09:00', '12:00'], ['11:00', '13:00']) } })).toEqual({ code: 'intervals-overlap', path: 'dates.2026-02-03.1.start' })
    const many = Array.from({ length: 13 }, (_, hour) => ({ start: `${String(hour).padStart(2, '0')}:00`, end: `${String(hour).padStart(2, '0')}:30` }))
    expect(scheduleProblem({ week: { '1': many } })).toEqual({ code: 'too-many-intervals', path: 'week.1' })
    expect(scheduleProblem({ week: { '1': day(['09:00', '18:00']) }, dates: {} })).toBeNull()
  })

  it('stores every weekday and sorted intervals', () => {
    expect(normalizeSchedule({ week: { '2': day(['14:00', '18:00'], ['09:00', '13:00']) } })).toEqual({
      week: { '1': [], '2': day(['09:00', '13:00'], ['14:00', '18:00']), '3': [], '4': [], '5': [], '6': [], '7': [] },
      dates: {}
    })
    expect(normalizeSchedule({ dates: { '2026-05-02': [], '2026-05-01': [] } })).toEqual({ dates: { '2026-05-01': [], '2026-05-02': [] } })
  })
})
