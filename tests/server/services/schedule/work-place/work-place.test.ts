import { engines, failure, nextEvent, receivesEvent, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'

/** `work-place`: chairs and rooms per branch, seen and managed within the caller's branches. */
describe.each(engines)('work places on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let other: SignedIn
  let branchA: string
  let branchB: string
  /** Manages work places, works in branch B only. */
  let managerB: SignedIn
  let doctorA: SignedIn
  let noAccess: SignedIn

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Chairs')
    other = await server.registerClinic('Other')
    branchA = admin.auth.branchIds[0]
    branchB = (await admin.client.service('branches').create({ name: 'Second' }))._id
    const manager = await admin.client.service('roles').create({ name: 'Branch manager', permissions: [{ resource: 'work-place', view: true, create: true, edit: true, delete: true }] })
    managerB = await signedInMember(server, admin, { roleId: manager._id, branchIds: [branchB] })
    doctorA = await signedInMember(server, admin, { role: 'doctor', branchIds: [branchA] })
    const none = await admin.client.service('roles').create({ name: 'No work places', permissions: [{ resource: 'customers', view: true }] })
    noAccess = await signedInMember(server, admin, { roleId: none._id, branchIds: [branchA] })
  })
  afterAll(() => server.stop())

  const places = (person: SignedIn) => person.client.service('work-place')
  const rows = () => server.db('work_places').orderBy('_id')

  it('creates chairs and rooms with defaults, ranked last within their branch', async () => {
    const chair = await places(admin).create({ name: ' Chair 1 ', branchId: branchA })
    expect(chair).toEqual({
      _id: expect.any(String),
      companyId: admin.auth.company._id,
      branchId: branchA,
      name: 'Chair 1',
      kind: 'chair',
      color: null,
      rank: 0,
      active: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      createdBy: admin.auth.user._id
    })
    const room = await places(admin).create({ name: 'X-ray room', kind: 'room', color: '#1677ff', branchId: branchA })
    expect(room).toMatchObject({ kind: 'room', rank: 1 })
    expect((await places(admin).create({ name: 'Chair 1', branchId: branchB })).rank).toBe(0)
    expect(await places(admin).patch(room._id, { active: false, name: 'X-ray' })).toMatchObject({ active: false, name: 'X-ray' })
  })

  it('fills the branch from the client\'s current branch, else the caller\'s first branch', async () => {
    expect((await places(managerB).create({ name: 'Filled by server' })).branchId).toBe(branchB)
    admin.client.set('currentBranchId', branchB)
    try {
      expect((await places(admin).create({ name: 'Filled by client' })).branchId).toBe(branchB)
    } finally {
      admin.client.set('currentBranchId', null)
    }
  })

  it('refuses a branch the caller does not work in, a bad kind, a blank name and a branch move, writing nothing', async () => {
    const chair = await places(admin).create({ name: 'Fixed chair', branchId: branchA })
    const before = await rows()
    expect((await failure(places(managerB).create({ name: 'Elsewhere', branchId: branchA }))).data).toMatchObject({ code: 'branch-not-allowed', path: 'branchId' })
    expect((await failure(places(admin).create({ name: 'Theirs', branchId: other.auth.branchIds[0] }))).data).toMatchObject({ code: 'branch-not-allowed', path: 'branchId' })
    expect((await failure(places(admin).create({ name: 'Sofa', kind: malformed('sofa'), branchId: branchA }))).data).toMatchObject({ path: 'kind' })
    expect((await failure(places(admin).create({ name: ' ', branchId: branchA }))).data).toMatchObject({ code: 'field-required', path: 'name' })
    expect((await failure(places(admin).patch(chair._id, malformed({ branchId: branchB })))).data).toMatchObject({ code: 'invalid-request', path: 'branchId' })
    expect((await failure(places(admin).create({ name: 'Fixed chair', branchId: branchA }))).name).toBe('Conflict')
    expect(await rows()).toEqual(before)
  })

  it('shows people only their branches\' work places; another branch\'s is not found', async () => {
    const inA = await places(admin).create({ name: 'Chair in A', branchId: branchA })
    const inB = await places(admin).create({ name: 'Chair in B', branchId: branchB })
    const seenByB = (await places(managerB).find({ query: { $limit: 500 } })).data
    expect(seenByB.every((row) => row.branchId === branchB)).toBe(true)
    expect(seenByB.map((row) => row._id)).toContain(inB._id)
    expect((await places(managerB).find({ query: { branchId: branchA } })).total).toBe(0)
    for (const error of await Promise.all([places(managerB).get(inA._id), places(managerB).patch(inA._id, { name: 'Taken' }), places(managerB).remove(inA._id)].map(failure))) {
      expect(error.name).toBe('NotFound')
    }
    expect((await places(doctorA).get(inA._id)).name).toBe('Chair in A')
    expect((await failure(places(doctorA).get(inB._id))).name).toBe('NotFound')
    // Seeing the whole company, the administrator lists both, filtered as asked, in rank order.
    const inBranchB = (await places(admin).find({ query: { branchId: branchB } })).data
    expect(inBranchB.map((row) => row.rank)).toEqual([...inBranchB.map((row) => row.rank)].sort((a, b) => a - b))
  })

  it('keeps companies apart', async () => {
    const theirs = await places(other).create({ name: 'Their chair' })
    for (const error of await Promise.all([places(admin).get(theirs._id), places(admin).patch(theirs._id, { name: 'Mine now' }), places(admin).remove(theirs._id)].map(failure))) {
      expect(error.name).toBe('NotFound')
    }
  })

  it('lets a doctor look but not change; a role without `work-place` is refused', async () => {
    const chair = await places(admin).create({ name: 'Look only', branchId: branchA })
    const before = await rows()
    for (const error of await Promise.all([places(doctorA).create({ name: 'Nope' }), places(doctorA).patch(chair._id, { name: 'Nope' }), places(doctorA).remove(chair._id)].map(failure))) {
      expect(error).toMatchObject({ name: 'Forbidden', data: { code: 'forbidden' } })
    }
    expect(await failure(places(noAccess).find())).toMatchObject({ name: 'Forbidden', data: { code: 'forbidden' } })
    expect(await rows()).toEqual(before)
  })

  it('moves a removed work place to trash', async () => {
    const chair = await places(admin).create({ name: 'Old chair', branchId: branchA })
    await places(admin).remove(chair._id)
    const [item] = (await admin.client.service('trash').find({ query: { service: 'work-place', recordId: chair._id } })).data
    expect(item).toMatchObject({ branchId: branchA, title: 'Old chair' })
  })

  it('tells the branch\'s people who may view work places, not other branches', async () => {
    const heardA = nextEvent<{ name: string }>(doctorA.client, 'work-place', 'created')
    const heardAdmin = nextEvent<{ name: string }>(admin.client, 'work-place', 'created')
    const notB = receivesEvent(managerB.client, 'work-place', 'created')
    const notPermitted = receivesEvent(noAccess.client, 'work-place', 'created')
    await places(admin).create({ name: 'Evented chair', branchId: branchA })
    expect((await heardA).name).toBe('Evented chair')
    expect((await heardAdmin).name).toBe('Evented chair')
    expect(await notB).toBe(false)
    expect(await notPermitted).toBe(false)
  })
})
