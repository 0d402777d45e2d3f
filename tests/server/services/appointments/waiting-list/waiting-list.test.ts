import { engines, failure, startServer, type TestServer } from '../../../support/harness'
import { openClinic, booking, at, type Clinic } from '../../../support/appointment-fixtures'

describe.each(engines)('waiting list (%s)', (engine) => {
  let server: TestServer
  let clinic: Clinic
  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
  })
  afterAll(() => server.stop())

  const waiting = () => clinic.admin.client.service('waiting-list')
  const wish = (extra: object = {}) => ({ customerId: clinic.customerId, dateFrom: '2027-07-01', dateTo: '2027-07-31', timeFrom: '09:00', timeTo: '13:00', duration: 30, ...extra })

  it('keeps entries per branch with defaults', async () => {
    const entry = await waiting().create(wish())
    expect(entry).toMatchObject({ branchId: clinic.branchId, status: 'waiting', staffId: null, days: [], serviceIds: [], appointmentId: null })
    expect((await waiting().patch(entry._id, { status: 'removed' })).status).toBe('removed')
  })

  it('needs a customer and windows that are not empty', async () => {
    expect(await failure(waiting().create(wish({ customerId: undefined })))).toMatchObject({ name: 'BadRequest', data: { code: 'no-customer', path: 'customerId' } })
    expect(await failure(waiting().create(wish({ dateTo: '2027-06-30' })))).toMatchObject({ data: { code: 'invalid-range', path: 'dateTo' } })
    expect(await failure(waiting().create(wish({ timeTo: '09:00' })))).toMatchObject({ data: { code: 'invalid-range', path: 'timeTo' } })
    const entry = await waiting().create(wish())
    expect(await failure(waiting().patch(entry._id, { timeFrom: '14:00' }))).toMatchObject({ data: { code: 'invalid-range', path: 'timeTo' } })
  })

  it('finds the entries that fit a free slot ($fits), in the company time zone', async () => {
    const monday = await waiting().create(wish({ days: [1], staffId: clinic.doctor.user._id }))
    const anyDay = await waiting().create(wish({ timeFrom: '10:00', timeTo: '11:00' }))
    const long = await waiting().create(wish({ duration: 120 }))
    // Monday 2027-07-05 10:00-11:00 Helsinki.
    const slot = { start: at('2027-07-05', '10:00'), end: at('2027-07-05', '11:00'), staffId: clinic.doctor.user._id }
    const found = await waiting().find({ query: { $fits: slot } })
    const ids = found.data.map((entry) => entry._id)
    expect(ids).toEqual(expect.arrayContaining([monday._id, anyDay._id]))
    expect(ids).not.toContain(long._id)
    const tuesday = await waiting().find({ query: { $fits: { ...slot, start: at('2027-07-06', '10:00'), end: at('2027-07-06', '11:00') } } })
    expect(tuesday.data.map((entry) => entry._id)).not.toContain(monday._id)
    expect(tuesday.data.map((entry) => entry._id)).toContain(anyDay._id)
  })

  it('is booked by the appointment made from it, in one transaction', async () => {
    const entry = await waiting().create(wish())
    const made = await clinic.admin.client.service('appointment').create({ ...booking(clinic, '2027-07-07', '10:00'), waitingListId: entry._id })
    expect(await waiting().get(entry._id)).toMatchObject({ status: 'booked', appointmentId: made._id })
    // Booking it again fails and leaves no appointment behind.
    const before = await server.db('appointment').count({ total: '*' })
    const error = await failure(clinic.admin.client.service('appointment').create({ ...booking(clinic, '2027-07-07', '12:00'), waitingListId: entry._id }))
    expect(error).toMatchObject({ name: 'BadRequest', data: { code: 'waiting-list-not-waiting', path: 'waitingListId' } })
    expect(await server.db('appointment').count({ total: '*' })).toEqual(before)
  })

  it("keeps another company out: its people cannot find, read, change or remove an entry", async () => {
    const entry = await waiting().create(wish())
    const stranger = (await server.registerClinic('Other waiting')).client.service('waiting-list')
    expect((await stranger.find({})).data.map((item) => item._id)).not.toContain(entry._id)
    expect(await failure(stranger.get(entry._id))).toMatchObject({ name: 'NotFound' })
    expect(await failure(stranger.patch(entry._id, { notes: 'Hijacked' }))).toMatchObject({ name: 'NotFound' })
    expect(await failure(stranger.remove(entry._id))).toMatchObject({ name: 'NotFound' })
    expect(await waiting().get(entry._id)).toMatchObject({ status: 'waiting', notes: null })
  })

  it('needs the appointment permission', async () => {
    const noAccess = await clinic.admin.client.service('roles').create({ name: 'Cashier only', permissions: [{ resource: 'payments', view: true }] })
    const { signedInMember } = await import('../../../support/fixtures')
    const cashier = await signedInMember(server, clinic.admin, { roleId: noAccess._id })
    expect(await failure(cashier.client.service('waiting-list').find({}))).toMatchObject({ name: 'Forbidden' })
  })
})
