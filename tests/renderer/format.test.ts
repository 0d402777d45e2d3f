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

  test('missing dates show a dash', () => {
    expect(formatters('en').date(null)).toBe('—')
  })
})
