import type { Permission } from '../../../../../domain/access/resources'
import type { TrashItem, TrashSummary } from '../../../../../server/src/services/audit/trash/trash.shared'
import { manifestOf } from '../../../../../server/src/services/service-manifest'
import { engines, failure, nextEvent, receivesEvent, startServer, type SignedIn, type TestServer, handledAtOnce } from '../../../support/harness'
import { addMember, signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'

type Page<T> = { total: number; limit: number; skip: number; data: T[] }

/**
 * The trash (issue 4, item 4): removing a record of any record service moves it to trash with
 * who and when; the trash lists, restores exactly, or deletes for good, each per the record's
 * own resource; tenancy as everywhere.
 */
describe.each(engines)('trash on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let other: SignedIn
  let counter = 0
  const unique = (prefix: string) => `${prefix} ${++counter} ${Math.random().toString(36).slice(2, 6)}`

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Alpha')
    other = await server.registerClinic('Beta')
  })
  afterAll(() => server.stop())

  const trashRow = (recordId: string) => server.db('trash').where({ recordId }).first()
  const trashOf = (person: SignedIn) => person.client.service('trash')
  const itemFor = async (recordId: string, person: SignedIn = admin) => {
    const page = (await trashOf(person).find({ query: { recordId } })) as Page<TrashItem>
    return page.data[0]
  }
  /** A role with exactly these grants, and a member holding it, signed in. */
  const memberWith = async (permissions: Permission[]) => {
    const role = await admin.client.service('roles').create({ name: unique('Role'), permissions })
    return signedInMember(server, admin, { roleId: role._id })
  }

  it('moves a removed record to trash with who removed it and when, and takes it out of its table', async () => {
    const specialty = await admin.client.service('specialty').create({ name: unique('Surgeon') })
    const before = Date.now()
    const removed = await admin.client.service('specialty').remove(specialty._id)
    expect(removed).toEqual(specialty)
    expect(await server.db('specialties').where({ _id: specialty._id }).first()).toBeUndefined()
    const item = await itemFor(specialty._id)
    expect(item).toMatchObject({
      companyId: admin.auth.company._id,
      branchId: null,
      service: 'specialty',
      recordId: specialty._id,
      title: specialty.name,
      deletedBy: admin.auth.user._id,
      resource: 'specialty',
      record: specialty
    })
    expect(Date.parse(item.deletedAt)).toBeGreaterThanOrEqual(before - 1000)
    expect(Date.parse(item.deletedAt)).toBeLessThanOrEqual(Date.now() + 1000)
    await expect(trashOf(admin).get(item._id)).resolves.toEqual(item)
  })

  it('lists items of several kinds, newest first, filtered by service, remover and time, paginated', async () => {
    const specialty = await admin.client.service('specialty').create({ name: unique('Therapist') })
    const role = await admin.client.service('roles').create({ name: unique('Gone role'), permissions: [] })
    const branch = await admin.client.service('branches').create({ name: unique('Branch') })
    const { user } = await addMember(admin, { first_name: 'Ivan', last_name: 'Petrov' })
    const startedAt = new Date().toISOString()
    for (const [path, id] of [['specialty', specialty._id], ['roles', role._id], ['branches', branch._id], ['users', user._id]] as const) {
      await admin.client.service(path as 'specialty').remove(id)
    }
    const recent = (await trashOf(admin).find({ query: { deletedAt: { $gte: startedAt } } })) as Page<TrashItem>
    expect(recent.data.map((item) => item.service)).toEqual(['users', 'branches', 'roles', 'specialty'])
    expect(recent.data.map((item) => item.title)).toEqual([`Petrov Ivan`, branch.name, role.name, specialty.name])
    expect(recent.data.every((item) => item.deletedBy === admin.auth.user._id)).toBe(true)

    const roles = (await trashOf(admin).find({ query: { service: 'roles', deletedAt: { $gte: startedAt } } })) as Page<TrashItem>
    expect(roles.data.map((item) => item.recordId)).toEqual([role._id])
    const byRemover = (await trashOf(admin).find({ query: { deletedBy: admin.auth.user._id, $limit: 2 } })) as Page<TrashItem>
    expect(byRemover.data).toHaveLength(2)
    expect(byRemover.total).toBeGreaterThanOrEqual(4)
    const secondPage = (await trashOf(admin).find({ query: { deletedBy: admin.auth.user._id, $limit: 2, $skip: 2 } })) as Page<TrashItem>
    expect(secondPage.data.map((item) => item._id)).not.toContain(byRemover.data[0]._id)
    const nobody = (await trashOf(admin).find({ query: { deletedBy: other.auth.user._id } })) as Page<TrashItem>
    expect(nobody.total).toBe(0)
  })

  it('never sends password hashes from a removed team member, though the trash keeps them for the restore', async () => {
    const { user } = await addMember(admin)
    const stored = await server.db('users').where({ _id: user._id }).first()
    await admin.client.service('users').remove(user._id)
    const item = await itemFor(user._id)
    expect(item.record).not.toHaveProperty('password')
    expect(item.record).not.toHaveProperty('previousPassword')
    expect(JSON.stringify(item)).not.toContain(stored.password)
    expect(item.record).toEqual(user)
    const row = await trashRow(user._id)
    expect(JSON.stringify(row.record)).toContain(stored.password)
  })

  it('restores the exact record (same _id, same values), which is gettable again and announced', async () => {
    const role = await admin.client.service('roles').create({ name: unique('Restorable'), permissions: [{ resource: 'customers', view: true, edit: true }] })
    const rowBefore = await server.db('roles').where({ _id: role._id }).first()
    const watcher = await server.signIn(admin.email)
    await admin.client.service('roles').remove(role._id)
    const item = await itemFor(role._id)

    const created = nextEvent<Record<string, unknown>>(watcher.client, 'roles', 'created')
    const leftTrash = nextEvent<TrashSummary>(watcher.client, 'trash', 'removed')
    const restored = await trashOf(admin).patch(item._id, { restore: true })
    expect(restored).toEqual(item)
    expect(await server.db('roles').where({ _id: role._id }).first()).toEqual(rowBefore)
    await expect(admin.client.service('roles').get(role._id)).resolves.toEqual(role)
    expect(await created).toEqual(role)
    expect((await leftTrash)._id).toBe(item._id)
    expect(await trashRow(role._id)).toBeUndefined()
    expect((await failure(trashOf(admin).get(item._id))).name).toBe('NotFound')
  })

  it('restores a team member exactly, password hash included, and they can sign in again', async () => {
    const { user, email } = await addMember(admin, { first_name: 'Olga', last_name: 'Restored' })
    const rowBefore = await server.db('users').where({ _id: user._id }).first()
    await admin.client.service('users').remove(user._id)
    expect((await failure(server.signIn(email))).name).toBe('NotAuthenticated')
    await trashOf(admin).patch((await itemFor(user._id))._id, { restore: true })
    expect(await server.db('users').where({ _id: user._id }).first()).toEqual(rowBefore)
    const back = await server.signIn(email)
    expect(back.auth.user._id).toBe(user._id)
  })

  it('refuses a restore whose unique value was taken meanwhile, and writes nothing', async () => {
    const name = unique('Orthodontist')
    const specialty = await admin.client.service('specialty').create({ name })
    await admin.client.service('specialty').remove(specialty._id)
    const item = await itemFor(specialty._id)
    const newcomer = await admin.client.service('specialty').create({ name })
    const specialtiesBefore = await server.db('specialties').where({ companyId: admin.auth.company._id }).orderBy('_id')
    const error = await failure(trashOf(admin).patch(item._id, { restore: true }))
    expect(error.name).toBe('Conflict')
    expect(error.data?.code).toBe('trash-restore-conflict')
    expect(await server.db('specialties').where({ companyId: admin.auth.company._id }).orderBy('_id')).toEqual(specialtiesBefore)
    expect((await trashRow(specialty._id))._id).toBe(item._id)
    // Once the name is free again, the same item restores.
    await admin.client.service('specialty').remove(newcomer._id)
    await trashOf(admin).patch(item._id, { restore: true })
    await expect(admin.client.service('specialty').get(specialty._id)).resolves.toEqual(specialty)
  })

  it('refuses a restore whose id is taken, and one whose foreign key is gone, writing nothing', async () => {
    const role = await admin.client.service('roles').create({ name: unique('Short-lived'), permissions: [] })
    const { user } = await addMember(admin, { roleId: role._id })
    await admin.client.service('users').remove(user._id)
    // The member's role goes too: their restore has no role to point at.
    await admin.client.service('roles').remove(role._id)
    const userItem = await itemFor(user._id)
    const fkError = await failure(trashOf(admin).patch(userItem._id, { restore: true }))
    expect(fkError.data?.code).toBe('trash-restore-conflict')
    expect(await server.db('users').where({ _id: user._id }).first()).toBeUndefined()
    expect(await trashRow(user._id)).toBeDefined()

    // The same id put back by other means.
    const roleItem = await itemFor(role._id)
    await server.db('roles').insert({ _id: role._id, companyId: admin.auth.company._id, name: unique('Squatter'), permissions: '[]' })
    const idError = await failure(trashOf(admin).patch(roleItem._id, { restore: true }))
    expect(idError.name).toBe('Conflict')
    expect(idError.data?.code).toBe('trash-restore-conflict')
    expect((await server.db('roles').where({ _id: role._id }).first()).name).toMatch(/^Squatter/)
    expect(await trashRow(role._id)).toBeDefined()
  })

  it('deletes for good only with the delete flag on the item\'s resource, and then really deletes', async () => {
    const specialty = await admin.client.service('specialty').create({ name: unique('Purged') })
    await admin.client.service('specialty').remove(specialty._id)
    const item = await itemFor(specialty._id)
    const viewer = await memberWith([{ resource: 'specialty', view: true, create: true, edit: true }])
    expect((await itemFor(specialty._id, viewer))._id).toBe(item._id)
    const refused = await failure(trashOf(viewer).remove(item._id))
    expect(refused.name).toBe('Forbidden')
    expect(refused.data?.code).toBe('forbidden')
    expect(await trashRow(specialty._id)).toBeDefined()

    const deleter = await memberWith([{ resource: 'specialty', view: true, delete: true }])
    const gone = await trashOf(deleter).remove(item._id)
    expect(gone._id).toBe(item._id)
    expect(await trashRow(specialty._id)).toBeUndefined()
    expect(await server.db('specialties').where({ _id: specialty._id }).first()).toBeUndefined()
    expect((await failure(trashOf(admin).patch(item._id, { restore: true }))).name).toBe('NotFound')
  })

  it('restores only with the create flag on the item\'s resource', async () => {
    const specialty = await admin.client.service('specialty').create({ name: unique('Guarded') })
    await admin.client.service('specialty').remove(specialty._id)
    const item = await itemFor(specialty._id)
    const viewer = await memberWith([{ resource: 'specialty', view: true, delete: true }])
    const refused = await failure(trashOf(viewer).patch(item._id, { restore: true }))
    expect(refused.name).toBe('Forbidden')
    expect(await server.db('specialties').where({ _id: specialty._id }).first()).toBeUndefined()
    const creator = await memberWith([{ resource: 'specialty', view: true, create: true }])
    await trashOf(creator).patch(item._id, { restore: true })
    expect(await server.db('specialties').where({ _id: specialty._id }).first()).toBeDefined()
  })

  it('hides items whose kind the caller may not view: not listed, not found by id', async () => {
    const role = await admin.client.service('roles').create({ name: unique('Hidden role'), permissions: [] })
    await admin.client.service('roles').remove(role._id)
    const item = await itemFor(role._id)
    const specialist = await memberWith([{ resource: 'specialty', view: true, create: true, delete: true }])
    const page = (await trashOf(specialist).find({ query: { $limit: 500 } })) as Page<TrashItem>
    expect(page.data.length).toBeGreaterThan(0)
    expect(page.data.every((entry) => entry.service === 'specialty')).toBe(true)
    expect(page.total).toBe(page.data.length)
    for (const call of handledAtOnce([trashOf(specialist).get(item._id), trashOf(specialist).patch(item._id, { restore: true }), trashOf(specialist).remove(item._id)])) {
      expect((await failure(call)).name).toBe('NotFound')
    }
    expect(await trashRow(role._id)).toBeDefined()
  })

  it('keeps another company\'s items out of reach: NotFound by id, never listed', async () => {
    const specialty = await admin.client.service('specialty').create({ name: unique('Private') })
    await admin.client.service('specialty').remove(specialty._id)
    const item = await itemFor(specialty._id)
    for (const call of handledAtOnce([trashOf(other).get(item._id), trashOf(other).patch(item._id, { restore: true }), trashOf(other).remove(item._id)])) {
      const error = await failure(call)
      expect(error.name).toBe('NotFound')
      expect(JSON.stringify(error)).not.toContain(specialty.name)
    }
    const page = (await trashOf(other).find({ query: { $limit: 500, companyId: admin.auth.company._id } })) as Page<TrashItem>
    expect(page.data.filter((entry) => entry.companyId !== other.auth.company._id)).toEqual([])
    expect(await trashRow(specialty._id)).toBeDefined()
    // Another company's record is not found by remove either, and nothing reaches the trash.
    const theirs = await other.client.service('specialty').create({ name: unique('Theirs') })
    expect((await failure(admin.client.service('specialty').remove(theirs._id))).name).toBe('NotFound')
    expect(await trashRow(theirs._id)).toBeUndefined()
  })

  it('tells the company about new items only to those who may view their kind, without the record', async () => {
    const watcher = await server.signIn(admin.email)
    const specialist = await memberWith([{ resource: 'specialty', view: true }])
    const specialty = await admin.client.service('specialty').create({ name: unique('Announced') })
    const role = await admin.client.service('roles').create({ name: unique('Quiet'), permissions: [] })

    const created = nextEvent<TrashSummary>(watcher.client, 'trash', 'created')
    const specialistHears = receivesEvent(specialist.client, 'trash', 'created', 1000)
    const otherHears = receivesEvent(other.client, 'trash', 'created', 1000)
    await admin.client.service('specialty').remove(specialty._id)
    const summary = await created
    expect(summary).toMatchObject({ service: 'specialty', recordId: specialty._id, title: specialty.name, deletedBy: admin.auth.user._id })
    expect(summary).not.toHaveProperty('record')
    expect(await specialistHears).toBe(true)
    expect(await otherHears).toBe(false)

    const specialistHearsRole = receivesEvent(specialist.client, 'trash', 'created', 1000)
    await admin.client.service('roles').remove(role._id)
    expect(await specialistHearsRole).toBe(false)
  })

  it('writes nothing to trash when a remove is refused by the service\'s own rule', async () => {
    const role = await admin.client.service('roles').create({ name: unique('Held'), permissions: [] })
    await addMember(admin, { roleId: role._id })
    const trashBefore = await server.db('trash').count({ total: '*' })
    expect((await failure(admin.client.service('roles').remove(role._id))).data?.code).toBe('role-in-use')
    expect(await server.db('trash').count({ total: '*' })).toEqual(trashBefore)
    expect(await server.db('roles').where({ _id: role._id }).first()).toBeDefined()
  })

  it('keeps the whole row when the remove selected only some fields', async () => {
    const specialty = await admin.client.service('specialty').create({ name: unique('Selected') })
    const answer = await admin.client.service('specialty').remove(specialty._id, { query: { $select: ['name'] } })
    expect(answer).toEqual({ name: specialty.name })
    expect((await itemFor(specialty._id)).record).toEqual(specialty)
  })

  it('does not put ended sessions in trash (a session\'s remove ends it)', async () => {
    const second = await server.signIn(admin.email)
    await admin.client.service('sessions').remove(second.auth.sessionId)
    expect(await trashRow(second.auth.sessionId)).toBeUndefined()
    expect((await server.db('sessions').where({ _id: second.auth.sessionId }).first()).endedAt).not.toBeNull()
  })

  it('deletes a record\'s dependents with it for good, and only then (the manifest\'s trashDependents)', async () => {
    await server.db.schema.createTable('specialty_notes', (table) => {
      table.string('_id', 36).primary()
      table.string('companyId', 36).notNullable()
      table.string('specialtyId', 36).notNullable()
    })
    // As if specialty declared these rows its dependents (a manifest is the service's own object).
    const declaration = manifestOf('specialty')!
    Object.assign(declaration, { trashDependents: [{ table: 'specialty_notes', column: 'specialtyId' }] })
    try {
      const specialty = await admin.client.service('specialty').create({ name: unique('With notes') })
      const notes = [
        { _id: 'note-1', companyId: admin.auth.company._id, specialtyId: specialty._id },
        { _id: 'note-2', companyId: admin.auth.company._id, specialtyId: specialty._id },
        // Another company's row naming the same id is never touched.
        { _id: 'note-3', companyId: other.auth.company._id, specialtyId: specialty._id }
      ]
      await server.db('specialty_notes').insert(notes)
      await admin.client.service('specialty').remove(specialty._id)
      expect((await server.db('specialty_notes').select('_id').orderBy('_id')).map((row) => row._id)).toEqual(['note-1', 'note-2', 'note-3'])
      await trashOf(admin).remove((await itemFor(specialty._id))._id)
      expect((await server.db('specialty_notes').select('_id').orderBy('_id')).map((row) => row._id)).toEqual(['note-3'])
    } finally {
      Object.assign(declaration, { trashDependents: undefined })
      await server.db.schema.dropTable('specialty_notes')
    }
  })

  it("keeps a trashed customer's notes for a restore, and deletes them and its cabinet link for good with the customer", async () => {
    const customers = admin.client.service('customers')
    const customer = await customers.create({ first_name: 'Notes', last_name: unique('Keeper') })
    const note = await admin.client.service('notes').create({ customerId: customer._id, text: 'Allergic to penicillin' })
    await admin.client.service('customer-cabinet-token').create({ customerId: customer._id })
    await customers.remove(customer._id)
    expect(await server.db('notes').where({ _id: note._id }).first()).toBeDefined()

    const restored = await trashOf(admin).patch((await itemFor(customer._id))._id, { restore: true })
    expect(restored.recordId).toBe(customer._id)
    const notes = await admin.client.service('notes').find({ query: { customerId: customer._id } })
    expect(notes.data.map((found) => found._id)).toEqual([note._id])

    await customers.remove(customer._id)
    await trashOf(admin).remove((await itemFor(customer._id))._id)
    expect(await server.db('customers').where({ _id: customer._id }).first()).toBeUndefined()
    expect(await server.db('notes').where({ customerId: customer._id })).toEqual([])
    expect(await server.db('customer_cabinet_tokens').where({ customerId: customer._id })).toEqual([])
  })

  it('restores a customer exactly, hidden search columns included, so search finds them again', async () => {
    const customers = admin.client.service('customers')
    const tag = await admin.client.service('tags').create({ name: unique('VIP') })
    const favourite = await admin.client.service('fields').create({ name: unique('Favourite drink'), type: 'text' })
    const customer = await customers.create({
      first_name: 'Дилноза',
      last_name: 'Собирова',
      middle_name: 'Ахмедовна',
      phone: '+998 (90) 555-12-34',
      birthdate: '1990-05-01',
      tagIds: [tag._id],
      blacklisted: true,
      customFields: { [favourite._id]: 'tea' }
    })
    const rowBefore = await server.db('customers').where({ _id: customer._id }).first()
    expect(rowBefore.searchLast).not.toBe('')
    await customers.remove(customer._id)
    expect((await customers.find({ query: { $search: 'собир' } })).total).toBe(0)

    const item = await itemFor(customer._id)
    expect(item).toMatchObject({ service: 'customers', resource: 'customers', branchId: customer.branchId, title: 'Собирова Дилноза Ахмедовна' })
    // The stored fields; computed ones (status, phoneHidden) are the service's to compute.
    const { status, phoneHidden, ...storedFields } = customer
    expect([status, phoneHidden]).toEqual(['blacklisted', false])
    expect(item.record).toEqual(storedFields)
    const stored = (await trashRow(customer._id)).record
    const kept = typeof stored === 'string' ? JSON.parse(stored) : stored
    for (const hidden of ['searchFirst', 'searchLast', 'searchMiddle', 'phoneReversed']) {
      expect(item.record).not.toHaveProperty(hidden)
      expect(kept[hidden]).toBe(rowBefore[hidden])
    }

    await trashOf(admin).patch(item._id, { restore: true })
    expect(await server.db('customers').where({ _id: customer._id }).first()).toEqual(rowBefore)
    await expect(customers.get(customer._id)).resolves.toEqual(customer)
    expect((await customers.find({ query: { $search: 'дилноза собир' } })).data.map((found) => found._id)).toEqual([customer._id])
    expect((await customers.find({ query: { $search: '555-12-34' } })).data.map((found) => found._id)).toEqual([customer._id])
  })

  it('blanks protected customer phones in trash items for those without seeAll on customer-phone', async () => {
    const customer = await admin.client.service('customers').create({ first_name: 'Aziz', last_name: 'Protected', phone: '+998 90 777 66 55' })
    await admin.client.service('customers').remove(customer._id)
    const receptionist = await memberWith([{ resource: 'customers', view: true, create: true, delete: true }])
    expect((await itemFor(customer._id, receptionist)).record.phone).toBe(customer.phone)
    await admin.client.service('company').patch('mine', { settings: { phoneProtection: true } })
    try {
      const hidden = await itemFor(customer._id, receptionist)
      expect(hidden.record).toMatchObject({ phone: null, phoneHidden: true, last_name: 'Protected' })
      expect(JSON.stringify(hidden)).not.toContain('7776655')
      expect((await itemFor(customer._id)).record.phone).toBe(customer.phone)
    } finally {
      await admin.client.service('company').patch('mine', { settings: { phoneProtection: false } })
    }
  })

  it('shows a branch\'s items only to people of that branch, unless branches see all customers', async () => {
    const north = await admin.client.service('branches').create({ name: unique('North') })
    const customer = await admin.client.service('customers').create({ first_name: 'Nodira', last_name: 'Northern', branchId: north._id })
    await admin.client.service('customers').remove(customer._id)
    const item = await itemFor(customer._id)
    expect(item.branchId).toBe(north._id)
    const role = await admin.client.service('roles').create({ name: unique('Front desk'), permissions: [{ resource: 'customers', view: true, create: true, delete: true }] })
    const southerner = await signedInMember(server, admin, { roleId: role._id, branchIds: admin.auth.branchIds })
    expect(await itemFor(customer._id, southerner)).toBeUndefined()
    expect((await failure(trashOf(southerner).get(item._id))).name).toBe('NotFound')
    expect((await failure(trashOf(southerner).patch(item._id, { restore: true }))).name).toBe('NotFound')
    await admin.client.service('company').patch('mine', { settings: { branchesSeeAllCustomers: true } })
    try {
      expect((await itemFor(customer._id, southerner))._id).toBe(item._id)
    } finally {
      await admin.client.service('company').patch('mine', { settings: { branchesSeeAllCustomers: false } })
    }
    const northerner = await signedInMember(server, admin, { roleId: role._id, branchIds: [north._id] })
    expect((await itemFor(customer._id, northerner))._id).toBe(item._id)
  })

  it('offers no create, and accepts only `{ restore: true }` as a patch', async () => {
    const specialty = await admin.client.service('specialty').create({ name: unique('Strict') })
    await admin.client.service('specialty').remove(specialty._id)
    const item = await itemFor(specialty._id)
    expect((await failure(trashOf(admin).patch(item._id, malformed({ restore: false })))).name).toBe('BadRequest')
    expect((await failure(trashOf(admin).patch(item._id, malformed({ restore: true, title: 'Renamed' })))).name).toBe('BadRequest')
    expect((await trashRow(specialty._id)).title).toBe(specialty.name)
    const create = (trashOf(admin) as unknown as { create: (data: unknown) => Promise<unknown> }).create({ ...item, _id: undefined })
    expect((await failure(create)).name).toBe('MethodNotAllowed')
  })
})
