import { codeKey, recordName, valueText, type Lookups } from '../../renderer/src/features/activity/activity-values'
import en from '../../renderer/src/i18n/locales/en.json'
import { appointmentStatuses } from '../../domain/appointments/status'
import { waitingListStatuses } from '../../server/src/services/appointments/waiting-list/waiting-list.shared'

const map = (entries: Array<[string, string]>) => new Map(entries)
const lookups: Lookups = {
  people: map([['u1', 'Dilshod Karimov']]),
  tags: map([]),
  sources: map([]),
  fields: map([]),
  branches: map([]),
  roles: map([]),
  specialty: map([]),
  customers: map([['c1', 'Karimova Lola']]),
  workPlaces: map([['w1', 'Chair 1']]),
  catalogue: map([['s1', 'Filling']]),
  categories: map([]),
  appointments: map([['a1', 'Karimova Lola · 25 Nov 2026, 11:00']])
}
const translate = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en) as string | undefined
const texts = {
  yes: 'Yes',
  no: 'No',
  date: (value: string) => `date ${value}`,
  dateTime: (value: string) => `at ${value}`,
  gone: '(removed)',
  code: (service: string, field: string, value: string) => {
    const key = codeKey(service, field, value)
    return key ? (translate(key) ?? key) : null
  }
}

describe('the activity log reads as words (issue 13)', () => {
  it('names the patient, doctor, chair and services instead of their ids, and a removed one as removed', () => {
    expect(valueText('customerId', 'c1', lookups, texts, 'appointment')).toBe('Karimova Lola')
    expect(valueText('staffId', 'u1', lookups, texts, 'appointment')).toBe('Dilshod Karimov')
    expect(valueText('workPlaceId', 'w1', lookups, texts, 'appointment')).toBe('Chair 1')
    expect(valueText('serviceIds', ['s1'], lookups, texts, 'waiting-list')).toBe('Filling')
    expect(valueText('customerId', 'c-gone', lookups, texts, 'appointment')).toBe('(removed)')
    expect(valueText('services', [{ serviceId: 's1', name: 'Filling', duration: 30, price: 1, quantity: 1 }], lookups, texts, 'appointment')).toBe('Filling')
  })

  it('translates statuses, genders and weekdays, with a word for every code', () => {
    expect(valueText('status', 'arrived', lookups, texts, 'appointment')).toBe('Arrived')
    expect(valueText('days', [1, 3], lookups, texts, 'waiting-list')).toBe(`${translate('schedule.daysShort.1')}, ${translate('schedule.daysShort.3')}`)
    for (const status of appointmentStatuses) expect(translate(codeKey('appointment', 'status', status)!)).toEqual(expect.any(String))
    for (const status of waitingListStatuses) expect(translate(codeKey('waiting-list', 'status', status)!)).toEqual(expect.any(String))
    for (const gender of ['male', 'female']) expect(translate(codeKey('customers', 'gender', gender)!)).toEqual(expect.any(String))
    // A patient's channels and a chart event's codes are words too.
    expect(valueText('notificationChannels', ['sms', 'email'], lookups, texts, 'customers')).toBe('SMS, E-mail')
    expect(valueText('code', 'C', lookups, texts, 'tooth')).toBe(translate('clinical.code.caries'))
    for (const [field, value] of [['status', 'planned'], ['condition', 'missing'], ['action', 'remove']]) expect(translate(codeKey('tooth', field, value)!)).toEqual(expect.any(String))
    // A field without codes keeps its value.
    expect(valueText('name', 'VIP', lookups, texts, 'tags')).toBe('VIP')
  })

  it('names an appointment by its patient and time', () => {
    expect(recordName('appointment', 'a1', lookups)).toBe('Karimova Lola · 25 Nov 2026, 11:00')
    expect(recordName('appointment', 'a-gone', lookups)).toBeNull()
    expect(recordName('trash', 'x', lookups)).toBeNull()
  })
})
