import { engines, failure, startServer, type TestServer } from '../../../support/harness'
import { openClinic, booking, at, setSchedule, addDoctor, type Clinic } from '../../../support/appointment-fixtures'
import { signedInMember } from '../../../support/fixtures'

describe.each(engines)('appointment rules (%s)', (engine) => {
  let server: TestServer
  let clinic: Clinic
  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
  })
  afterAll(() => server.stop())

  const appointments = () => clinic.admin.client.service('appointment')

  it('books with start and duration; end, local date and time are computed', async () => {
    const created = await appointments().create(booking(clinic, '2027-03-22', '09:00', { workPlaceId: clinic.chairId }))
    expect(created).toMatchObject({
      branchId: clinic.branchId,
      status: 'planned',
      start: '2027-03-22T07:00:00.000Z',
      end: '2027-03-22T07:30:00.000Z',
      duration: 30,
      date: '2027-03-22',
      time: '09:00',
      seriesId: null,
      statusChangedBy: clinic.admin.auth.user._id
    })
    expect(created.blockedUntil).toBe('2027-03-22T07:30:00.000Z')
    const found = await appointments().find({ query: { start: { $gte: '2027-03-22T00:00:00Z', $lt: '2027-03-23T00:00:00Z' }, $sort: { start: 1 as const } } })
    expect(found.data.map((item) => item._id)).toContain(created._id)
  })

  it('requires a customer: "No customer was selected"', async () => {
    const error = await failure(appointments().create({ ...booking(clinic, '2027-03-22', '10:00'), customerId: undefined }))
    expect(error).toMatchObject({ name: 'BadRequest', message: 'No customer was selected', data: { code: 'no-customer', path: 'customerId' } })
  })

  it('refuses a second booking of the doctor, and of the chair, with the field', async () => {
    await appointments().create(booking(clinic, '2027-03-23', '09:00', { workPlaceId: clinic.chairId }))
    const doctor = await failure(appointments().create(booking(clinic, '2027-03-23', '09:15')))
    expect(doctor).toMatchObject({ name: 'Conflict', code: 409, data: { code: 'appointment-staff-busy', path: 'staffId' } })
    const other = await addDoctor(server, clinic)
    const chair = await failure(appointments().create(booking(clinic, '2027-03-23', '09:15', { staffId: other.user._id, workPlaceId: clinic.chairId })))
    expect(chair).toMatchObject({ name: 'Conflict', data: { code: 'appointment-workplace-busy', path: 'workPlaceId' } })
    // Back to back is fine.
    await appointments().create(booking(clinic, '2027-03-23', '09:30', { workPlaceId: clinic.chairId }))
  })

  // The overlap check reads only appointments that start at most the longest visit plus the
  // longest buffer earlier (appointment-booking.ts): the longest possible one must still count.
  it('refuses a booking inside a day-long appointment with the longest buffer that began the day before', async () => {
    const service = await clinic.admin.client.service('service').create({ name: 'Sedation day', duration: 720, bufferTime: 240, price: 100000 })
    const services = [{ serviceId: service._id, name: 'Sedation day', duration: 720, price: 100000, quantity: 1 }]
    await appointments().create({ ...booking(clinic, '2029-01-08', '00:05', { duration: 1440, services }), overrideWorkingHours: true })
    // Ends 2029-01-09 00:05, held until 04:05 by the buffer.
    const inside = await failure(appointments().create({ ...booking(clinic, '2029-01-09', '04:00'), overrideWorkingHours: true }))
    expect(inside).toMatchObject({ name: 'Conflict', data: { code: 'appointment-staff-busy', path: 'staffId' } })
    await appointments().create({ ...booking(clinic, '2029-01-09', '04:05'), overrideWorkingHours: true })
  })

  it('keeps the service buffer time free after an appointment', async () => {
    const service = await clinic.admin.client.service('service').create({ name: 'Implant', duration: 60, bufferTime: 15, price: 100000 })
    const services = [{ serviceId: service._id, name: 'Implant', duration: 60, price: 100000, quantity: 1 }]
    await appointments().create(booking(clinic, '2027-03-24', '09:00', { duration: 60, services }))
    const error = await failure(appointments().create(booking(clinic, '2027-03-24', '10:10')))
    expect(error).toMatchObject({ name: 'Conflict', data: { code: 'appointment-staff-busy' } })
    await appointments().create(booking(clinic, '2027-03-24', '10:15'))
    // A booking whose own buffer would run into the next one is refused too.
    const before = await failure(appointments().create(booking(clinic, '2027-03-24', '08:00', { duration: 60, services })))
    expect(before).toMatchObject({ data: { code: 'appointment-staff-busy' } })
  })

  it('refuses times outside working hours unless an administrator overrides', async () => {
    const outside = await failure(appointments().create(booking(clinic, '2027-03-25', '07:30')))
    expect(outside).toMatchObject({ name: 'Unprocessable', code: 422, data: { code: 'outside-working-hours', path: 'start' } })
    const acrossEnd = await failure(appointments().create(booking(clinic, '2027-03-25', '19:45')))
    expect(acrossEnd).toMatchObject({ data: { code: 'outside-working-hours' } })
    const overridden = await appointments().create({ ...booking(clinic, '2027-03-25', '07:30'), overrideWorkingHours: true })
    expect(overridden.time).toBe('07:30')
    // A doctor (no seeAll on appointment) cannot override.
    const doctorTry = await failure(clinic.doctor.client.service('appointment').create({ ...booking(clinic, '2027-03-25', '07:00'), overrideWorkingHours: true }))
    expect(doctorTry).toMatchObject({ data: { code: 'outside-working-hours' } })
    // A dated exception replaces the weekday; no weekly hours at all: only an override books.
    await setSchedule(server, clinic.doctor.user._id, { week: { '4': [{ start: '08:00', end: '20:00' }] }, dates: { '2027-03-25': [{ start: '12:00', end: '14:00' }] } })
    expect(await failure(appointments().create(booking(clinic, '2027-03-25', '10:00')))).toMatchObject({ data: { code: 'outside-working-hours' } })
    await appointments().create(booking(clinic, '2027-03-25', '12:00'))
    await setSchedule(server, clinic.doctor.user._id, {})
    expect(await failure(appointments().create(booking(clinic, '2027-04-01', '12:00')))).toMatchObject({ data: { code: 'outside-working-hours' } })
    await setSchedule(server, clinic.doctor.user._id, (await import('../../../support/appointment-fixtures')).FULL_WEEK)
  })

  it('refuses blacklisted customers except for administrators (seeAll on company)', async () => {
    const blacklisted = await clinic.admin.client.service('customers').create({ first_name: 'Black', last_name: 'Listed', blacklisted: true })
    const roles = clinic.admin.client.service('roles')
    const desk = await roles.create({
      name: 'Front desk',
      permissions: [
        { resource: 'appointment', view: true, create: true, edit: true, seeAll: true },
        { resource: 'customers', view: true, create: true, edit: true }
      ]
    })
    const frontDesk = await signedInMember(server, clinic.admin, { roleId: desk._id })
    const refused = await failure(frontDesk.client.service('appointment').create({ ...booking(clinic, '2027-03-26', '09:00'), customerId: blacklisted._id }))
    expect(refused).toMatchObject({ name: 'Forbidden', data: { code: 'customer-blacklisted', path: 'customerId' } })
    // The default Doctor role sees every customer (seeAll on customers) but is no administrator.
    const byDoctor = await failure(clinic.doctor.client.service('appointment').create({ ...booking(clinic, '2027-03-26', '09:00'), customerId: blacklisted._id }))
    expect(byDoctor).toMatchObject({ name: 'Forbidden', data: { code: 'customer-blacklisted', path: 'customerId' } })
    const admitted = await appointments().create({ ...booking(clinic, '2027-03-26', '09:00'), customerId: blacklisted._id })
    expect(admitted.customerId).toBe(blacklisted._id)
  })

  it('books only a patient the caller may read: the customers permission and module, and the patient\'s branch', async () => {
    const roles = clinic.admin.client.service('roles')
    const bookerRole = await roles.create({ name: 'Booker without patients', permissions: [{ resource: 'appointment', view: true, create: true, seeAll: true }] })
    const booker = await signedInMember(server, clinic.admin, { roleId: bookerRole._id })
    const noRight = await failure(booker.client.service('appointment').create(booking(clinic, '2027-05-04', '09:00')))
    expect(noRight).toMatchObject({ name: 'Forbidden', data: { code: 'forbidden', resource: 'customers', flag: 'view' } })

    // A patient of a branch the desk does not work in, in a company whose branches keep their own patients.
    const north = await clinic.admin.client.service('branches').create({ name: 'North desk test' })
    const northPatient = await clinic.admin.client.service('customers').create({ first_name: 'Pohjoinen', last_name: 'Potilas', branchId: north._id })
    const deskRole = await roles.create({ name: 'Desk of the main branch', permissions: [{ resource: 'appointment', view: true, create: true, seeAll: true }, { resource: 'customers', view: true }] })
    const desk = await signedInMember(server, clinic.admin, { roleId: deskRole._id, branchIds: [clinic.branchId] })
    const unseen = await failure(desk.client.service('appointment').create({ ...booking(clinic, '2027-05-04', '09:00'), customerId: northPatient._id }))
    expect(unseen).toMatchObject({ name: 'NotFound', data: { code: 'not-found', path: 'customerId' } })

    await clinic.admin.client.service('company').patch('mine', { modules: { customers: false } })
    try {
      const switchedOff = await failure(desk.client.service('appointment').create(booking(clinic, '2027-05-04', '09:00')))
      expect(switchedOff).toMatchObject({ name: 'Forbidden', data: { code: 'service-not-enabled', module: 'customers' } })
    } finally {
      await clinic.admin.client.service('company').patch('mine', { modules: { customers: true } })
    }
    await expect(desk.client.service('appointment').create(booking(clinic, '2027-05-04', '09:00'))).resolves.toMatchObject({ customerId: clinic.customerId })
  })

  it('moves status only through the state machine, recording who and when', async () => {
    const created = await appointments().create(booking(clinic, '2027-03-29', '09:00'))
    for (const status of ['confirmed', 'arrived', 'started', 'completed'] as const) {
      const patched = await appointments().patch(created._id, { status })
      expect(patched.status).toBe(status)
      expect(patched.statusChangedBy).toBe(clinic.admin.auth.user._id)
    }
    const reopened = await failure(appointments().patch(created._id, { status: 'planned' }))
    expect(reopened).toMatchObject({ name: 'BadRequest', data: { code: 'appointment-status-transition', path: 'status' } })
    const history = await clinic.admin.client.service('appointment-status-history').find({ query: { appointmentId: created._id } })
    expect(history.data.map((change) => [change.from, change.to])).toEqual([
      [null, 'planned'],
      ['planned', 'confirmed'],
      ['confirmed', 'arrived'],
      ['arrived', 'started'],
      ['started', 'completed']
    ])
    expect(history.data.every((change) => change.by === clinic.admin.auth.user._id)).toBe(true)
    // Starting in a status no booking starts in is refused too.
    expect(await failure(appointments().create(booking(clinic, '2027-03-29', '11:00', { status: 'completed' })))).toMatchObject({ data: { code: 'appointment-status-transition' } })
  })

  it('frees the slot when cancelled and checks it again on restore', async () => {
    const first = await appointments().create(booking(clinic, '2027-03-30', '09:00'))
    await appointments().patch(first._id, { status: 'cancelled' })
    const second = await appointments().create(booking(clinic, '2027-03-30', '09:00'))
    const restore = await failure(appointments().patch(first._id, { status: 'planned' }))
    expect(restore).toMatchObject({ name: 'Conflict', data: { code: 'appointment-staff-busy' } })
    await appointments().patch(second._id, { status: 'noShow' })
    expect((await appointments().patch(first._id, { status: 'planned' })).status).toBe('planned')
  })

  it('lets drafts overlap (they hold no slot) until confirmed', async () => {
    await appointments().create(booking(clinic, '2027-03-31', '09:00'))
    const draft = await appointments().create(booking(clinic, '2027-03-31', '09:00', { status: 'draft' }))
    expect(await failure(appointments().patch(draft._id, { status: 'confirmed' }))).toMatchObject({ data: { code: 'appointment-staff-busy' } })
    const moved = await appointments().patch(draft._id, { start: at('2027-03-31', '10:00'), status: 'confirmed' })
    expect(moved).toMatchObject({ status: 'confirmed', time: '10:00' })
  })

  it('shows a doctor without seeAll only their own appointments (find, get, patch, remove)', async () => {
    const other = await addDoctor(server, clinic)
    const mine = await appointments().create(booking(clinic, '2027-04-05', '09:00'))
    const theirs = await appointments().create(booking(clinic, '2027-04-05', '09:00', { staffId: other.user._id }))
    const doctorService = clinic.doctor.client.service('appointment')
    const found = await doctorService.find({ query: { date: '2027-04-05' } })
    expect(found.data.map((item) => item._id)).toEqual([mine._id])
    expect((await doctorService.find({ query: { date: '2027-04-05', staffId: other.user._id } })).data).toEqual([])
    expect((await doctorService.get(mine._id))._id).toBe(mine._id)
    expect(await failure(doctorService.get(theirs._id))).toMatchObject({ name: 'NotFound' })
    expect(await failure(doctorService.patch(theirs._id, { notes: 'x' }))).toMatchObject({ name: 'NotFound' })
    expect((await doctorService.patch(mine._id, { notes: 'Bring X-ray' })).notes).toBe('Bring X-ray')
    // Nor can they book a colleague, or hand their own appointment to one.
    expect(await failure(doctorService.create(booking(clinic, '2027-04-05', '11:00', { staffId: other.user._id })))).toMatchObject({ name: 'Forbidden', data: { code: 'appointment-own-only', path: 'staffId' } })
    expect(await failure(doctorService.patch(mine._id, { staffId: other.user._id }))).toMatchObject({ name: 'Forbidden', data: { code: 'appointment-own-only', path: 'staffId' } })
    expect((await doctorService.create(booking(clinic, '2027-04-05', '11:00'))).staffId).toBe(clinic.doctor.user._id)
    expect(await failure(clinic.doctor.client.service('appointment-status-history').find({ query: { appointmentId: theirs._id } }))).toMatchObject({ name: 'NotFound' })
  })

  it('keeps another company out', async () => {
    const mine = await appointments().create(booking(clinic, '2027-04-06', '09:00'))
    const stranger = await server.registerClinic('Other')
    expect(await failure(stranger.client.service('appointment').get(mine._id))).toMatchObject({ name: 'NotFound' })
    expect(await failure(stranger.client.service('appointment').patch(mine._id, { notes: 'Hijacked' }))).toMatchObject({ name: 'NotFound' })
    expect(await failure(stranger.client.service('appointment').remove(mine._id))).toMatchObject({ name: 'NotFound' })
    expect(await failure(stranger.client.service('appointment-status-history').find({ query: { appointmentId: mine._id } }))).toMatchObject({ name: 'NotFound' })
    expect((await appointments().get(mine._id)).notes).toBeNull()
    expect(await failure(stranger.client.service('appointment').create({ ...booking(clinic, '2027-04-06', '09:00'), staffId: stranger.auth.user._id }))).toMatchObject({ name: 'BadRequest', data: { code: 'invalid-reference', path: 'customerId' } })
  })

  it('moves the whole appointment to trash on remove and refuses a restore into a taken slot', async () => {
    const removed = await appointments().create(booking(clinic, '2027-04-07', '09:00'))
    await appointments().remove(removed._id)
    await appointments().create(booking(clinic, '2027-04-07', '09:00'))
    const trash = await clinic.admin.client.service('trash').find({ query: { service: 'appointment', recordId: removed._id } })
    const item = (trash as unknown as { data: Array<{ _id: string }> }).data[0]
    expect(await failure(clinic.admin.client.service('trash').patch(item._id, { restore: true }))).toMatchObject({ name: 'Conflict' })
  })
})
