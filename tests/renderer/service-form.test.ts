import { groupServices, matchesSearch, reorder, serviceFromForm, serviceToForm } from '../../renderer/src/features/services/service-form'
import type { ServiceRecord } from '../../renderer/src/features/services/catalogue-types'

const record = (id: string, extra: Partial<ServiceRecord> = {}): ServiceRecord => ({
  _id: id,
  companyId: 'co',
  categoryId: null,
  name: id,
  code: null,
  description: null,
  duration: 30,
  bufferTime: 0,
  price: 0,
  public: true,
  staticPrice: false,
  staticDuration: false,
  rank: 0,
  color: null,
  archived: false,
  ...extra
})

describe('service form', () => {
  test('a new service starts in the chosen category with the default duration, online, no buffer', () => {
    expect(serviceToForm(null, { categoryId: 'cat', duration: 30 })).toMatchObject({ categoryId: 'cat', duration: 30, bufferTime: 0, price: 0, public: true, archived: false })
  })

  test('the price is typed in major units and stored in minor units without float drift', () => {
    const form = serviceToForm(record('s', { price: 1999 }), { duration: 30 })
    expect(form.price).toBe(19.99)
    expect(serviceFromForm({ ...form, price: 19.99 }, null).price).toBe(1999)
    expect(serviceFromForm({ ...form, price: 150000.5 }, null).price).toBe(15000050)
  })

  test('texts are trimmed and empty ones become null; minutes are whole', () => {
    const data = serviceFromForm({ ...serviceToForm(null, { duration: 30 }), name: '  Filling ', code: '  ', description: '', duration: 45.4, bufferTime: 10 }, '#0b7a75')
    expect(data).toMatchObject({ name: 'Filling', code: null, description: null, categoryId: null, duration: 45, bufferTime: 10, color: '#0b7a75' })
  })

  test('"requires consent" is off for a new service and for one stored before it existed, and is sent as set', () => {
    expect(serviceToForm(null, { duration: 30 }).requiresConsent).toBe(false)
    expect(serviceToForm(record('old'), { duration: 30 }).requiresConsent).toBe(false)
    const marked = serviceToForm(record('s', { requiresConsent: true }), { duration: 30 })
    expect(marked.requiresConsent).toBe(true)
    expect(serviceFromForm(marked, null).requiresConsent).toBe(true)
    expect(serviceFromForm({ ...marked, requiresConsent: false }, null).requiresConsent).toBe(false)
  })
})

describe('catalogue list', () => {
  test('groups by category in rank order; unknown or trashed categories count as none', () => {
    const groups = groupServices(
      [record('b', { categoryId: 'c1', rank: 2 }), record('a', { categoryId: 'c1', rank: 1 }), record('x', { categoryId: 'gone' }), record('y')],
      ['c1', 'c2']
    )
    expect(groups.get('c1')?.map((item) => item._id)).toEqual(['a', 'b'])
    expect(groups.get('c2')).toEqual([])
    expect(groups.get(null)?.map((item) => item._id)).toEqual(['x', 'y'])
  })

  test('search matches name or code, ignoring case', () => {
    expect(matchesSearch(record('Composite filling', { code: 'T-01' }), 'fill')).toBe(true)
    expect(matchesSearch(record('Composite filling', { code: 'T-01' }), 't-0')).toBe(true)
    expect(matchesSearch(record('Composite filling'), 'crown')).toBe(false)
  })

  test('moving renumbers the list 0, 1, 2… and returns only what changed', () => {
    const list = [
      { _id: 'a', rank: 0 },
      { _id: 'b', rank: 1 },
      { _id: 'c', rank: 2 }
    ]
    expect(reorder(list, 2, -1)).toEqual([
      { id: 'c', rank: 1 },
      { id: 'b', rank: 2 }
    ])
    expect(reorder(list, 0, -1)).toEqual([])
    // Ranks with gaps (new ones went last) are closed up on the first move.
    expect(reorder([{ _id: 'a', rank: 5 }, { _id: 'b', rank: 9 }], 0, 1)).toEqual([
      { id: 'b', rank: 0 },
      { id: 'a', rank: 1 }
    ])
  })
})
