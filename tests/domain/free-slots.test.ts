import { freeSlots, isFree, mergeIntervals, type FreeSlotsInput, type Interval } from '../../domain/appointments/free-slots'
import { isWithinWorkingHours, type StaffSchedule } from '../../domain/schedule/working-hours'
import { toZoned, zonedToUtcMs } from '../../domain/appointments/zoned-time'
import { visitDuration, roundUpToStep } from '../../domain/appointments/visit-duration'

const ZONE = 'Europe/Helsinki'
const MINUTE = 60_000
const at = (date: string, time: string) => zonedToUtcMs(date, time, ZONE)
const local = (iso: string) => toZoned(iso, ZONE)
const hhmm = (slot: { start: string }) => `${local(slot.start).date} ${local(slot.start).time}`

const DAY = { start: '09:00', end: '12:00' }
const weekly = (intervals: Array<{ start: string; end: string }>): StaffSchedule => ({ week: Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((day) => [day, intervals])) })

function input(overrides: Partial<FreeSlotsInput> = {}): FreeSlotsInput {
  return {
    doctors: [{ staffId: 'a', branchIds: ['b1'], schedule: weekly([DAY]) }],
    places: null,
    busyByStaff: new Map(),
    busyByPlace: new Map(),
    dateFrom: '2027-03-22',
    dateTo: '2027-03-22',
    timeZone: ZONE,
    notBefore: 0,
    step: 30,
    duration: 30,
    buffer: 0,
    window: null,
    limit: 50,
    ...overrides
  }
}

describe('free slots', () => {
  it('proposes every step of the working hours, the whole visit inside them', () => {
    const slots = freeSlots(input({ duration: 60 }))
    expect(slots.map(hhmm)).toEqual(['2027-03-22 09:00', '2027-03-22 09:30', '2027-03-22 10:00', '2027-03-22 10:30', '2027-03-22 11:00'])
    expect(slots[0]).toEqual({ start: new Date(at('2027-03-22', '09:00')).toISOString(), end: new Date(at('2027-03-22', '10:00')).toISOString(), staffId: 'a', branchId: 'b1', workPlaceId: null })
  })

  it('never proposes a visit across a break, nor on a day off', () => {
    const schedule: StaffSchedule = { week: { '1': [{ start: '09:00', end: '10:00' }, { start: '11:00', end: '12:00' }] }, dates: { '2027-03-23': [] } }
    const slots = freeSlots(input({ doctors: [{ staffId: 'a', branchIds: ['b1'], schedule }], dateTo: '2027-03-24', duration: 60 }))
    expect(slots.map(hhmm)).toEqual(['2027-03-22 09:00', '2027-03-22 11:00'])
  })

  it('keeps the visit and its buffer clear of what the doctor holds, the other side\'s buffer included', () => {
    // Held 10:00-10:45 (a 30-minute visit and its 15-minute buffer).
    const busyByStaff = new Map([['a', [{ start: at('2027-03-22', '10:00'), end: at('2027-03-22', '10:45') }]]])
    const slots = freeSlots(input({ busyByStaff, step: 15, buffer: 15 }))
    // 09:15 + 30 + 15 = 10:00 touches; 09:30 would hold until 10:15. After: 10:45 on.
    expect(slots.map((slot) => local(slot.start).time)).toEqual(['09:00', '09:15', '10:45', '11:00', '11:15', '11:30'])
  })

  it('aligns starts to the step from local midnight', () => {
    const doctors = [{ staffId: 'a', branchIds: ['b1'], schedule: weekly([{ start: '09:10', end: '10:30' }]) }]
    expect(freeSlots(input({ doctors, step: 15 })).map((slot) => local(slot.start).time)).toEqual(['09:15', '09:30', '09:45', '10:00'])
  })

  it('proposes nothing before now', () => {
    const slots = freeSlots(input({ notBefore: at('2027-03-22', '10:10') }))
    expect(slots.map((slot) => local(slot.start).time)).toEqual(['10:30', '11:00', '11:30'])
  })

  it('proposes only starts within [notBefore, notAfter) when a stretch is searched', () => {
    const slots = freeSlots(input({ notBefore: at('2027-03-22', '09:30'), notAfter: at('2027-03-22', '11:00') }))
    expect(slots.map((slot) => local(slot.start).time)).toEqual(['09:30', '10:00', '10:30'])
  })

  it('keeps the whole visit inside the time-of-day window', () => {
    const slots = freeSlots(input({ window: { from: 9 * 60 + 30, to: 11 * 60 }, duration: 60 }))
    expect(slots.map((slot) => local(slot.start).time)).toEqual(['09:30', '10:00'])
  })

  it('searches only the weekdays asked for (a waiting patient who comes on Wednesdays and Fridays)', () => {
    // 2027-03-22 is a Monday: the week's first slots on Wednesday the 24th and Friday the 26th.
    const slots = freeSlots(input({ dateTo: '2027-03-28', weekdays: new Set([3, 5]), limit: 12 }))
    expect([...new Set(slots.map((slot) => local(slot.start).date))]).toEqual(['2027-03-24', '2027-03-26'])
    // Without the wish the seventh slot is Tuesday's first (six fit Monday's 09:00-12:00).
    const everyDay = freeSlots(input({ dateTo: '2027-03-28', weekdays: null, limit: 7 }))
    expect(local(everyDay[6].start).date).toBe('2027-03-23')
  })

  it('names the first free place of the branch, and leaves a time out when every place is taken', () => {
    const places = [{ _id: 'p1', branchId: 'b1' }, { _id: 'p2', branchId: 'b1' }, { _id: 'p3', branchId: 'b2' }]
    const busyByPlace = new Map([
      ['p1', [{ start: at('2027-03-22', '09:00'), end: at('2027-03-22', '10:30') }]],
      ['p2', [{ start: at('2027-03-22', '09:00'), end: at('2027-03-22', '09:45') }]]
    ])
    const slots = freeSlots(input({ places, busyByPlace, buffer: 15, limit: 3 }))
    expect(slots.map((slot) => [local(slot.start).time, slot.workPlaceId])).toEqual([['10:00', 'p2'], ['10:30', 'p1'], ['11:00', 'p1']])
    // A doctor of a branch without places of the kind is not proposed at all.
    expect(freeSlots(input({ places: [{ _id: 'p3', branchId: 'b2' }] }))).toEqual([])
  })

  it('sorts by start, then doctor, then branch, and stops at the limit', () => {
    const doctors = [
      { staffId: 'c', branchIds: ['b1'], schedule: weekly([DAY]) },
      { staffId: 'a', branchIds: ['b2', 'b1'], schedule: weekly([{ start: '10:00', end: '12:00' }]) }
    ]
    const slots = freeSlots(input({ doctors, step: 60, limit: 5 }))
    expect(slots.map((slot) => `${local(slot.start).time} ${slot.staffId} ${slot.branchId}`)).toEqual(['09:00 c b1', '10:00 a b1', '10:00 a b2', '10:00 c b1', '11:00 a b1'])
  })

  it('walks forward day by day until enough are found', () => {
    const slots = freeSlots(input({ dateTo: '2027-03-31', step: 60, limit: 7 }))
    expect(slots.map(hhmm)).toEqual(['2027-03-22 09:00', '2027-03-22 10:00', '2027-03-22 11:00', '2027-03-23 09:00', '2027-03-23 10:00', '2027-03-23 11:00', '2027-03-24 09:00'])
  })

  it('on the spring-forward day proposes only times the day has', () => {
    // Helsinki 2027-03-28: 03:00 becomes 04:00.
    const doctors = [{ staffId: 'a', branchIds: ['b1'], schedule: weekly([{ start: '02:00', end: '06:00' }]) }]
    const slots = freeSlots(input({ doctors, dateFrom: '2027-03-28', dateTo: '2027-03-28', step: 30 }))
    expect(slots.map((slot) => local(slot.start).time)).toEqual(['02:00', '02:30', '04:00', '04:30', '05:00', '05:30'])
    expect(new Set(slots.map((slot) => slot.start)).size).toBe(slots.length)
  })

  it('every slot of a busy generated day passes the booking\'s own checks', () => {
    let seed = 7
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647)
    const schedule = weekly([{ start: '08:00', end: '13:00' }, { start: '14:00', end: '20:00' }])
    const doctors = ['a', 'b', 'c'].map((staffId) => ({ staffId, branchIds: ['b1'], schedule }))
    const busyByStaff = new Map<string, Interval[]>()
    for (const doctor of doctors) {
      const list: Interval[] = []
      for (let minutes = 8 * 60; minutes < 20 * 60; minutes += 15 * (1 + Math.floor(random() * 8))) {
        if (random() < 0.5) continue
        const start = at('2027-03-22', '00:00') + minutes * MINUTE
        list.push({ start, end: start + 15 * (1 + Math.floor(random() * 6)) * MINUTE })
      }
      busyByStaff.set(doctor.staffId, list)
    }
    const duration = 45
    const buffer = 10
    const slots = freeSlots(input({ doctors, busyByStaff, step: 15, duration, buffer }))
    expect(slots.length).toBeGreaterThan(5)
    for (const slot of slots) {
      const start = Date.parse(slot.start)
      const zoned = local(slot.start)
      expect(isWithinWorkingHours(schedule, zoned.date, zoned.minutes, zoned.minutes + duration)).toBe(true)
      expect(busyByStaff.get(slot.staffId)!.every((busy) => !(busy.start < start + (duration + buffer) * MINUTE && busy.end > start))).toBe(true)
    }
    // And nothing bookable was missed: every free aligned start of the day is proposed.
    const expected: string[] = []
    for (const doctor of doctors) {
      for (let minutes = 0; minutes + duration <= 1440; minutes += 15) {
        const start = at('2027-03-22', '00:00') + minutes * MINUTE
        const fits = isWithinWorkingHours(schedule, '2027-03-22', minutes, minutes + duration)
        const free = busyByStaff.get(doctor.staffId)!.every((busy) => !(busy.start < start + (duration + buffer) * MINUTE && busy.end > start))
        if (fits && free) expected.push(`${start} ${doctor.staffId}`)
      }
    }
    expect(slots.map((slot) => `${Date.parse(slot.start)} ${slot.staffId}`)).toEqual(expected.sort().slice(0, 50))
  })
})

describe('intervals', () => {
  it('merges overlapping and touching intervals', () => {
    expect(mergeIntervals([{ start: 5, end: 7 }, { start: 1, end: 3 }, { start: 3, end: 4 }, { start: 6, end: 9 }, { start: 2, end: 2 }])).toEqual([{ start: 1, end: 4 }, { start: 5, end: 9 }])
  })

  it('tells a free span from a taken one, touching ends free', () => {
    const merged = [{ start: 10, end: 20 }, { start: 30, end: 40 }]
    expect([isFree(merged, 0, 10), isFree(merged, 20, 30), isFree(merged, 15, 16), isFree(merged, 25, 31), isFree(merged, 40, 99), isFree(merged, 5, 45)]).toEqual([true, true, false, false, true, false])
  })
})

describe('visit duration', () => {
  it('sums the services and rounds up to the duration step', () => {
    expect(visitDuration([30, 10], 15)).toBe(45)
    expect(visitDuration([60], 15)).toBe(60)
    expect(visitDuration([], 15)).toBeNull()
    expect(roundUpToStep(3, 15)).toBe(15)
  })
})
