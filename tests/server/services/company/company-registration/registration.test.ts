import { engines, failure, PASSWORD, startServer, type TestServer } from '../../../support/harness'
import { tableCounts } from '../../../support/fixtures'
import type { RegistrationData } from '../../../../../server/src/services/company/company-registration/company-registration.shared'
import { malformed } from '../../../support/malformed'

let counter = 0
function validRegistration(overrides: Record<string, unknown> = {}) {
  counter += 1
  return {
    companyName: `Smile Dental ${counter}`,
    phone: '+998 90 123 45 67',
    email: `registrant${counter}.${Math.random().toString(36).slice(2, 8)}@clinic.test`,
    first_name: 'Dilnoza',
    last_name: 'Karimova',
    password: PASSWORD,
    ...overrides
  }
}

describe.each(engines)('company registration on %s', (engine) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer(engine)
  })
  afterAll(() => server.stop())

  const register = (data: RegistrationData) => server.connect().service('company-registration').create(data)

  /** Runs a registration that must fail, and proves it wrote nothing. */
  async function refused(data: Record<string, unknown>) {
    const before = await tableCounts(server)
    const error = await failure(register(malformed(data)))
    expect(await tableCounts(server)).toEqual(before)
    return error
  }

  it('creates the company, its main branch, the four default roles and the administrator', async () => {
    const data = validRegistration({ email: `  New.Owner${counter}@Clinic.TEST ` })
    const result = await register(data)
    const companyId = result.companyId
    const company = await server.db('companies').where({ _id: companyId }).first()
    expect(company.name).toBe(data.companyName)
    const branches = await server.db('branches').where({ companyId })
    expect(branches).toHaveLength(1)
    expect(Boolean(branches[0].isMain)).toBe(true)
    expect(branches[0]._id).toBe(result.branchId)
    // Named in the language the clinic signed up in (Russian when not said).
    expect(branches[0].name).toBe('Основной филиал')
    const roles = await server.db('roles').where({ companyId }).orderBy('name')
    expect(roles.map((role) => role.name)).toEqual(['Administrator', 'Director', 'Doctor', 'Finance manager'])
    const users = await server.db('users').where({ companyId })
    expect(users).toHaveLength(1)
    const admin = users[0]
    expect(admin._id).toBe(result.userId)
    expect(admin.email).toBe(String(data.email).trim().toLowerCase())
    expect(result.email).toBe(admin.email)
    expect(admin.roleId).toBe(roles.find((role) => role.name === 'Administrator')._id)
    expect(admin.password).toMatch(/^\$argon2id\$/)
    expect(JSON.stringify(result)).not.toContain('argon2')

    // The administrator signs in and manages the new clinic.
    const signedIn = await server.signIn(admin.email)
    expect(signedIn.auth.role.name).toBe('Administrator')
    expect(signedIn.auth.branchIds).toEqual([result.branchId])
    const team = await signedIn.client.service('users').find()
    expect(team.data.map((user) => user._id)).toEqual([admin._id])
  })

  const required: Array<[string, string]> = [
    ['companyName', 'Company name is required'],
    ['phone', 'Phone is required'],
    ['email', 'Email is required'],
    ['first_name', 'First name is required'],
    ['last_name', 'Last name is required']
  ]

  it.each(required)('answers a missing %s with "%s" at that field', async (field, message) => {
    const data: Record<string, unknown> = validRegistration()
    delete data[field]
    const error = await refused(data)
    expect(error.name).toBe('BadRequest')
    expect(error.message).toBe(message)
    expect(error.data?.path).toBe(field)
  })

  it.each(required)('answers an empty or blank %s with "%s" at that field', async (field, message) => {
    for (const blank of ['', '   ']) {
      const error = await refused(validRegistration({ [field]: blank }))
      expect([blank, error.name, error.message, error.data?.path]).toEqual([blank, 'BadRequest', message, field])
    }
  })

  it('names the main branch in the language of the sign-up', async () => {
    for (const [locale, name] of [['en', 'Main branch'], ['uz', 'Asosiy filial'], ['fi', 'Päätoimipiste']] as const) {
      const result = await register(validRegistration({ email: `branch-${locale}-${counter}@clinic.test`, locale }))
      expect((await server.db('branches').where({ _id: result.branchId }).first('name')).name).toBe(name)
    }
  })

  it('answers "Invalid email" for a malformed address', async () => {
    for (const email of ['not-an-email', 'a@b', 'a@@clinic.test', 'a b@clinic.test', `${'x'.repeat(65)}@clinic.test`, `a@${'d'.repeat(64)}.test`]) {
      const error = await refused(validRegistration({ email }))
      expect([email, error.name, error.message, error.data?.path]).toEqual([email, 'BadRequest', 'Invalid email', 'email'])
    }
  })

  it('answers "Invalid phone number" for a malformed phone', async () => {
    for (const phone of ['12', 'call me', '+998 90 abc 45 67', '1234567890123456']) {
      const error = await refused(validRegistration({ phone }))
      expect([phone, error.name, error.message, error.data?.path]).toEqual([phone, 'BadRequest', 'Invalid phone number', 'phone'])
    }
  })

  it('rejects weak passwords with the rule they break', async () => {
    const cases: Array<[string, string]> = [
      ['Ab1!', 'Password must be at least 8 characters'],
      ['NoDigits-here', 'Password must contain a number'],
      ['NoSpecial123', 'Password must contain a special character']
    ]
    for (const [password, message] of cases) {
      const error = await refused(validRegistration({ password }))
      expect([password, error.name, error.message, error.data?.path]).toEqual([password, 'BadRequest', message, 'password'])
    }
  })

  it('rejects a confirmation that does not match', async () => {
    const error = await refused(validRegistration({ passwordConfirmation: 'Other-horse-7' }))
    expect([error.message, error.data?.path]).toEqual(['Passwords do not match', 'passwordConfirmation'])
  })

  it('answers "Email is already registered" for a used e-mail, in any letter case', async () => {
    const first = validRegistration()
    await register(first)
    for (const email of [first.email, first.email.toUpperCase(), ` ${first.email} `]) {
      const error = await refused(validRegistration({ email }))
      expect([email, error.name, error.message, error.data?.path]).toEqual([email, 'Conflict', 'Email is already registered', 'email'])
    }
  })

  it('rejects fields it does not know (no owner flag, no subscription, no role from outside)', async () => {
    for (const extra of [{ isOwner: true }, { subscriptionEndsAt: null }, { roleId: 'x' }, { companyId: 'x' }]) {
      const error = await refused(validRegistration(extra))
      expect(error.name).toBe('BadRequest')
    }
  })

  it('leaves nothing behind when the last write of the registration fails', async () => {
    // Make the administrator's insert fail inside the database, after company, branch and roles.
    if (engine === 'sqlite') {
      await server.db.raw(`create trigger explode before insert on users when new.first_name = 'Explode' begin select raise(abort, 'exploded'); end`)
    } else {
      await server.db.raw(`create function explode() returns trigger language plpgsql as $$ begin if new.first_name = 'Explode' then raise exception 'exploded'; end if; return new; end $$`)
      await server.db.raw(`create trigger explode before insert on users for each row execute function explode()`)
    }
    try {
      const error = await refused(validRegistration({ first_name: 'Explode', companyName: 'Half Written' }))
      expect(error.name).toBe('GeneralError')
      expect(JSON.stringify(error)).not.toContain('exploded')
      expect(await server.db('companies').where({ name: 'Half Written' }).first()).toBeUndefined()
    } finally {
      await server.db.raw(engine === 'sqlite' ? 'drop trigger explode' : 'drop trigger explode on users')
    }
    // And registration works again afterwards.
    await expect(register(validRegistration())).resolves.toHaveProperty('companyId')
  })

  it('needs no sign-in, and a signed-in caller cannot use it to add a company to someone else', async () => {
    const owner = await server.registerClinic()
    const result = await owner.client.service('company-registration').create(validRegistration())
    expect(result.companyId).not.toBe(owner.auth.company._id)
    const company = await server.db('users').where({ _id: owner.auth.user._id }).first()
    expect(company.companyId).toBe(owner.auth.company._id)
  })
})
