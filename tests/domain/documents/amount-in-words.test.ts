import { amountInWords, numberInWords, russianPluralForm } from '../../../domain/documents/amount-in-words'

describe('amounts in words, Russian', () => {
  it('writes the brief example with the feminine thousand and the kopeks in digits', () => {
    expect(amountInWords(120_050, 'RUB', 'ru')).toBe('одна тысяча двести рублей 50 копеек')
  })

  it('writes zero', () => {
    expect(amountInWords(0, 'RUB', 'ru')).toBe('ноль рублей 00 копеек')
    expect(amountInWords(0, 'UZS', 'ru')).toBe('ноль сумов 00 тийинов')
  })

  it('chooses the one, few and many forms of the currency and of the minor unit', () => {
    expect(amountInWords(101, 'RUB', 'ru')).toBe('один рубль 01 копейка')
    expect(amountInWords(202, 'RUB', 'ru')).toBe('два рубля 02 копейки')
    expect(amountInWords(505, 'RUB', 'ru')).toBe('пять рублей 05 копеек')
    expect(amountInWords(2_122, 'RUB', 'ru')).toBe('двадцать один рубль 22 копейки')
    expect(amountInWords(1_111, 'RUB', 'ru')).toBe('одиннадцать рублей 11 копеек')
    expect(amountInWords(11_214, 'RUB', 'ru')).toBe('сто двенадцать рублей 14 копеек')
    expect(amountInWords(100, 'UZS', 'ru')).toBe('один сум 00 тийинов')
    expect(amountInWords(301, 'UZS', 'ru')).toBe('три сума 01 тийин')
    expect(amountInWords(2_503, 'UZS', 'ru')).toBe('двадцать пять сумов 03 тийина')
  })

  it('writes the teens', () => {
    const teens = [10, 11, 12, 13, 14, 15, 16, 17, 18, 19].map((n) => numberInWords(n, 'ru'))
    expect(teens).toEqual(['десять', 'одиннадцать', 'двенадцать', 'тринадцать', 'четырнадцать', 'пятнадцать', 'шестнадцать', 'семнадцать', 'восемнадцать', 'девятнадцать'])
  })

  it('makes thousands feminine and millions masculine', () => {
    expect(numberInWords(1_000, 'ru')).toBe('одна тысяча')
    expect(numberInWords(2_000, 'ru')).toBe('две тысячи')
    expect(numberInWords(5_000, 'ru')).toBe('пять тысяч')
    expect(numberInWords(11_000, 'ru')).toBe('одиннадцать тысяч')
    expect(numberInWords(21_000, 'ru')).toBe('двадцать одна тысяча')
    expect(numberInWords(22_000, 'ru')).toBe('двадцать две тысячи')
    expect(numberInWords(1_000_000, 'ru')).toBe('один миллион')
    expect(numberInWords(2_000_000, 'ru')).toBe('два миллиона')
    expect(numberInWords(12_000_000, 'ru')).toBe('двенадцать миллионов')
    expect(numberInWords(2_002_000, 'ru')).toBe('два миллиона две тысячи')
    expect(numberInWords(1_000_001, 'ru')).toBe('один миллион один')
  })

  it('makes the number feminine when it counts kopeks', () => {
    expect(numberInWords(1, 'ru', 'feminine')).toBe('одна')
    expect(numberInWords(2, 'ru', 'feminine')).toBe('две')
  })

  it('goes to 999 billion and beyond', () => {
    expect(numberInWords(999_999_999_999, 'ru')).toBe(
      'девятьсот девяносто девять миллиардов девятьсот девяносто девять миллионов девятьсот девяносто девять тысяч девятьсот девяносто девять'
    )
    expect(numberInWords(3_000_000_000, 'ru')).toBe('три миллиарда')
    expect(numberInWords(1_000_000_000_000, 'ru')).toBe('один триллион')
    expect(amountInWords(100_000_000_000_00, 'UZS', 'ru')).toBe('сто миллиардов сумов 00 тийинов')
  })

  it('computes the plural forms', () => {
    expect([0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 112].map(russianPluralForm)).toEqual([2, 0, 1, 1, 2, 2, 2, 2, 0, 1, 2, 0, 2, 2])
  })
})

describe('amounts in words, Uzbek (Latin)', () => {
  it('writes the brief example with the ʻ of soʻm as U+02BB', () => {
    const text = amountInWords(120_000_000, 'UZS', 'uz')
    expect(text).toBe('bir million ikki yuz ming soʻm 00 tiyin')
    expect(text).toContain('so\u02bbm')
  })

  it('writes zero, units, teens and tens', () => {
    expect(amountInWords(0, 'UZS', 'uz')).toBe('nol soʻm 00 tiyin')
    expect(amountInWords(4_50, 'UZS', 'uz')).toBe('toʻrt soʻm 50 tiyin')
    expect([10, 11, 19, 20, 40, 90, 99].map((n) => numberInWords(n, 'uz'))).toEqual([
      'oʻn',
      'oʻn bir',
      'oʻn toʻqqiz',
      'yigirma',
      'qirq',
      'toʻqson',
      'toʻqson toʻqqiz'
    ])
  })

  it('writes hundreds, thousands, millions and billions', () => {
    expect(numberInWords(100, 'uz')).toBe('bir yuz')
    expect(numberInWords(345, 'uz')).toBe('uch yuz qirq besh')
    expect(numberInWords(1_000, 'uz')).toBe('bir ming')
    expect(numberInWords(25_600, 'uz')).toBe('yigirma besh ming olti yuz')
    expect(numberInWords(7_000_001, 'uz')).toBe('yetti million bir')
    expect(numberInWords(999_000_000_000, 'uz')).toBe('toʻqqiz yuz toʻqson toʻqqiz milliard')
  })

  it('writes kopeks and cents of other currencies', () => {
    expect(amountInWords(1_005, 'RUB', 'uz')).toBe('oʻn rubl 05 kopeyka')
    expect(amountInWords(1_001, 'EUR', 'uz')).toBe('oʻn yevro 01 sent')
  })
})

describe('amounts in words, English', () => {
  it('writes singular and plural names and hyphenated tens', () => {
    expect(amountInWords(0, 'USD', 'en')).toBe('zero US dollars and 00 cents')
    expect(amountInWords(101, 'USD', 'en')).toBe('one US dollar and 01 cent')
    expect(amountInWords(123_456_799, 'EUR', 'en')).toBe('one million two hundred thirty-four thousand five hundred sixty-seven euros and 99 cents')
    expect(numberInWords(13, 'en')).toBe('thirteen')
    expect(numberInWords(999_999_999_999, 'en')).toBe(
      'nine hundred ninety-nine billion nine hundred ninety-nine million nine hundred ninety-nine thousand nine hundred ninety-nine'
    )
  })

  it('writes an unknown currency with its code', () => {
    expect(amountInWords(1_105, 'GBP', 'en')).toBe('eleven GBP 05')
  })
})

describe('amounts in words, Finnish', () => {
  it('writes numbers below a thousand as one word, splits the thousands off, and uses the partitive after numbers other than one', () => {
    expect(amountInWords(100, 'EUR', 'fi')).toBe('yksi euro 00 senttiä')
    expect(amountInWords(120_001, 'EUR', 'fi')).toBe('tuhat kaksisataa euroa 01 sentti')
    expect(numberInWords(0, 'fi')).toBe('nolla')
    expect([10, 11, 15, 20, 21, 100, 101, 200, 2_000, 12_345].map((n) => numberInWords(n, 'fi'))).toEqual([
      'kymmenen',
      'yksitoista',
      'viisitoista',
      'kaksikymmentä',
      'kaksikymmentäyksi',
      'sata',
      'satayksi',
      'kaksisataa',
      'kaksituhatta',
      'kaksitoistatuhatta kolmesataaneljäkymmentäviisi'
    ])
  })

  it('writes millions and billions as separate words', () => {
    expect(numberInWords(1_000_000, 'fi')).toBe('yksi miljoona')
    expect(numberInWords(2_500_000, 'fi')).toBe('kaksi miljoonaa viisisataatuhatta')
    expect(numberInWords(999_000_000_001, 'fi')).toBe('yhdeksänsataayhdeksänkymmentäyhdeksän miljardia yksi')
  })
})

describe('amounts in words, bad input', () => {
  it('refuses negative, fractional and too large amounts', () => {
    expect(() => amountInWords(-1, 'RUB', 'ru')).toThrow(RangeError)
    expect(() => amountInWords(1.5, 'RUB', 'ru')).toThrow(RangeError)
    expect(() => numberInWords(1e15, 'ru')).toThrow(RangeError)
  })

  it('reads the old code SUM as UZS', () => {
    expect(amountInWords(100, 'sum', 'ru')).toBe('один сум 00 тийинов')
  })
})
