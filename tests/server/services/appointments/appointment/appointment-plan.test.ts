import { assertTransitions, lookupsNeeded, planPatch, servicesKey, writtenChanges, type PatchLookups } from '../../../../../server/src/services/appointments/appointment/appointment-patch-plan'
import { occurrenceStarts, planCreate, type BookingFields } from '../../../../../server/src/services/appointments/appointment/appointment-create-plan'
import type { Appointment } from '../../../../../server/src/services/appointments/appointment/appointment.schema'
import type { StaffSchedule } from '../../../../../domain/schedule/working-hours'

/** The pure planning of appointment writes (no database): what a create or patch would write. */

const hours = { start: '09:00', end: '18:00' }
const workdays: StaffSchedule = { week: { 1: [hours], 2: [hours], 3: [hours], 4: [hours], 5: [hours], 6: [hours], 7: [hours] } }
const services = [{ serviceId: 's1', duration: 30, quantity: 1 }]

function ids() {
  let next = 0
  return () => `id-${++next}`
}

function appointment(overrides: Partial<Appointment> = {}): Appointment {
  return {
    _id: 'a1',
    companyId: 'c1',
    branchId: 'b1',
    customerId: 'p1',
    staffId: 'd1',
    workPlaceId: null,
    start: '2027-03-01T10:00:00.000Z',
    end: '2027-03-01T10:30:00.000Z',
    duration: 30,
    date: '2027-03-01',
    time: '10:00',
    status: 'planned',
    services,
    repeat: null,
    seriesId: null,
    seriesIndex: null,
    notifyClient: false,
    reminder: null,
    notes: null,
    color: null,
    statusChangedAt: '2027-01-01T00:00:00.000Z',
    statusChangedBy: null,
    createdAt: '2027-01-01T00:00:00.000Z',
    updatedAt: '2027-01-01T00:00:00.000Z',
    createdBy: 'u1',
    ...overrides
  } as Appointment
}

const lookups = (buffer = 10, schedule: StaffSchedule = workdays): PatchLookups => ({
  timeZone: 'UTC',
  buffers: new Map([[servicesKey(services), buffer]]),
  schedules: new Map([['d1', schedule], ['d2', schedule]])
})
const at = '2027-02-01T08:00:00.000Z'

describe('planning a patch', () => {
  it('moves an occurrence: new timing with the buffer, its slot checked, the old one freed, no history, one move', () => {
    const { plans, history, moves } = planPatch({ targets: [appointment()], data: { start: '2027-03-01T11:00:00.000Z' }, scope: 'this', lookups: lookups(), overridesHours: false, at, userId: 'u2', newId: ids() })
    expect(history).toEqual([])
    expect(moves).toEqual([{ _id: 'id-1', companyId: 'c1', appointmentId: 'a1', branchId: 'b1', staffId: 'd1', fromStart: appointment().start, fromDate: appointment().date, toStart: '2027-03-01T11:00:00.000Z', at, by: 'u2' }])
    // A draft holds no slot: moving it is no reschedule.
    expect(planPatch({ targets: [appointment({ status: 'draft' })], data: { start: '2027-03-01T11:00:00.000Z' }, scope: 'this', lookups: lookups(), overridesHours: false, at, userId: 'u2', newId: ids() }).moves).toEqual([])
    expect(plans).toHaveLength(1)
    expect(plans[0].row).toMatchObject({ start: '2027-03-01T11:00:00.000Z', end: '2027-03-01T11:30:00.000Z', blockedUntil: '2027-03-01T11:40:00.000Z', time: '11:00', updatedAt: at })
    expect(plans[0]).toMatchObject({ check: true, freed: true })
    expect(writtenChanges(plans[0])).toEqual({ start: '2027-03-01T11:00:00.000Z', end: '2027-03-01T11:30:00.000Z', blockedUntil: '2027-03-01T11:40:00.000Z', time: '11:00', updatedAt: at })
  })

  it('changes a status: the history row, the change stamp, the slot freed on cancel', () => {
    const { plans, history, moves } = planPatch({ targets: [appointment()], data: { status: 'cancelled' }, scope: 'this', lookups: lookups(0), overridesHours: false, at, userId: 'u2', newId: ids() })
    expect(moves).toEqual([])
    expect(history).toEqual([{ _id: 'id-1', companyId: 'c1', appointmentId: 'a1', from: 'planned', to: 'cancelled', at, by: 'u2' }])
    expect(plans[0].row).toMatchObject({ status: 'cancelled', statusChangedAt: at, statusChangedBy: 'u2' })
    expect(plans[0]).toMatchObject({ check: false, freed: true })
  })

  it('refuses a status change the machine does not allow, before anything is looked up', () => {
    expect(() => assertTransitions([appointment({ status: 'completed' })], { status: 'planned' })).toThrow(expect.objectContaining({ data: expect.objectContaining({ code: 'appointment-status-transition' }) }))
  })

  it('refuses a time outside the doctor\'s hours unless waived', () => {
    const input = { targets: [appointment()], data: { start: '2027-03-01T20:00:00.000Z' }, scope: 'this' as const, lookups: lookups(), at, userId: null, newId: ids() }
    expect(() => planPatch({ ...input, overridesHours: false })).toThrow(expect.objectContaining({ data: expect.objectContaining({ code: 'outside-working-hours' }) }))
    expect(planPatch({ ...input, overridesHours: true }).plans[0].row.start).toBe('2027-03-01T20:00:00.000Z')
  })

  it('moves the following occurrences of a series by the same days, at the new time; moving one alone takes it out', () => {
    const series = { seriesId: 'sr', repeat: { every: 'week' } } as unknown as Partial<Appointment>
    const first = appointment({ ...series, seriesIndex: 0 })
    const second = appointment({ ...series, _id: 'a2', seriesIndex: 1, start: '2027-03-08T10:00:00.000Z', end: '2027-03-08T10:30:00.000Z', date: '2027-03-08' })
    const data = { start: '2027-03-02T12:00:00.000Z' }
    const following = planPatch({ targets: [first, second], data, scope: 'following', lookups: lookups(), overridesHours: false, at, userId: null, newId: ids() })
    expect(following.plans.map((plan) => [plan.row.start, plan.row.seriesId])).toEqual([['2027-03-02T12:00:00.000Z', 'sr'], ['2027-03-09T12:00:00.000Z', 'sr']])
    const alone = planPatch({ targets: [first], data, scope: 'this', lookups: lookups(), overridesHours: false, at, userId: null, newId: ids() })
    expect(alone.plans[0].row).toMatchObject({ seriesId: null, seriesIndex: null, repeat: null })
  })

  it('names what to look up: each set of services, each doctor, each chair moved to', () => {
    const needed = lookupsNeeded([appointment(), appointment({ _id: 'a2', staffId: 'd3' })], { workPlaceId: 'w1' })
    expect(needed).toEqual({ services: [services], doctors: ['d1', 'd3'], places: [{ branchId: 'b1', workPlaceId: 'w1' }] })
    expect(lookupsNeeded([appointment()], { staffId: 'd2', notes: 'x' })).toEqual({ services: [services], doctors: ['d2'], places: [] })
  })
})

describe('planning a booking', () => {
  const booking: BookingFields = {
    _id: 'a1', companyId: 'c1', branchId: 'b1', customerId: 'p1', staffId: 'd1', workPlaceId: null, start: '2027-03-01T10:00:00.000Z', duration: 30,
    status: 'planned', services, repeat: null, createdAt: at, createdBy: 'u1'
  }

  it('makes one row with its timing and its first history row', () => {
    const starts = occurrenceStarts(booking, 'UTC')
    const { rows, history } = planCreate({ fields: booking, starts, timeZone: 'UTC', buffer: 15, schedule: workdays, overridesHours: false, newId: ids() })
    expect(rows).toEqual([expect.objectContaining({ _id: 'a1', end: '2027-03-01T10:30:00.000Z', blockedUntil: '2027-03-01T10:45:00.000Z', date: '2027-03-01', time: '10:00', seriesId: null, seriesIndex: null, statusChangedAt: at, statusChangedBy: 'u1' })])
    expect(history).toEqual([{ _id: 'id-1', companyId: 'c1', appointmentId: 'a1', from: null, to: 'planned', at, by: 'u1' }])
  })

  it('refuses a status a booking cannot start in, and hours outside the doctor\'s unless waived', () => {
    expect(() => occurrenceStarts({ ...booking, status: 'completed' }, 'UTC')).toThrow(expect.objectContaining({ data: expect.objectContaining({ code: 'appointment-status-transition' }) }))
    const late = { ...booking, start: '2027-03-01T19:00:00.000Z' }
    const input = { fields: late, starts: occurrenceStarts(late, 'UTC'), timeZone: 'UTC', buffer: 0, schedule: workdays, newId: ids() }
    expect(() => planCreate({ ...input, overridesHours: false })).toThrow(expect.objectContaining({ data: expect.objectContaining({ code: 'outside-working-hours' }) }))
    expect(planCreate({ ...input, overridesHours: true }).rows).toHaveLength(1)
  })
})
