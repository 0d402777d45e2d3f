import { engines, failure, receivesEvent, nextEvent, startServer, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'

describe.each(engines)('profile on %s', (engine) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer(engine)
  })
  afterAll(() => server.stop())

  it("gets the caller's own record by 'me' or by their id, without the password hashes", async () => {
    const owner = await server.registerClinic()
    const me = await owner.client.service('profile').get('me')
    expect(me._id).toBe(owner.auth.user._id)
    expect(me.email).toBe(owner.email)
    expect(me).not.toHaveProperty('password')
    expect(me).not.toHaveProperty('previousPassword')
    expect(await owner.client.service('profile').get(owner.auth.user._id)).toEqual(me)
  })

  it("answers not found for a colleague's id, another company's person and ids that are not ids", async () => {
    const owner = await server.registerClinic()
    const doctor = await signedInMember(server, owner, { role: 'doctor' })
    const stranger = await server.registerClinic('Other')
    for (const id of [owner.auth.user._id, stranger.auth.user._id, 'someone']) {
      expect(await failure(doctor.client.service('profile').get(id))).toMatchObject({ name: 'NotFound', data: { code: 'not-found' } })
      expect(await failure(doctor.client.service('profile').patch(id, { first_name: 'Hacked' }))).toMatchObject({ name: 'NotFound' })
    }
    expect((await server.db('users').where({ _id: owner.auth.user._id }).first()).first_name).toBe('Owner')
  })

  it('lets anyone signed in change their own name, phone, language and colour, and tells their own devices', async () => {
    const owner = await server.registerClinic()
    const doctor = await signedInMember(server, owner, { role: 'doctor' })
    const doctorElsewhere = await server.signIn(doctor.email)
    const heard = nextEvent<Record<string, unknown>>(doctorElsewhere.client, 'profile', 'patched')
    const colleagueHears = receivesEvent(owner.client, 'profile', 'patched')

    const patched = await doctor.client.service('profile').patch('me', {
      first_name: ' Dilnoza ',
      last_name: 'Karimova',
      middle_name: 'Akmalovna',
      phone: '+998 (90) 111-22-33',
      locale: 'uz',
      color: '#ff0000'
    })
    expect(patched).toMatchObject({ first_name: 'Dilnoza', last_name: 'Karimova', middle_name: 'Akmalovna', phone: '998901112233', locale: 'uz', color: '#ff0000' })
    expect(patched).not.toHaveProperty('password')
    const event = await heard
    expect(event).toMatchObject({ _id: doctor.user._id, first_name: 'Dilnoza' })
    expect(event).not.toHaveProperty('password')
    expect(event).not.toHaveProperty('previousPassword')
    expect(await colleagueHears).toBe(false)
  })

  it('refuses fields a person may not change about themselves, and writes nothing', async () => {
    const owner = await server.registerClinic()
    const doctor = await signedInMember(server, owner, { role: 'doctor' })
    const before = await server.db('users').where({ _id: doctor.user._id }).first()
    const refused: Array<Record<string, unknown>> = [
      { email: 'new@clinic.test' },
      { roleId: before.roleId },
      { allowLogin: false },
      { password: 'Another-pass-3' },
      { percentOfRevenue: 90 },
      { branchIds: [] },
      { first_name: 'Ok', archived: true }
    ]
    for (const data of refused) {
      const error = await failure(doctor.client.service('profile').patch('me', data))
      expect(error).toMatchObject({ name: 'BadRequest', data: { path: Object.keys(data).pop() } })
    }
    expect(await server.db('users').where({ _id: doctor.user._id }).first()).toEqual(before)
  })

  it('checks the fields it accepts, with the spec messages at each field', async () => {
    const owner = await server.registerClinic()
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ first_name: '' }, 'first-name-required', 'first_name'],
      [{ first_name: '   ' }, 'first-name-required', 'first_name'],
      [{ last_name: ' ' }, 'last-name-required', 'last_name'],
      [{ phone: '12ab' }, 'invalid-phone', 'phone'],
      [{ color: 'red' }, 'invalid-request', 'color'],
      [{ locale: 'de' }, 'invalid-request', 'locale']
    ]
    for (const [data, code, path] of cases) {
      expect(await failure(owner.client.service('profile').patch('me', data))).toMatchObject({ name: 'BadRequest', data: { code, path } })
    }
    expect(await failure(owner.client.service('profile').get('me', { query: { email: owner.email } }))).toMatchObject({ name: 'BadRequest' })
  })

  it('needs a signed-in caller and offers only get and patch', async () => {
    expect(await failure(server.connect().service('profile').get('me'))).toMatchObject({ name: 'NotAuthenticated' })
    const owner = await server.registerClinic()
    const raw = server.rawSocket()
    await new Promise((resolve) => raw.emit('create', 'authentication', { strategy: 'jwt', accessToken: owner.auth.accessToken }, resolve))
    for (const [method, args] of [['find', [{}]], ['remove', ['me', {}]]] as const) {
      const error = await new Promise<{ name?: string }>((resolve) => raw.emit(method, 'profile', ...args, (answer: { name?: string }) => resolve(answer)))
      expect(error.name).toBe('MethodNotAllowed')
    }
  })
})
