import { MAX_DOMAIN_LABEL, MAX_EMAIL_LENGTH, MAX_EMAIL_LOCAL_PART, emailProblem, normalizeEmail } from '../../domain/validation/email'

const letters = (count: number, letter = 'a') => letter.repeat(count)

describe('emailProblem (spec section 5)', () => {
  it('accepts standard addresses', () => {
    for (const email of ['a@b.co', 'first.last@clinic.uz', 'name+tag@mail.example.com', "o'neil@x-ray.fi", 'UPPER@CASE.RU', '  padded@clinic.test  ']) {
      expect(emailProblem(email)).toBeNull()
    }
  })

  it('asks for an e-mail when it is missing, blank or not text', () => {
    for (const value of [undefined, null, '', '   ', 42]) expect(emailProblem(value)).toBe('email-required')
  })

  it('allows at most 254 characters in all', () => {
    expect(MAX_EMAIL_LENGTH).toBe(254)
    // 64 + 1 + (63 + 1 + 63 + 1 + 61) = 254
    const longest = `${letters(64)}@${letters(63, 'b')}.${letters(63, 'c')}.${letters(61, 'd')}`
    expect(longest).toHaveLength(254)
    expect(emailProblem(longest)).toBeNull()
    const tooLong = `${letters(64)}@${letters(63, 'b')}.${letters(63, 'c')}.${letters(62, 'd')}`
    expect(tooLong).toHaveLength(255)
    expect(emailProblem(tooLong)).toBe('invalid-email')
  })

  it('allows at most 64 characters before the @', () => {
    expect(MAX_EMAIL_LOCAL_PART).toBe(64)
    expect(emailProblem(`${letters(64)}@clinic.test`)).toBeNull()
    expect(emailProblem(`${letters(65)}@clinic.test`)).toBe('invalid-email')
  })

  it('allows at most 63 characters in each domain label', () => {
    expect(MAX_DOMAIN_LABEL).toBe(63)
    expect(emailProblem(`a@${letters(63, 'b')}.test`)).toBeNull()
    expect(emailProblem(`a@${letters(64, 'b')}.test`)).toBe('invalid-email')
    expect(emailProblem(`a@clinic.${letters(64, 't')}`)).toBe('invalid-email')
  })

  it('refuses what does not follow the address pattern', () => {
    const malformed = [
      'plainaddress', '@clinic.test', 'name@', 'name@@clinic.test', 'a@b@clinic.test', 'name@localhost',
      '.name@clinic.test', 'name.@clinic.test', 'na..me@clinic.test', 'na me@clinic.test', 'name@-clinic.test',
      'name@clinic-.test', 'name@clinic..test', 'name@.clinic.test', 'name@clinic.test.', 'name@clinic.t',
      'name@clinic.123', 'name@cli_nic.test', 'имя@clinic.test', 'name@клиника.рф', 'name(comment)@clinic.test'
    ]
    for (const email of malformed) expect([email, emailProblem(email)]).toEqual([email, 'invalid-email'])
  })
})

describe('normalizeEmail', () => {
  it('trims and lower-cases, since addresses compare case-insensitively', () => {
    expect(normalizeEmail('  Doctor.Who@Clinic.TEST ')).toBe('doctor.who@clinic.test')
  })
})
