import { normalizeName, parseCustomerSearch, prefixEnd, reverseDigits } from '../../domain/customers/search-terms'
import { nationalPhoneStarts, samePhoneForms } from '../../domain/customers/national-phone'

describe('customer search terms', () => {
  it('normalises names: lower case in every script, ё as е, one apostrophe, single spaces', () => {
    expect(normalizeName('  KARIMOV  ')).toBe('karimov')
    expect(normalizeName('Фёдор')).toBe('федор')
    expect(normalizeName('ЁЛКИН')).toBe('елкин')
    expect(normalizeName('O‘tkir')).toBe("o'tkir")
    expect(normalizeName('Gʻofur')).toBe("g'ofur")
    expect(normalizeName('Anna  Maria')).toBe('anna maria')
    expect(normalizeName('VIRTANEN-ÄÄ')).toBe('virtanen-ää')
  })

  it('splits a name search into up to three distinct normalised words', () => {
    expect(parseCustomerSearch('Ali')).toEqual({ kind: 'name', words: ['ali'] })
    expect(parseCustomerSearch('  karimov   ALI ')).toEqual({ kind: 'name', words: ['karimov', 'ali'] })
    expect(parseCustomerSearch('Смирнова Анна Петровна')).toEqual({ kind: 'name', words: ['смирнова', 'анна', 'петровна'] })
    expect(parseCustomerSearch('a b c d e')).toEqual({ kind: 'name', words: ['a', 'b', 'c'] })
    expect(parseCustomerSearch('ali ALI')).toEqual({ kind: 'name', words: ['ali'] })
    expect(parseCustomerSearch('Фёдор')).toEqual({ kind: 'name', words: ['федор'] })
  })

  it('treats a term of only digits after removing spaces, +, (, ) and - as a phone search', () => {
    expect(parseCustomerSearch('+998 (90) 123-45-67')).toEqual({ kind: 'phone', digits: '998901234567' })
    expect(parseCustomerSearch('4567')).toEqual({ kind: 'phone', digits: '4567' })
    expect(parseCustomerSearch(' 90 12 ')).toEqual({ kind: 'phone', digits: '9012' })
  })

  it('keeps mixed letters and digits, or other punctuation, a name search', () => {
    expect(parseCustomerSearch('ali 90')).toEqual({ kind: 'name', words: ['ali', '90'] })
    expect(parseCustomerSearch('90.12')).toEqual({ kind: 'name', words: ['90.12'] })
    expect(parseCustomerSearch('+ - ( )')).toEqual({ kind: 'name', words: ['+', '-', '('] })
  })

  it('finds nothing to search in blank terms', () => {
    expect(parseCustomerSearch('')).toEqual({ kind: 'none' })
    expect(parseCustomerSearch('   ')).toEqual({ kind: 'none' })
  })

  it('gives the end of a prefix range: every string with the prefix sorts below it, others not', () => {
    expect(prefixEnd('ali')).toBe('alj')
    expect(prefixEnd('анн')).toBe('ано')
    const end = prefixEnd('kar')
    for (const inside of ['kar', 'karimov', 'kar\uffff', 'karzzz']) expect(inside < end).toBe(true)
    for (const outside of ['kas', 'kb', 'karimov'.replace('r', 's')]) expect(outside >= end).toBe(true)
  })

  it('reverses a phone\'s digits so suffixes become prefixes', () => {
    expect(reverseDigits('998901234567')).toBe('765432109899')
    expect(reverseDigits('998901234567').startsWith(reverseDigits('4567'))).toBe(true)
  })
})

describe('national phone numbers', () => {
  it('reads a term without a plus as the start of a national number of each market', () => {
    expect(nationalPhoneStarts('(90) 889')).toEqual(['99890889', '790889', '35890889'])
    expect(nationalPhoneStarts('90 889 98 77')).toEqual(['998908899877', '7908899877', '358908899877'])
    // The codes a term already starts with are not put in front again.
    expect(nationalPhoneStarts('77 123')).toEqual(['99877123', '35877123'])
  })

  it('reads nothing into a term typed with a plus, too short or too long for a national number', () => {
    expect(nationalPhoneStarts('+998 90')).toEqual([])
    expect(nationalPhoneStarts('9088')).toEqual([])
    expect(nationalPhoneStarts('99890889987')).toEqual([])
    expect(nationalPhoneStarts('90 abc')).toEqual([])
  })

  it('gives the stored forms of one whole number: with and without its country code', () => {
    expect(samePhoneForms('998908899877')).toEqual(['998908899877', '908899877'])
    expect(samePhoneForms('908899877')).toEqual(['908899877', '998908899877', '7908899877', '358908899877'])
    expect(samePhoneForms('79161234567')).toEqual(['79161234567', '9161234567'])
    expect(samePhoneForms('12345')).toEqual([])
  })
})
