import { normalizeName, parseCustomerSearch, prefixEnd, reverseDigits } from '../../domain/customers/search-terms'

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
