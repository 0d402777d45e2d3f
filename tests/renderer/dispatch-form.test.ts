import dayjs from 'dayjs'
import { dispatchData, dispatchFilter, dispatchFormValues, dispatchHandled } from '../../renderer/src/features/messaging/dispatch-form'
import type { Dispatch } from '../../server/src/services/messaging/dispatch/dispatch.shared'

describe('the broadcast editor', () => {
  it('sends only the conditions given: days as YYYY-MM-DD, birthdays as MM-DD', () => {
    expect(dispatchFilter({})).toEqual({})
    expect(
      dispatchFilter({ tagIds: ['t'], lastVisitAfter: dayjs('2031-01-05'), lastVisitBefore: null, debtors: true, birthdays: [dayjs('2031-12-20'), dayjs('2032-01-10')] })
    ).toEqual({ tagIds: ['t'], lastVisitAfter: '2031-01-05', debtors: true, birthdayFrom: '12-20', birthdayTo: '01-10' })
    // Half a period is no period.
    expect(dispatchFilter({ birthdays: [dayjs('2031-12-20'), null], tagIds: [] })).toEqual({})
    expect(dispatchData({ name: '  Spring ', channel: 'telegram', text: 'Hi {{patient}}' })).toEqual({ name: 'Spring', channel: 'telegram', text: 'Hi {{patient}}', filter: {} })
  })

  it('reads a saved broadcast back, 29 February included', () => {
    const saved = { name: 'N', channel: 'whatsapp', text: 'T', filter: { birthdayFrom: '02-29', birthdayTo: '03-01', lastVisitBefore: '2031-02-01' } } as Dispatch
    const values = dispatchFormValues(saved, (day) => dayjs(day))
    expect(values.birthdays?.map((day) => day?.format('MM-DD'))).toEqual(['02-29', '03-01'])
    expect(values.lastVisitBefore?.format('YYYY-MM-DD')).toBe('2031-02-01')
    expect(values.channel).toBe('whatsapp')
    expect(dispatchFilter(values)).toEqual(saved.filter)
  })

  it('counts as handled every message no longer waiting or being sent', () => {
    expect(dispatchHandled({})).toEqual({ done: 0, total: 0 })
    expect(dispatchHandled({ scheduled: 5, sending: 2, sent: 10, delivered: 3, failed: 1, cancelled: 4 })).toEqual({ done: 18, total: 25 })
  })
})
