import { FINDER_SLOTS, slotSearchQuery, type SlotSearch } from '../../renderer/src/features/appointments/slot-search'

const search = (change: Partial<SlotSearch> = {}): SlotSearch => ({
  serviceIds: ['s1'], staffId: null, workPlaceKind: null, anyBranch: false, timeFrom: null, timeTo: null, weekdays: [], dateFrom: '2027-03-22', ...change
})

describe('the slot finder asks', () => {
  test('nothing before a service is chosen (a visit has no length without one)', () => {
    expect(slotSearchQuery(search({ serviceIds: [] }), 'b1')).toBeNull()
  })

  test('the current branch, or every branch the caller may book in', () => {
    expect(slotSearchQuery(search(), 'b1')).toEqual({ serviceIds: ['s1'], branchId: 'b1', dateFrom: '2027-03-22', $limit: FINDER_SLOTS })
    expect(slotSearchQuery(search({ anyBranch: true }), 'b1')).not.toHaveProperty('branchId')
  })

  test('a waiting patient\'s weekdays in order, and no weekdays when none is ticked', () => {
    expect(slotSearchQuery(search({ weekdays: [5, 3] }), 'b1')).toMatchObject({ weekdays: [3, 5] })
    expect(slotSearchQuery(search({ weekdays: [] }), 'b1')).not.toHaveProperty('weekdays')
  })

  test('the doctor, place and time of day when set', () => {
    expect(slotSearchQuery(search({ staffId: 'd1', workPlaceKind: 'chair', timeFrom: '09:00', timeTo: '13:00' }), null)).toEqual({
      serviceIds: ['s1'], staffId: 'd1', workPlaceKind: 'chair', timeFrom: '09:00', timeTo: '13:00', dateFrom: '2027-03-22', $limit: FINDER_SLOTS
    })
  })
})
