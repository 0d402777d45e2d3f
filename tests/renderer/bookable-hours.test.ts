import { bookingProblem, firstBookableTime, offHours } from '../../renderer/src/features/appointments/bookable-hours'
import { offHoursLookup } from '../../renderer/src/features/appointments/useOffHours'
import type { StaffSchedule } from '../../domain/schedule/working-hours'

// Monday 09-13 and 14-18, Tuesday off; 2027-05-10 is a Monday. UTC keeps instants readable.
const schedule: StaffSchedule = { week: { '1': [{ start: '09:00', end: '13:00' }, { start: '14:00', end: '18:00' }], '2': [] } }
const at = (time: string) => `2027-05-10T${time}:00.000Z`

describe('the calendar cells a doctor cannot take', () => {
  it('says day off, break or the day\'s hours, and nothing inside the hours', () => {
    expect(offHours(schedule, '2027-05-11', 600, 15)).toEqual({ reason: 'day-off' })
    expect(offHours(schedule, '2027-05-10', 13 * 60 + 15, 15)).toEqual({ reason: 'break', from: '13:00', to: '14:00' })
    expect(offHours(schedule, '2027-05-10', 8 * 60 + 45, 15)).toEqual({ reason: 'hours', hours: '09:00–13:00, 14:00–18:00' })
    expect(offHours(schedule, '2027-05-10', 12 * 60 + 45, 15)).toBeNull()
    // A cell half in the hours cannot take a visit of its length either.
    expect(offHours(schedule, '2027-05-10', 12 * 60 + 50, 15)).toMatchObject({ reason: 'break' })
  })

  it('looks up per doctor column, only when columns are doctors', () => {
    const lookup = offHoursLookup(new Map([['doc', schedule]]), 'staff', 15)
    const cell = new Date(2027, 4, 10, 13, 30)
    expect(lookup(cell, 'doc')).toMatchObject({ reason: 'break' })
    expect(lookup(cell, 'doc')).toMatchObject({ reason: 'break' })
    expect(lookup(cell, 'someone else')).toBeNull()
    expect(offHoursLookup(new Map([['doc', schedule]]), 'chair', 15)(cell, 'doc')).toBeNull()
  })
})

describe('what the booking form warns of before it is sent', () => {
  const visit = { _id: 'v1', start: at('11:00'), end: at('12:00'), blockedUntil: at('12:15'), time: '11:00' }
  const wanted = (time: string, duration = 30, buffer = 0) => ({ day: '2027-05-10', time, start: at(time), duration, buffer })

  it('names the hours first, unless overridden', () => {
    expect(bookingProblem(wanted('08:30'), schedule, [])).toEqual({ code: 'outside-working-hours', data: { date: '2027-05-10', reason: 'hours', hours: '09:00–13:00, 14:00–18:00' } })
    expect(bookingProblem(wanted('08:30'), schedule, [], { override: true })).toBeNull()
  })

  it('names the visit, its buffer, or the own buffer in the way, as the server does', () => {
    expect(bookingProblem(wanted('11:30'), schedule, [visit])).toEqual({ code: 'appointment-staff-busy', data: { reason: 'visit', from: '11:00', to: '12:00' } })
    expect(bookingProblem(wanted('12:05'), schedule, [visit])).toEqual({ code: 'appointment-staff-busy', data: { reason: 'buffer-after', visit: '11:00', until: '12:15' } })
    expect(bookingProblem(wanted('10:15', 30, 20), schedule, [visit])).toEqual({ code: 'appointment-staff-busy', data: { reason: 'own-buffer', visit: '11:00', until: '11:05' } })
    expect(bookingProblem(wanted('12:15'), schedule, [visit])).toBeNull()
    // The visit being edited is not in its own way.
    expect(bookingProblem(wanted('11:30'), schedule, [visit], { exclude: 'v1' })).toBeNull()
  })
})

describe('where "+ Book" opens', () => {
  const options = { dayStart: '08:00', dayEnd: '20:00', step: 15, today: '2027-05-10', nowMinutes: 10 * 60 + 7 }
  it('at the earliest doctor\'s start, today not before now', () => {
    expect(firstBookableTime('2027-05-17', [schedule, { week: { '1': [{ start: '10:00', end: '12:00' }] } }], options)).toBe('09:00')
    expect(firstBookableTime('2027-05-10', [schedule], options)).toBe('10:15')
    expect(firstBookableTime('2027-05-11', [schedule], options)).toBe('08:00')
    expect(firstBookableTime('2027-05-10', [schedule], { ...options, nowMinutes: 21 * 60 })).toBe('09:00')
  })
})
