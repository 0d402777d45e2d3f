import { ageOn, formatAmount, formatDate, formatDateTime, formatDecimal, formatLongDate, formatMoney, formatTime, localDay } from '../../../domain/documents/format'

const NBSP = '\u00a0'

describe('document formats', () => {
  it('prints a calendar day as it is, whatever the zone', () => {
    expect(formatDate('1988-12-03', 'ru', 'Pacific/Honolulu')).toBe('03.12.1988')
    expect(formatDate('1988-12-03', 'en', 'Asia/Tokyo')).toBe('03/12/1988')
    expect(formatDate(undefined, 'ru', 'UTC')).toBe('')
    expect(formatDate('not a date', 'ru', 'UTC')).toBe('')
  })

  it('prints an instant on the clinic clock, across midnight and in summer time', () => {
    expect(formatDateTime('2026-11-29T20:30:00Z', 'ru', 'Asia/Tashkent')).toBe('30.11.2026 01:30')
    expect(formatDateTime('2026-07-01T09:00:00Z', 'fi', 'Europe/Helsinki')).toBe('01.07.2026 12:00')
    expect(formatTime('2026-11-29', 'UTC')).toBe('')
    expect(localDay('2026-11-29T20:30:00Z', 'Asia/Tashkent')).toBe('2026-11-30')
  })

  it('writes the month in words in every language', () => {
    expect(formatLongDate('2026-03-08', 'ru', 'UTC')).toBe('8 марта 2026 г.')
    expect(formatLongDate('2026-03-08', 'uz', 'UTC')).toBe('2026-yil 8-mart')
    expect(formatLongDate('2026-03-08', 'en', 'UTC')).toBe('8 March 2026')
    expect(formatLongDate('2026-03-08', 'fi', 'UTC')).toBe('8. maaliskuuta 2026')
  })

  it('counts whole years', () => {
    expect(ageOn('1988-12-03', '2026-12-02')).toBe(37)
    expect(ageOn('1988-12-03', '2026-12-03')).toBe(38)
    expect(ageOn('2000-02-29', '2026-02-28')).toBe(25)
    expect(ageOn(undefined, '2026-12-03')).toBeUndefined()
  })

  it('groups digits and writes two decimals of minor units', () => {
    expect(formatAmount(0, 'ru')).toBe('0,00')
    expect(formatAmount(5, 'en')).toBe('0.05')
    expect(formatAmount(123_456_789, 'ru')).toBe(`1${NBSP}234${NBSP}567,89`)
    expect(formatAmount(-150, 'fi')).toBe('−1,50')
    expect(formatDecimal(2.5, 'ru')).toBe('2,5')
    expect(formatDecimal(4, 'en')).toBe('4')
  })

  it('names the currency by language, the code for one it does not know', () => {
    expect(formatMoney(120_050, 'RUB', 'ru')).toBe(`1${NBSP}200,50${NBSP}₽`)
    expect(formatMoney(120_050, 'sum', 'uz')).toBe(`1${NBSP}200,50${NBSP}soʻm`)
    expect(formatMoney(120_050, 'EUR', 'en')).toBe('€1,200.50')
    expect(formatMoney(120_050, 'GBP', 'fi')).toBe(`1${NBSP}200,50${NBSP}GBP`)
  })
})
