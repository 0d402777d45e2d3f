import type { TSchema } from '@feathersjs/typebox'
import { accessRegistry, type ServiceMethod } from '../../../server/src/access/access'
import { referenceFields, type ReferenceField } from '../../../server/src/schema/references'
import type { ClientApplication } from '../../../server/src/client'
import { engines, failure, startServer, type SignedIn, type TestServer } from '../support/harness'
import { roleId } from '../support/fixtures'
import { anyService } from '../support/any-service'
import { FULL_WEEK, at, setSchedule } from '../support/appointment-fixtures'

/**
 * Rules over every service (issue 11, item 5): every field of a writing method's data schema that
 * holds another record's id is declared a reference, and every declared reference refuses a
 * record of another company (or of a branch the caller does not work in). Generated from the
 * access registry: a new service is covered by declaring its data schemas in `access()`.
 */
const WRITES = ['create', 'update', 'patch'] as const satisfies readonly ServiceMethod[]
/** Credentials, not a record: nothing to reference. */
const NOT_RECORD_DATA = new Set(['authentication'])
/** Names that look like ids but hold none of our records' ids. */
// transactionId: a payment's id at the terminal, bank or provider (spec: transaction id), not a record of ours.
// merchantId: the clinic's cashbox id at an online payment provider (Payme), not a record of ours.
// deviceId: a signing tablet's own name for itself (kept in its browser), not a record of ours.
// phoneNumberId: the clinic's WhatsApp number at Meta (Cloud API), not a record of ours.
// apiId: the clinic's SMS.ru api_id, a credential, not a record of ours.
const NOT_REFERENCES = new Set<string>(['transactionId', 'merchantId', 'deviceId', 'phoneNumberId', 'apiId'])
/**
 * Ids of lists that also hold shipped entries (no company), which the generic check cannot
 * accept: their service checks them itself (exam: complaints of the `cdb` list; treatment: the
 * plan item it completes, an item inside a plan's row, not a record). A media file's `ownerId`
 * names a record of the service its `ownerType` says, read through that service as the caller
 * (media-owner.ts). A printed document's `sourceId` names the plan, invoice or payment its kind
 * says, read through that service as the caller (documents/document-sources.ts).
 */
const CHECKED_BY_SERVICE = new Set<string>(['cdbIds', 'planItemId', 'ownerId', 'treatmentIds', 'planItemIds', 'sourceId'])

interface DeclaredWrite {
  path: string
  method: (typeof WRITES)[number]
  schema: TSchema
}

function declaredWrites(): DeclaredWrite[] {
  const writes: DeclaredWrite[] = []
  for (const [path, declaration] of accessRegistry) {
    for (const method of WRITES) {
      const schema = declaration.data?.[method]
      if (declaration.methods[method] && schema) writes.push({ path, method, schema })
    }
  }
  return writes
}

/** Every property path of a schema (`*` for array items), references or not. */
function propertyPaths(schema: TSchema, path: string[] = [], found = new Set<string>()): Set<string> {
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) for (const branch of (schema[key] as TSchema[] | undefined) ?? []) propertyPaths(branch, path, found)
  for (const [name, property] of Object.entries((schema.properties as Record<string, TSchema> | undefined) ?? {})) {
    found.add([...path, name].join('.'))
    propertyPaths(property, [...path, name], found)
  }
  if (schema.items && !Array.isArray(schema.items)) propertyPaths(schema.items as TSchema, [...path, '*'], found)
  return found
}

/** Data holding `id` at a reference field's path (`services.*.serviceId` -> `{ services: [{ serviceId }] }`). */
function dataAt(path: string[], id: string): Record<string, unknown> {
  const build = (rest: string[]): unknown => {
    if (rest.length === 0) return id
    const [step, ...tail] = rest
    return step === '*' ? [build(tail)] : { [step]: build(tail) }
  }
  return build(path) as Record<string, unknown>
}
const concrete = (path: string[]) => path.map((step) => (step === '*' ? '0' : step)).join('.')

const UNUSED_ID = '0195d1c0-0000-7000-8000-0000000000ff'

/** One record of each referenceable service, made by a clinic's administrator. */
async function recordsOf(server: TestServer, admin: SignedIn): Promise<Record<string, string>> {
  const client: ClientApplication = admin.client
  const branchId = admin.auth.branchIds[0]
  client.set('currentBranchId', branchId)
  const customer = await client.service('customers').create({ first_name: 'Referenced', last_name: 'Customer' })
  const service = await client.service('service').create({ name: 'Referenced service', duration: 30, price: 1000 })
  await setSchedule(server, admin.auth.user._id, FULL_WEEK)
  const visit = await client.service('appointment').create({ customerId: customer._id, staffId: admin.auth.user._id, start: at('2031-01-07', '10:00'), duration: 30 })
  const exam = await client.service('exam').create({ customerId: customer._id })
  const line = await client.service('treatment').create({ customerId: customer._id, appointmentId: visit._id, serviceId: service._id })
  return {
    branches: branchId,
    customers: customer._id,
    users: admin.auth.user._id,
    roles: await roleId(admin, 'doctor'),
    specialty: (await client.service('specialty').create({ name: 'Referenced specialty' }))._id,
    sources: (await client.service('sources').create({ name: 'Referenced source' }))._id,
    tags: (await client.service('tags').create({ name: 'Referenced tag' }))._id,
    'service-categories': (await client.service('service-categories').create({ name: 'Referenced category' }))._id,
    service: service._id,
    bundle: (await client.service('bundle').create({ name: 'Referenced bundle', items: [{ serviceId: service._id, quantity: 1 }] }))._id,
    'work-place': (await client.service('work-place').create({ name: 'Referenced chair', branchId }))._id,
    fields: (await client.service('fields').create({ name: 'Referenced field', type: 'text' }))._id,
    odb: (await client.service('odb').create({ name: 'Referenced finding' }))._id,
    'diagnose-objectively': (await client.service('diagnose-objectively').find({ query: { $limit: 1 } })).data[0]._id,
    appointment: visit._id,
    exam: exam._id,
    'treatment-plan': (await client.service('treatment-plan').create({ customerId: customer._id }))._id,
    documents: (await client.service('documents').create({ kind: 'contract', customerId: customer._id, language: 'ru' }))._id,
    invoices: (await client.service('invoices').create({ customerId: customer._id, treatmentIds: [line._id] }))._id,
    tooth: (await client.service('tooth').create({ customerId: customer._id, teeth: [{ tooth: 11 }], code: 'Cr' }))[0]._id,
    'waiting-list': (
      await client.service('waiting-list').create({ customerId: customer._id, dateFrom: '2030-01-01', dateTo: '2030-01-31', timeFrom: '09:00', timeTo: '18:00', duration: 30 })
    )._id
  }
}

/** Emits one call of any method by name through the typed client's service. */
function write(client: ClientApplication, { path, method }: DeclaredWrite, data: Record<string, unknown>) {
  const service = anyService(client, path)
  return method === 'create' ? service.create(data, {}) : service[method](UNUSED_ID, data, {})
}

describe.each(engines)('reference fields on %s', (engine) => {
  let server: TestServer
  let own: SignedIn
  let ownRecords: Record<string, string>
  let foreignRecords: Record<string, string>
  // The registry fills as the app registers its services: read it once the server has started.
  let cases: Array<DeclaredWrite & { field: ReferenceField }> = []

  beforeAll(async () => {
    server = await startServer(engine)
    own = await server.registerClinic('Own')
    ownRecords = await recordsOf(server, own)
    foreignRecords = await recordsOf(server, await server.registerClinic('Foreign'))
    cases = declaredWrites().flatMap((write) => referenceFields(write.schema).map((field) => ({ ...write, field })))
  }, 60_000)
  afterAll(() => server.stop())

  it('every service that writes from outside declares its data schemas', () => {
    const undeclared = [...accessRegistry]
      .filter(([path]) => !NOT_RECORD_DATA.has(path))
      .flatMap(([path, declaration]) => WRITES.filter((method) => declaration.methods[method] && !declaration.data?.[method]).map((method) => `${path}.${method}`))
    expect(undeclared).toEqual([])
  })

  it('declares every id-holding field of those schemas as a reference', () => {
    const undeclared: string[] = []
    for (const write of declaredWrites()) {
      const references = new Set(referenceFields(write.schema).map((field) => field.path.join('.')))
      for (const path of propertyPaths(write.schema)) {
        const name = path.split('.').pop()!
        if (/(Id|Ids)$/.test(name) && !NOT_REFERENCES.has(name) && !CHECKED_BY_SERVICE.has(name) && !references.has(path) && !references.has(`${path}.*`)) undeclared.push(`${write.path}.${write.method}: ${path}`)
      }
    }
    expect(undeclared).toEqual([])
  })

  it('finds reference fields to check', () => {
    expect(accessRegistry.size).toBeGreaterThan(25)
    expect(cases.length).toBeGreaterThan(15)
  })

  it("refuses another company's record in every reference field of every writing method, at that field", async () => {
    const accepted: string[] = []
    for (const item of cases) {
      const foreign = foreignRecords[item.field.reference.service]
      if (!foreign) {
        accepted.push(`${item.path}.${item.method} ${item.field.path.join('.')}: no fixture for ${item.field.reference.service}`)
        continue
      }
      const error = await failure(write(own.client, item, dataAt(item.field.path, foreign)))
      const expected = item.field.reference.service === 'branches' ? 'branch-not-allowed' : 'invalid-reference'
      if (error.data?.code !== expected || error.data?.path !== concrete(item.field.path)) {
        accepted.push(`${item.path}.${item.method} ${item.field.path.join('.')} -> ${error.name} ${JSON.stringify(error.data)}`)
      }
    }
    expect(accepted).toEqual([])
  })

  it("accepts the caller's own company's records in those fields (the call goes on to its other checks)", async () => {
    const refused: string[] = []
    for (const item of cases) {
      const result = await write(own.client, item, dataAt(item.field.path, ownRecords[item.field.reference.service])).then(
        () => null,
        (error: { data?: { code?: string; path?: string } }) => error
      )
      const code = result?.data?.code
      if (result?.data?.path === concrete(item.field.path) && (code === 'invalid-reference' || code === 'branch-not-allowed')) {
        refused.push(`${item.path}.${item.method} ${item.field.path.join('.')}`)
      }
    }
    expect(refused).toEqual([])
  })

  it("the audit's case: a waiting-list entry with another company's doctor or services is refused whole, and nothing is written", async () => {
    const entry = { customerId: ownRecords.customers, dateFrom: '2030-02-01', dateTo: '2030-02-28', timeFrom: '09:00', timeTo: '18:00', duration: 30 }
    const before = await server.db('waiting_list').count({ total: '*' })
    for (const data of [{ ...entry, staffId: foreignRecords.users }, { ...entry, serviceIds: [ownRecords.service, foreignRecords.service] }]) {
      const error = await failure(own.client.service('waiting-list').create(data))
      expect(error.data).toMatchObject({ code: 'invalid-reference' })
    }
    expect(await server.db('waiting_list').count({ total: '*' })).toEqual(before)
    const created = await own.client.service('waiting-list').create(entry)
    expect((await failure(own.client.service('waiting-list').patch(created._id, { staffId: foreignRecords.users }))).data).toMatchObject({ code: 'invalid-reference', path: 'staffId' })
    expect((await failure(own.client.service('waiting-list').patch(created._id, { serviceIds: [foreignRecords.service] }))).data).toMatchObject({ code: 'invalid-reference', path: 'serviceIds.0' })
    expect(await own.client.service('waiting-list').get(created._id)).toMatchObject({ staffId: null, serviceIds: [] })
  })
})
