process.env.TZ = 'America/New_York'

import {
  changedFields,
  choiceToRepeat,
  durationOfServices,
  durationOptions,
  fieldOfPath,
  hasDoctor,
  initialValues,
  statusChoices,
  timeOptions,
  toAppointmentData,
  type BookableValues,
  type BookingValues
} from '../../renderer/src/features/appointments/booking-form'
import { filterRange, listQuery, startCondition } from '../../renderer/src/features/appointments/appointment-query'
import { calendarEvents, calendarSettingsOf, chairColumns, NO_CHAIR, rangeQuery, slotHeight, stepDay, visibleDays } from '../../renderer/src/features/appointments/calendar-model'
import { defaultCalendarSettings, type AppointmentRecord, type CatalogueService, type WorkPlace } from '../../renderer/src/features/appointments/appointment-types'
import { statusColors } from '../../renderer/src/features/appointments/status-colors'
import { appointmentStatuses } from '../../domain/appointments/status'

const TASHKENT = 'Asia/Tashkent'
const HELSINKI = 'Europe/Helsinki'
const settings = defaultCalendarSettings

// The fields every stored record carries, which these rules never read.
const stored = { companyId: 'c', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', createdBy: null }
const catalogue: CatalogueService[] = [
  { ...stored, description: null, public: true, rank: 0, _id: 's1', categoryId: null, name: 'Cleaning', code: null, duration: 40, bufferTime: 0, price: 150_000_00, staticPrice: false, staticDuration: false, requiresConsent: false, color: null, archived: false },
  { ...stored, description: null, public: true, rank: 1, _id: 's2', categoryId: null, name: 'Filling', code: null, duration: 30, bufferTime: 10, price: 300_000_00, staticPrice: false, staticDuration: false, requiresConsent: false, color: null, archived: false }
]

function appointment(extra: Partial<AppointmentRecord> = {}): AppointmentRecord {
  return {
    _id: 'a1',
    branchId: 'b',
    customerId: 'cust',
    staffId: 'doc1',
    workPlaceId: null,
    start: '2026-03-10T04:00:00.000Z',
    end: '2026-03-10T04:30:00.000Z',
    blockedUntil: '2026-03-10T04:30:00.000Z',
    duration: 30,
    date: '2026-03-10',
    time: '09:00',
    status: 'planned',
    services: [],
    repeat: null,
    seriesId: null,
    seriesIndex: null,
    notifyClient: false,
    reminder: null,
    notes: null,
    color: null,
    statusChangedAt: null,
    statusChangedBy: null,
    ...stored,
    ...extra
  }
}

/** The form's values past its rules (a doctor chosen), as the drawer hands them on. */
function bookable(values: BookingValues): BookableValues {
  if (!hasDoctor(values)) throw new Error('no doctor chosen')
  return values
}

describe('booking form', () => {
  test('the duration follows the chosen services, rounded up to the duration step', () => {
    expect(durationOfServices(['s1'], catalogue, 15)).toBe(45)
    expect(durationOfServices(['s1', 's2'], catalogue, 15)).toBe(75)
    expect(durationOfServices(['s1', 's2'], catalogue, 5)).toBe(70)
    expect(durationOfServices([], catalogue, 15)).toBeNull()
  })

  test('times and durations come from the company calendar settings', () => {
    const times = timeOptions({ ...settings, dayStart: '09:00', dayEnd: '11:00', hoursStep: 30 })
    expect(times).toEqual(['09:00', '09:30', '10:00', '10:30'])
    expect(durationOptions({ ...settings, durationStep: 30 }).slice(0, 3)).toEqual([30, 60, 90])
    // An odd duration already on the visit stays choosable.
    expect(durationOptions({ ...settings, durationStep: 30 }, 45)).toContain(45)
  })

  test('a new booking offers the starting statuses; an existing one only the allowed moves', () => {
    expect(statusChoices(null)).toEqual(expect.arrayContaining(['planned', 'confirmed', 'arrived', 'draft']))
    expect(statusChoices(null)).not.toContain('completed')
    expect(statusChoices('started')).toEqual(['started', 'arrived', 'completed'])
    expect(statusChoices('completed')).toEqual(['completed'])
  })

  test('repeat choices become the contract rule', () => {
    const ends = { everyDays: 3, endsType: 'count' as const, endsDate: null, endsCount: 6 }
    expect(choiceToRepeat({ ...ends, repeat: 'none' })).toBeNull()
    expect(choiceToRepeat({ ...ends, repeat: 'every3Months' })).toEqual({ frequency: 'everyNMonths', interval: 3, ends: { type: 'count', count: 6 } })
    expect(choiceToRepeat({ ...ends, repeat: 'everyNDays' })).toEqual({ frequency: 'everyNDays', interval: 3, ends: { type: 'count', count: 6 } })
    expect(choiceToRepeat({ ...ends, repeat: 'weekly', endsType: 'date', endsDate: '2026-12-31' })).toEqual({ frequency: 'weekly', interval: 1, ends: { type: 'date', date: '2026-12-31' } })
    expect(choiceToRepeat({ ...ends, repeat: 'yearly', endsType: 'never' })).toEqual({ frequency: 'yearly', interval: 1, ends: { type: 'never' } })
  })

  test('a prefilled slot reads in clinic time and goes back to the same instant', () => {
    const values = initialValues(null, { start: '2026-07-02T11:15:00.000Z', staffId: 'doc2', duration: 45 }, settings, HELSINKI, '2026-07-01')
    expect(values).toMatchObject({ date: '2026-07-02', time: '14:15', staffId: 'doc2', duration: 45, status: 'planned' })
    const data = toAppointmentData(bookable({ ...values, customerId: 'cust', serviceIds: ['s2'] }), HELSINKI, catalogue)
    expect(data.start).toBe('2026-07-02T11:15:00.000Z')
    expect(data.services).toEqual([{ serviceId: 's2', name: 'Filling', duration: 30, price: 300_000_00, quantity: 1 }])
    expect(data.repeat).toBeNull()
    expect(data.reminder).toBeNull()
  })

  test('editing sends only what changed, and start with duration together', () => {
    const record = appointment({ notes: 'old' })
    const values: BookingValues = { ...initialValues(record, {}, settings, TASHKENT, '2026-03-10'), notes: 'new' }
    expect(values.time).toBe('09:00')
    expect(changedFields(toAppointmentData(bookable(values), TASHKENT, catalogue, record), record)).toEqual({ notes: 'new' })
    const moved = { ...values, notes: 'old', time: '10:00' }
    expect(changedFields(toAppointmentData(bookable(moved), TASHKENT, catalogue, record), record)).toEqual({ start: '2026-03-10T05:00:00.000Z', duration: 30 })
  })

  test('server error paths land at the form fields', () => {
    expect(fieldOfPath('staffId')).toBe('staffId')
    expect(fieldOfPath('customerId')).toBe('customerId')
    expect(fieldOfPath('start')).toBe('time')
    expect(fieldOfPath('repeat.ends.count')).toBe('repeat')
    expect(fieldOfPath('services.0.serviceId')).toBe('serviceIds')
    expect(fieldOfPath('somethingElse')).toBeUndefined()
  })
})

describe('lists', () => {
  const now = new Date('2026-03-10T20:30:00Z') // already 11 March in Tashkent
  test('named filters are clinic days', () => {
    expect(filterRange('today', TASHKENT, now)).toEqual({ from: '2026-03-11', to: '2026-03-11', newestFirst: false })
    expect(filterRange('tomorrow', TASHKENT, now).from).toBe('2026-03-12')
    expect(filterRange('week', TASHKENT, now)).toMatchObject({ from: '2026-03-11', to: '2026-03-17' })
    expect(filterRange('past', TASHKENT, now)).toEqual({ from: null, to: '2026-03-10', newestFirst: true })
  })

  test('a day range becomes instants at the clinic midnights, end day included', () => {
    expect(startCondition('2026-03-11', '2026-03-11', TASHKENT)).toEqual({ $gte: '2026-03-10T19:00:00.000Z', $lt: '2026-03-11T19:00:00.000Z' })
    expect(startCondition(null, null, TASHKENT)).toBeUndefined()
    const query = listQuery({ from: '2026-03-11', to: null, staffId: 'doc1', status: 'planned', page: 3 }, false, TASHKENT, { branchId: 'b' })
    expect(query).toEqual({ branchId: 'b', start: { $gte: '2026-03-10T19:00:00.000Z' }, staffId: 'doc1', status: 'planned', $sort: { start: 1 }, $limit: 25, $skip: 50 })
  })
})

describe('calendar', () => {
  test('one find for the shown days', () => {
    expect(rangeQuery('2026-03-23', '2026-03-30', HELSINKI, 'b')).toEqual({
      branchId: 'b',
      start: { $gte: '2026-03-22T22:00:00.000Z', $lt: '2026-03-29T21:00:00.000Z' },
      $sort: { start: 1 },
      $limit: 1000
    })
  })

  test('a week starts where the locale starts it; steps are a day or a week', () => {
    const monday = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate() - ((date.getDay() + 6) % 7))
    expect(visibleDays('week', '2026-03-12', monday)).toEqual({ first: '2026-03-09', afterLast: '2026-03-16' })
    expect(visibleDays('day', '2026-03-12', monday)).toEqual({ first: '2026-03-12', afterLast: '2026-03-13' })
    expect(stepDay('week', '2026-03-30', 1)).toBe('2026-04-06')
    expect(stepDay('day', '2026-03-01', -1)).toBe('2026-02-28')
  })

  test('events are placed in clinic time in the doctor or chair column; cancelled ones stay off', () => {
    const items = [appointment(), appointment({ _id: 'a2', status: 'cancelled' }), appointment({ _id: 'a3', workPlaceId: 'chair1' })]
    const byDoctor = calendarEvents(items, 'staff', TASHKENT, new Map([['cust', 'Karimova Dilnoza']]))
    expect(byDoctor.map((event) => event.id)).toEqual(['a1', 'a3'])
    expect(byDoctor[0]).toMatchObject({ title: 'Karimova Dilnoza', resourceId: 'doc1' })
    expect(byDoctor[0].start.getHours()).toBe(9)
    const byChair = calendarEvents(items, 'chair', TASHKENT, new Map())
    expect(byChair.map((event) => event.resourceId)).toEqual([NO_CHAIR, 'chair1'])
    const places: WorkPlace[] = [{ ...stored, _id: 'chair1', branchId: 'b', name: 'Chair 1', kind: 'chair', color: null, rank: 0, active: true }]
    expect(chairColumns(places, items, 'No chair').map((column) => column.id)).toEqual(['chair1', NO_CHAIR])
    expect(chairColumns(places, [items[2]], 'No chair').map((column) => column.id)).toEqual(['chair1'])
  })

  test('settings fall back to the contract defaults; zoom maps to a row height', () => {
    expect(calendarSettingsOf(undefined)).toEqual(defaultCalendarSettings)
    expect(calendarSettingsOf({ step: 30, dayStart: '21:00', dayEnd: '09:00' })).toMatchObject({ step: 30, dayStart: '08:00', dayEnd: '20:00' })
    expect([1, 2, 3, 4].map(slotHeight)).toEqual([20, 28, 40, 56])
    // A device can zoom out below the company's steps (a whole day at a glance), never past the ends.
    expect([0, -3, 9].map(slotHeight)).toEqual([12, 12, 56])
  })

  test('every status has a colour', () => {
    for (const status of appointmentStatuses) expect(statusColors[status]).toMatch(/^#[0-9a-f]{6}$/)
  })
})

describe('the buffer is part of a visit on the grid', () => {
  it('runs the box to blockedUntil and says how long the buffer is', () => {
    const record = appointment({ duration: 60, end: '2026-03-10T05:00:00.000Z', blockedUntil: '2026-03-10T05:15:00.000Z' })
    const [event] = calendarEvents([record], 'staff', TASHKENT, new Map())
    expect(event.bufferMinutes).toBe(15)
    expect(event.end.getTime() - event.start.getTime()).toBe(75 * 60_000)
    const [plain] = calendarEvents([{ ...record, blockedUntil: record.end }], 'staff', TASHKENT, new Map())
    expect(plain.bufferMinutes).toBe(0)
  })
})
