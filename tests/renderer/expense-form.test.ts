import dayjs from 'dayjs'
import { expenseData, expenseQuery, formValuesOf, toMinor } from '../../renderer/src/features/expenses/expense-form'
import { expenseCategories } from '../../server/src/services/billing/expense/expense.shared'
import { codeKey } from '../../renderer/src/features/activity/activity-values'
import { textsOf } from '../../renderer/src/i18n/text-areas'
import en from '../../renderer/src/i18n/locales/en.json'
import ru from '../../renderer/src/i18n/locales/ru.json'

describe('the expense form (issue 16)', () => {
  it('sends the amount typed in major units as whole minor units, rounded, and leaves what is not a number for the server', () => {
    expect(toMinor(1500.5)).toBe(150050)
    expect(toMinor('1 500,5')).toBe(150050)
    // Read as text, never through float arithmetic: a float's noise is sent as typed and refused at the field.
    expect(toMinor(0.1 + 0.2)).toBe(0.1 + 0.2)
    expect(toMinor('0.30')).toBe(30)
    expect(toMinor(19.99)).toBe(1999)
    expect(toMinor(0)).toBe(0)
    expect(toMinor('abc')).toBe('abc')
    expect(toMinor(null)).toBeUndefined()
    expect(toMinor('')).toBeUndefined()
  })

  it('turns the form into the server\'s fields and back', () => {
    const values = { branchId: 'b1', category: 'rent' as const, amount: 2500, date: dayjs('2026-03-09'), supplier: ' Tower ', documentNumber: '', note: ' March ' }
    const data = expenseData(values)
    expect(data).toEqual({ branchId: 'b1', category: 'rent', amount: 250000, date: '2026-03-09', supplier: 'Tower', documentNumber: '', note: 'March' })
    const back = formValuesOf(
      { _id: 'e1', companyId: 'c1', createdAt: '', updatedAt: '', createdBy: null, branchId: 'b1', category: 'rent', amount: 250000, date: '2026-03-09', supplier: 'Tower', documentNumber: null, note: 'March' },
      (day) => dayjs(day)
    )
    expect(back).toMatchObject({ branchId: 'b1', category: 'rent', amount: 2500, supplier: 'Tower', documentNumber: '', note: 'March' })
    expect(back.date?.format('YYYY-MM-DD')).toBe('2026-03-09')
  })

  it('asks the server for the filters: branch, category, the days inclusive, the supplier search', () => {
    expect(expenseQuery({})).toEqual({})
    expect(expenseQuery({ branchId: 'b1', category: 'materials', range: [dayjs('2026-01-01'), dayjs('2026-01-31')], search: '  dental ' })).toEqual({
      branchId: 'b1',
      category: 'materials',
      date: { $gte: '2026-01-01', $lte: '2026-01-31' },
      $search: 'dental'
    })
    expect(expenseQuery({ search: '   ' })).toEqual({})
  })

  it('names every category in the activity log from the core texts, in English and Russian', () => {
    for (const category of expenseCategories) {
      const path = codeKey('expense', 'category', category)!.split('.')
      for (const locale of [en, ru]) {
        const core = textsOf(locale, 'core') as Record<string, unknown>
        expect(path.reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], core)).toEqual(expect.any(String))
      }
    }
  })
})
