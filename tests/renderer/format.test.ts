import dayjs from 'dayjs'
import 'dayjs/locale/uz-latn'
import { formatters } from '../../renderer/src/i18n/format'

const instant = '2026-11-21T08:50:00Z'

describe('formatting by interface language', () => {
  test('Russian dates and grouped numbers', () => {
    const ru = formatters('ru')
    expect(ru.date(instant)).toMatch(/21 нояб\.? 2026/)
    expect(ru.number(1234567.5)).toMatch(/^1\s234\s567,5$/)
  })

  test('Uzbek dates from dayjs names, money in so\'m', () => {
    const uz = formatters('uz')
    expect(uz.date(instant)).toBe(`21 ${dayjs(instant).locale('uz-latn').format('MMM')} 2026`)
    expect(uz.money(123456, 'UZS')).toMatch(/^1\s234,56 so'm$/)
  })

  test('money is minor units in the company currency', () => {
    expect(formatters('en').money(123456, 'USD')).toBe('$1,234.56')
    expect(formatters('fi').money(5000, 'EUR')).toMatch(/^50,00\s€$/)
  })

  test('an instant reads the clinic\'s clock, wherever the computer is', () => {
    // 02:59 UTC is 07:59 in Tashkent (UTC+5) and 16:59 the day before in Honolulu (UTC-10).
    const paid = '2026-11-29T02:59:00Z'
    expect(formatters('en', 'Asia/Tashkent').dateTime(paid)).toMatch(/Nov 29, 2026,? 7:59\sAM/)
    expect(formatters('en', 'Pacific/Honolulu').dateTime(paid)).toMatch(/Nov 28, 2026,? 4:59\sPM/)
    expect(formatters('en', 'Pacific/Honolulu').date(paid)).toBe('Nov 28, 2026')
    expect(formatters('uz', 'Asia/Tashkent').dateTime(paid)).toBe(`29 ${dayjs('2026-11-29').locale('uz-latn').format('MMM')} 2026, 07:59`)
    expect(formatters('uz', 'Pacific/Honolulu').dateTime(paid)).toBe(`28 ${dayjs('2026-11-28').locale('uz-latn').format('MMM')} 2026, 16:59`)
  })

  test('a calendar day is the same day in every zone', () => {
    for (const zone of ['Pacific/Honolulu', 'Asia/Tashkent', 'Pacific/Kiritimati', undefined]) {
      expect(formatters('en', zone).date('1991-04-12')).toBe('Apr 12, 1991')
      expect(formatters('uz', zone).date('1991-04-12')).toBe(`12 ${dayjs('1991-04-12').locale('uz-latn').format('MMM')} 1991`)
    }
  })

  test('missing dates show a dash', () => {
    expect(formatters('en').date(null)).toBe('—')
  })
})
