import { engines, failure, nextEvent, receivesEvent, startServer, type SignedIn, type TestServer, handledAtOnce } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'

describe.each(engines)('customer notes (notes) on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let other: SignedIn
  let customerId: string
  let counter = 0

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Notes')
    other = await server.registerClinic('Elsewhere')
    customerId = (await newCustomer(admin))._id
  })
  afterAll(() => server.stop())

  async function newCustomer(owner: SignedIn, extra: Record<string, unknown> = {}) {
    counter += 1
    return owner.client.service('customers').create({ first_name: 'Noted', last_name: `Customer${counter}`, ...extra })
  }
  const notes = () => admin.client.service('notes')
  const noteCount = async () => Number((await server.db('notes').count({ total: '*' }))[0].total)

  it('writes a note on a customer, in the customer\'s branch by default, and reads it back', async () => {
    const note = await notes().create({ customerId, text: '  Allergic to penicillin  ' })
    expect(note).toMatchObject({
      customerId,
      text: 'Allergic to penicillin',
      pinned: false,
      companyId: admin.auth.company._id,
      branchId: admin.auth.branchIds[0],
      createdBy: admin.auth.user._id
    })
    expect(await notes().get(note._id)).toEqual(note)
    const patched = await notes().patch(note._id, { text: 'Allergic to penicillin and latex', pinned: true })
    expect(patched).toMatchObject({ text: 'Allergic to penicillin and latex', pinned: true, customerId })
    expect(Date.parse(patched.updatedAt)).toBeGreaterThanOrEqual(Date.parse(note.updatedAt))
  })

  it('lists a customer\'s notes pinned first, then the newest', async () => {
    const customer = await newCustomer(admin)
    const first = await notes().create({ customerId: customer._id, text: 'First' })
    const pinned = await notes().create({ customerId: customer._id, text: 'Pinned', pinned: true })
    const second = await notes().create({ customerId: customer._id, text: 'Second' })
    const third = await notes().create({ customerId: customer._id, text: 'Third' })
    await notes().create({ customerId, text: 'Someone else\'s note' })
    const list = await notes().find({ query: { customerId: customer._id } })
    expect(list.total).toBe(4)
    expect(list.data.map((note) => note._id)).toEqual([pinned._id, third._id, second._id, first._id])
    // A client's own order wins.
    const oldestFirst = await notes().find({ query: { customerId: customer._id, $sort: { createdAt: 1, _id: 1 } } })
    expect(oldestFirst.data.map((note) => note._id)).toEqual([first._id, pinned._id, second._id, third._id])
  })

  it('asks a find to name one customer', async () => {
    for (const query of [{}, { customerId: { $in: [customerId] } }, { pinned: true }]) {
      const error = await failure(notes().find({ query }))
      expect([JSON.stringify(query), error.name, error.data?.path]).toEqual([JSON.stringify(query), 'BadRequest', 'customerId'])
    }
  })

  describe('validation', () => {
    it('requires text, gives its own message past 5000 characters, and writes nothing', async () => {
      const before = await noteCount()
      for (const text of ['', '   \n ']) {
        const error = await failure(notes().create({ customerId, text }))
        expect(error.name).toBe('BadRequest')
        expect(error.data).toMatchObject({ code: 'field-required', path: 'text' })
      }
      const missing = await failure(notes().create(malformed({ customerId })))
      expect(missing.data).toMatchObject({ code: 'field-required', path: 'text' })
      const tooLong = await failure(notes().create({ customerId, text: 'x'.repeat(5001) }))
      expect(tooLong.data).toMatchObject({ code: 'note-too-long', path: 'text' })
      expect(tooLong.message).toBe('A note can be at most 5000 characters')
      expect(await noteCount()).toBe(before)
      // Exactly 5000 is fine, and so is a longer text that trims down to it.
      const longest = await notes().create({ customerId, text: ` ${'y'.repeat(5000)} ` })
      expect(longest.text).toHaveLength(5000)
    })

    it('refuses fields a client may not set, and moving a note to another customer', async () => {
      const note = await notes().create({ customerId, text: 'Stays' })
      const elsewhere = await newCustomer(admin)
      for (const data of [{ customerId, text: 'x', companyId: other.auth.company._id }, { customerId, text: 'x', createdBy: other.auth.user._id }, { customerId: 'nope', text: 'x' }, { customerId, text: 5 }]) {
        const error = await failure(notes().create(malformed(data)))
        expect([JSON.stringify(data), error.name]).toEqual([JSON.stringify(data), 'BadRequest'])
      }
      const move = await failure(notes().patch(note._id, malformed({ customerId: elsewhere._id })))
      expect(move.name).toBe('BadRequest')
      const blank = await failure(notes().patch(note._id, { text: ' ' }))
      expect(blank.data).toMatchObject({ code: 'field-required', path: 'text' })
      expect(await notes().get(note._id)).toMatchObject({ customerId, text: 'Stays' })
    })

    it('refuses an unknown customer at its field, and writes nothing', async () => {
      const before = await noteCount()
      const error = await failure(notes().create({ customerId: '01a1fd2e-80ce-71b8-ad91-b74aef45f1b6', text: 'Ghost' }))
      expect(error.data).toMatchObject({ code: 'invalid-reference', path: 'customerId' })
      expect(await noteCount()).toBe(before)
    })
  })

  describe('access', () => {
    it('needs the notes permission for each method', async () => {
      const note = await notes().create({ customerId, text: 'Guarded' })
      const role = await admin.client.service('roles').create({ name: 'Customers, no notes', permissions: [{ resource: 'customers', view: true, create: true, edit: true, delete: true }] })
      const member = await signedInMember(server, admin, { roleId: role._id })
      const calls = [
        member.client.service('notes').find({ query: { customerId } }),
        member.client.service('notes').get(note._id),
        member.client.service('notes').create({ customerId, text: 'No' }),
        member.client.service('notes').patch(note._id, { text: 'No' }),
        member.client.service('notes').remove(note._id)
      ]
      for (const call of calls) {
        const error = await failure(call)
        expect(error.name).toBe('Forbidden')
        expect(error.data?.code).toBe('forbidden')
      }
      // A doctor may read, write and edit notes, but not delete them.
      const doctor = await signedInMember(server, admin, { role: 'doctor' })
      const own = await doctor.client.service('notes').create({ customerId, text: 'Doctor\'s note' })
      await doctor.client.service('notes').patch(own._id, { pinned: true })
      const removal = await failure(doctor.client.service('notes').remove(own._id))
      expect(removal.name).toBe('Forbidden')
      expect(await server.db('notes').where({ _id: own._id }).first()).toBeDefined()
    })

    it('hides the notes of a customer the caller\'s branch may not see', async () => {
      const north = await admin.client.service('branches').create({ name: `North ${counter}` })
      const northCustomer = await newCustomer(admin, { branchId: north._id })
      const note = await notes().create({ customerId: northCustomer._id, text: 'North only', branchId: north._id })
      expect(note.branchId).toBe(north._id)
      const southDoctor = await signedInMember(server, admin, { role: 'doctor', branchIds: [admin.auth.branchIds[0]] })
      const before = await server.db('notes').where({ _id: note._id }).first()
      for (const call of handledAtOnce([
        southDoctor.client.service('notes').find({ query: { customerId: northCustomer._id } }),
        southDoctor.client.service('notes').get(note._id),
        southDoctor.client.service('notes').create({ customerId: northCustomer._id, text: 'Sneaky' }),
        southDoctor.client.service('notes').patch(note._id, { text: 'Sneaky' })
      ])) {
        const error = await failure(call)
        expect(error.name).toBe('NotFound')
      }
      expect(await server.db('notes').where({ _id: note._id }).first()).toEqual(before)
      // Writing in a branch one does not work in is refused.
      const wrongBranch = await failure(southDoctor.client.service('notes').create({ customerId, text: 'x', branchId: north._id }))
      expect(wrongBranch.name).toBe('BadRequest')
      expect(wrongBranch.data).toMatchObject({ code: 'branch-not-allowed', path: 'branchId' })
      // Once the company lets branches see all customers, the notes are there too.
      await admin.client.service('company').patch('mine', { settings: { branchesSeeAllCustomers: true } })
      expect((await southDoctor.client.service('notes').find({ query: { customerId: northCustomer._id } })).total).toBe(1)
      await admin.client.service('company').patch('mine', { settings: { branchesSeeAllCustomers: false } })
    })

    it('answers NotFound for another company\'s customer and notes (a new note for their customer: not a valid reference), and changes nothing', async () => {
      const theirs = await newCustomer(other)
      const theirNote = await other.client.service('notes').create({ customerId: theirs._id, text: 'Private' })
      const before = await server.db('notes').where({ _id: theirNote._id }).first()
      for (const call of handledAtOnce([
        notes().find({ query: { customerId: theirs._id } }),
        notes().get(theirNote._id),
        notes().create({ customerId: theirs._id, text: 'Intruder' }),
        notes().patch(theirNote._id, { text: 'Intruder' }),
        notes().remove(theirNote._id)
      ])) {
        const error = await failure(call)
        expect(['NotFound', 'invalid-reference']).toContain(error.name === 'BadRequest' ? error.data?.code : error.name)
        expect(JSON.stringify(error)).not.toContain('Private')
      }
      expect(await server.db('notes').where({ _id: theirNote._id }).first()).toEqual(before)
      expect(Number((await server.db('notes').where({ customerId: theirs._id }).count({ total: '*' }))[0].total)).toBe(1)
    })

    it('is switched off with the customers module', async () => {
      await other.client.service('company').patch('mine', { modules: { customers: false } })
      const error = await failure(other.client.service('notes').find({ query: { customerId } }))
      expect(error.data?.code).toBe('service-not-enabled')
      await other.client.service('company').patch('mine', { modules: { customers: true } })
    })
  })

  it('removes a note', async () => {
    const note = await notes().create({ customerId, text: 'Short-lived' })
    await notes().remove(note._id)
    expect(await failure(notes().get(note._id))).toMatchObject({ name: 'NotFound' })
  })

  it('tells those who see the customer and may read notes, and no one else', async () => {
    const colleague = await signedInMember(server, admin, { role: 'doctor' })
    const west = await admin.client.service('branches').create({ name: `West ${counter}` })
    const westDoctor = await signedInMember(server, admin, { role: 'doctor', branchIds: [west._id] })
    const role = await admin.client.service('roles').create({ name: `Customers without notes ${counter}`, permissions: [{ resource: 'customers', view: true }] })
    const noNotes = await signedInMember(server, admin, { roleId: role._id })
    const heard = nextEvent<{ text: string; customerId: string }>(colleague.client, 'notes', 'created')
    const others = [westDoctor, noNotes, other].map((person) => receivesEvent(person.client, 'notes', 'created'))
    await notes().create({ customerId, text: 'Announced' })
    expect(await heard).toMatchObject({ text: 'Announced', customerId })
    expect(await Promise.all(others)).toEqual([false, false, false])
    // When branches see all customers, the other branch hears too.
    await admin.client.service('company').patch('mine', { settings: { branchesSeeAllCustomers: true } })
    try {
      const westHears = nextEvent<{ text: string }>(westDoctor.client, 'notes', 'created')
      await notes().create({ customerId, text: 'For everyone' })
      expect((await westHears).text).toBe('For everyone')
    } finally {
      await admin.client.service('company').patch('mine', { settings: { branchesSeeAllCustomers: false } })
    }
  })
})
