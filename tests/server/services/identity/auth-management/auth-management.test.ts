import { createHash } from 'node:crypto'
import type { Socket } from 'socket.io-client'
import type { ClientApplication } from '../../../../../server/src/client'
import { engines, failure, PASSWORD, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { Mailbox } from '../../../support/mailbox'
import { signedInMember, socketEvent } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import type { AuthManagementAction } from '../../../../../server/src/services/identity/auth-management/auth-management.shared'

const NEW_PASSWORD = 'Brand-new-pass-9'
const FROM = 'Clinic <no-reply@clinic.test>'

const socketOf = (client: ClientApplication) => (client as unknown as { io: Socket }).io
const closed = (socket: Socket, ms = 3000) =>
  new Promise<void>((resolve, reject) => {
    if (!socket.connected) return resolve()
    const timer = setTimeout(() => reject(new Error('socket still open')), ms)
    socket.once('disconnect', () => (clearTimeout(timer), resolve()))
  })
const tokenFrom = (text: string) => {
  const match = /http:\/\/localhost:3030\/login\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)
  if (!match) throw new Error(`no reset link in: ${text}`)
  return match[1]
}
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

describe.each(engines)('authManagement on %s', (engine) => {
  let server: TestServer
  let mailbox: Mailbox
  beforeAll(async () => {
    mailbox = await new Mailbox().start()
    server = await startServer(engine, { smtp: { url: mailbox.url, from: FROM } })
  })
  afterAll(async () => {
    await server.stop()
    await mailbox.stop()
  })

  const manage = (action: AuthManagementAction, value: Record<string, unknown>, client: ClientApplication = server.connect()) =>
    client.service('authManagement').create({ action, value })

  /** Asks for a reset link for `email` and returns the token from the mail that arrives. */
  async function resetToken(email: string) {
    const before = mailbox.countTo(email)
    expect(await manage('sendResetPwd', { email: email.toUpperCase() })).toEqual({ sent: true })
    for (let waited = 0; mailbox.countTo(email) === before && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20))
    const mails = mailbox.received.filter((mail) => mail.to.includes(email))
    return { mail: mails[mails.length - 1], token: tokenFrom(mails[mails.length - 1].text) }
  }

  describe('forgotten password', () => {
    it('mails a single-use link, resets the password with it, signs in anew and ends the old sessions', async () => {
      const owner = await server.registerClinic()
      const oldSocket = socketOf(owner.client)
      const oldHash = (await server.db('users').where({ _id: owner.auth.user._id }).first()).password
      await server.db('users').where({ _id: owner.auth.user._id }).update({ locale: 'en' })
      const { mail, token } = await resetToken(owner.email)
      expect(mail.subject).toBe('Reset your password')
      expect(mail.text).toContain('Hello, Owner!')
      expect(mail.text).toContain('60 minutes')

      // Only the token's hash is stored.
      const rows = await server.db('password_resets').where({ userId: owner.auth.user._id })
      expect(rows).toHaveLength(1)
      expect(rows[0].tokenHash).toBe(sha256(token))
      expect(JSON.stringify(rows)).not.toContain(token)

      const gone = closed(oldSocket)
      expect(await manage('resetPwdLong', { token, password: NEW_PASSWORD })).toEqual({ changed: true })
      await gone
      const sessions = await server.db('sessions').where({ userId: owner.auth.user._id })
      expect(sessions.every((session: { endedAt: unknown }) => session.endedAt)).toBe(true)

      const signedIn = await server.signIn(owner.email, NEW_PASSWORD)
      expect(signedIn.auth.user._id).toBe(owner.auth.user._id)
      expect((await failure(server.connect().authenticate({ strategy: 'local', email: owner.email, password: PASSWORD }))).data?.code).toBe('invalid-login')
      expect((await server.db('users').where({ _id: owner.auth.user._id }).first()).previousPassword).toBe(oldHash)

      const again = await failure(manage('resetPwdLong', { token, password: 'Another-pass-3' }))
      expect(again).toMatchObject({ name: 'BadRequest', message: 'Invalid link', data: { code: 'invalid-link' } })
    })

    it('answers {sent: true} for an unknown e-mail too, and sends nothing', async () => {
      const email = `nobody.${Date.now()}@clinic.test`
      expect(await manage('sendResetPwd', { email })).toEqual({ sent: true })
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(mailbox.countTo(email)).toBe(0)
    })

    it('refuses an expired link and an unknown one with "Invalid link"', async () => {
      const owner = await server.registerClinic()
      const { token } = await resetToken(owner.email)
      await server.db('password_resets').where({ tokenHash: sha256(token) }).update({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      for (const attempt of [token, 'made-up-token']) {
        const error = await failure(manage('resetPwdLong', { token: attempt, password: NEW_PASSWORD }))
        expect(error).toMatchObject({ name: 'BadRequest', message: 'Invalid link', data: { code: 'invalid-link' } })
      }
      await server.signIn(owner.email, PASSWORD)
    })

    it('checks the new password and writes nothing when it is refused: the link still works afterwards', async () => {
      const owner = await server.registerClinic()
      const { token } = await resetToken(owner.email)
      const weak = await failure(manage('resetPwdLong', { token, password: 'short1!' }))
      expect(weak).toMatchObject({ name: 'BadRequest', data: { code: 'password-too-short', path: 'password' } })
      const same = await failure(manage('resetPwdLong', { token, password: PASSWORD }))
      expect(same).toMatchObject({ name: 'BadRequest', data: { code: 'password-same-as-previous', path: 'password' } })
      expect((await server.db('password_resets').where({ tokenHash: sha256(token) }).first()).usedAt).toBeNull()
      expect((await server.db('sessions').where({ _id: owner.auth.sessionId }).first()).endedAt).toBeNull()
      expect(await manage('resetPwdLong', { token, password: NEW_PASSWORD })).toEqual({ changed: true })
    })

    it('spends older links when the password is reset', async () => {
      const owner = await server.registerClinic()
      const first = await resetToken(owner.email)
      const second = await resetToken(owner.email)
      await manage('resetPwdLong', { token: second.token, password: NEW_PASSWORD })
      expect((await failure(manage('resetPwdLong', { token: first.token, password: 'Another-pass-3' }))).data?.code).toBe('invalid-link')
    })

    it('writes the mail in the person\'s language (ru1 reads Russian), else the company\'s', async () => {
      const owner = await server.registerClinic()
      await server.db('users').where({ _id: owner.auth.user._id }).update({ locale: 'ru1' })
      expect((await resetToken(owner.email)).mail.subject).toBe('Восстановление пароля')
      await server.db('users').where({ _id: owner.auth.user._id }).update({ locale: 'fi' })
      expect((await resetToken(owner.email)).mail.text).toContain('Hei Owner!')
      await server.db('users').where({ _id: owner.auth.user._id }).update({ locale: null })
      await server.db('companies').where({ _id: owner.auth.company._id }).update({ locale: 'uz' })
      expect((await resetToken(owner.email)).mail.subject).toBe('Parolni tiklash')
    })

    it('throttles reset requests per e-mail with 429 "Too many attempts, try again later"', async () => {
      const email = `flood.${Date.now()}@clinic.test`
      for (let attempt = 0; attempt < 5; attempt += 1) await manage('sendResetPwd', { email })
      const error = await failure(manage('sendResetPwd', { email: ` ${email.toUpperCase()} ` }))
      expect(error).toMatchObject({ name: 'TooManyRequests', code: 429, message: 'Too many attempts, try again later', data: { code: 'too-many-attempts' } })
    })
  })

  describe('password change', () => {
    const change = (person: SignedIn, value: Record<string, unknown>) =>
      manage('passwordChange', { oldPassword: PASSWORD, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD, ...value }, person.client)

    it('changes the password, keeps this session and ends the others', async () => {
      const owner = await server.registerClinic()
      const elsewhere = await server.signIn(owner.email)
      const gone = closed(socketOf(elsewhere.client))
      expect(await change(owner, {})).toEqual({ changed: true })
      await gone
      expect((await owner.client.service('roles').find()).total).toBe(4)
      await server.signIn(owner.email, NEW_PASSWORD)
      // Going back to the password just replaced is refused.
      const back = await failure(manage('passwordChange', { oldPassword: NEW_PASSWORD, password: PASSWORD, passwordConfirmation: PASSWORD }, owner.client))
      expect(back).toMatchObject({ name: 'BadRequest', data: { code: 'password-same-as-previous', path: 'password' } })
    })

    it('refuses a wrong current password, a mismatched confirmation, a weak or unchanged password, each at its field', async () => {
      const owner = await server.registerClinic()
      const cases: Array<[Record<string, unknown>, string, string, string]> = [
        [{ oldPassword: 'Wrong-pass-1' }, 'current-password-incorrect', 'oldPassword', 'Current password is incorrect'],
        [{ passwordConfirmation: 'Something-else-1' }, 'passwords-do-not-match', 'passwordConfirmation', 'Passwords do not match'],
        [{ password: 'nodigits!!', passwordConfirmation: 'nodigits!!' }, 'password-needs-number', 'password', 'Password must contain a number'],
        [{ password: PASSWORD, passwordConfirmation: PASSWORD }, 'password-same-as-previous', 'password', 'New password must differ from the previous one'],
        [{ password: '' }, 'field-required', 'password', 'This field is required']
      ]
      for (const [value, code, path, message] of cases) {
        const error = await failure(change(owner, value))
        expect(error).toMatchObject({ name: 'BadRequest', message, data: { code, path } })
      }
      await server.signIn(owner.email, PASSWORD)
    })

    it('stops guessing the current password after 5 wrong tries with 429', async () => {
      const owner = await server.registerClinic()
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await failure(change(owner, { oldPassword: `Wrong-pass-${attempt}` }))).data?.code).toBe('current-password-incorrect')
      }
      expect(await failure(change(owner, {}))).toMatchObject({ name: 'TooManyRequests', code: 429, data: { code: 'too-many-attempts' } })
      await server.signIn(owner.email, PASSWORD)
    })

    it('needs a signed-in caller', async () => {
      const error = await failure(manage('passwordChange', { oldPassword: PASSWORD, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD }))
      expect(error).toMatchObject({ name: 'NotAuthenticated', data: { code: 'not-authenticated' } })
    })
  })

  // Spec section 5 and issue 11 item 3: every password change takes the same path.
  describe('set through users.patch', () => {
    it('by an administrator for a member: ends all their sessions, spends their links, and the new password signs in', async () => {
      const admin = await server.registerClinic()
      const member = await signedInMember(server, admin)
      const { token } = await resetToken(member.email)
      const socket = socketOf(member.client)
      const heard = socketEvent(socket, 'session-ended')
      const gone = closed(socket)

      await admin.client.service('users').patch(member.user._id, { password: NEW_PASSWORD })
      await heard
      await gone
      const oldToken = await failure(server.connect().authenticate({ strategy: 'jwt', accessToken: member.auth.accessToken }))
      expect(oldToken.name).toBe('NotAuthenticated')
      expect(await failure(manage('resetPwdLong', { token, password: 'Another-pass-3' }))).toMatchObject({ name: 'BadRequest', data: { code: 'invalid-link' } })
      expect((await server.signIn(member.email, NEW_PASSWORD)).auth.user._id).toBe(member.user._id)
      // The administrator's own session is untouched.
      await expect(admin.client.service('users').get(member.user._id)).resolves.toHaveProperty('_id', member.user._id)
      // The activity log has the call, never the password.
      const entries = await server.db('user_activities').where({ recordId: member.user._id })
      expect(entries.length).toBeGreaterThan(0)
      expect(JSON.stringify(entries)).not.toContain(NEW_PASSWORD)
    })

    it('by an administrator: the password rules refuse at password and nothing of the patch is written', async () => {
      const admin = await server.registerClinic()
      const member = await signedInMember(server, admin)
      const users = admin.client.service('users')
      const cases: Array<[string, string]> = [
        ['short1!', 'password-too-short'],
        [PASSWORD, 'password-same-as-previous']
      ]
      for (const [password, code] of cases) {
        const error = await failure(users.patch(member.user._id, { first_name: 'Renamed', password }))
        expect(error).toMatchObject({ name: 'BadRequest', data: { code, path: 'password' } })
      }
      await users.patch(member.user._id, { password: NEW_PASSWORD })
      // The password just replaced is the previous one now, and is refused too.
      expect(await failure(users.patch(member.user._id, { first_name: 'Renamed', password: PASSWORD }))).toMatchObject({ data: { code: 'password-same-as-previous', path: 'password' } })
      // A patch that fails after the password rules (a taken e-mail) leaves the password as it was.
      expect((await failure(users.patch(member.user._id, { email: admin.email, password: 'Third-pass-77' }))).name).toBe('Conflict')
      expect((await server.db('users').where({ _id: member.user._id }).first()).first_name).toBe(member.user.first_name)
      // Another company's administrator finds no such member, and learns nothing about their password.
      const stranger = await server.registerClinic()
      expect(await failure(stranger.client.service('users').patch(member.user._id, { password: NEW_PASSWORD }))).toMatchObject({ name: 'NotFound' })
      await server.signIn(member.email, NEW_PASSWORD)
    })

    it('refuses one\'s own password, which needs the current one (Profile → Security); nothing changes', async () => {
      const admin = await server.registerClinic()
      const manager = await signedInMember(server, admin, { role: 'administrator' })
      const error = await failure(manager.client.service('users').patch(manager.user._id, { first_name: 'Self', password: NEW_PASSWORD }))
      expect(error).toMatchObject({
        name: 'BadRequest',
        message: 'Change your own password in your profile, with your current password',
        data: { code: 'own-password-in-profile', path: 'password' }
      })
      expect(await manager.client.service('users').get(manager.user._id)).toMatchObject({ first_name: manager.user.first_name })
      expect(socketOf(manager.client).connected).toBe(true)
      await server.signIn(manager.email, PASSWORD)
    })

    it('is not possible through profile', async () => {
      const admin = await server.registerClinic()
      const member = await signedInMember(server, admin)
      const error = await failure(member.client.service('profile').patch('me', malformed({ password: NEW_PASSWORD })))
      expect(error).toMatchObject({ name: 'BadRequest', data: { path: 'password' } })
      await server.signIn(member.email, PASSWORD)
    })
  })

  describe('checkUnique and requests', () => {
    it('tells the sign-up form whether an e-mail is free', async () => {
      const owner = await server.registerClinic()
      expect(await manage('checkUnique', { email: owner.email.toUpperCase() })).toEqual({ unique: false })
      expect(await manage('checkUnique', { email: `free.${Date.now()}@clinic.test` })).toEqual({ unique: true })
    })

    it('refuses an unknown action, a malformed value and other methods', async () => {
      expect(await failure(manage(malformed('verifySignupLong'), { token: 'x' }))).toMatchObject({ name: 'BadRequest', data: { code: 'invalid-request', path: 'action' } })
      expect(await failure(manage('sendResetPwd', {}))).toMatchObject({ name: 'BadRequest', data: { code: 'email-required', path: 'email' } })
      expect(await failure(manage('resetPwdLong', { token: 'x', password: NEW_PASSWORD, extra: 1 }))).toMatchObject({ name: 'BadRequest', data: { path: 'extra' } })
      expect(await failure(manage('checkUnique', { email: { $ne: null } }))).toMatchObject({ name: 'BadRequest', data: { path: 'email' } })
      const raw = server.rawSocket()
      const answer = await new Promise<{ name?: string }>((resolve) => raw.emit('find', 'authManagement', {}, (error: { name?: string }) => resolve(error)))
      expect(answer.name).toBe('MethodNotAllowed')
    })
  })
})

describe.each(engines)('authManagement without SMTP on %s', (engine) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer(engine)
  })
  afterAll(() => server.stop())

  it('still answers {sent: true}, stores the link and logs that mail is not configured, without the token', async () => {
    const owner = await server.registerClinic()
    const logger = server.app.get('logger')
    const info = jest.spyOn(logger, 'info')
    const warn = jest.spyOn(logger, 'warn')
    expect(await server.connect().service('authManagement').create({ action: 'sendResetPwd', value: { email: owner.email } })).toEqual({ sent: true })
    await new Promise((resolve) => setTimeout(resolve, 100))
    const logged = JSON.stringify([...info.mock.calls, ...warn.mock.calls])
    expect(logged).toContain('mail is not configured')
    expect(logged).not.toMatch(/token=|reset-password/)
    expect(await server.db('password_resets').where({ userId: owner.auth.user._id })).toHaveLength(1)
  })
})

describe.each(engines)('authManagement through a relay that offers STARTTLS on %s', (engine) => {
  let mailbox: Mailbox
  beforeAll(async () => {
    mailbox = await new Mailbox({ offerStartTls: true }).start()
  })
  afterAll(() => mailbox.stop())

  /** Registers a clinic on a server using `smtpUrl` and asks for a reset link for its owner. */
  async function requestOn(smtpUrl: string) {
    const server = await startServer(engine, { smtp: { url: smtpUrl, from: FROM } })
    try {
      const owner = await server.registerClinic()
      const warn = jest.spyOn(server.app.get('logger'), 'warn')
      await server.connect().service('authManagement').create({ action: 'sendResetPwd', value: { email: owner.email } })
      const mail = await mailbox.mailTo(owner.email, 2000).catch(() => null)
      if (!mail) for (let waited = 0; warn.mock.calls.length === 0 && waited < 3000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50))
      return { mail, warnings: JSON.stringify(warn.mock.calls) }
    } finally {
      await server.stop()
    }
  }

  it('fails on its self-signed certificate (logged without the token) unless the URL says ignoreTLS=true', async () => {
    const strict = await requestOn(mailbox.url)
    expect(strict.mail).toBeNull()
    expect(strict.warnings).toContain('could not send password reset mail')
    expect(strict.warnings).not.toMatch(/token=|reset-password/)

    const relaxed = await requestOn(`${mailbox.url}?ignoreTLS=true`)
    expect(relaxed.mail?.text).toMatch(/\/login\/reset-password\?token=/)
  })
})
