import { engines, failure, handledAtOnce, nextEvent, receivesEvent, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { at, booking, openClinic, type Clinic } from '../../../support/appointment-fixtures'
import type { TreatmentPlan } from '../../../../../server/src/services/clinical/treatment-plan/treatment-plan.shared'
import type { TreatmentLine } from '../../../../../server/src/services/clinical/treatment/treatment.shared'

/** A day `days` before today (UTC; the clinic is in Helsinki, so stay a day clear of the edge). */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)

describe.each(engines)('treatment plans (treatment-plan) on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let admin: SignedIn
  let doctor: Clinic['doctor']
  let other: SignedIn
  let filling: string
  let crown: string
  let implant: string
  let bridge: string

  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
    admin = clinic.admin
    doctor = clinic.doctor
    other = await server.registerClinic('Elsewhere')
    const services = admin.client.service('service')
    filling = (await services.create({ name: 'Пломба', code: 'F-01', duration: 40, price: 150_000 }))._id
    crown = (await services.create({ name: 'Коронка', code: 'C-01', duration: 60, price: 900_000 }))._id
    implant = (await services.create({ name: 'Имплант', duration: 90, price: 2_500_000 }))._id
    bridge = (await services.create({ name: 'Мост', duration: 60, price: 1_800_000 }))._id
  })
  afterAll(() => server.stop())

  const plans = (who: SignedIn = doctor) => who.client.service('treatment-plan')
  const planCount = async () => Number((await server.db('treatment_plans').count({ total: '*' }))[0].total)
  const items = (plan: TreatmentPlan) => plan.phases.flatMap((phase) => phase.items)

  /** Two phases: a filling and a crown; then an alternative (implant, or a bridge) for 46. */
  const twoPhases = () => [
    { title: 'Терапия', items: [{ serviceId: filling, teeth: [{ tooth: 36, surfaces: ['O', 'M'] }], urgency: 'urgent' as const }, { serviceId: crown, teeth: [{ tooth: 26 }], discount: 10 }] },
    {
      title: 'Ортопедия',
      items: [
        { serviceId: implant, teeth: [{ tooth: 46 }], alternativeGroup: 'g46', alternative: 'implant' },
        { serviceId: bridge, teeth: [{ tooth: 45 }, { tooth: 46 }, { tooth: 47 }], alternativeGroup: 'g46', alternative: 'bridge', urgency: 'optional' as const }
      ]
    }
  ]

  it('creates a draft with phases, item ids and catalogue price snapshots in minor units', async () => {
    const plan: TreatmentPlan = await plans().create({ customerId: clinic.customerId, title: ' План лечения ', phases: twoPhases() })
    expect(plan).toMatchObject({
      customerId: clinic.customerId, branchId: clinic.branchId, doctorId: doctor.user._id, title: 'План лечения', status: 'draft',
      needsBooking: false, pricesOutdated: false, copiedFrom: null
    })
    expect(plan.phases.map((phase) => phase.title)).toEqual(['Терапия', 'Ортопедия'])
    expect(items(plan).map((item) => [item.serviceName, item.price, item.quantity, item.discount, item.urgency, item.status])).toEqual([
      ['Пломба', 150_000, 1, 0, 'urgent', 'planned'],
      ['Коронка', 900_000, 1, 10, 'planned', 'planned'],
      ['Имплант', 2_500_000, 1, 0, 'planned', 'planned'],
      ['Мост', 1_800_000, 1, 0, 'optional', 'planned']
    ])
    expect(items(plan)[0].teeth).toEqual([{ tooth: 36, surfaces: ['M', 'O'] }])
    expect(new Set(items(plan).map((item) => item._id)).size).toBe(4)
    expect(plan.priceValidUntil > plan.consultationDate).toBe(true)
    // A later catalogue change leaves the plan's prices; an edit keeps the ids and the snapshots.
    await admin.client.service('service').patch(filling, { price: 170_000 })
    const edited: TreatmentPlan = await plans().patch(plan._id, { phases: plan.phases.map((phase) => ({ _id: phase._id, title: phase.title, items: phase.items.map((item) => ({ _id: item._id, serviceId: item.serviceId, quantity: 2 })) })) })
    expect(items(edited).map((item) => [item._id, item.price, item.quantity])).toEqual(items(plan).map((item) => [item._id, item.price, 2]))
    expect(items(edited)[0].teeth).toEqual([{ tooth: 36, surfaces: ['M', 'O'] }])
    await admin.client.service('service').patch(filling, { price: 150_000 })
    const found = await plans().find({ query: { customerId: clinic.customerId } })
    expect(found.data.map((entry: TreatmentPlan) => entry._id)).toContain(plan._id)
    const logged = await server.db('user_activities').where({ service: 'treatment-plan', recordId: plan._id }).first()
    expect(logged).toMatchObject({ userId: doctor.user._id, method: 'create' })
  })

  it('refuses bad teeth, unknown services, fractions of money and items it does not hold, writing nothing', async () => {
    const before = await planCount()
    const base = { customerId: clinic.customerId }
    const cases: Array<[unknown, string, string]> = [
      [[{ items: [{ serviceId: filling, teeth: [{ tooth: 19 }] }] }], 'tooth-unknown', 'phases.0.items.0.teeth.0.tooth'],
      [[{ items: [{ serviceId: filling, teeth: [{ tooth: 11, surfaces: ['O'] }] }] }], 'surface-not-on-tooth', 'phases.0.items.0.teeth.0.surfaces'],
      [[{ items: [{ serviceId: filling }, { _id: '0190a3c6-0000-7000-8000-000000000009', serviceId: filling }] }], 'invalid-request', 'phases.0.items.1._id']
    ]
    for (const [phases, code, path] of cases) {
      const error = await failure(plans().create(malformed({ ...base, phases })))
      expect([error.name, error.data?.code, error.data?.path]).toEqual(['BadRequest', code, path])
    }
    const foreignService = (await other.client.service('service').create({ name: 'Theirs', duration: 10 }))._id
    expect((await failure(plans().create({ ...base, phases: [{ items: [{ serviceId: foreignService }] }] }))).data).toMatchObject({ code: 'invalid-reference', path: 'phases.0.items.0.serviceId' })
    for (const item of [{ serviceId: filling, price: 10.5 }, { serviceId: filling, discount: 101 }, { serviceId: filling, quantity: 0 }, { serviceId: filling, status: 'done' }, { serviceId: filling, urgency: 'soon' }]) {
      expect((await failure(plans().create(malformed({ ...base, phases: [{ items: [item] }] })))).name).toBe('BadRequest')
    }
    for (const data of [{ status: 'accepted' }, { needsBooking: true }, { branchId: clinic.branchId }]) {
      expect((await failure(plans().create(malformed({ ...base, ...data })))).name).toBe('BadRequest')
    }
    expect(await planCount()).toBe(before)
  })

  it('walks the states: present, accept one alternative (its sibling rejected), and refuses what the state does not allow', async () => {
    const plan: TreatmentPlan = await plans().create({ customerId: clinic.customerId, phases: twoPhases() })
    expect((await failure(plans().patch(plan._id, { action: 'accept', choices: { g46: 'implant' } }))).data).toMatchObject({ code: 'plan-action-not-allowed' })
    const empty: TreatmentPlan = await plans().create({ customerId: clinic.customerId })
    expect((await failure(plans().patch(empty._id, { action: 'present' }))).data).toMatchObject({ code: 'plan-empty' })
    const presented: TreatmentPlan = await plans().patch(plan._id, { action: 'present' })
    expect(presented.status).toBe('presented')
    // Every alternative group needs a choice, and a choice must be one of its options.
    expect((await failure(plans().patch(plan._id, { action: 'accept' }))).data).toMatchObject({ code: 'plan-choice-missing', path: 'choices.g46' })
    expect((await failure(plans().patch(plan._id, { action: 'accept', choices: { g46: 'crown' } }))).data).toMatchObject({ code: 'plan-choice-unknown', path: 'choices.g46' })
    expect((await failure(plans().patch(plan._id, { action: 'accept', choices: { g46: 'implant' }, title: 'x' }))).data).toMatchObject({ code: 'invalid-request' })
    const accepted: TreatmentPlan = await plans().patch(plan._id, { action: 'accept', choices: { g46: 'bridge' } })
    expect(accepted.status).toBe('accepted')
    expect(items(accepted).map((item) => [item.serviceName, item.status])).toEqual([['Пломба', 'planned'], ['Коронка', 'planned'], ['Имплант', 'rejected'], ['Мост', 'planned']])
    expect(accepted.needsBooking).toBe(true)
    // An accepted plan's contents are not edited (copy it), nor presented or accepted again.
    expect((await failure(plans().patch(plan._id, { title: 'Другой' }))).data).toMatchObject({ code: 'plan-not-editable' })
    for (const action of ['present', 'accept', 'revise'] as const) {
      expect((await failure(plans().patch(plan._id, { action }))).data?.code).toMatch(/plan-action-not-allowed|plan-choice/)
    }
    // Editing a presented plan takes it back to a draft; reject, then revise, reopens the choices.
    const other: TreatmentPlan = await plans().create({ customerId: clinic.customerId, phases: twoPhases() })
    await plans().patch(other._id, { action: 'present' })
    expect((await plans().patch(other._id, { title: 'Вариант' })).status).toBe('draft')
    await plans().patch(other._id, { action: 'present' })
    const rejected: TreatmentPlan = await plans().patch(other._id, { action: 'reject' })
    expect([rejected.status, rejected.needsBooking]).toEqual(['rejected', false])
    expect((await failure(plans().patch(other._id, { action: 'accept', choices: { g46: 'bridge' } }))).data).toMatchObject({ code: 'plan-action-not-allowed' })
    expect((await plans().patch(other._id, { action: 'revise' })).status).toBe('draft')
  })

  it('reads a presented plan as expired after 180 days, refuses to accept it, and re-prices at today\'s catalogue', async () => {
    const plan: TreatmentPlan = await plans().create({ customerId: clinic.customerId, consultationDate: daysAgo(179), phases: [{ items: [{ serviceId: crown }] }] })
    expect(plan.pricesOutdated).toBe(false)
    await plans().patch(plan._id, { action: 'present' })
    // 181 days ago: past the 180 days of spec section 9.
    await server.db('treatment_plans').where({ _id: plan._id }).update({ consultationDate: daysAgo(182) })
    const expired: TreatmentPlan = await plans().get(plan._id)
    expect([expired.status, expired.pricesOutdated]).toEqual(['expired', true])
    expect((await server.db('treatment_plans').where({ _id: plan._id }).first()).status).toBe('presented')
    expect((await failure(plans().patch(plan._id, { action: 'accept' }))).data).toMatchObject({ code: 'plan-action-not-allowed' })
    await admin.client.service('service').patch(crown, { price: 950_000 })
    const repriced: TreatmentPlan = await plans().patch(plan._id, { action: 'reprice' })
    expect([repriced.status, repriced.pricesOutdated, items(repriced)[0].price]).toEqual(['presented', false, 950_000])
    expect(repriced.consultationDate >= daysAgo(1)).toBe(true)
    // A draft past its prices is presented only after re-pricing.
    const old: TreatmentPlan = await plans().create({ customerId: clinic.customerId, consultationDate: daysAgo(200), phases: [{ items: [{ serviceId: crown }] }] })
    expect([old.status, old.pricesOutdated]).toEqual(['draft', true])
    expect((await failure(plans().patch(old._id, { action: 'present' }))).data).toMatchObject({ code: 'plan-prices-outdated' })
    await admin.client.service('service').patch(crown, { price: 900_000 })
  })

  it('copies a plan: new ids, a draft, today\'s prices, no visits, every item planned again', async () => {
    const source: TreatmentPlan = await plans().create({ customerId: clinic.customerId, title: 'Исходный', phases: twoPhases() })
    await plans().patch(source._id, { action: 'present' })
    await plans().patch(source._id, { action: 'accept', choices: { g46: 'implant' } })
    await admin.client.service('service').patch(implant, { price: 2_600_000 })
    const copy: TreatmentPlan = await plans().create({ customerId: clinic.customerId, copyOf: source._id })
    expect(copy).toMatchObject({ status: 'draft', title: 'Исходный', copiedFrom: source._id })
    expect(items(copy).every((item) => item.status === 'planned' && item.treatmentId === null)).toBe(true)
    expect(items(copy).find((item) => item.serviceId === implant)?.price).toBe(2_600_000)
    expect(items(copy).some((item) => items(source).some((original) => original._id === item._id))).toBe(false)
    // Another patient's plan is not a source for this one.
    const otherPatient = await admin.client.service('customers').create({ first_name: 'Other', last_name: 'Patient' })
    expect((await failure(plans().create({ customerId: otherPatient._id, copyOf: source._id }))).data).toMatchObject({ code: 'invalid-reference', path: 'copyOf' })
  })

  it('books a phase in one transaction, and a treatment done completes its item: partially done, done, and reopened on removal', async () => {
    const plan: TreatmentPlan = await plans().create({ customerId: clinic.customerId, phases: twoPhases() })
    expect((await failure(plans().patch(plan._id, { book: { phase: plan.phases[0]._id, appointment: booking(clinic, '2027-01-11', '10:00') } }))).data).toMatchObject({ code: 'plan-not-accepted' })
    await plans().patch(plan._id, { action: 'present' })
    const accepted: TreatmentPlan = await plans().patch(plan._id, { action: 'accept', choices: { g46: 'implant' } })
    const [first, second] = accepted.phases
    // The appointment's own rules judge it: a failure writes neither the visit nor the link.
    const appointmentsBefore = Number((await server.db('appointment').count({ total: '*' }))[0].total)
    const bad = await failure(plans().patch(plan._id, { book: { phase: first._id, appointment: { staffId: doctor.user._id, start: at('2027-01-11', '03:00'), duration: 30 } } }))
    expect(bad.name).not.toBe('GeneralError')
    expect(Number((await server.db('appointment').count({ total: '*' }))[0].total)).toBe(appointmentsBefore)
    expect((await plans().get(plan._id)).phases[0].appointmentId).toBeNull()
    const services = first.items.map((item) => ({ serviceId: item.serviceId, name: item.serviceName, duration: item.duration, price: item.price, quantity: item.quantity }))
    const booked: TreatmentPlan = await plans().patch(plan._id, { book: { phase: first._id, appointment: { ...booking(clinic, '2027-01-11', '10:00'), customerId: undefined, duration: 100, services } } })
    const visitId = booked.phases[0].appointmentId!
    const visit = await admin.client.service('appointment').get(visitId)
    expect(visit).toMatchObject({ customerId: clinic.customerId, staffId: doctor.user._id, duration: 100 })
    expect(visit.services.map((service: { name: string }) => service.name)).toEqual(['Пломба', 'Коронка'])
    expect(booked.needsBooking).toBe(true) // phase 2 has no visit yet
    expect((await failure(plans().patch(plan._id, { book: { phase: first._id, appointment: booking(clinic, '2027-01-12', '10:00') } }))).data).toMatchObject({ code: 'plan-phase-booked' })
    await plans().patch(plan._id, { book: { phase: second._id, appointment: booking(clinic, '2027-01-13', '10:00') } })
    expect((await plans().get(plan._id)).needsBooking).toBe(false)

    // A treatment done names the item: the plan is partially done, in the same call.
    const heard = nextEvent<TreatmentPlan>(admin.client, 'treatment-plan', 'patched')
    const line: TreatmentLine = await doctor.client.service('treatment').create({ customerId: clinic.customerId, appointmentId: visitId, serviceId: filling, teeth: [{ tooth: 36, surfaces: ['O'] }], planItemId: first.items[0]._id })
    expect(line.planItemId).toBe(first.items[0]._id)
    const partial: TreatmentPlan = await plans().get(plan._id)
    expect(partial.status).toBe('partially-done')
    expect(partial.phases[0].items[0]).toMatchObject({ status: 'done', treatmentId: line._id })
    expect(await heard).toMatchObject({ _id: plan._id, status: 'partially-done' })
    // The same item again, a rejected alternative, an unknown item: refused, nothing written.
    const linesBefore = Number((await server.db('treatments').count({ total: '*' }))[0].total)
    const rejectedItem = second.items.find((item) => item.status === 'rejected')!
    const lineData = { customerId: clinic.customerId, appointmentId: visitId, serviceId: filling }
    expect((await failure(doctor.client.service('treatment').create({ ...lineData, planItemId: first.items[0]._id }))).data).toMatchObject({ code: 'plan-item-not-open', path: 'planItemId' })
    expect((await failure(doctor.client.service('treatment').create({ ...lineData, planItemId: rejectedItem._id }))).data).toMatchObject({ code: 'plan-item-not-open' })
    expect((await failure(doctor.client.service('treatment').create({ ...lineData, planItemId: '0190a3c6-0000-7000-8000-00000000000a' }))).data).toMatchObject({ code: 'plan-item-unknown', path: 'planItemId' })
    expect(Number((await server.db('treatments').count({ total: '*' }))[0].total)).toBe(linesBefore)
    // Every remaining item done: the plan is done; a plan with done items is not deleted.
    const rest = [first.items[1], ...second.items.filter((item) => item.status === 'planned')]
    const restLines: TreatmentLine[] = []
    for (const item of rest) restLines.push(await doctor.client.service('treatment').create({ ...lineData, serviceId: item.serviceId, planItemId: item._id }))
    expect((await plans().get(plan._id)).status).toBe('done')
    expect((await failure(plans(admin).remove(plan._id))).data).toMatchObject({ code: 'plan-has-done-items' })
    // Removing a treatment reopens its item: done → partially done.
    await admin.client.service('treatment').remove(restLines[0]._id)
    const reopened: TreatmentPlan = await plans().get(plan._id)
    expect(reopened.status).toBe('partially-done')
    expect(items(reopened).find((item) => item._id === rest[0]._id)).toMatchObject({ status: 'planned', treatmentId: null })
    // A plan not accepted: its items cannot be completed.
    const draft: TreatmentPlan = await plans().create({ customerId: clinic.customerId, phases: [{ items: [{ serviceId: filling }] }] })
    expect((await failure(doctor.client.service('treatment').create({ ...lineData, planItemId: items(draft)[0]._id }))).data).toMatchObject({ code: 'plan-not-accepted' })
  })

  it('frees a phase whose visit is cancelled, a no-show or deleted, and takes the visit back when it is restored', async () => {
    const plan: TreatmentPlan = await plans().create({ customerId: clinic.customerId, phases: [{ items: [{ serviceId: filling }] }, { items: [{ serviceId: crown }] }] })
    await plans().patch(plan._id, { action: 'present' })
    await plans().patch(plan._id, { action: 'accept' })
    const book = async (phase: number, day: string) => ((await plans().patch(plan._id, { book: { phase: plan.phases[phase]._id, appointment: booking(clinic, day, '15:00') } })) as TreatmentPlan).phases[phase].appointmentId!
    const first = await book(0, '2027-02-01')
    const second = await book(1, '2027-02-02')
    expect((await plans().get(plan._id)).needsBooking).toBe(false)
    const visits = admin.client.service('appointment')

    // Cancelled: the phase is to be booked again, and those who see the plan hear it.
    const heard = nextEvent<TreatmentPlan>(admin.client, 'treatment-plan', 'patched')
    await visits.patch(first, { status: 'cancelled' })
    const freed: TreatmentPlan = await plans().get(plan._id)
    expect(freed.phases[0]).toMatchObject({ appointmentId: null, releasedAppointmentId: first })
    expect(freed.needsBooking).toBe(true)
    expect((await heard).phases[0].appointmentId).toBeNull()
    // Restored to the calendar: the phase's visit again.
    await visits.patch(first, { status: 'planned' })
    expect((await plans().get(plan._id)).phases[0]).toMatchObject({ appointmentId: first, releasedAppointmentId: null })
    // Cancelled, then another visit booked for the phase: restoring the first does not take the phase back.
    await visits.patch(first, { status: 'cancelled' })
    const third = await book(0, '2027-02-03')
    await visits.patch(first, { status: 'planned' })
    expect((await plans().get(plan._id)).phases[0]).toMatchObject({ appointmentId: third, releasedAppointmentId: null })
    // A no-show and a deletion free their phases too.
    await visits.patch(third, { status: 'noShow' })
    await visits.remove(second)
    const after: TreatmentPlan = await plans().get(plan._id)
    expect(after.phases.map((phase) => phase.appointmentId)).toEqual([null, null])
    expect(after.needsBooking).toBe(true)
    // The freed phase can be booked again.
    expect(await book(1, '2027-02-04')).toEqual(expect.any(String))
  })

  it('lists accepted plans without a visit for the front desk, within the caller\'s branches', async () => {
    const patient = await admin.client.service('customers').create({ first_name: 'Ждёт', last_name: 'Записи' })
    const plan: TreatmentPlan = await plans().create({ customerId: patient._id, phases: [{ items: [{ serviceId: filling }] }] })
    await plans().patch(plan._id, { action: 'present' })
    await plans().patch(plan._id, { action: 'accept' })
    const list = await plans(admin).find({ query: { needsBooking: true, $limit: 200 } })
    expect(list.data.map((entry: TreatmentPlan) => entry.customerId)).toContain(patient._id)
    expect(list.data.every((entry: TreatmentPlan) => entry.needsBooking)).toBe(true)
    expect((await failure(plans().find({ query: { needsBooking: false } }))).data).toMatchObject({ code: 'invalid-request', path: 'customerId' })
    // Another company sees none of them.
    expect((await plans(other).find({ query: { needsBooking: true } })).total).toBe(0)
  })

  describe('access', () => {
    it('hides plans from another company and from a branch that may not see the patient', async () => {
      const plan: TreatmentPlan = await plans().create({ customerId: clinic.customerId, phases: [{ items: [{ serviceId: filling }] }] })
      for (const call of handledAtOnce([plans(other).get(plan._id), plans(other).patch(plan._id, { title: 'x' }), plans(other).remove(plan._id), plans(other).find({ query: { customerId: clinic.customerId } })])) {
        expect((await failure(call)).name).toBe('NotFound')
      }
      const west = await admin.client.service('branches').create({ name: 'West' })
      const westPatient = await admin.client.service('customers').create({ first_name: 'West', last_name: 'Patient', branchId: west._id })
      const westPlan: TreatmentPlan = await plans(admin).create({ customerId: westPatient._id })
      expect(westPlan.branchId).toBe(west._id)
      for (const call of handledAtOnce([plans().find({ query: { customerId: westPatient._id } }), plans().get(westPlan._id), plans().patch(westPlan._id, { title: 'x' }), plans().create({ customerId: westPatient._id })])) {
        expect((await failure(call)).name).toBe('NotFound')
      }
      await plans(admin).patch(westPlan._id, { phases: [{ items: [{ serviceId: filling }] }] })
      await plans(admin).patch(westPlan._id, { action: 'present' })
      await plans(admin).patch(westPlan._id, { action: 'accept' })
      const doctorsList = await plans().find({ query: { needsBooking: true, $limit: 200 } })
      expect(doctorsList.data.map((entry: TreatmentPlan) => entry._id)).not.toContain(westPlan._id)
    })

    it('refuses a role without treatment-plan, in answers and in events; doctors may not delete; the trash keeps a removed plan', async () => {
      const role = await admin.client.service('roles').create({ name: 'Reception', permissions: [{ resource: 'customers', view: true, create: true, edit: true, seeAll: true }, { resource: 'appointment', view: true, create: true, edit: true, seeAll: true }] })
      const receptionist = await signedInMember(server, admin, { roleId: role._id })
      const plan: TreatmentPlan = await plans().create({ customerId: clinic.customerId })
      for (const call of handledAtOnce([
        plans(receptionist).find({ query: { customerId: clinic.customerId } }),
        plans(receptionist).find({ query: { needsBooking: true } }),
        plans(receptionist).get(plan._id),
        plans(receptionist).create({ customerId: clinic.customerId }),
        plans(receptionist).patch(plan._id, { title: 'x' })
      ])) {
        expect((await failure(call)).name).toBe('Forbidden')
      }
      const adminHears = nextEvent<TreatmentPlan>(admin.client, 'treatment-plan', 'patched')
      const outsiders = [receptionist, other].map((person) => receivesEvent(person.client, 'treatment-plan', 'patched'))
      await plans().patch(plan._id, { title: 'Слышно' })
      expect(await adminHears).toMatchObject({ _id: plan._id, title: 'Слышно' })
      expect(await Promise.all(outsiders)).toEqual([false, false])
      expect((await failure(plans().remove(plan._id))).name).toBe('Forbidden')
      await plans(admin).remove(plan._id)
      expect((await failure(plans().get(plan._id))).name).toBe('NotFound')
      const trashed = await server.db('trash').where({ service: 'treatment-plan', recordId: plan._id }).first()
      expect(trashed).toBeTruthy()
      await admin.client.service('company').patch('mine', { modules: { treatment: false } })
      try {
        expect((await failure(plans(admin).find({ query: { customerId: clinic.customerId } }))).data?.code).toBe('service-not-enabled')
      } finally {
        await admin.client.service('company').patch('mine', { modules: { treatment: true } })
      }
    })
  })
})
