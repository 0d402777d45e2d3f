import { MIN_PASSWORD_LENGTH, confirmationProblem, passwordProblem } from '../../domain/validation/password'

describe('passwordProblem (spec section 5)', () => {
  it('accepts 8 characters with a number and a special character', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8)
    expect(passwordProblem('abcdef1!')).toBeNull()
    expect(passwordProblem('Correct-horse-7')).toBeNull()
  })

  it('asks for a password when it is missing, empty or not text', () => {
    for (const value of [undefined, null, '', 12345678, {}]) expect(passwordProblem(value)).toBe('field-required')
  })

  it('refuses fewer than 8 characters', () => {
    expect(passwordProblem('abcde1!')).toBe('password-too-short')
    expect(passwordProblem('a1!')).toBe('password-too-short')
  })

  it('refuses a password without a number', () => {
    expect(passwordProblem('abcdefg!')).toBe('password-needs-number')
  })

  it('refuses a password without a special character; letters of any alphabet and spaces are not special', () => {
    expect(passwordProblem('abcdefg1')).toBe('password-needs-special')
    expect(passwordProblem('пароль123')).toBe('password-needs-special')
    expect(passwordProblem('abc defg1')).toBe('password-needs-special')
    expect(passwordProblem('пароль12#')).toBeNull()
  })

  it('counts digits of other scripts as numbers', () => {
    expect(passwordProblem('abcdefg!٣')).toBeNull()
  })
})

describe('confirmationProblem', () => {
  it('passes only an exact repeat', () => {
    expect(confirmationProblem('Correct-horse-7', 'Correct-horse-7')).toBeNull()
    expect(confirmationProblem('Correct-horse-7', 'correct-horse-7')).toBe('passwords-do-not-match')
    expect(confirmationProblem('Correct-horse-7', 'Correct-horse-7 ')).toBe('passwords-do-not-match')
    expect(confirmationProblem('Correct-horse-7', undefined)).toBe('passwords-do-not-match')
  })
})
