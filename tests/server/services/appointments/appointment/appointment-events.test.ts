import { engines, nextEvent, receivesEvent, startServer, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { openClinic, booking, addDoctor, at, type Clinic } from '../../../support/appointment-fixtures'
import type { Appointment, SlotFreed } from '../../../../../server/src/services/appointments/appointment/appointment.shared'
import type { WaitingListEntry } from '../../../../../server/src/services/appointments/waiting-list/waiting-list.shared'

describe.each(engines)('appointment live events (%s)', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let desk: Awaited<ReturnType<typeof signedInMember>>
  let otherBranchDesk: Awaited<ReturnType<typeof signedInMember>>
  let deskRoleId: string
  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
    const role = await clinic.admin.client.service('roles').create({
      name: 'Front desk',
      permissions: [
        { resource: 'appointment', view: true, create: true, edit: true, delete: true, seeAll: true },
        { resource: 'customers', view: true, create: true, edit: true }
      ]
    })
    deskRoleId = role._id
    desk = await signedInMember(server, clinic.admin, { roleId: deskRoleId, branchIds: [clinic.branchId] })
    const branch = await clinic.admin.client.service('branches').create({ name: 'Second branch' })
    otherBranchDesk = await signedInMember(server, clinic.admin, { roleId: deskRoleId, branchIds: [branch._id] })
  })
  afterAll(() => server.stop())

  it("shows one front desk's booking, move and removal on another's socket at once", async () => {
    const created = nextEvent<Appointment>(desk.client, 'appointment', 'created')
    const elsewhere = receivesEvent(otherBranchDesk.client, 'appointment', 'created')
    const made = await clinic.admin.client.service('appointment').create(booking(clinic, '2027-06-01', '09:00'))
    expect((await created)._id).toBe(made._id)
    expect(await elsewhere).toBe(false)
    const patched = nextEvent<Appointment>(desk.client, 'appointment', 'patched')
    await clinic.admin.client.service('appointment').patch(made._id, { start: at('2027-06-01', '10:00') })
    expect(await patched).toMatchObject({ _id: made._id, time: '10:00' })
    const removed = nextEvent<Appointment>(desk.client, 'appointment', 'removed')
    await clinic.admin.client.service('appointment').remove(made._id)
    expect((await removed)._id).toBe(made._id)
  })

  it("sends a doctor without seeAll only their own appointments' events", async () => {
    const other = await addDoctor(server, clinic)
    const theirs = receivesEvent(clinic.doctor.client, 'appointment', 'created')
    await clinic.admin.client.service('appointment').create(booking(clinic, '2027-06-02', '09:00', { staffId: other.user._id }))
    expect(await theirs).toBe(false)
    const mine = nextEvent<Appointment>(clinic.doctor.client, 'appointment', 'created')
    const made = await clinic.admin.client.service('appointment').create(booking(clinic, '2027-06-02', '09:00'))
    expect((await mine)._id).toBe(made._id)
    // Given to another doctor: the one it left hears of it (to take it off their calendar).
    const left = nextEvent<Appointment>(clinic.doctor.client, 'appointment', 'patched')
    await clinic.admin.client.service('appointment').patch(made._id, { staffId: other.user._id, start: at('2027-06-02', '11:00') })
    expect((await left).staffId).toBe(other.user._id)
  })

  it('sends every occurrence of a new series as created', async () => {
    const seen: string[] = []
    const listener = (item: Appointment) => seen.push(item._id)
    desk.client.service('appointment').on('created', listener)
    const first = await clinic.admin.client.service('appointment').create(booking(clinic, '2027-06-07', '09:00', { repeat: { frequency: 'daily', interval: 1, ends: { type: 'count', count: 3 } } }))
    await new Promise((resolve) => setTimeout(resolve, 300))
    desk.client.service('appointment').removeListener('created', listener)
    expect(seen).toHaveLength(3)
    expect(seen).toContain(first._id)
  })

  it('offers the fitting waiting customers to the front desk when a slot frees up', async () => {
    const waitingCustomer = await clinic.admin.client.service('customers').create({ first_name: 'Wait', last_name: 'Ing' })
    const waiting = clinic.admin.client.service('waiting-list')
    const fits = await waiting.create({ customerId: waitingCustomer._id, dateFrom: '2027-06-01', dateTo: '2027-06-30', timeFrom: '08:00', timeTo: '12:00', duration: 30, days: [4] })
    const wrongDoctor = await waiting.create({ customerId: waitingCustomer._id, staffId: desk.user._id, dateFrom: '2027-06-01', dateTo: '2027-06-30', timeFrom: '08:00', timeTo: '12:00', duration: 30 })
    const tooLong = await waiting.create({ customerId: waitingCustomer._id, dateFrom: '2027-06-01', dateTo: '2027-06-30', timeFrom: '08:00', timeTo: '12:00', duration: 90 })
    // Thursday 2027-06-10, 09:00-10:00.
    const made = await clinic.admin.client.service('appointment').create(booking(clinic, '2027-06-10', '09:00', { duration: 60 }))
    const freed = nextEvent<SlotFreed>(desk.client, 'appointment', 'slot-freed')
    const notElsewhere = receivesEvent(otherBranchDesk.client, 'appointment', 'slot-freed')
    await clinic.admin.client.service('appointment').patch(made._id, { status: 'cancelled' })
    const event = await freed
    expect(event).toMatchObject({ branchId: clinic.branchId, staffId: clinic.doctor.user._id, start: made.start, end: made.end })
    const ids = event.candidates.map((entry: WaitingListEntry) => entry._id)
    expect(ids).toContain(fits._id)
    expect(ids).not.toContain(wrongDoctor._id)
    expect(ids).not.toContain(tooLong._id)
    expect(await notElsewhere).toBe(false)

    // Booking from the entry marks it booked in the same call, and its event reaches the desk.
    const booked = nextEvent<WaitingListEntry>(desk.client, 'waiting-list', 'patched')
    const rebooked = await clinic.admin.client.service('appointment').create({ ...booking(clinic, '2027-06-10', '09:00'), customerId: waitingCustomer._id, waitingListId: fits._id })
    expect(await booked).toMatchObject({ _id: fits._id, status: 'booked', appointmentId: rebooked._id })

    // A no-show and a move free slots too.
    const noShow = nextEvent<SlotFreed>(desk.client, 'appointment', 'slot-freed')
    await clinic.admin.client.service('appointment').patch(rebooked._id, { status: 'noShow' })
    expect((await noShow).start).toBe(rebooked.start)
    const other = await clinic.admin.client.service('appointment').create(booking(clinic, '2027-06-10', '11:00'))
    const moved = nextEvent<SlotFreed>(desk.client, 'appointment', 'slot-freed')
    await clinic.admin.client.service('appointment').patch(other._id, { start: at('2027-06-10', '14:00') })
    expect((await moved).start).toBe(other.start)
    const removed = nextEvent<SlotFreed>(desk.client, 'appointment', 'slot-freed')
    await clinic.admin.client.service('appointment').remove(other._id)
    expect((await removed).start).toBe(at('2027-06-10', '14:00'))
  })
})
