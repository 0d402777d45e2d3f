import { engines, failure, PASSWORD, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { roleId, signedInMember } from '../../../support/fixtures'
import type { UserData } from '../../../../../server/src/services/team/users/users.shared'

const publicFields = ['_id', 'first_name', 'last_name', 'middle_name', 'color', 'specialtyId', 'roleId', 'branchIds', 'acceptsAppointments', 'staticPrice', 'staticDuration', 'schedule'].sort()

/** A role that may only see its own profile (a variable, since the roles schema types grants loosely). */
const profileOnly = [{ resource: 'profile', view: true }]

describe.each(engines)('my-team on %s', (engine) => {
  let server: TestServer
  let owner: SignedIn
  let doctor: SignedIn
  let mainBranch: string
  let secondBranch: string
  let surgery: string
  const ids: Record<string, string> = {}

  /** A clinic of two branches: two doctors taking appointments, an assistant, an archived member. */
  beforeAll(async () => {
    server = await startServer(engine)
    owner = await server.registerClinic()
    mainBranch = owner.auth.branchIds[0]
    secondBranch = (await owner.client.service('branches').create({ name: 'Second' }))._id
    surgery = (await owner.client.service('specialty').create({ name: 'Surgery' }))._id
    const doctorRole = await roleId(owner, 'doctor')
    const add = async (key: string, data: Pick<UserData, 'last_name'> & Partial<UserData>) => {
      const member = await owner.client.service('users').create({
        email: `${key}.${Math.random().toString(36).slice(2, 8)}@clinic.test`,
        first_name: key,
        roleId: doctorRole,
        branchIds: [mainBranch],
        password: PASSWORD,
        ...data
      })
      ids[key] = member._id
    }
    await add('Aziz', { last_name: 'Bakirov', acceptsAppointments: true, specialtyId: surgery, staticPrice: 150000, staticDuration: 45, percentOfRevenue: 30 })
    await add('Malika', { last_name: 'Yusupova', acceptsAppointments: true, branchIds: [secondBranch] })
    await add('Olim', { last_name: 'Alimov', branchIds: [mainBranch, secondBranch] })
    await add('Gone', { last_name: 'Archived', archived: true })
    doctor = await server.signIn((await server.db('users').where({ _id: ids.Aziz }).first()).email)
    await server.registerClinic('Other')
  })
  afterAll(() => server.stop())

  it('lists the active team of the caller\'s company only, public fields only, sorted by last name', async () => {
    const team = await doctor.client.service('my-team').find()
    expect(team.total).toBe(4)
    expect(team.data.map((member) => member.last_name)).toEqual(['Alimov', 'Bakirov', owner.auth.user.last_name, 'Yusupova'])
    for (const member of team.data) expect(Object.keys(member).sort()).toEqual(publicFields)
    expect(team.data.find((member) => member._id === ids.Aziz)).toMatchObject({ staticPrice: 150000, staticDuration: 45, acceptsAppointments: true, specialtyId: surgery, branchIds: [mainBranch] })
  })

  it('filters by branch, by taking appointments and by specialty', async () => {
    const ofSecond = await doctor.client.service('my-team').find({ query: { branchId: secondBranch } })
    expect(ofSecond.data.map((member) => member.first_name).sort()).toEqual(['Malika', 'Olim'])
    const booking = await doctor.client.service('my-team').find({ query: { acceptsAppointments: true, branchId: mainBranch } })
    expect(booking.data.map((member) => member._id)).toEqual([ids.Aziz])
    expect((await doctor.client.service('my-team').find({ query: { specialtyId: surgery } })).data.map((member) => member._id)).toEqual([ids.Aziz])
    expect((await doctor.client.service('my-team').find({ query: { specialtyId: null } })).total).toBe(3)
  })

  it('sorts and pages, reporting the total before paging', async () => {
    const page = await doctor.client.service('my-team').find({ query: { $sort: { first_name: -1 }, $limit: 2, $skip: 1 } })
    expect(page).toMatchObject({ total: 4, limit: 2, skip: 1 })
    expect(page.data.map((member) => member.first_name)).toEqual(['Olim', 'Malika'])
  })

  it('gets one active colleague; an archived one or another company\'s person is not found', async () => {
    const member = await doctor.client.service('my-team').get(ids.Malika)
    expect(Object.keys(member).sort()).toEqual(publicFields)
    const stranger = await server.registerClinic('Stranger')
    for (const id of [ids.Gone, stranger.auth.user._id, 'nobody']) {
      expect(await failure(doctor.client.service('my-team').get(id))).toMatchObject({ name: 'NotFound', data: { code: 'not-found' } })
    }
    expect((await stranger.client.service('my-team').find()).data.map((person) => person._id)).toEqual([stranger.auth.user._id])
  })

  it('refuses unknown filters, operators and oversized pages', async () => {
    const queries: Array<Record<string, unknown>> = [
      { email: 'x@clinic.test' },
      { companyId: undefined, $or: [{ first_name: 'Aziz' }] },
      { branchId: { $ne: null } },
      { $limit: 100_000 },
      { $sort: { email: 1 } },
      { $select: ['email'] }
    ]
    for (const query of queries) {
      expect(await failure(doctor.client.service('my-team').find({ query }))).toMatchObject({ name: 'BadRequest' })
    }
  })

  it('needs the my-team view permission and a signed-in caller', async () => {
    const blind = await owner.client.service('roles').create({ name: 'No team', permissions: profileOnly })
    const outsider = await signedInMember(server, owner, { roleId: blind._id })
    expect(await failure(outsider.client.service('my-team').find())).toMatchObject({ name: 'Forbidden', data: { code: 'forbidden', resource: 'my-team', flag: 'view' } })
    expect(await failure(outsider.client.service('my-team').get(ids.Aziz))).toMatchObject({ name: 'Forbidden' })
    expect(await failure(server.connect().service('my-team').find())).toMatchObject({ name: 'NotAuthenticated' })
  })
})
