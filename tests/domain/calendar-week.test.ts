import { decodeCalendarWeek, encodeCalendarWeek, type CalendarAppointment, type CalendarCustomer } from '../../domain/appointments/calendar-week'

const visit = (overrides: Partial<CalendarAppointment>): CalendarAppointment => ({
  _id: 'a1',
  customerId: 'c1',
  staffId: 's1',
  workPlaceId: 'w1',
  start: '2027-06-08T06:00:00.000Z',
  end: '2027-06-08T06:30:00.000Z',
  blockedUntil: '2027-06-08T06:45:00.000Z',
  duration: 30,
  status: 'planned',
  services: [{ serviceId: 'x', name: 'Check-up', duration: 30, price: 5000, quantity: 1 }],
  repeat: null,
  seriesId: null,
  ...overrides
})

const customer = (id: string, last: string): CalendarCustomer => ({ _id: id, first_name: 'Aino', last_name: last, middle_name: '', medicalAlert: false })

describe('the calendar week on the wire', () => {
  const visits = [
    visit({}),
    visit({ _id: 'a2', staffId: 's2', workPlaceId: null, customerId: 'c2', services: [], blockedUntil: '2027-06-08T06:30:00.000Z' }),
    // Odd instants survive: seconds, an end not start + duration.
    visit({ _id: 'a3', start: '2027-06-08T07:00:05.250Z', end: '2027-06-08T07:31:00.000Z', blockedUntil: '2027-06-08T07:41:00.000Z', status: 'confirmed', repeat: { frequency: 'weekly' }, seriesId: 'r1' }),
    visit({ _id: 'a4', start: '2027-06-09T08:00:00.000Z', end: '2027-06-09T08:30:00.000Z', blockedUntil: '2027-06-09T08:45:00.000Z', repeat: { frequency: 'weekly' }, seriesId: 'r1' })
  ]

  it('decodes to exactly the visits and the customers seen', () => {
    const week = encodeCalendarWeek(visits, [customer('c1', 'Virtanen'), customer('c2', 'Korhonen')], { total: 4, limit: 1000 })
    const { appointments, customers } = decodeCalendarWeek(JSON.parse(JSON.stringify(week)))
    expect(appointments).toEqual(visits)
    expect(customers).toEqual([customer('c1', 'Virtanen'), customer('c2', 'Korhonen')])
    expect(week).toMatchObject({ total: 4, limit: 1000 })
  })

  it('names each doctor, chair, customer, list of services and repeat rule once', () => {
    const week = encodeCalendarWeek(visits, [], { total: 4, limit: 1000 })
    expect(week.staffIds).toEqual(['s1', 's2'])
    expect(week.workPlaceIds).toEqual(['w1'])
    expect(week.customerIds).toEqual(['c1', 'c2'])
    expect(week.serviceLists).toHaveLength(2)
    expect(week.repeats).toEqual([{ frequency: 'weekly' }])
    expect(week.appointments.workPlace).toEqual([0, -1, 0, 0])
  })

  it('leaves out a customer not seen, and one no visit names', () => {
    const week = encodeCalendarWeek(visits, [customer('c2', 'Korhonen'), customer('c9', 'Elsewhere')], { total: 4, limit: 1000 })
    const { appointments, customers } = decodeCalendarWeek(week)
    expect(customers.map((item) => item._id)).toEqual(['c2'])
    expect(appointments[0].customerId).toBe('c1')
  })

  it('carries an empty range', () => {
    expect(decodeCalendarWeek(encodeCalendarWeek([], [], { total: 0, limit: 1000 }))).toEqual({ appointments: [], customers: [] })
  })
})
