import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { addMember, signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { at, openClinic, setSchedule, ZONE, type Clinic } from '../../../support/appointment-fixtures'
import { seededRandom } from '../../../../../server/src/demo-people'
import { toZoned } from '../../../../../domain/appointments/zoned-time'
import type { StaffSchedule } from '../../../../../domain/schedule/working-hours'
import type { AppointmentSlot, AppointmentSlotsQuery } from '../../../../../server/src/services/appointments/appointment-slots/appointment-slots.shared'
import type { ClinicService } from '../../../../../server/src/services/catalogue/service/service.shared'

const local = (instant: string) => toZoned(instant, ZONE)
const times = (slots: AppointmentSlot[]) => slots.map((slot) => local(slot.start).time)
/** The given hours on one date only (no weekly hours: every other day off). */
const onDate = (date: string, ...intervals: Array<[string, string]>): StaffSchedule => ({ dates: { [date]: intervals.map(([start, end]) => ({ start, end })) } })

describe.each(engines)('appointment-slots (%s)', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let hour: ClinicService
  let halfHourWithBuffer: ClinicService
  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
    await clinic.admin.client.service('users').patch(clinic.doctor.user._id, { acceptsAppointments: true })
    hour = await clinic.admin.client.service('service').create({ name: 'Filling', duration: 60, bufferTime: 0, price: 100 })
    halfHourWithBuffer = await clinic.admin.client.service('service').create({ name: 'Hygiene', duration: 30, bufferTime: 15, price: 100 })
  })
  afterAll(() => server.stop())

  const slots = (query: AppointmentSlotsQuery, as: SignedIn = clinic.admin) => as.client.service('appointment-slots').find({ query })
  const services = (service: ClinicService) => [{ serviceId: service._id, name: service.name, duration: service.duration, price: service.price, quantity: 1 }]

  /** A member who takes appointments, with these hours, in these branches (not signed in). */
  async function doctor(schedule: StaffSchedule, branchIds = [clinic.branchId]): Promise<string> {
    const { user } = await addMember(clinic.admin, { role: 'doctor', branchIds })
    await clinic.admin.client.service('users').patch(user._id, { acceptsAppointments: true })
    await setSchedule(server, user._id, schedule)
    return user._id
  }

  async function branch(name: string): Promise<string> {
    return (await clinic.admin.client.service('branches').create({ name }))._id
  }

  it('proposes the hours step of the working hours, the whole visit inside them and never across a break', async () => {
    const staffId = await doctor(onDate('2027-03-22', ['09:00', '11:00'], ['13:00', '14:30']))
    const found = await slots({ serviceIds: [hour._id], staffId, dateFrom: '2027-03-22', dateTo: '2027-03-23', $limit: 50 })
    expect(times(found.data)).toEqual(['09:00', '09:15', '09:30', '09:45', '10:00', '13:00', '13:15', '13:30'])
    expect(found.data[0]).toEqual({ start: at('2027-03-22', '09:00'), end: at('2027-03-22', '10:00'), staffId, branchId: clinic.branchId, workPlaceId: null })
  })

  it('keeps the visit and its buffer clear of the doctor\'s bookings and their buffers', async () => {
    const staffId = await doctor(onDate('2027-03-24', ['09:00', '12:00']))
    // Held 10:00-11:00: a 30-minute visit and its 30-minute buffer.
    const long = await clinic.admin.client.service('service').create({ name: 'Whitening', duration: 30, bufferTime: 30, price: 100 })
    await clinic.admin.client.service('appointment').create({ customerId: clinic.customerId, staffId, start: at('2027-03-24', '10:00'), duration: 30, services: services(long) })
    const found = await slots({ serviceIds: [halfHourWithBuffer._id], staffId, dateFrom: '2027-03-24', dateTo: '2027-03-24', $limit: 50 })
    // 09:15 holds until 10:00 (touching); 09:30 would hold until 10:15. The last visit ends at 12:00, its buffer after.
    expect(times(found.data)).toEqual(['09:00', '09:15', '11:00', '11:15', '11:30'])
  })

  it('takes the visit from the services on the duration step, or the duration given', async () => {
    const staffId = await doctor(onDate('2027-03-25', ['09:00', '11:00']))
    // 60 + 30 = 90 minutes, the larger buffer (15) after.
    const both = await slots({ serviceIds: [hour._id, halfHourWithBuffer._id], staffId, dateFrom: '2027-03-25', dateTo: '2027-03-25' })
    expect(times(both.data)).toEqual(['09:00', '09:15', '09:30'])
    expect(both.data[0].end).toBe(at('2027-03-25', '10:30'))
    const given = await slots({ serviceIds: [hour._id], duration: 100, staffId, dateFrom: '2027-03-25', dateTo: '2027-03-25' })
    expect(times(given.data)).toEqual(['09:00', '09:15'])
  })

  it('keeps the whole visit inside the time-of-day window', async () => {
    const staffId = await doctor(onDate('2027-03-26', ['08:00', '18:00']))
    const found = await slots({ serviceIds: [hour._id], staffId, dateFrom: '2027-03-26', dateTo: '2027-03-26', timeFrom: '10:00', timeTo: '11:30' })
    expect(times(found.data)).toEqual(['10:00', '10:15', '10:30'])
  })

  it('searches only the weekdays asked for', async () => {
    // Weekly hours every day; 2027-03-22 is a Monday, the wish is Wednesday and Friday.
    const staffId = await doctor({ week: Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((day) => [day, [{ start: '09:00', end: '11:00' }]])) })
    const found = await slots({ serviceIds: [hour._id], staffId, dateFrom: '2027-03-22', dateTo: '2027-03-28', weekdays: [3, 5], $limit: 50 })
    expect([...new Set(found.data.map((slot) => local(slot.start).date))]).toEqual(['2027-03-24', '2027-03-26'])
  })

  it('needs a free active work place of the kind asked for, and names it', async () => {
    const branchId = await branch('Chairs')
    const busy = await doctor(onDate('2027-03-29', ['09:00', '11:00']), [branchId])
    const free = await doctor(onDate('2027-03-29', ['09:00', '11:00']), [branchId])
    const chair = await clinic.admin.client.service('work-place').create({ name: 'Chair A', branchId, kind: 'chair' })
    await clinic.admin.client.service('work-place').create({ name: 'Chair B', branchId, kind: 'chair', active: false })
    await clinic.admin.client.service('appointment').create({ branchId, customerId: clinic.customerId, staffId: busy, workPlaceId: chair._id, start: at('2027-03-29', '09:00'), duration: 60 })
    const query = { serviceIds: [hour._id], staffId: free, branchId, dateFrom: '2027-03-29', dateTo: '2027-03-29' }
    expect(times((await slots(query)).data)).toEqual(['09:00', '09:15', '09:30', '09:45', '10:00'])
    const withChair = await slots({ ...query, workPlaceKind: 'chair' })
    expect(times(withChair.data)).toEqual(['10:00'])
    expect(withChair.data[0]).toMatchObject({ staffId: free, branchId, workPlaceId: chair._id })
    expect((await slots({ ...query, workPlaceKind: 'room' })).data).toEqual([])
  })

  it('proposes nothing in the past, and starts on the hours step', async () => {
    const before = Date.now()
    const found = await slots({ serviceIds: [hour._id], staffId: clinic.doctor.user._id, dateFrom: local(new Date(before - 86_400_000).toISOString()).date, $limit: 50 })
    expect(found.data.length).toBe(50)
    for (const slot of found.data) {
      expect(Date.parse(slot.start)).toBeGreaterThanOrEqual(before)
      expect(local(slot.start).minutes % 15).toBe(0)
    }
    expect(Date.parse(found.data[0].start)).toBeLessThan(before + 2 * 86_400_000)
    expect(found.data.map((slot) => slot.start)).toEqual([...found.data.map((slot) => slot.start)].sort())
  })

  it('answers slots sorted by start, then doctor, then branch, across every branch the caller may book in, and no more than asked', async () => {
    const branchId = await branch('Sorted')
    const first = await doctor(onDate('2027-03-30', ['09:00', '10:00']), [branchId])
    const second = await doctor(onDate('2027-03-30', ['09:30', '10:30']), [branchId, clinic.branchId])
    const query = { serviceIds: [hour._id], dateFrom: '2027-03-30', dateTo: '2027-03-30', timeFrom: '09:00', $limit: 50 }
    const found = (await slots(query)).data
    const key = (slot: AppointmentSlot) => `${slot.start} ${slot.staffId} ${slot.branchId}`
    expect(found.map(key)).toEqual(found.map(key).sort())
    expect(found.filter((slot) => slot.staffId === first).map((slot) => [local(slot.start).time, slot.branchId])).toEqual([['09:00', branchId]])
    // A doctor of two branches is proposed in each.
    expect(found.filter((slot) => slot.staffId === second).map((slot) => [local(slot.start).time, slot.branchId])).toEqual([['09:30', [branchId, clinic.branchId].sort()[0]], ['09:30', [branchId, clinic.branchId].sort()[1]]])
    expect((await slots({ ...query, $limit: 3 })).data).toEqual(found.slice(0, 3))
    expect((await slots({ ...query, $limit: undefined })).data).toEqual(found.slice(0, 10))
  })

  it('keeps a caller to the branches they work in', async () => {
    const other = await branch('Elsewhere')
    const there = await doctor(onDate('2027-03-31', ['09:00', '10:00']), [other])
    const here = await doctor(onDate('2027-03-31', ['09:00', '10:00']), [clinic.branchId])
    const role = await clinic.admin.client.service('roles').create({ name: 'Desk', permissions: [{ resource: 'appointment', view: true, create: true, seeAll: true }] })
    const desk = await signedInMember(server, clinic.admin, { roleId: role._id, branchIds: [clinic.branchId] })
    const found = await slots({ serviceIds: [hour._id], dateFrom: '2027-03-31', dateTo: '2027-03-31', $limit: 50 }, desk)
    expect(found.data.map((slot) => slot.staffId)).toContain(here)
    expect(found.data.filter((slot) => slot.staffId === there || slot.branchId === other)).toEqual([])
    expect(await failure(slots({ serviceIds: [hour._id], branchId: other }, desk))).toMatchObject({ name: 'BadRequest', data: { code: 'branch-not-allowed', path: 'branchId' } })
    // The administrator works in every branch.
    expect((await slots({ serviceIds: [hour._id], branchId: other, dateFrom: '2027-03-31', dateTo: '2027-03-31' })).data.map((slot) => slot.staffId)).toEqual([there])
  })

  it('gives a doctor without seeAll on appointment only their own slots', async () => {
    await doctor(onDate('2027-04-01', ['09:00', '10:00']))
    const own = await slots({ serviceIds: [hour._id], dateFrom: '2027-04-01', dateTo: '2027-04-01', $limit: 50 }, clinic.doctor)
    expect(own.data.length).toBeGreaterThan(0)
    expect(new Set(own.data.map((slot) => slot.staffId))).toEqual(new Set([clinic.doctor.user._id]))
    const colleague = await doctor(onDate('2027-04-01', ['09:00', '10:00']))
    expect(await failure(slots({ serviceIds: [hour._id], staffId: colleague }, clinic.doctor))).toMatchObject({ name: 'Forbidden', data: { code: 'appointment-own-only', path: 'staffId' } })
  })

  it('refuses a caller who may not book', async () => {
    const role = await clinic.admin.client.service('roles').create({ name: 'Viewer', permissions: [{ resource: 'appointment', view: true, seeAll: true }] })
    const viewer = await signedInMember(server, clinic.admin, { roleId: role._id })
    expect(await failure(slots({ serviceIds: [hour._id] }, viewer))).toMatchObject({ name: 'Forbidden', data: { code: 'forbidden' } })
  })

  it('never shows another company\'s doctors, services or bookings', async () => {
    const other = await openClinic(server)
    await other.admin.client.service('users').patch(other.doctor.user._id, { acceptsAppointments: true })
    const theirService = await other.admin.client.service('service').create({ name: 'Theirs', duration: 30, price: 1 })
    const ours = await slots({ serviceIds: [hour._id], dateFrom: '2027-04-02', dateTo: '2027-04-02', $limit: 50 })
    expect(ours.data.length).toBeGreaterThan(0)
    expect(ours.data.filter((slot) => slot.staffId === other.doctor.user._id || slot.branchId === other.branchId)).toEqual([])
    expect((await slots({ serviceIds: [hour._id], staffId: other.doctor.user._id })).data).toEqual([])
    expect(await failure(slots({ serviceIds: [theirService._id] }))).toMatchObject({ name: 'BadRequest', data: { code: 'invalid-reference', path: 'serviceIds.0' } })
    // Their own search sees their own booking.
    await other.admin.client.service('appointment').create({ customerId: other.customerId, staffId: other.doctor.user._id, start: at('2027-04-02', '08:00'), duration: 60 })
    expect((await slots({ serviceIds: [theirService._id], staffId: other.doctor.user._id, dateFrom: '2027-04-02', dateTo: '2027-04-02' }, other.admin)).data[0].start).toBe(at('2027-04-02', '09:00'))
  })

  it('refuses queries it cannot answer, at the field', async () => {
    const base = { serviceIds: [hour._id] }
    const cases: Array<[Record<string, unknown>, string, string | undefined]> = [
      [{ ...base, unknown: 1 }, 'invalid-request', 'unknown'],
      [{}, 'field-required', 'serviceIds'],
      [{ serviceIds: [] }, 'invalid-request', 'serviceIds'],
      [{ ...base, dateFrom: '2027-02-30' }, 'date-invalid', 'dateFrom'],
      [{ ...base, dateTo: 'tomorrow' }, 'date-invalid', 'dateTo'],
      [{ ...base, timeFrom: '9:00' }, 'time-invalid', 'timeFrom'],
      [{ ...base, timeTo: '25:00' }, 'time-invalid', 'timeTo'],
      [{ ...base, dateFrom: '2027-03-10', dateTo: '2027-03-09' }, 'invalid-range', 'dateTo'],
      [{ ...base, timeFrom: '12:00', timeTo: '12:00' }, 'invalid-range', 'timeTo'],
      [{ ...base, dateFrom: '2027-03-01', dateTo: '2027-06-01' }, 'slot-range-too-long', 'dateTo'],
      [{ ...base, $limit: 51 }, 'invalid-request', '$limit'],
      [{ ...base, workPlaceKind: 'sofa' }, 'invalid-request', 'workPlaceKind'],
      [{ ...base, duration: 3 }, 'invalid-request', 'duration'],
      [{ ...base, staffId: 'not-an-id' }, 'invalid-request', 'staffId'],
      [{ ...base, weekdays: [8] }, 'invalid-request', 'weekdays.0'],
      [{ ...base, weekdays: [] }, 'invalid-request', 'weekdays']
    ]
    for (const [query, code, path] of cases) {
      const error = await failure(clinic.admin.client.service('appointment-slots').find({ query: malformed<AppointmentSlotsQuery>(query) }))
      expect([query, error.name, error.data?.code, error.data?.path]).toEqual([query, 'BadRequest', code, path])
    }
    // 92 days is the most one search covers.
    expect((await slots({ ...base, staffId: clinic.doctor.user._id, dateFrom: '2027-03-01', dateTo: '2027-05-31' })).data.length).toBe(10)
  })

  it('proposes only slots a booking takes: each one books, and once booked is no longer proposed', async () => {
    const branchId = await branch('Busy')
    const schedule = onDate('2027-04-05', ['08:00', '12:00'], ['13:00', '17:00'])
    const doctors = [await doctor(schedule, [branchId]), await doctor(schedule, [branchId]), await doctor(schedule, [branchId])]
    const chairs = [
      (await clinic.admin.client.service('work-place').create({ name: 'Busy 1', branchId, kind: 'chair' }))._id,
      (await clinic.admin.client.service('work-place').create({ name: 'Busy 2', branchId, kind: 'chair' }))._id
    ]
    const catalogue = [hour, halfHourWithBuffer, await clinic.admin.client.service('service').create({ name: 'Check', duration: 15, bufferTime: 10, price: 1 })]
    const appointments = clinic.admin.client.service('appointment')
    const random = seededRandom(13)
    let booked = 0
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const service = catalogue[Math.floor(random() * catalogue.length)]
      const minutes = 8 * 60 + 15 * Math.floor(random() * 36)
      const start = at('2027-04-05', `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`)
      const staffId = doctors[Math.floor(random() * doctors.length)]
      const workPlaceId = random() < 0.7 ? chairs[Math.floor(random() * chairs.length)] : null
      await appointments.create({ branchId, customerId: clinic.customerId, staffId, workPlaceId, start, duration: service.duration, services: services(service) }).then(() => (booked += 1), () => undefined)
    }
    expect(booked).toBeGreaterThan(10)

    const query: AppointmentSlotsQuery = { serviceIds: [halfHourWithBuffer._id], branchId, workPlaceKind: 'chair', dateFrom: '2027-04-05', dateTo: '2027-04-05', $limit: 50 }
    const proposed = (await slots(query)).data
    expect(proposed.length).toBeGreaterThan(5)
    for (const slot of proposed) {
      const appointment = await appointments.create({ branchId: slot.branchId, customerId: clinic.customerId, staffId: slot.staffId, workPlaceId: slot.workPlaceId, start: slot.start, duration: 30, services: services(halfHourWithBuffer) })
      const again = (await slots(query)).data
      expect(again.filter((other) => other.staffId === slot.staffId && other.start === slot.start)).toEqual([])
      expect(again.filter((other) => other.workPlaceId === slot.workPlaceId && other.start === slot.start)).toEqual([])
      await appointments.remove(appointment._id)
    }
    expect((await slots(query)).data).toEqual(proposed)
  })

  it('with a chain\'s many doctors (read a few hours at a time) finds the same first slots', async () => {
    const branchId = await branch('Chain')
    const schedule = onDate('2027-04-07', ['08:00', '20:00'])
    const ids: string[] = []
    for (let batch = 0; batch < 6; batch += 1) ids.push(...(await Promise.all(Array.from({ length: 10 }, () => doctor(schedule, [branchId])))))
    // The first free slot of each is 17:00 at the earliest (the window), long after the first stretch.
    const query = { serviceIds: [hour._id], branchId, dateFrom: '2027-04-07', dateTo: '2027-04-07', timeFrom: '17:00' }
    const found = (await slots(query)).data
    expect(found.map((slot) => [local(slot.start).time, slot.staffId])).toEqual([...ids].sort().slice(0, 10).map((staffId) => ['17:00', staffId]))
    // One of them is busy 16:30-17:30: it moves to 17:30, the next doctor takes its place.
    const [busy] = [...ids].sort()
    await clinic.admin.client.service('appointment').create({ branchId, customerId: clinic.customerId, staffId: busy, start: at('2027-04-07', '16:30'), duration: 60 })
    const after = (await slots({ ...query, $limit: 50 })).data
    expect(after.filter((slot) => slot.staffId === busy).map((slot) => local(slot.start).time)).toEqual([])
    expect(after.slice(0, 10).map((slot) => slot.staffId)).toEqual([...ids].sort().slice(1, 11))
    expect((await slots({ ...query, staffId: busy })).data.map((slot) => local(slot.start).time).slice(0, 2)).toEqual(['17:30', '17:45'])
  })

  it('keeps a doctor or chair busy for the whole of a booking held past four hours, however early it began, whatever the write that made it long', async () => {
    const branchId = await branch('Overnight')
    const chairId = (await clinic.admin.client.service('work-place').create({ name: 'Overnight 1', branchId, kind: 'chair' }))._id
    const allDay = onDate('2027-04-13', ['00:00', '24:00'])
    const [fourHours, fiveHours, day, free] = [await doctor(allDay, [branchId]), await doctor(allDay, [branchId]), await doctor(allDay, [branchId]), await doctor(allDay, [branchId])]
    const withBuffer = (bufferTime: number) => clinic.admin.client.service('service').create({ name: `Buffer ${bufferTime}`, duration: 60, bufferTime, price: 1 })
    const book = (staffId: string, start: string, duration: number, service: ClinicService, workPlaceId: string | null = null) =>
      clinic.admin.client.service('appointment').create({ branchId, customerId: clinic.customerId, staffId, workPlaceId, start, duration, services: services(service), overrideWorkingHours: true })
    // Held exactly four hours (an ordinary row), five hours (60 minutes of buffer: a long row),
    // and 28 hours (the longest: a day's visit and four hours of buffer) from 00:30 the day before.
    const ordinary = await book(fourHours, at('2027-04-12', '22:00'), 240, hour)
    await book(fiveHours, at('2027-04-12', '21:00'), 240, await withBuffer(60))
    await book(day, at('2027-04-12', '00:30'), 1440, await withBuffer(240), chairId)
    const first = async (staffId: string, chair = false) =>
      local((await slots({ serviceIds: [hour._id], staffId, branchId, dateFrom: '2027-04-13', dateTo: '2027-04-13', ...(chair ? { workPlaceKind: 'chair' as const } : {}) })).data[0].start).time
    expect([await first(fourHours), await first(fiveHours), await first(day), await first(free)]).toEqual(['02:00', '02:00', '04:30', '00:00'])
    // The only chair is held until 04:30 too.
    expect([await first(fourHours, true), await first(free, true)]).toEqual(['04:30', '04:30'])
    // A change of length makes a row long: it is found as such.
    await clinic.admin.client.service('appointment').patch(ordinary._id, { duration: 480, overrideWorkingHours: true })
    expect(await first(fourHours)).toBe('06:00')
    // Each first slot books.
    for (const [staffId, time] of [[fourHours, '06:00'], [fiveHours, '02:00'], [day, '04:30'], [free, '00:00']]) await book(staffId, at('2027-04-13', time), 60, hour)
  }, 120_000)

  it('offers find only', async () => {
    const service = server.app.service('appointment-slots') as unknown as Record<string, unknown>
    expect(['get', 'create', 'patch', 'update', 'remove'].filter((method) => typeof service[method] === 'function')).toEqual([])
  })
})
