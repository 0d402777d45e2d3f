import { engines, failure, nextEvent, receivesEvent, startServer, handledAtOnce, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import type { HealthCardData, HealthCardPatch } from '../../../../../server/src/services/customers/health-card/health-card.shared'

/** A receptionist books and sees patients, but has no clinical view (no `exam`). */
const RECEPTION = [
  { resource: 'customers' as const, view: true, create: true, edit: true },
  { resource: 'appointment' as const, view: true, create: true, edit: true, seeAll: true }
]

describe.each(engines)('the health card (health-card) on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let other: SignedIn
  let doctor: SignedIn
  let receptionist: SignedIn
  let counter = 0

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Health')
    other = await server.registerClinic('Elsewhere')
    doctor = await signedInMember(server, admin, { role: 'doctor' })
    const role = await admin.client.service('roles').create({ name: 'Reception', permissions: RECEPTION })
    receptionist = await signedInMember(server, admin, { roleId: role._id })
  })
  afterAll(() => server.stop())

  async function newCustomer(owner: SignedIn = admin) {
    counter += 1
    return owner.client.service('customers').create({ first_name: 'Card', last_name: `Patient${counter}` })
  }
  const cards = (person: SignedIn = doctor) => person.client.service('health-card')
  const alertOf = async (customerId: string, person: SignedIn = admin) => (await person.client.service('customers').get(customerId)).medicalAlert
  const penicillin = { substance: 'penicillin', name: '', reaction: 'Urticaria', severity: 'severe' } as const

  it('writes a card, reads it back by customer, edits it and stamps the review', async () => {
    const customer = await newCustomer()
    expect(customer.medicalAlert).toBe(false)
    const card = await cards().create({
      customerId: customer._id,
      allergies: [penicillin],
      medicines: [{ name: 'Warfarin 5 mg', kind: 'anticoagulant' }],
      notes: '  Anxious patient  '
    })
    expect(card).toMatchObject({
      customerId: customer._id,
      companyId: admin.auth.company._id,
      allergies: [penicillin],
      diseases: [],
      medicines: [{ name: 'Warfarin 5 mg', kind: 'anticoagulant' }],
      pregnant: false,
      pregnancyWeek: null,
      anaesthesiaReactions: '',
      notes: 'Anxious patient',
      reviewedAt: null,
      reviewedBy: null,
      createdBy: doctor.auth.user._id
    })
    expect(await cards().get(card._id)).toEqual(card)
    const found = await cards().find({ query: { customerId: customer._id } })
    expect(found.data).toEqual([card])
    const reviewed = await cards().patch(card._id, { diseases: [{ disease: 'diabetes', name: '', note: 'Type 2' }], pregnant: true, pregnancyWeek: 12, reviewed: true })
    expect(reviewed).toMatchObject({ diseases: [{ disease: 'diabetes', name: '', note: 'Type 2' }], pregnant: true, pregnancyWeek: 12, reviewedBy: doctor.auth.user._id })
    expect(Date.parse(reviewed.reviewedAt ?? '')).toBeGreaterThan(Date.now() - 60_000)
    // The week goes with the pregnancy.
    expect(await cards().patch(card._id, { pregnant: false })).toMatchObject({ pregnant: false, pregnancyWeek: null })
    expect(await cards().patch(card._id, { pregnancyWeek: 20 })).toMatchObject({ pregnant: false, pregnancyWeek: null })
  })

  it('keeps one card per customer', async () => {
    const customer = await newCustomer()
    const first = await cards().create({ customerId: customer._id })
    const error = await failure(cards().create({ customerId: customer._id, notes: 'Second' }))
    expect(error).toMatchObject({ name: 'Conflict', data: { code: 'health-card-exists', path: 'customerId', cardId: first._id } })
    expect(Number((await server.db('health_cards').where({ customerId: customer._id }).count({ total: '*' }))[0].total)).toBe(1)
  })

  describe('validation', () => {
    it('refuses unknown fields and values, a nameless typed allergy or disease, an empty medicine and a week past 42, writing nothing', async () => {
      const customer = await newCustomer()
      const refused = async (data: HealthCardData) => {
        const error = await failure(cards().create(data))
        return error.name
      }
      const customerId = customer._id
      expect(await refused(malformed<HealthCardData>({ customerId, bloodType: 'A' }))).toBe('BadRequest')
      expect(await refused(malformed<HealthCardData>({ customerId, allergies: [{ ...penicillin, substance: 'chocolate' }] }))).toBe('BadRequest')
      expect(await refused(malformed<HealthCardData>({ customerId, allergies: [{ ...penicillin, severity: 'deadly' }] }))).toBe('BadRequest')
      expect(await refused(malformed<HealthCardData>({ customerId, reviewedAt: new Date().toISOString() }))).toBe('BadRequest')
      expect(await refused({ customerId, pregnant: true, pregnancyWeek: 43 })).toBe('BadRequest')
      const otherAllergy = await failure(cards().create({ customerId, allergies: [penicillin, { substance: 'other', name: '  ', reaction: '', severity: 'mild' }] }))
      expect(otherAllergy.data).toMatchObject({ code: 'field-required', path: 'allergies/1/name' })
      const otherDisease = await failure(cards().create({ customerId, diseases: [{ disease: 'other', name: '', note: '' }] }))
      expect(otherDisease.data).toMatchObject({ code: 'field-required', path: 'diseases/0/name' })
      const blankMedicine = await failure(cards().create({ customerId, medicines: [{ name: ' ', kind: null }] }))
      expect(blankMedicine.data).toMatchObject({ code: 'field-required', path: 'medicines/0/name' })
      expect(await server.db('health_cards').where({ customerId }).first()).toBeUndefined()
      expect(await alertOf(customerId)).toBe(false)
      // A typed one with its name is fine.
      const card = await cards().create({ customerId, allergies: [{ substance: 'other', name: ' Strawberries ', reaction: 'Rash', severity: 'mild' }] })
      expect(card.allergies).toEqual([{ substance: 'other', name: 'Strawberries', reaction: 'Rash', severity: 'mild' }])
    })
  })

  describe('the medical alert', () => {
    it('follows the card: an allergy, a listed disease, a flagged medicine, a pregnancy or an anaesthesia reaction; not a typed disease or a plain medicine', async () => {
      const customer = await newCustomer()
      const card = await cards().create({ customerId: customer._id, diseases: [{ disease: 'other', name: 'Gastritis', note: '' }], medicines: [{ name: 'Omeprazole', kind: null }] })
      expect(await alertOf(customer._id)).toBe(false)
      const changes: HealthCardPatch[] = [
        { allergies: [penicillin] },
        { diseases: [{ disease: 'epilepsy', name: '', note: '' }] },
        { medicines: [{ name: 'Alendronate', kind: 'bisphosphonate' }] },
        { pregnant: true },
        { anaesthesiaReactions: 'Fainted after articaine' }
      ]
      for (const change of changes) {
        await cards().patch(card._id, change)
        expect([change, await alertOf(customer._id)]).toEqual([change, true])
        await cards().patch(card._id, { allergies: [], diseases: [], medicines: [], pregnant: false, anaesthesiaReactions: '' })
        expect([change, await alertOf(customer._id)]).toEqual([change, false])
      }
      await cards().patch(card._id, { allergies: [penicillin] })
      await cards(admin).remove(card._id)
      expect(await alertOf(customer._id)).toBe(false)
    })

    it('is in the calendar\'s customer fields, readable with $select', async () => {
      const customer = await newCustomer()
      await cards().create({ customerId: customer._id, allergies: [penicillin] })
      const page = await receptionist.client.service('customers').find({ query: { _id: { $in: [customer._id] }, $select: ['_id', 'first_name', 'last_name', 'middle_name', 'medicalAlert'] } })
      expect(page.data).toEqual([{ _id: customer._id, first_name: customer.first_name, last_name: customer.last_name, middle_name: '', medicalAlert: true }])
    })

    it('cannot be set by a client', async () => {
      const customer = await newCustomer()
      const error = await failure(admin.client.service('customers').patch(customer._id, malformed({ medicalAlert: true })))
      expect(error.name).toBe('BadRequest')
      expect(await alertOf(customer._id)).toBe(false)
    })
  })

  describe('privacy', () => {
    it('gives a receptionist the flag and never the card', async () => {
      const customer = await newCustomer()
      const card = await cards().create({ customerId: customer._id, allergies: [penicillin] })
      for (const call of handledAtOnce([
        cards(receptionist).find({ query: { customerId: customer._id } }),
        cards(receptionist).get(card._id),
        cards(receptionist).create({ customerId: (await newCustomer())._id }),
        cards(receptionist).patch(card._id, { allergies: [] }),
        cards(receptionist).remove(card._id)
      ])) {
        const error = await failure(call)
        expect(error.name).toBe('Forbidden')
        expect(JSON.stringify(error)).not.toContain('penicillin')
      }
      const seen = await receptionist.client.service('customers').get(customer._id)
      expect(seen.medicalAlert).toBe(true)
      expect(JSON.stringify(seen)).not.toMatch(/penicillin|Urticaria/)
      // Nothing in the trash either.
      const trash = await receptionist.client.service('trash').find({ query: { recordId: card._id } }).catch((error: unknown) => error)
      expect(JSON.stringify(trash)).not.toContain('penicillin')
    })

    it('sends the card\'s events to those with clinical view only; the receptionist hears the customer\'s flag', async () => {
      const customer = await newCustomer()
      const colleague = await signedInMember(server, admin, { role: 'doctor' })
      const doctorHears = nextEvent<{ allergies: unknown[] }>(colleague.client, 'health-card', 'created')
      const receptionHearsCard = ['created', 'patched'].map((event) => receivesEvent(receptionist.client, 'health-card', event))
      const otherCompanyHears = receivesEvent(other.client, 'health-card', 'created')
      const flagHeard = nextEvent<Record<string, unknown>>(receptionist.client, 'customers', 'patched')
      const card = await cards().create({ customerId: customer._id, allergies: [penicillin] })
      expect((await doctorHears).allergies).toEqual([penicillin])
      const flag = await flagHeard
      expect(flag).toMatchObject({ _id: customer._id, medicalAlert: true })
      expect(JSON.stringify(flag)).not.toMatch(/penicillin|Urticaria/)
      await cards().patch(card._id, { notes: 'Secret' })
      expect(await Promise.all([...receptionHearsCard, otherCompanyHears])).toEqual([false, false, false])
    })
  })

  describe('tenancy', () => {
    it('answers NotFound for another company\'s card and customer, and changes nothing', async () => {
      const theirs = await newCustomer(other)
      const theirCard = await cards(other).create({ customerId: theirs._id, allergies: [penicillin] })
      const before = await server.db('health_cards').where({ _id: theirCard._id }).first()
      for (const call of handledAtOnce([
        cards().find({ query: { customerId: theirs._id } }),
        cards().get(theirCard._id),
        cards().create({ customerId: theirs._id }),
        cards().patch(theirCard._id, { allergies: [] }),
        cards(admin).remove(theirCard._id)
      ])) {
        const error = await failure(call)
        expect(['NotFound', 'invalid-reference']).toContain(error.name === 'BadRequest' ? error.data?.code : error.name)
        expect(JSON.stringify(error)).not.toContain('penicillin')
      }
      expect(await server.db('health_cards').where({ _id: theirCard._id }).first()).toEqual(before)
      expect(await alertOf(theirs._id, other)).toBe(true)
    })

    it('hides the card of a customer the caller\'s branch may not see', async () => {
      const north = await admin.client.service('branches').create({ name: `North ${counter}` })
      const northCustomer = await admin.client.service('customers').create({ first_name: 'North', last_name: 'Patient', branchId: north._id })
      const card = await cards(admin).create({ customerId: northCustomer._id })
      const southDoctor = await signedInMember(server, admin, { role: 'doctor', branchIds: [admin.auth.branchIds[0]] })
      for (const call of handledAtOnce([
        cards(southDoctor).find({ query: { customerId: northCustomer._id } }),
        cards(southDoctor).get(card._id),
        cards(southDoctor).patch(card._id, { notes: 'x' })
      ])) expect((await failure(call)).name).toBe('NotFound')
    })
  })

  it('records in the activity log who changed the allergies', async () => {
    const customer = await newCustomer()
    const card = await cards().create({ customerId: customer._id })
    await cards().patch(card._id, { allergies: [penicillin] })
    const rows = await server.db('user_activities').where({ recordId: card._id }).orderBy([{ column: 'createdAt' }, { column: '_id' }])
    expect(rows.map((row) => [row.method, row.userId])).toEqual([['create', doctor.auth.user._id], ['patch', doctor.auth.user._id]])
    const entries = await admin.client.service('user-activities').find({ query: { recordId: card._id, method: 'patch' } })
    expect(entries.data[0].changes).toEqual({ allergies: { from: [], to: [penicillin] } })
  })

  it('goes to the trash on remove and comes back with its alert', async () => {
    const customer = await newCustomer()
    const card = await cards().create({ customerId: customer._id, allergies: [penicillin] })
    await cards(admin).remove(card._id)
    expect(await server.db('health_cards').where({ _id: card._id }).first()).toBeUndefined()
    expect(await alertOf(customer._id)).toBe(false)
    const [item] = (await admin.client.service('trash').find({ query: { service: 'health-card', recordId: card._id } })).data
    expect(item.record).toMatchObject({ allergies: [penicillin] })
    await admin.client.service('trash').patch(item._id, { restore: true })
    expect(await cards().get(card._id)).toEqual(card)
    expect(await alertOf(customer._id)).toBe(true)
  })

  describe('merge of two records of one person', () => {
    const merge = (keepId: string, mergeId: string) => admin.client.service('customers-merge').create({ keepId, mergeId })

    it('moves the merged one\'s card when the kept one has none', async () => {
      const [kept, merged] = [await newCustomer(), await newCustomer()]
      const card = await cards().create({ customerId: merged._id, allergies: [penicillin] })
      await merge(kept._id, merged._id)
      expect(await cards().get(card._id)).toMatchObject({ customerId: kept._id, allergies: [penicillin] })
      expect(await alertOf(kept._id)).toBe(true)
    })

    it('combines two cards into the kept one, losing no allergy, and asks for a new review', async () => {
      const [kept, merged] = [await newCustomer(), await newCustomer()]
      const latex = { substance: 'latex', name: '', reaction: 'Rash', severity: 'mild' } as const
      const keptCard = await cards().create({ customerId: kept._id, allergies: [latex], notes: 'Kept', reviewed: true })
      const mergedCard = await cards().create({ customerId: merged._id, allergies: [penicillin, latex], medicines: [{ name: 'Warfarin', kind: 'anticoagulant' }], notes: 'Merged' })
      await merge(kept._id, merged._id)
      expect(await cards().get(keptCard._id)).toMatchObject({
        customerId: kept._id,
        allergies: [latex, penicillin],
        medicines: [{ name: 'Warfarin', kind: 'anticoagulant' }],
        notes: 'Kept\nMerged',
        reviewedAt: null,
        reviewedBy: null
      })
      expect(await server.db('health_cards').where({ _id: mergedCard._id }).first()).toBeUndefined()
      expect((await cards().find({ query: { customerId: kept._id } })).total).toBe(1)
      expect(await alertOf(kept._id)).toBe(true)
    })
  })
})
