import { engines, failure, nextEvent, receivesEvent, startServer, type SignedIn, type TestServer, handledAtOnce } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'

describe.each(engines)('custom fields (fields) on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let doctor: SignedIn
  let other: SignedIn

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Fields')
    doctor = await signedInMember(server, admin, { role: 'doctor' })
    other = await server.registerClinic('Elsewhere')
  })
  afterAll(() => server.stop())

  const fields = () => admin.client.service('fields')
  const rowCount = async () => Number((await server.db('custom_fields').count({ total: '*' }))[0].total)
  let counter = 0
  const unique = (name: string) => `${name} ${++counter}`

  it('creates a field of every type with defaults, reads it back and patches it', async () => {
    const types = ['text', 'number', 'date', 'select', 'multiselect', 'checkbox'] as const
    const created = []
    for (const type of types) {
      const withOptions = type === 'select' || type === 'multiselect'
      created.push(await fields().create({ name: `  ${unique(type)}  `, type, ...(withOptions ? { values: [' One ', 'Two'] } : {}) }))
    }
    for (const [index, field] of created.entries()) {
      expect(field).toMatchObject({ type: types[index], showIf: null, useInProfileCard: false, companyId: admin.auth.company._id, createdBy: admin.auth.user._id })
      expect(field.name).not.toMatch(/^\s|\s$/)
      expect(field.values).toEqual(types[index].endsWith('select') ? ['One', 'Two'] : [])
      expect(await fields().get(field._id)).toEqual(field)
    }
    // New fields go last, in the order they were made.
    expect(created.map((field) => field.rank)).toEqual([...created.map((field) => field.rank)].sort((a, b) => a - b))
    expect(new Set(created.map((field) => field.rank)).size).toBe(created.length)
    const patched = await fields().patch(created[3]._id, { values: ['One', 'Two', 'Three'], useInProfileCard: true, rank: 0 })
    expect(patched).toMatchObject({ values: ['One', 'Two', 'Three'], useInProfileCard: true, rank: 0, type: 'select' })
  })

  it('drops options sent for a type that has none', async () => {
    const field = await fields().create({ name: unique('Plain'), type: 'text', values: ['stray'] })
    expect(field.values).toEqual([])
  })

  it('lists fields in rank order by default', async () => {
    const last = await fields().create({ name: unique('Last'), type: 'text', rank: 900 })
    const first = await fields().create({ name: unique('First'), type: 'text', rank: 1 })
    const list = await fields().find({ query: { $limit: 500 } })
    const ranks = list.data.map((field) => field.rank)
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
    expect(list.data.findIndex((field) => field._id === first._id)).toBeLessThan(list.data.findIndex((field) => field._id === last._id))
  })

  it('requires options for select types, writing nothing', async () => {
    const before = await rowCount()
    for (const data of [
      { name: unique('Blood'), type: 'select' as const },
      { name: unique('Blood'), type: 'multiselect' as const, values: [] },
      { name: unique('Blood'), type: 'select' as const, values: ['A', '  '] }
    ]) {
      const error = await failure(fields().create(data))
      expect(error.name).toBe('BadRequest')
      expect(error.data).toMatchObject({ code: 'custom-field-values-required', path: 'values' })
      expect(error.message).toBe('Add at least one option')
    }
    const duplicate = await failure(fields().create({ name: unique('Blood'), type: 'select', values: ['A', 'A'] }))
    expect(duplicate.data).toMatchObject({ code: 'custom-field-values-duplicate', path: 'values' })
    expect(await rowCount()).toBe(before)
  })

  it('rejects a missing name, an unknown type and fields the client may not set', async () => {
    const blank = await failure(fields().create({ name: '', type: 'text' }))
    expect(blank.data).toMatchObject({ code: 'field-required', path: 'name' })
    for (const data of [{ name: 'X', type: 'colour' }, { name: 'X', type: 'text', companyId: other.auth.company._id }, { name: 'X', type: 'text', rank: -1 }, { name: 'X', type: 'text', rank: 1.5 }]) {
      const error = await failure(fields().create(malformed(data)))
      expect([JSON.stringify(data), error.name]).toEqual([JSON.stringify(data), 'BadRequest'])
    }
    const field = await fields().create({ name: unique('Fixed type'), type: 'text' })
    const retype = await failure(fields().patch(field._id, malformed({ type: 'number' })))
    expect(retype.name).toBe('BadRequest')
    expect((await fields().get(field._id)).type).toBe('text')
  })

  it('refuses a second field of the same name (any case) with a Conflict on name', async () => {
    const name = unique('Allergy')
    await fields().create({ name, type: 'text' })
    const error = await failure(fields().create({ name: name.toUpperCase(), type: 'checkbox' }))
    expect(error.name).toBe('Conflict')
    expect(error.data).toMatchObject({ code: 'conflict', path: 'name' })
  })

  describe('show-if conditions', () => {
    it('shows a field when another field has a value', async () => {
      const pregnant = await fields().create({ name: unique('Pregnant'), type: 'checkbox' })
      const week = await fields().create({ name: unique('Week'), type: 'number', showIf: { fieldId: pregnant._id, equals: true } })
      expect(week.showIf).toEqual({ fieldId: pregnant._id, equals: true })
      expect((await fields().get(week._id)).showIf).toEqual({ fieldId: pregnant._id, equals: true })
      const cleared = await fields().patch(week._id, { showIf: null })
      expect(cleared.showIf).toBeNull()
    })

    it('refuses a condition on the field itself, on an unknown field or on another company\'s field', async () => {
      const field = await fields().create({ name: unique('Self'), type: 'checkbox' })
      const foreign = await other.client.service('fields').create({ name: 'Foreign', type: 'checkbox' })
      const before = await fields().get(field._id)
      for (const fieldId of [field._id, '01a1fd2e-80ce-71b8-ad91-b74aef45f1b6', foreign._id]) {
        const error = await failure(fields().patch(field._id, { showIf: { fieldId, equals: true } }))
        expect(error.name).toBe('BadRequest')
        // A field of its own company that cannot be the condition, or no field of the company at all (access/references.ts).
        expect(error.data).toMatchObject({ code: fieldId === field._id ? 'custom-field-show-if-invalid' : 'invalid-reference', path: 'showIf.fieldId' })
      }
      expect(await fields().get(field._id)).toEqual(before)
      const before2 = await rowCount()
      const error = await failure(fields().create({ name: unique('Orphan'), type: 'text', showIf: { fieldId: foreign._id, equals: true } }))
      expect(error.data?.code).toBe('invalid-reference')
      expect(await rowCount()).toBe(before2)
    })

    it('refuses a condition value the other field cannot hold', async () => {
      const blood = await fields().create({ name: unique('Blood'), type: 'select', values: ['A', 'B'] })
      const error = await failure(fields().create({ name: unique('Rh'), type: 'text', showIf: { fieldId: blood._id, equals: 'C' } }))
      expect(error.data).toMatchObject({ code: 'custom-field-show-if-value', path: 'showIf.equals' })
    })

    it('refuses a loop of conditions', async () => {
      const a = await fields().create({ name: unique('A'), type: 'checkbox' })
      const b = await fields().create({ name: unique('B'), type: 'checkbox', showIf: { fieldId: a._id, equals: true } })
      const c = await fields().create({ name: unique('C'), type: 'checkbox', showIf: { fieldId: b._id, equals: true } })
      const error = await failure(fields().patch(a._id, { showIf: { fieldId: c._id, equals: false } }))
      expect(error.name).toBe('BadRequest')
      expect(error.data).toMatchObject({ code: 'custom-field-show-if-cycle', path: 'showIf.fieldId' })
      expect((await fields().get(a._id)).showIf).toBeNull()
    })

    it('keeps the options another field\'s condition uses, and the field itself while a condition uses it', async () => {
      const kind = await fields().create({ name: unique('Kind'), type: 'select', values: ['Child', 'Adult'] })
      const parent = await fields().create({ name: unique('Parent'), type: 'text', showIf: { fieldId: kind._id, equals: 'Child' } })
      const dropOption = await failure(fields().patch(kind._id, { values: ['Adult'] }))
      expect(dropOption.data).toMatchObject({ code: 'custom-field-in-use', path: 'values' })
      expect((await fields().get(kind._id)).values).toEqual(['Child', 'Adult'])
      const remove = await failure(fields().remove(kind._id))
      expect(remove.name).toBe('Conflict')
      expect(remove.data?.code).toBe('custom-field-in-use')
      expect(remove.message).toBe("Another field's condition depends on this field")
      expect(await server.db('custom_fields').where({ _id: kind._id }).first()).toBeDefined()
      // Once the condition goes, so can the field.
      await fields().patch(parent._id, { showIf: null })
      await fields().remove(kind._id)
      expect(await server.db('custom_fields').where({ _id: kind._id }).first()).toBeUndefined()
    })
  })

  describe('access', () => {
    it('lets anyone signed in read fields, but only the fields permission change them', async () => {
      const field = await fields().create({ name: unique('Visible'), type: 'text' })
      const noFields = await admin.client.service('roles').create({ name: unique('No fields'), permissions: [{ resource: 'customers', view: true }] })
      const plain = await signedInMember(server, admin, { roleId: noFields._id })
      expect((await plain.client.service('fields').get(field._id))._id).toBe(field._id)
      expect((await plain.client.service('fields').find()).data.length).toBeGreaterThan(0)
      // The default doctor role reads fields (view) but may not change them.
      for (const call of handledAtOnce([
        doctor.client.service('fields').create({ name: unique('Nope'), type: 'text' }),
        doctor.client.service('fields').patch(field._id, { name: 'Nope' }),
        doctor.client.service('fields').remove(field._id)
      ])) {
        const error = await failure(call)
        expect(error.name).toBe('Forbidden')
        expect(error.data?.code).toBe('forbidden')
      }
      expect((await fields().get(field._id)).name).toBe(field.name)
    })

    it('refuses a caller who is not signed in', async () => {
      const error = await failure(server.connect().service('fields').find())
      expect(error.name).toBe('NotAuthenticated')
    })

    it('is switched off with the customers module', async () => {
      const company = await other.client.service('company').patch('mine', { modules: { customers: false } })
      expect(company.modules.customers).toBe(false)
      const error = await failure(other.client.service('fields').find())
      expect(error.data?.code).toBe('service-not-enabled')
      await other.client.service('company').patch('mine', { modules: { customers: true } })
    })

    it('answers NotFound for another company\'s field, and changes nothing', async () => {
      const foreign = await other.client.service('fields').create({ name: unique('Theirs'), type: 'text' })
      const before = await server.db('custom_fields').where({ _id: foreign._id }).first()
      for (const call of handledAtOnce([fields().get(foreign._id), fields().patch(foreign._id, { name: 'Mine now' }), fields().remove(foreign._id)])) {
        const error = await failure(call)
        expect(error.name).toBe('NotFound')
      }
      expect(await server.db('custom_fields').where({ _id: foreign._id }).first()).toEqual(before)
      expect((await fields().find({ query: { $limit: 500 } })).data.map((field) => field._id)).not.toContain(foreign._id)
    })
  })

  describe("customers' customFields", () => {
    const customers = () => admin.client.service('customers')
    const customerCount = async () => Number((await server.db('customers').count({ total: '*' }))[0].total)

    it('keeps values that fit the company\'s fields', async () => {
      const allergies = await fields().create({ name: unique('Allergies'), type: 'multiselect', values: ['Latex', 'Iodine'] })
      const insured = await fields().create({ name: unique('Insured'), type: 'checkbox' })
      const visit = await fields().create({ name: unique('First visit'), type: 'date' })
      const customer = await customers().create({ first_name: 'Custom', last_name: 'Fields', customFields: { [allergies._id]: ['Latex'], [insured._id]: true, [visit._id]: '2024-03-01' } })
      expect(customer.customFields).toEqual({ [allergies._id]: ['Latex'], [insured._id]: true, [visit._id]: '2024-03-01' })
      const patched = await customers().patch(customer._id, { customFields: { [allergies._id]: ['Latex', 'Iodine'], [insured._id]: null } })
      expect(patched.customFields).toEqual({ [allergies._id]: ['Latex', 'Iodine'], [insured._id]: null })
    })

    it('refuses unknown fields, another company\'s fields and values of the wrong kind, writing nothing', async () => {
      const size = await fields().create({ name: unique('Size'), type: 'number' })
      const theirs = await other.client.service('fields').create({ name: unique('Theirs'), type: 'text' })
      const before = await customerCount()
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ '01a1fd2e-80ce-71b8-ad91-b74aef45f1b6': 'x' }, 'custom-field-unknown', 'customFields.01a1fd2e-80ce-71b8-ad91-b74aef45f1b6'],
        [{ [theirs._id]: 'x' }, 'custom-field-unknown', `customFields.${theirs._id}`],
        [{ [size._id]: 'big' }, 'custom-field-invalid', `customFields.${size._id}`]
      ]
      for (const [customFields, code, path] of cases) {
        const error = await failure(customers().create({ first_name: 'Bad', last_name: 'Fields', customFields }))
        expect(error.name).toBe('BadRequest')
        expect(error.data).toMatchObject({ code, path })
      }
      expect(await customerCount()).toBe(before)
      const customer = await customers().create({ first_name: 'Good', last_name: 'Fields', customFields: { [size._id]: 42 } })
      const error = await failure(customers().patch(customer._id, { customFields: { [size._id]: '42' } }))
      expect(error.data).toMatchObject({ code: 'custom-field-invalid', path: `customFields.${size._id}` })
      expect((await customers().get(customer._id)).customFields).toEqual({ [size._id]: 42 })
    })

    it('does not judge again a value the patch leaves as it was', async () => {
      const colour = await fields().create({ name: unique('Colour'), type: 'select', values: ['Red', 'Blue'] })
      const note = await fields().create({ name: unique('Remark'), type: 'text' })
      const customer = await customers().create({ first_name: 'Stale', last_name: 'Value', customFields: { [colour._id]: 'Red' } })
      // The option goes away; the customer keeps the old value.
      await fields().patch(colour._id, { values: ['Blue'] })
      const patched = await customers().patch(customer._id, { customFields: { [colour._id]: 'Red', [note._id]: 'Still editable' } })
      expect(patched.customFields).toEqual({ [colour._id]: 'Red', [note._id]: 'Still editable' })
      const error = await failure(customers().patch(customer._id, { customFields: { [colour._id]: 'Green' } }))
      expect(error.data?.code).toBe('custom-field-invalid')
    })
  })

  it('tells the company, and only the company, about changes', async () => {
    const heard = nextEvent<{ name: string }>(doctor.client, 'fields', 'created')
    const elsewhere = receivesEvent(other.client, 'fields', 'created')
    const field = await fields().create({ name: unique('Announced'), type: 'text' })
    expect((await heard).name).toBe(field.name)
    expect(await elsewhere).toBe(false)
  })
})
