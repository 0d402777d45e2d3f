import { formatPhone, normalizePhone, phoneProblem } from '../../domain/validation/phone'

describe('formatPhone (spec section 5: +###(##) ###-##-##)', () => {
  it('formats a 12-digit number whatever way it was typed', () => {
    for (const typed of ['998901234567', '+998901234567', '+998 (90) 123-45-67', '998 90 123 45 67']) {
      expect(formatPhone(typed)).toBe('+998(90) 123-45-67')
    }
  })

  it('matches the mask character for character', () => {
    expect(formatPhone('998711112233')).toMatch(/^\+\d{3}\(\d{2}\) \d{3}-\d{2}-\d{2}$/)
  })

  it('shows other lengths as + and digits instead of forcing them into the mask', () => {
    expect(formatPhone('+7 916 123-45-67')).toBe('+79161234567')
    expect(formatPhone('358401234567890')).toBe('+358401234567890')
  })

  it('shows nothing for an empty number', () => {
    expect(formatPhone('')).toBe('')
    expect(formatPhone(' - ')).toBe('')
  })
})

describe('normalizePhone', () => {
  it('keeps digits only', () => {
    expect(normalizePhone('+998 (90) 123-45-67')).toBe('998901234567')
  })
})

describe('phoneProblem', () => {
  it('accepts 7 to 15 digits with spaces, plus, brackets and hyphens', () => {
    for (const phone of ['1234567', '+998 (90) 123-45-67', '123456789012345']) expect(phoneProblem(phone)).toBeNull()
  })

  it('asks for a phone when it is missing or blank', () => {
    for (const value of [undefined, '', '  ', 998901234567]) expect(phoneProblem(value)).toBe('phone-required')
  })

  it('refuses letters, too few and too many digits', () => {
    for (const phone of ['+998 90 ABC 45 67', '123456', '1234567890123456', '12.34.56.78']) expect(phoneProblem(phone)).toBe('invalid-phone')
  })
})
