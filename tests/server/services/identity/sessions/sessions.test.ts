import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { disconnected, signedInMember, socketEvent, socketOf } from '../../../support/fixtures'

describe.each(engines)('sessions on %s', (engine) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer(engine)
  })
  afterAll(() => server.stop())

  const sessionRow = (id: string) => server.db('sessions').where({ _id: id }).first()

  it('shows a person their own sessions, marking the one in use as current', async () => {
    const owner = await server.registerClinic()
    const doctor = await signedInMember(server, owner)
    const doctorElsewhere = await server.signIn(doctor.email)
    const page = await doctor.client.service('sessions').find()
    const ids = page.data.map((session) => session._id).sort()
    expect(ids).toEqual([doctor.auth.sessionId, doctorElsewhere.auth.sessionId].sort())
    for (const session of page.data) {
      expect(session.userId).toBe(doctor.user._id)
      expect(session.current).toBe(session._id === doctor.auth.sessionId)
      expect(session).toHaveProperty('userAgent')
      expect(session).toHaveProperty('ip')
      expect(session).toHaveProperty('lastLogin')
      expect(session).toHaveProperty('lastAction')
    }
  })

  it('lets a person without seeAll see only their own sessions, even when asking for another user\'s', async () => {
    const owner = await server.registerClinic()
    const doctor = await signedInMember(server, owner)
    const page = await doctor.client.service('sessions').find({ query: { userId: owner.auth.user._id } })
    expect(page.data.map((session) => session.userId)).toEqual([doctor.user._id])
    const error = await failure(doctor.client.service('sessions').get(owner.auth.sessionId))
    expect(error.name).toBe('NotFound')
  })

  it('lets a person end another session of their own: its socket hears session-ended and is disconnected', async () => {
    const owner = await server.registerClinic()
    const doctor = await signedInMember(server, owner)
    const other = await server.signIn(doctor.email)
    const otherSocket = socketOf(other.client)
    const heard = socketEvent<{ sessionId: string }>(otherSocket, 'session-ended')
    const gone = disconnected(otherSocket)
    const ended = await doctor.client.service('sessions').remove(other.auth.sessionId)
    expect(ended.endedAt).toEqual(expect.any(String))
    expect(await heard).toEqual({ sessionId: other.auth.sessionId })
    await gone
    expect((await sessionRow(other.auth.sessionId)).endedAt).not.toBeNull()
    // The token of the ended session no longer opens anything.
    const again = await failure(server.connect().authenticate({ strategy: 'jwt', accessToken: other.auth.accessToken }))
    expect(again.name).toBe('NotAuthenticated')
    // The session in use goes on working.
    await expect(doctor.client.service('sessions').find()).resolves.toBeDefined()
  })

  it('signing out closes the other sockets of the same session (another tab) but answers the one signing out', async () => {
    const owner = await server.registerClinic()
    const doctor = await signedInMember(server, owner)
    const tab = server.connect()
    await tab.authenticate({ strategy: 'jwt', accessToken: doctor.auth.accessToken })
    const tabSocket = socketOf(tab)
    const heard = socketEvent<{ sessionId: string }>(tabSocket, 'session-ended')
    const gone = disconnected(tabSocket)
    let signingOutHeard = false
    socketOf(doctor.client).on('session-ended', () => (signingOutHeard = true))
    await doctor.client.logout()
    expect(await heard).toEqual({ sessionId: doctor.auth.sessionId })
    await gone
    expect(signingOutHeard).toBe(false)
    expect(socketOf(doctor.client).connected).toBe(true)
    expect((await sessionRow(doctor.auth.sessionId)).endedAt).not.toBeNull()
  })

  it('refuses to end the session in use through sessions.remove', async () => {
    const owner = await server.registerClinic()
    const error = await failure(owner.client.service('sessions').remove(owner.auth.sessionId))
    expect(error.name).toBe('BadRequest')
    expect((await sessionRow(owner.auth.sessionId)).endedAt).toBeNull()
    await expect(owner.client.service('roles').find()).resolves.toBeDefined()
  })

  it('refuses a member without delete on sessions ending a colleague\'s session', async () => {
    const owner = await server.registerClinic()
    const doctor = await signedInMember(server, owner)
    const colleague = await signedInMember(server, owner)
    // The doctor cannot even see it, so it is not found.
    const error = await failure(doctor.client.service('sessions').remove(colleague.auth.sessionId))
    expect(['NotFound', 'Forbidden']).toContain(error.name)
    expect((await sessionRow(colleague.auth.sessionId)).endedAt).toBeNull()
  })

  it('lets an administrator see the team\'s sessions and end a member\'s, whose open socket is closed and refused', async () => {
    const owner = await server.registerClinic()
    const doctor = await signedInMember(server, owner)
    const page = await owner.client.service('sessions').find({ query: { $limit: 100 } })
    expect(page.data.map((session) => session._id)).toEqual(expect.arrayContaining([owner.auth.sessionId, doctor.auth.sessionId]))
    expect(page.data.find((session) => session._id === doctor.auth.sessionId)?.current).toBe(false)

    const socket = socketOf(doctor.client)
    const heard = socketEvent(socket, 'session-ended')
    // On disconnect the Feathers client starts re-authenticating with its stored token, to be
    // sent once the socket reconnects; catch that attempt the moment it starts.
    const reauthentication = new Promise<{ attempt: ReturnType<typeof failure> }>((resolve) => {
      socket.once('disconnect', () => resolve({ attempt: failure(doctor.client.reAuthenticate()) }))
    })
    await owner.client.service('sessions').remove(doctor.auth.sessionId)
    await heard
    const { attempt } = await reauthentication
    expect(socket.connected).toBe(false)
    expect((await sessionRow(doctor.auth.sessionId)).endedBy).toBe(owner.auth.user._id)

    // Reconnecting: the re-authentication is refused.
    socket.connect()
    expect((await attempt).name).toBe('NotAuthenticated')
    // And so is the next call on that reconnected socket, and a new client with the same token.
    const late = await failure(doctor.client.service('roles').find())
    expect(late.name).toBe('NotAuthenticated')
    const fresh = await failure(server.connect().authenticate({ strategy: 'jwt', accessToken: doctor.auth.accessToken }))
    expect(fresh.name).toBe('NotAuthenticated')
  })

  it('refuses the next call on an ended session\'s socket even when that socket was never closed by the server', async () => {
    const owner = await server.registerClinic()
    const doctor = await signedInMember(server, owner)
    // End the session behind the server's back (as another instance would), without any event.
    await server.db('sessions').where({ _id: doctor.auth.sessionId }).update({ endedAt: new Date().toISOString() })
    const error = await failure(doctor.client.service('specialty').find())
    expect(error.name).toBe('NotAuthenticated')
  })

  it('emergency logout ends every session of the company except the caller\'s', async () => {
    const owner = await server.registerClinic()
    const ownerElsewhere = await server.signIn(owner.email)
    const doctor = await signedInMember(server, owner)
    const director = await signedInMember(server, owner, { role: 'director' })
    const otherClinic = await server.registerClinic()

    const sockets = [ownerElsewhere, doctor, director].map((person) => socketOf(person.client))
    const allGone = Promise.all(sockets.map((socket) => disconnected(socket)))
    const heard = Promise.all(sockets.map((socket) => socketEvent(socket, 'session-ended')))
    const result = await owner.client.service('force-logout').create({})
    expect(result.ended).toBe(3)
    await heard
    await allGone

    for (const person of [ownerElsewhere, doctor, director]) {
      expect((await sessionRow(person.auth.sessionId)).endedAt).not.toBeNull()
      const error = await failure(server.connect().authenticate({ strategy: 'jwt', accessToken: person.auth.accessToken }))
      expect(error.name).toBe('NotAuthenticated')
    }
    expect((await sessionRow(owner.auth.sessionId)).endedAt).toBeNull()
    await expect(owner.client.service('users').find()).resolves.toBeDefined()
    // Another clinic is untouched.
    expect((await sessionRow(otherClinic.auth.sessionId)).endedAt).toBeNull()
    await expect(otherClinic.client.service('users').find()).resolves.toBeDefined()
  })

  it('refuses emergency logout to a doctor (no force-logout permission) and ends nothing', async () => {
    const owner = await server.registerClinic()
    const doctor = await signedInMember(server, owner)
    const error = await failure(doctor.client.service('force-logout').create({}))
    expect(error.name).toBe('Forbidden')
    expect(error.data?.code).toBe('forbidden')
    const open = await server.db('sessions').where({ companyId: owner.auth.company._id }).whereNull('endedAt').count({ total: '*' })
    expect(Number(open[0].total)).toBe(2)
  })

  it('refuses emergency logout to someone not signed in', async () => {
    const error = await failure(server.connect().service('force-logout').create({}))
    expect(error.name).toBe('NotAuthenticated')
  })

  it('disabling login of a member ends their sessions and closes their open socket', async () => {
    const owner = await server.registerClinic()
    const doctor = await signedInMember(server, owner)
    const doctorElsewhere = await server.signIn(doctor.email)
    const socket = socketOf(doctor.client)
    const heard = socketEvent(socket, 'session-ended')
    const gone = disconnected(socket)
    await owner.client.service('users').patch(doctor.user._id, { allowLogin: false })
    await heard
    await gone
    await disconnected(socketOf(doctorElsewhere.client))
    for (const person of [doctor, doctorElsewhere]) {
      expect((await sessionRow(person.auth.sessionId)).endedAt).not.toBeNull()
      const error = await failure(server.connect().authenticate({ strategy: 'jwt', accessToken: person.auth.accessToken }))
      expect(error.name).toBe('NotAuthenticated')
    }
    const signIn = await failure(server.connect().authenticate({ strategy: 'local', email: doctor.email, password: 'Correct-horse-7' }))
    expect(signIn.message).toBe('Your access has been restricted, contact your administrator')
  })

  it('does not let a person of another company see or end this company\'s sessions', async () => {
    const owner = await server.registerClinic()
    const doctor = await signedInMember(server, owner)
    const stranger: SignedIn = await server.registerClinic()
    const page = await stranger.client.service('sessions').find({ query: { userId: doctor.user._id } })
    expect(page.data).toEqual([])
    const error = await failure(stranger.client.service('sessions').remove(doctor.auth.sessionId))
    expect(error.name).toBe('NotFound')
    expect((await sessionRow(doctor.auth.sessionId)).endedAt).toBeNull()
    await expect(doctor.client.service('specialty').find()).resolves.toBeDefined()
  })

  it('does not let anyone patch a session from outside', async () => {
    const owner = await server.registerClinic()
    const doctor = await signedInMember(server, owner)
    const sessions = owner.client.service('sessions') as unknown as { patch: (id: string, data: unknown) => Promise<unknown> }
    const error = await failure(sessions.patch(doctor.auth.sessionId, { endedAt: null }))
    expect(error.name).toBe('MethodNotAllowed')
  })
})
