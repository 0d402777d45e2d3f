import i18next from 'i18next'
import en from '../../renderer/src/i18n/locales/en.json'
import ru from '../../renderer/src/i18n/locales/ru.json'
import { formatters } from '../../renderer/src/i18n/format'
import {
  countLabel,
  customerFilters,
  listTotal,
  customerListQuery,
  filterConditions,
  filterPath,
  PAGE_SIZE,
  parseFilter,
  parsePage,
  parseSort,
  searchTerm,
  sortQuery
} from '../../renderer/src/features/customers/customer-query'
import { COLUMNS_STORAGE_KEY, customerColumns, defaultColumns, parseColumns } from '../../renderer/src/features/customers/customer-columns'

const now = new Date('2026-11-21T15:30:00Z')

describe('customer list address', () => {
  test('an unknown or missing filter is the plain list', () => {
    expect(parseFilter(undefined)).toBe('all')
    expect(parseFilter('everyone')).toBe('all')
    expect(parseFilter('debtors')).toBe('debtors')
  })

  test('"all" lives at /people/customers, the others under /filter/', () => {
    expect(filterPath('all')).toBe('/people/customers')
    expect(filterPath('archived')).toBe('/people/customers/filter/archived')
    for (const filter of customerFilters) expect(parseFilter(filterPath(filter).split('/').pop())).toBe(filter)
  })

  test('sort and page fall back to name and the first page', () => {
    expect(parseSort(null)).toBe('name')
    expect(parseSort('shoe-size')).toBe('name')
    expect(parseSort('created')).toBe('created')
    expect(parsePage(null)).toBe(1)
    expect(parsePage('0')).toBe(1)
    expect(parsePage('-3')).toBe(1)
    expect(parsePage('2.5')).toBe(1)
    expect(parsePage('abc')).toBe(1)
    expect(parsePage('7')).toBe(7)
  })
})

describe('filter conditions', () => {
  test('every filter but the archive leaves archived (and so merged) customers out', () => {
    for (const filter of customerFilters) {
      expect(filterConditions(filter, now).archived).toBe(filter === 'archived')
    }
  })

  test('each filter asks for what its name says', () => {
    expect(filterConditions('all', now)).toEqual({ archived: false })
    expect(filterConditions('blacklisted', now)).toEqual({ archived: false, blacklisted: true })
    expect(filterConditions('debtors', now)).toEqual({ archived: false, debt: { $gt: 0 } })
    expect(filterConditions('balance', now)).toEqual({ archived: false, balance: { $gt: 0 } })
    expect(filterConditions('archived', now)).toEqual({ archived: true })
    // Accepted but not scheduled: the active patients of plans waiting for a booking, by id.
    expect(customerListQuery({ filter: 'unscheduled', search: '', sort: 'name', page: 1 }, now, ['a', 'b'])).toMatchObject({ archived: false, _id: { $in: ['a', 'b'] } })
    expect(customerListQuery({ filter: 'all', search: '', sort: 'name', page: 1 }, now, ['a'])).not.toHaveProperty('_id')
  })

  test('"added recently" means the last 30 days', () => {
    expect(filterConditions('recent', now)).toEqual({ archived: false, createdAt: { $gte: '2026-10-22T15:30:00.000Z' } })
  })
})

describe('search term', () => {
  test('collapses spaces and trims', () => {
    expect(searchTerm('  Ivanova   anna ')).toBe('Ivanova anna')
    expect(searchTerm('   ')).toBe('')
  })

  test('keeps punctuation for the server to read a phone', () => {
    expect(searchTerm(' +998 (90) 123-45 ')).toBe('+998 (90) 123-45')
  })

  test('is capped', () => {
    expect(searchTerm('a'.repeat(500))).toHaveLength(100)
  })
})

describe('list query', () => {
  test('the first page of everyone, by last name', () => {
    expect(customerListQuery({ filter: 'all', search: '', sort: 'name', page: 1 }, now)).toEqual({
      archived: false,
      $sort: { last_name: 1, first_name: 1, _id: 1 },
      $limit: PAGE_SIZE,
      $skip: 0
    })
  })

  test('a search goes as $search; an empty one is left out', () => {
    expect(customerListQuery({ filter: 'all', search: ' anna ', sort: 'name', page: 1 }, now).$search).toBe('anna')
    expect(customerListQuery({ filter: 'all', search: '   ', sort: 'name', page: 1 }, now)).not.toHaveProperty('$search')
  })

  test('paging skips whole pages; newest first sorts by creation', () => {
    const query = customerListQuery({ filter: 'debtors', search: '', sort: 'created', page: 3 }, now)
    expect(query.$skip).toBe(2 * PAGE_SIZE)
    expect(query.$sort).toEqual(sortQuery('created'))
    expect(query.debt).toEqual({ $gt: 0 })
  })

  test('"recently added" stays the same query all day, so typing and paging reuse it', () => {
    const morning = customerListQuery({ filter: 'recent', search: '', sort: 'name', page: 1 }, new Date('2026-11-21T08:00:00Z'))
    const evening = customerListQuery({ filter: 'recent', search: '', sort: 'name', page: 1 }, new Date('2026-11-21T20:59:00Z'))
    expect(morning).toEqual(evening)
    expect(morning.createdAt).toEqual({ $gte: '2026-10-22T00:00:00.000Z' })
  })

  test('a query within the server limits: $limit at most 500, no $and', () => {
    const query = customerListQuery({ filter: 'balance', search: 'a b c', sort: 'name', page: 2 }, now)
    expect(query.$limit).toBeLessThanOrEqual(500)
    expect(query).not.toHaveProperty('$and')
  })
})

describe('column choice', () => {
  test('nothing stored, or garbage, gives the default', () => {
    expect(parseColumns(null)).toEqual(defaultColumns)
    expect(parseColumns('{not json')).toEqual(defaultColumns)
    expect(parseColumns('"phone"')).toEqual(defaultColumns)
  })

  test('unknown names are dropped and the table order kept', () => {
    expect(parseColumns(JSON.stringify(['debt', 'shoeSize', 'phone']))).toEqual(['phone', 'debt'])
  })

  test('an empty choice is respected (only the name column)', () => {
    expect(parseColumns('[]')).toEqual([])
  })

  test('the default columns are known columns, stored under one key', () => {
    expect(defaultColumns.every((column) => customerColumns.includes(column))).toBe(true)
    expect(COLUMNS_STORAGE_KEY).toBe('customers.columns')
  })
})

describe('the list count of a capped search', () => {
  const translator = async (language: 'en' | 'ru') => {
    const instance = i18next.createInstance()
    await instance.init({ lng: language, resources: { en: { translation: en }, ru: { translation: ru } }, interpolation: { escapeValue: false } })
    return (key: string, options: Record<string, unknown>) => instance.t(key, options) as string
  }

  test('a capped count reads "1,000+" in the interface language', async () => {
    expect(countLabel({ total: 1000, totalCapped: true }, await translator('en'), formatters('en').number)).toBe('1,000+ customers')
    expect(countLabel({ total: 1000, totalCapped: true }, await translator('ru'), formatters('ru').number)).toMatch(/^1\s000\+ пациентов$/)
  })

  test('an exact count reads as before, plural and all', async () => {
    const t = await translator('en')
    expect(countLabel({ total: 1, totalCapped: false }, t, formatters('en').number)).toBe('1 customer')
    expect(countLabel({ total: 37 }, t, formatters('en').number)).toBe('37 customers')
  })

  test('the pager offers the page past a capped count, and stops at an exact one', () => {
    expect(listTotal({ total: 1000, totalCapped: true })).toEqual({ count: 1000, atLeast: true, pagerTotal: 1000 + PAGE_SIZE })
    // Paged past the cap, the server counted further: the pager follows.
    expect(listTotal({ total: 1025, totalCapped: true }).pagerTotal).toBe(1050)
    expect(listTotal({ total: 1000, totalCapped: false })).toEqual({ count: 1000, atLeast: false, pagerTotal: 1000 })
    expect(listTotal({ total: 40 })).toEqual({ count: 40, atLeast: false, pagerTotal: 40 })
  })
})
