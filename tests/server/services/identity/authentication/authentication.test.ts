import { engines, failure, PASSWORD, startServer, type TestServer } from '../../../support/harness'
import type { SignInResult } from '../../../../../server/src/services/identity/authentication/authentication.shared'

describe.each(engines)('sign-in on %s', (engine) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer(engine, { signInLimits: { perAccount: 3, perAddress: 100, perAccountTotal: 12, windowSeconds: 900 } })
  })
  afterAll(() => server.stop())

  it('signs in with e-mail and password and carries userId and exp in seconds in the token', async () => {
    const owner = await server.registerClinic()
    const payload = owner.auth.authentication.payload
    expect(payload.userId).toBe(owner.auth.user._id)
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000)
    expect(payload.exp).toBeLessThan(Date.now() / 1000 + 2 * 3600)
    expect(owner.auth.role.name).toBe('Administrator')
    // The key lets the interface show a default role in its own language.
    expect(owner.auth.role.key).toBe('administrator')
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

/**
 * Failures count per (account, address): a stranger's wrong passwords lock out only the
 * stranger's address. Limits here: 5 per pair, 12 per address, 12 per account from all
 * addresses (server/src/access/sign-in-throttle.ts). Each test uses its own addresses.
 */
describe.each(engines)('sign-in limits per account and address on %s', (engine) => {
  const trustProxyBefore = process.env.TRUST_PROXY
  let server: TestServer
  beforeAll(async () => {
    process.env.TRUST_PROXY = '1'
    server = await startServer(engine, { signInLimits: { perAccount: 5, perAddress: 12, perAccountTotal: 12, windowSeconds: 900 } })
  })
  afterAll(async () => {
    await server.stop()
    if (trustProxyBefore === undefined) delete process.env.TRUST_PROXY
    else process.env.TRUST_PROXY = trustProxyBefore
  })

  const signInFrom = (address: string, email: string, password = PASSWORD) =>
    server.connect({ address }).authenticate({ strategy: 'local', email, password }) as unknown as Promise<SignInResult>
  const failFrom = async (address: string, email: string, times: number) => {
    for (let attempt = 0; attempt < times; attempt += 1) {
      expect((await failure(signInFrom(address, email, 'Wrong-pass-1'))).name).toBe('NotAuthenticated')
    }
  }
  const refusal = async (attempt: Promise<unknown>) => {
    const error = (await failure(attempt)) as Awaited<ReturnType<typeof failure>> & { data?: { retryAfterSeconds?: number } }
    expect({ name: error.name, code: error.code, reason: error.data?.code }).toEqual({ name: 'TooManyRequests', code: 429, reason: 'too-many-attempts' })
    return error.data?.retryAfterSeconds
  }

  it('five wrong passwords from one address refuse that address only: another signs the account in at once', async () => {
    const owner = await server.registerClinic()
    await failFrom('198.51.100.1', owner.email, 5)
    const retryAfterSeconds = await refusal(signInFrom('198.51.100.1', owner.email))
    expect(retryAfterSeconds).toBeGreaterThan(0)
    expect(retryAfterSeconds).toBeLessThanOrEqual(900)
    expect((await signInFrom('198.51.100.2', owner.email)).user._id).toBe(owner.auth.user._id)
  })

  it('an address is refused after its own failures on the account; another address signing in does not lift it', async () => {
    const owner = await server.registerClinic()
    await failFrom('198.51.100.11', owner.email, 5)
    await failFrom('198.51.100.12', owner.email, 5)
    await refusal(signInFrom('198.51.100.12', owner.email))
    expect((await signInFrom('198.51.100.13', owner.email)).user._id).toBe(owner.auth.user._id)
    await refusal(signInFrom('198.51.100.11', owner.email))
    await refusal(signInFrom('198.51.100.12', owner.email))
  })

  it('a success clears the count of its own address on the account', async () => {
    const owner = await server.registerClinic()
    await failFrom('198.51.100.14', owner.email, 4)
    expect((await signInFrom('198.51.100.14', owner.email)).user._id).toBe(owner.auth.user._id)
    // Four more failures: eight in all, but counted from the success on, so still under five.
    await failFrom('198.51.100.14', owner.email, 4)
    expect((await signInFrom('198.51.100.14', owner.email)).user._id).toBe(owner.auth.user._id)
  })

  it('an address that failed 12 times across accounts is refused for any account, even with the right password', async () => {
    const owner = await server.registerClinic()
    for (const stranger of ['nobody1@clinic.test', 'nobody2@clinic.test', 'nobody3@clinic.test']) await failFrom('198.51.100.21', stranger, 4)
    await refusal(signInFrom('198.51.100.21', owner.email))
    expect((await signInFrom('198.51.100.22', owner.email)).user._id).toBe(owner.auth.user._id)
  })

  it('after 12 failures on one account from many addresses, every address that failed on it is refused; others still sign in', async () => {
    const owner = await server.registerClinic()
    // A guess spread thin: 4 failures from each of three addresses, none at its own limit of 5.
    for (const address of ['198.51.100.31', '198.51.100.32', '198.51.100.33']) await failFrom(address, owner.email, 4)
    await refusal(signInFrom('198.51.100.31', owner.email))
    // A new address gets one guess: after it fails, it is refused too.
    await failFrom('198.51.100.34', owner.email, 1)
    await refusal(signInFrom('198.51.100.34', owner.email))
    // The colleague at an address that never failed signs in.
    expect((await signInFrom('198.51.100.35', owner.email)).user._id).toBe(owner.auth.user._id)
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
