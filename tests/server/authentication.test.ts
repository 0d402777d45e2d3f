import { engines, failure, PASSWORD, startServer, type TestServer } from './harness'

describe.each(engines)('sign-in on %s', (engine) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer(engine, { signInLimits: { perAccount: 3, perAddress: 100, windowSeconds: 900 } })
  })
  afterAll(() => server.stop())

  it('signs in with e-mail and password and carries userId and exp in seconds in the token', async () => {
    const owner = await server.registerClinic()
    const payload = owner.auth.authentication.payload
    expect(payload.userId).toBe(owner.auth.user._id)
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000)
    expect(payload.exp).toBeLessThan(Date.now() / 1000 + 2 * 3600)
    expect(owner.auth.role.name).toBe('Administrator')
    expect(owner.auth.user).not.toHaveProperty('password')
  })

  it('signs in again with the token alone (jwt strategy) without opening a new session', async () => {
    const owner = await server.registerClinic()
    const again = server.connect()
    const result = (await again.authenticate({ strategy: 'jwt', accessToken: owner.auth.accessToken })) as unknown as typeof owner.auth
    expect(result.user._id).toBe(owner.auth.user._id)
    expect(result.sessionId).toBe(owner.auth.sessionId)
  })

  it('answers "Invalid login" for a wrong password and for an unknown e-mail alike', async () => {
    const owner = await server.registerClinic()
    const wrong = await failure(server.connect().authenticate({ strategy: 'local', email: owner.email, password: 'Wrong-pass-1' }))
    const unknown = await failure(server.connect().authenticate({ strategy: 'local', email: 'nobody@clinic.test', password: PASSWORD }))
    for (const error of [wrong, unknown]) {
      expect(error.name).toBe('NotAuthenticated')
      expect(error.message).toBe('Invalid login')
      expect(error.data?.code).toBe('invalid-login')
    }
  })

  it('answers "Missing credentials" when the e-mail or password is missing', async () => {
    const error = await failure(server.connect().authenticate({ strategy: 'local', email: 'a@clinic.test' }))
    expect(error.name).toBe('BadRequest')
    expect(error.message).toBe('Missing credentials')
  })

  it('throttles repeated failures on one account with 429 "Too many attempts, try again later"', async () => {
    const owner = await server.registerClinic()
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await failure(server.connect().authenticate({ strategy: 'local', email: owner.email, password: 'Wrong-pass-1' }))
    }
    const throttled = await failure(server.connect().authenticate({ strategy: 'local', email: owner.email, password: PASSWORD }))
    expect(throttled.name).toBe('TooManyRequests')
    expect(throttled.code).toBe(429)
    expect(throttled.message).toBe('Too many attempts, try again later')
  })

  it('refuses a person whose login is disabled with the restricted-access message', async () => {
    const owner = await server.registerClinic()
    const doctorRole = (await owner.client.service('roles').find({ query: { key: 'doctor' } })).data[0]
    await owner.client.service('users').create({
      email: `doc.${Date.now()}@clinic.test`,
      first_name: 'Doc',
      last_name: 'Tor',
      roleId: doctorRole._id,
      branchIds: owner.auth.branchIds,
      password: PASSWORD,
      allowLogin: false
    })
    const members = await owner.client.service('users').find({ query: { first_name: 'Doc' } })
    const error = await failure(server.connect().authenticate({ strategy: 'local', email: members.data[0].email, password: PASSWORD }))
    expect(error.name).toBe('Forbidden')
    expect(error.message).toBe('Your access has been restricted, contact your administrator')
  })

  it('refuses sign-in after the subscription ended, and warns with the date before it ends', async () => {
    const expired = await server.registerClinic()
    await server.db('companies').where({ _id: expired.auth.company._id }).update({ subscriptionEndsAt: new Date(Date.now() - 1000).toISOString() })
    const error = await failure(server.connect().authenticate({ strategy: 'local', email: expired.email, password: PASSWORD }))
    expect(error.name).toBe('PaymentError')
    expect(error.data?.code).toBe('account-expired')
    // Its open socket is refused on the next call too.
    const late = await failure(expired.client.service('roles').find())
    expect(late.name).toBe('PaymentError')

    const soon = await server.registerClinic()
    const endsAt = new Date(Date.now() + 3 * 86_400_000).toISOString()
    await server.db('companies').where({ _id: soon.auth.company._id }).update({ subscriptionEndsAt: endsAt })
    const signedIn = await server.signIn(soon.email)
    expect(signedIn.auth.warning).toEqual({ code: 'account-expiring', date: endsAt })
  })

  it('signing out ends the session, so the token no longer works', async () => {
    const owner = await server.registerClinic()
    const token = owner.auth.accessToken
    await owner.client.logout()
    const error = await failure(server.connect().authenticate({ strategy: 'jwt', accessToken: token }))
    expect(error.name).toBe('NotAuthenticated')
  })

  it('rejects a forged or malformed token', async () => {
    const error = await failure(server.connect().authenticate({ strategy: 'jwt', accessToken: 'not.a.token' }))
    expect(error.name).toBe('NotAuthenticated')
  })
})

describe.each(engines)('token expiry on %s', (engine) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer(engine, { tokenLifetime: '2s' })
  })
  afterAll(() => server.stop())

  // Verified tokens are remembered to spare the CPU (authentication.class.ts): never past their expiry.
  it('refuses a token that was verified on earlier calls once it has expired', async () => {
    const owner = await server.registerClinic()
    await owner.client.service('roles').find()
    const authentication = server.app.service('authentication') as unknown as { verifyAccessToken: (token: string) => Promise<{ userId: string }> }
    expect((await authentication.verifyAccessToken(owner.auth.accessToken)).userId).toBe(owner.auth.user._id)
    const expiresAtMs = owner.auth.authentication.payload.exp * 1000
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAtMs - Date.now()) + 300))
    await expect(authentication.verifyAccessToken(owner.auth.accessToken)).rejects.toMatchObject({ name: 'NotAuthenticated' })
    const again = await failure(server.connect().authenticate({ strategy: 'jwt', accessToken: owner.auth.accessToken }))
    expect(again.name).toBe('NotAuthenticated')
  })

  it('refuses a token whose signature was changed, even after the genuine one was verified', async () => {
    const owner = await server.registerClinic()
    await owner.client.service('roles').find()
    const [header, payload, signature] = owner.auth.accessToken.split('.')
    const forged = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`
    const error = await failure(server.connect().authenticate({ strategy: 'jwt', accessToken: forged }))
    expect(error.name).toBe('NotAuthenticated')
  })
})
