import { accessRegistry } from '../../../server/src/access/access'
import { activityCodec } from '../../../server/src/hooks/activity-log'
import { permissionFlags } from '../../../domain/access/resources'
import { engines, failure, startServer, type SignedIn, type TestServer } from '../support/harness'
import { addMember, roleId, signedInMember, socketEvent, socketOf } from '../support/fixtures'

/**
 * `update` (spec section 7: "update (id, data)") is a full replacement of one record: checked
 * like a create (every required field present) and saved through the service's patch, so every
 * rule of a patch applies (access/replace.ts). Generated over the access registry: every service
 * whose declaration allows update needs a sample below; services that refuse it are checked in
 * access-table.test.ts.
 */
type Data = Record<string, unknown>
interface Sample {
  /** Makes a record of the clinic of `admin`; returns its id. */
  create(admin: SignedIn): Promise<string>
  /** A whole replacement, valid for the clinic of `admin`. */
  replacement(admin: SignedIn): Promise<Data> | Data
  /** A required field: left out, the update is refused; sent, the record holds its new value. */
  field: string
}

type Caller = { client: { service: (path: string) => { create: (data: Data) => Promise<{ _id: string }> } } }
const make = (path: string, data: (admin: SignedIn) => Promise<Data> | Data) => async (admin: SignedIn) =>
  (await (admin as unknown as Caller).client.service(path).create(await data(admin)))._id
/** Names are unique per company in most services: each record and replacement gets its own. */
let unique = 0
const next = () => (unique += 1)
const named = (path: string, extra: Data = {}): Sample => ({ create: make(path, () => ({ name: `A ${path} ${next()}`, ...extra })), replacement: () => ({ name: `Replaced ${path} ${next()}` }), field: 'name' })

const samples: Record<string, Sample> = {
  branches: named('branches'),
  customers: {
    create: make('customers', () => ({ first_name: 'Ann', last_name: 'Original' })),
    replacement: () => ({ first_name: 'Replaced', last_name: 'Customer' }),
    field: 'first_name'
  },
  // A custom field's type is fixed at creation: not part of a replacement.
  fields: named('fields', { type: 'text' }),
  // A note's customer is fixed at creation: a replacement is its text.
  notes: {
    create: make('notes', async (admin) => ({ customerId: (await make('customers', () => ({ first_name: 'Noted', last_name: 'Customer' }))(admin)), text: 'First text' })),
    replacement: () => ({ text: 'Replaced note' }),
    field: 'text'
  },
  roles: {
    create: make('roles', () => ({ name: `A role ${next()}`, permissions: [] })),
    replacement: () => ({ name: `Replaced role ${next()}`, permissions: [{ resource: 'customers', view: true }] }),
    field: 'name'
  },
  service: {
    create: make('service', () => ({ name: `A service ${next()}`, duration: 30, price: 1000 })),
    replacement: () => ({ name: `Replaced service ${next()}`, duration: 45 }),
    field: 'name'
  },
  // An own ICD code: a replacement names its code and titles (the parent, when left out, stays).
  icd: {
    create: make('icd', () => ({ code: `X${next()}`, titles: { en: 'An own code' } })),
    replacement: () => ({ code: `Y${next()}`, titles: { ru: 'Заменённый код' } }),
    field: 'code'
  },
  cdb: {
    create: make('cdb', () => ({ titles: { en: `A complaint ${next()}` } })),
    replacement: () => ({ titles: { ru: `Заменённая жалоба ${next()}` } }),
    field: 'titles'
  },
  'service-categories': named('service-categories'),
  sources: named('sources'),
  specialty: named('specialty'),
  tags: named('tags'),
  'time-templates': {
    create: make('time-templates', () => ({ name: `A day ${next()}`, intervals: [{ start: '08:00', end: '12:00' }] })),
    replacement: () => ({ name: `Replaced day ${next()}`, intervals: [{ start: '09:00', end: '17:00' }] }),
    field: 'name'
  },
  users: {
    create: async (admin) => (await addMember(admin)).user._id,
    replacement: async (admin) => {
      return { email: `replaced${next()}.${Date.now()}@clinic.test`, first_name: 'Replaced', last_name: 'Member', roleId: await roleId(admin, 'doctor'), branchIds: admin.auth.branchIds }
    },
    field: 'first_name'
  },
  // A work place's branch is fixed at creation.
  'work-place': { ...named('work-place'), create: make('work-place', (admin) => ({ name: `A chair ${next()}`, branchId: admin.auth.branchIds[0] })) },
  // The clinical dictionaries (issue 14): the company's own entries are replaced whole.
  odb: named('odb'),
  'diagnose-objectively': named('diagnose-objectively'),
  manipulations: named('manipulations'),
  presets: named('presets'),
  // Issue 15: a bundle and a treatment template are replaced whole (name and lines).
  bundle: {
    create: make('bundle', async (admin) => ({ name: `A bundle ${next()}`, items: [{ serviceId: await make('service', () => ({ name: `In a bundle ${next()}`, duration: 30 }))(admin), quantity: 1 }] })),
    replacement: async (admin) => ({ name: `Replaced bundle ${next()}`, items: [{ serviceId: await make('service', () => ({ name: `Replacing ${next()}`, duration: 15 }))(admin), quantity: 2 }] }),
    field: 'name'
  },
  'treatment-templates': {
    create: make('treatment-templates', async (admin) => ({
      name: `A template ${next()}`,
      phases: [{ items: [{ serviceId: await make('service', () => ({ name: `In a template ${next()}`, duration: 30 }))(admin), quantity: 1 }] }]
    })),
    replacement: async (admin) => ({
      name: `Replaced template ${next()}`,
      phases: [{ title: 'Replaced', items: [{ serviceId: await make('service', () => ({ name: `Replacing ${next()}`, duration: 15 }))(admin), quantity: 1 }] }]
    }),
    field: 'name'
  },
  // Issue 17: a text template is replaced whole (title, text and where it is offered).
  'text-templates': {
    create: make('text-templates', () => ({ title: `A snippet ${next()}`, content: 'First text', offeredIn: 'exam' })),
    replacement: () => ({ title: `Replaced snippet ${next()}`, content: 'Replaced text' }),
    field: 'content'
  },
  // Issue 17: a task is replaced whole (every field of its form).
  tasks: {
    create: make('tasks', (admin) => ({ kind: 'user-reminder', description: 'First task', assigneeId: admin.auth.user._id, startAt: '2031-05-01T09:00:00.000Z', dueAt: '2031-05-02T09:00:00.000Z' })),
    replacement: (admin) => ({ kind: 'user-reminder', description: `Replaced task ${next()}`, assigneeId: admin.auth.user._id, startAt: '2031-05-01T09:00:00.000Z', dueAt: '2031-05-03T09:00:00.000Z' }),
    field: 'description'
  }
}

const offering = () => [...accessRegistry].filter(([, declaration]) => declaration.methods.update).map(([path]) => path).sort()

type Service = {
  update: (id: string, data: Data) => Promise<Data & { _id: string }>
  get: (id: string) => Promise<Data>
}
const serviceOf = (person: SignedIn, path: string) => (person.client as unknown as { service: (path: string) => Service }).service(path)

describe.each(engines)('update, a full replacement, on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let other: SignedIn

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic()
    other = await server.registerClinic('Other')
    for (const person of [admin, other]) person.client.set('currentBranchId', person.auth.branchIds[0])
  })
  afterAll(() => server.stop())

  it('is allowed on exactly the services sampled here, each needing the edit flag of its resource', () => {
    expect(offering()).toEqual(Object.keys(samples).sort())
    for (const path of offering()) {
      const rule = accessRegistry.get(path)!.methods.update!
      expect([path, 'flag' in rule ? rule.flag : rule]).toEqual([path, 'edit'])
      expect([path, accessRegistry.get(path)!.methods.patch]).toEqual([path, rule])
    }
  })

  describe.each(Object.keys(samples).sort())('%s', (path) => {
    const sample = samples[path]

    it('replaces the record, answers with it, emits `updated` (not `patched`) and logs one `update`', async () => {
      const id = await sample.create(admin)
      const data = await sample.replacement(admin)
      const socket = socketOf(admin.client)
      const updated = socketEvent<Data>(socket, `${path} updated`)
      let patchedEvents = 0
      const countPatched = () => (patchedEvents += 1)
      socket.on(`${path} patched`, countPatched)
      try {
        const answer = await serviceOf(admin, path).update(id, data)
        expect([answer._id, answer[sample.field]]).toEqual([id, data[sample.field]])
        expect((await updated)._id).toBe(id)
        expect((await serviceOf(admin, path).get(id))[sample.field]).toEqual(data[sample.field])
        await new Promise((resolve) => setTimeout(resolve, 100))
        expect(patchedEvents).toBe(0)
      } finally {
        socket.off(`${path} patched`, countPatched)
      }
      const rows = await server.db('user_activities').where({ service: path, recordId: id, method: 'update' })
      expect(rows).toHaveLength(1)
      const changes = activityCodec.fromDb<{ changes: Record<string, { to?: unknown }> }>(rows[0]).changes
      expect(changes[sample.field]?.to).toEqual(data[sample.field])
      expect(await server.db('user_activities').where({ service: path, recordId: id, method: 'patch' })).toHaveLength(0)
    })

    it('is refused like a create when a required field is missing, and changes nothing', async () => {
      const id = await sample.create(admin)
      const before = await serviceOf(admin, path).get(id)
      const { [sample.field]: _left, ...partial } = await sample.replacement(admin)
      const error = await failure(serviceOf(admin, path).update(id, partial))
      expect([error.name, error.data?.path]).toEqual(['BadRequest', sample.field])
      expect(error.data?.code).toMatch(/required$/)
      expect(await serviceOf(admin, path).get(id)).toEqual(before)
    })

    it('needs the edit permission: a role holding every other flag is Forbidden', async () => {
      const id = await sample.create(admin)
      const rule = accessRegistry.get(path)!.methods.update!
      const resource = 'resource' in rule ? rule.resource : ''
      const flags = Object.fromEntries(permissionFlags.filter((flag) => flag !== 'edit').map((flag) => [flag, true]))
      const role = await admin.client.service('roles').create({ name: `All but edit on ${path} ${next()}`, permissions: [{ resource, ...flags }] })
      const member = await signedInMember(server, admin, { roleId: role._id })
      const error = await failure(serviceOf(member, path).update(id, await sample.replacement(admin)))
      expect([error.name, error.data?.code]).toEqual(['Forbidden', 'forbidden'])
      const anonymous = await failure((server.connect() as unknown as { service: (path: string) => Service }).service(path).update(id, await sample.replacement(admin)))
      expect(anonymous.name).toBe('NotAuthenticated')
    })

    it('does not find a record of another company', async () => {
      const id = await sample.create(admin)
      const before = await serviceOf(admin, path).get(id)
      const error = await failure(serviceOf(other, path).update(id, await sample.replacement(other)))
      expect([error.name, error.data?.code]).toEqual(['NotFound', 'not-found'])
      expect(await serviceOf(admin, path).get(id)).toEqual(before)
    })
  })
})
