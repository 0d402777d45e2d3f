import type { TrashItem, TrashSummary } from '../../../../../server/src/services/audit/trash/trash.shared'
import { recordServiceAt, trashServices } from '../../../../../server/src/services/audit/trash/trash-access'
import { trashCodec } from '../../../../../server/src/services/audit/trash/trash-rows'
import { RecordService, recordOptions } from '../../../../../server/src/services/record.class'
import { newId, now } from '../../../../../server/src/hooks/ids'
import { permissionResources } from '../../../../../domain/access/resources'
import { engines, failure, nextEvent, receivesEvent, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { addDoctor, booking, openClinic, type Clinic } from '../../../support/appointment-fixtures'
import { anyService, unuseAnyService, useAnyService } from '../../../support/any-service'

type Page<T> = { total: number; data: T[] }
type Scope = { branch?: object; owner?: { field: string }; customer?: { field: string } }
const scopeAt = (server: TestServer, path: string) => (recordServiceAt(server.app, path) as unknown as { scope?: Scope }).scope

/**
 * The trash applies each record's own service's scope (issue 11, audit item 4): what a person's
 * find and get of that service would not show, the trash neither lists, gets, restores, purges
 * nor announces to them. The rules are checked over every trash-able service of the registry,
 * so a new service is held to them on the day it is registered.
 */
describe.each(engines)('trash scope on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let doctorB: SignedIn & { user: { _id: string } }
  let counter = 0
  const unique = (prefix: string) => `${prefix} ${++counter} ${Math.random().toString(36).slice(2, 6)}`

  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
    doctorB = await addDoctor(server, clinic)
  })
  afterAll(() => server.stop())

  const trashOf = (person: SignedIn) => person.client.service('trash')
  const listed = async (person: SignedIn, query: Record<string, unknown>) => ((await trashOf(person).find({ query: { $limit: 500, ...query } })) as Page<TrashItem>).data
  const expectNotFound = async (person: SignedIn, itemId: string) => {
    for (const call of [trashOf(person).get(itemId), trashOf(person).patch(itemId, { restore: true }), trashOf(person).remove(itemId)]) {
      expect((await failure(call)).name).toBe('NotFound')
    }
  }

  it("keeps another doctor's removed appointment from a doctor without seeAll: not listed, got, restored, purged or heard", async () => {
    const { admin, doctor: doctorA } = clinic
    const appointment = await admin.client.service('appointment').create(booking(clinic, '2031-03-04', '10:00', { staffId: doctorB.user._id }))
    const aHears = receivesEvent(doctorA.client, 'trash', 'created', 1500)
    const bHears = nextEvent<TrashSummary>(doctorB.client, 'trash', 'created')
    const adminHears = nextEvent<TrashSummary>(admin.client, 'trash', 'created')
    await admin.client.service('appointment').remove(appointment._id)
    expect((await bHears).recordId).toBe(appointment._id)
    expect((await adminHears).recordId).toBe(appointment._id)
    expect(await aHears).toBe(false)

    const [item] = await listed(admin, { recordId: appointment._id })
    expect(item).toMatchObject({ service: 'appointment', ownerId: doctorB.user._id, branchId: clinic.branchId })
    expect(await listed(doctorA, { recordId: appointment._id })).toEqual([])
    expect(await listed(doctorA, { service: 'appointment' })).toEqual([])
    await expectNotFound(doctorA, item._id)
    expect((await listed(doctorB, { recordId: appointment._id })).map((found) => found._id)).toEqual([item._id])
    await expect(trashOf(doctorB).get(item._id)).resolves.toMatchObject({ recordId: appointment._id })

    // The restore is announced (`removed`) to those who saw the item, not to doctor A.
    const aHearsRestore = receivesEvent(doctorA.client, 'trash', 'removed', 1500)
    const bHearsRestore = nextEvent<TrashSummary>(doctorB.client, 'trash', 'removed')
    await trashOf(admin).patch(item._id, { restore: true })
    expect((await bHearsRestore)._id).toBe(item._id)
    expect(await aHearsRestore).toBe(false)
    await expect(admin.client.service('appointment').get(appointment._id)).resolves.toMatchObject({ staffId: doctorB.user._id })
  })

  it('lets the owning doctor restore and purge their own removed appointment', async () => {
    const appointment = await clinic.admin.client.service('appointment').create(booking(clinic, '2031-03-05', '11:00', { staffId: doctorB.user._id }))
    await clinic.admin.client.service('appointment').remove(appointment._id)
    const [item] = await listed(doctorB, { recordId: appointment._id })
    await trashOf(doctorB).patch(item._id, { restore: true })
    await clinic.admin.client.service('appointment').remove(appointment._id)
    const [again] = await listed(doctorB, { recordId: appointment._id })
    await expectNotFound(clinic.doctor, again._id)
    await trashOf(clinic.admin).remove(again._id)
    expect(await server.db('trash').where({ recordId: appointment._id }).first()).toBeUndefined()
  })

  it("refuses a removed note of a customer the caller cannot see, whatever branch the note itself was written in", async () => {
    const { admin } = clinic
    const north = await admin.client.service('branches').create({ name: unique('North') })
    const customer = await admin.client.service('customers').create({ first_name: 'Nora', last_name: unique('North'), branchId: north._id })
    const note = await admin.client.service('notes').create({ customerId: customer._id, text: 'Fragile', branchId: clinic.branchId })
    await admin.client.service('notes').remove(note._id)
    const [item] = await listed(admin, { recordId: note._id })
    const role = await admin.client.service('roles').create({ name: unique('Notes'), permissions: [{ resource: 'notes', view: true, create: true, delete: true }, { resource: 'customers', view: true }] })
    const southerner = await signedInMember(server, admin, { roleId: role._id, branchIds: [clinic.branchId] })
    await expectNotFound(southerner, item._id)
    expect(await server.db('notes').where({ _id: note._id }).first()).toBeUndefined()
    // A note written in the customer's own branch (the default) is theirs who see that customer.
    const usual = await admin.client.service('notes').create({ customerId: customer._id, text: 'Usual' })
    await admin.client.service('notes').remove(usual._id)
    const [usualItem] = await listed(admin, { recordId: usual._id })
    await expectNotFound(southerner, usualItem._id)
    const northerner = await signedInMember(server, admin, { roleId: role._id, branchIds: [north._id] })
    await expect(trashOf(northerner).get(usualItem._id)).resolves.toMatchObject({ recordId: usual._id })
    await trashOf(northerner).patch(usualItem._id, { restore: true })
    expect(await server.db('notes').where({ _id: usual._id }).first()).toBeDefined()
  })

  describe('every trash-able service', () => {
    /** A member of the clinic's first branch who may view, restore and purge everything, with no seeAll anywhere. */
    let member: SignedIn & { user: { _id: string } }
    let north: { _id: string }
    let southCustomer: string
    let northCustomer: string

    beforeAll(async () => {
      const { admin } = clinic
      const permissions = permissionResources.map((resource) => ({ resource, view: true, create: true, delete: true }))
      const role = await admin.client.service('roles').create({ name: unique('Everything, own branch'), permissions })
      member = await signedInMember(server, admin, { roleId: role._id, branchIds: [clinic.branchId] })
      north = await admin.client.service('branches').create({ name: unique('North') })
      southCustomer = clinic.customerId
      northCustomer = (await admin.client.service('customers').create({ first_name: 'Far', last_name: 'Away', branchId: north._id }))._id
    })

    /** Services whose records sit in a branch or belong to someone, without a scope that says so. */
    async function undeclaredScopes(): Promise<string[]> {
      const missing: string[] = []
      for (const path of trashServices(server.app)) {
        const scope = scopeAt(server, path)
        const columns = await server.db(recordServiceAt(server.app, path)!.table).columnInfo()
        if (!scope) missing.push(`${path}: no scope`)
        else if ('branchId' in columns && !scope.branch && !scope.customer) missing.push(`${path}: branchId without a branch rule`)
        else if (scope.owner && !(scope.owner.field in columns)) missing.push(`${path}: owner ${scope.owner.field} is no column`)
      }
      return missing
    }

    it('declares a branch rule for every per-branch table', async () => {
      expect(trashServices(server.app)).toEqual(expect.arrayContaining(['appointment', 'customers', 'notes', 'work-place', 'waiting-list']))
      expect(await undeclaredScopes()).toEqual([])
    })

    it('holds a newly registered per-branch service to the rule until it declares its scope', async () => {
      await server.db.schema.createTable('branch_things', (table) => {
        table.string('_id', 36).primary()
        table.string('companyId', 36)
        table.string('branchId', 36)
      })
      try {
        useAnyService(server.app, 'branch-things', new RecordService(recordOptions(server.app, 'branch_things')))
        expect(await undeclaredScopes()).toEqual(['branch-things: branchId without a branch rule'])
        await unuseAnyService(server.app, 'branch-things')
        useAnyService(server.app, 'branch-things', new RecordService(recordOptions(server.app, 'branch_things', { scope: { branch: {} } })))
        expect(await undeclaredScopes()).toEqual([])
      } finally {
        if ((server.app.services as unknown as Record<string, unknown>)['branch-things']) await unuseAnyService(server.app, 'branch-things')
        await server.db.schema.dropTable('branch_things')
      }
    })

    it("declares exactly the branch and owner rules its own find applies", async () => {
      const mismatches: string[] = []
      for (const path of trashServices(server.app)) {
        const scope = scopeAt(server, path) ?? {}
        const service = recordServiceAt(server.app, path)! as unknown as { _find: (params: { query: Record<string, unknown> }) => Promise<unknown> }
        let query: Record<string, unknown> | undefined
        const spy = jest.spyOn(service, '_find').mockImplementation(async (params) => {
          query = params.query
          return { total: 0, limit: 10, skip: 0, data: [] }
        })
        try {
          const sent = scope.customer ? { [scope.customer.field]: southCustomer } : {}
          await anyService(member.client, path).find({ query: sent })
        } catch (error) {
          // Services a person cannot list (their own profile, the company) have no find to compare.
          if ((error as { name?: string }).name !== 'MethodNotAllowed') mismatches.push(`${path}: find failed with ${(error as Error).message}`)
          continue
        } finally {
          spy.mockRestore()
        }
        const branchRuled = query?.branchId !== undefined
        if (!scope.customer && branchRuled !== Boolean(scope.branch)) mismatches.push(`${path}: find ${branchRuled ? 'applies' : 'lacks'} a branch rule, the scope ${scope.branch ? 'declares' : 'does not'}`)
        const ownerFields = Object.keys(query ?? {}).filter((field) => query![field] === member.user._id)
        if (ownerFields.join() !== (scope.owner?.field ?? '')) mismatches.push(`${path}: find keeps [${ownerFields}] to the caller, the scope declares [${scope.owner?.field ?? ''}]`)
      }
      expect(mismatches).toEqual([])
    })

    it('neither lists, gets, restores, purges nor announces items outside their service\'s scope', async () => {
      const self = member.user._id
      const someoneElse = clinic.admin.auth.user._id
      const heard = new Set<string>()
      ;(member.client.service('trash') as unknown as { on: (event: string, listener: (item: TrashSummary) => void) => void }).on('created', (item) => heard.add(item.recordId))
      const expected = new Map<string, boolean>()
      const rows: Array<Record<string, unknown>> = []
      for (const path of trashServices(server.app)) {
        const scope = scopeAt(server, path) ?? {}
        const cases = [
          { branchId: north._id, owner: someoneElse, customer: northCustomer, visible: !scope.branch && !scope.customer },
          { branchId: clinic.branchId, owner: someoneElse, customer: southCustomer, visible: !scope.owner },
          { branchId: clinic.branchId, owner: self, customer: southCustomer, visible: true }
        ]
        for (const one of cases) {
          const recordId = newId()
          const record: Record<string, unknown> = { _id: recordId, companyId: clinic.admin.auth.company._id, branchId: one.branchId }
          if (scope.owner) record[scope.owner.field] = one.owner
          if (scope.customer) record[scope.customer.field] = one.customer
          const followed = scope.customer ? { customerId: one.customer } : {}
          const row = {
            _id: newId(),
            companyId: record.companyId,
            branchId: one.branchId,
            ...(scope.owner ? { ownerId: one.owner } : {}),
            ...followed,
            service: path,
            recordId,
            title: `${path} ${recordId}`,
            record,
            deletedBy: someoneElse,
            deletedAt: now()
          }
          await server.db('trash').insert(trashCodec.toDb(row))
          rows.push(row)
          expected.set(recordId, one.visible)
        }
      }
      for (const row of rows) server.app.service('trash').emit('created', row)

      const seen = new Set((await listed(member, { deletedBy: someoneElse })).map((item) => item.recordId))
      const wrongly = (set: Set<string>) => [...expected].filter(([recordId, visible]) => set.has(recordId) !== visible).map(([recordId]) => rows.find((row) => row.recordId === recordId)!.title)
      expect(wrongly(seen)).toEqual([])
      for (const row of rows.filter((one) => !expected.get(one.recordId as string))) await expectNotFound(member, row._id as string)
      await new Promise((resolve) => setTimeout(resolve, 1000))
      expect(wrongly(heard)).toEqual([])
    })
  })
})
