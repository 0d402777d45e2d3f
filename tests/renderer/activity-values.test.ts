import { codeKey, recordName, valueText, type Lookups } from '../../renderer/src/features/activity/activity-values'
import { fieldLabelKey, summarize } from '../../renderer/src/features/activity/activity-entry'
import en from '../../renderer/src/i18n/locales/en.json'
import { appointmentStatuses } from '../../domain/appointments/status'
import { waitingListStatuses } from '../../server/src/services/appointments/waiting-list/waiting-list.shared'
import { planStatuses } from '../../domain/clinical/treatment-plans'

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
  minutes: (count: number) => `${count} min`,
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
    // A bundle's items name their services, never their ids.
    expect(valueText('items', [{ serviceId: 's1', quantity: 2 }, { serviceId: 's1', quantity: 1 }, { serviceId: 's-gone', quantity: 1 }], lookups, texts, 'bundle')).toBe('Filling × 2, Filling, (removed)')
  })

  it('says a duration and a buffer in minutes, not as a bare number', () => {
    expect(valueText('duration', 30, lookups, texts, 'appointment')).toBe('30 min')
    expect(valueText('bufferTime', 15, lookups, texts, 'service')).toBe('15 min')
    expect(valueText('serviceDuration', 45, lookups, texts, 'treatment')).toBe('45 min')
    expect(valueText('quantity', 30, lookups, texts, 'treatment')).toBe('30')
  })

  it('translates statuses, genders and weekdays, with a word for every code', () => {
    expect(valueText('status', 'arrived', lookups, texts, 'appointment')).toBe('Arrived')
    expect(valueText('days', [1, 3], lookups, texts, 'waiting-list')).toBe(`${translate('schedule.daysShort.1')}, ${translate('schedule.daysShort.3')}`)
    for (const status of appointmentStatuses) expect(translate(codeKey('appointment', 'status', status)!)).toEqual(expect.any(String))
    for (const status of waitingListStatuses) expect(translate(codeKey('waiting-list', 'status', status)!)).toEqual(expect.any(String))
    for (const gender of ['male', 'female']) expect(translate(codeKey('customers', 'gender', gender)!)).toEqual(expect.any(String))
    // A treatment plan's status (a plan presented and accepted showed "draft" in the Russian log).
    expect(valueText('status', 'draft', lookups, texts, 'treatment-plan')).toBe(translate('treatmentPlan.status.draft'))
    for (const status of planStatuses) expect(translate(codeKey('treatment-plan', 'status', status)!)).toEqual(expect.any(String))
    // A patient's channels and a chart event's codes are words too.
    expect(valueText('notificationChannels', ['sms', 'email'], lookups, texts, 'customers')).toBe('SMS, E-mail')
    expect(valueText('code', 'C', lookups, texts, 'tooth')).toBe(translate('clinical.code.caries'))
    for (const [field, value] of [['status', 'planned'], ['condition', 'missing'], ['action', 'remove']]) expect(translate(codeKey('tooth', field, value)!)).toEqual(expect.any(String))
    // A field without codes keeps its value.
    expect(valueText('name', 'VIP', lookups, texts, 'tags')).toBe('VIP')
  })

  it('reads working hours and a schedule by day names, never as JSON', () => {
    const day = translate('schedule.daysShort.1')
    const saturday = translate('schedule.daysShort.6')
    expect(valueText('intervals', [{ start: '09:00', end: '13:00' }, { start: '14:00', end: '18:00' }], lookups, texts, 'time-templates')).toBe('09:00–13:00, 14:00–18:00')
    const schedule = { week: { '6': [], '1': [{ start: '09:00', end: '13:00' }, { start: '14:00', end: '18:00' }] }, dates: { '2026-12-01': [] } }
    expect(valueText('schedule', schedule, lookups, texts, 'users')).toBe(`${day} 09:00–13:00, 14:00–18:00; ${saturday} —; date 2026-12-01 —`)
    expect(valueText('schedule', { week: {}, dates: {} }, lookups, texts, 'users')).toBe('—')
  })

  it('names an appointment by its patient and time', () => {
    expect(recordName('appointment', 'a1', lookups)).toBe('Karimova Lola · 25 Nov 2026, 11:00')
    expect(recordName('appointment', 'a-gone', lookups)).toBeNull()
    expect(recordName('trash', 'x', lookups)).toBeNull()
  })
})

describe('settings and permissions in the log read as words', () => {
  it("lists a role's permissions by the names of their resources", () => {
    const permissions = [{ resource: 'customers', view: true }, { resource: 'appointment', view: true, create: true }]
    expect(valueText('permissions', permissions, lookups, texts, 'roles')).toBe(`${en.resources.customers}, ${en.resources.appointment}`)
  })

  it("shows a change of the company's settings as the settings that changed, each by its name", () => {
    const calendar = { zoom: 2, workingDays: [1, 2, 3, 4, 5] }
    const summary = summarize({
      method: 'patch',
      service: 'company',
      changes: {
        settings: { from: { toothNumbering: 'FDI', phoneProtection: false, calendar }, to: { toothNumbering: 'American', phoneProtection: false, calendar: { ...calendar, workingDays: [1, 2, 3, 4, 5, 6] } } },
        modules: { from: { treatment: false, customers: true }, to: { treatment: true, customers: true } }
      }
    })
    expect(summary.changes.map((change) => [translate(fieldLabelKey(change)), valueText(change.field, change.from, lookups, texts, 'company'), valueText(change.field, change.to, lookups, texts, 'company')])).toEqual([
      ['Tooth numbering', en.clinical.numbering.FDI, en.clinical.numbering.American],
      [en.calendarSettings.workingDays, 'Mon, Tue, Wed, Thu, Fri', 'Mon, Tue, Wed, Thu, Fri, Sat'],
      [en.modules.treatment, 'No', 'Yes']
    ])
  })
})

describe('records with fields named like actions or holding maps', () => {
  it("a chart event's own action field is a field, and a schedule stays one value", () => {
    const chartEvent = summarize({ method: 'create', service: 'tooth', changes: { tooth: 36, action: 'add', code: 'C' } })
    expect(chartEvent.action).toBe('create')
    expect(chartEvent.changes.map((change) => change.field)).toEqual(['tooth', 'action', 'code'])
    const schedule = summarize({ method: 'patch', service: 'users', changes: { schedule: { from: { week: {} }, to: { week: { 1: [] } } } } })
    expect(schedule.changes.map((change) => change.field)).toEqual(['schedule'])
    expect(summarize({ method: 'patch', service: 'trash', changes: { action: 'restore', service: 'tags', recordId: 'x', title: 'VIP' } })).toMatchObject({ action: 'restore', service: 'tags', title: 'VIP' })
    // Who read which exams, and an exam signed: actions, with no clinical fields to list.
    expect(summarize({ method: 'find', service: 'exam', changes: { action: 'view', customerId: 'c1', examIds: ['e1', 'e2'] } })).toEqual({ action: 'view', service: 'exam', title: null, changes: [] })
    expect(summarize({ method: 'patch', service: 'exam', changes: { action: 'sign', service: 'exam', customerId: 'c1', version: 2 } })).toMatchObject({ action: 'sign', changes: [] })
    // A perio chart's status by its name.
    expect(valueText('status', 'draft', lookups, texts, 'perio')).toBe(en.perio.status.draft)
  })
})

describe('money in the log reads as amounts and words', () => {
  it("shows a payment's amounts, method, status, kind and reason as a person reads them, never minor units or codes", () => {
    expect(valueText('amount', 150_050, lookups, texts, 'transactions')).toBe('1500.50')
    expect(valueText('amount', -5, lookups, texts, 'transactions')).toBe('−0.05')
    expect(valueText('openingFloat', 10_000, lookups, texts, 'z-payments')).toBe('100.00')
    expect(valueText('amount', 990, lookups, texts, 'expense')).toBe('9.90')
    // Not a money service: a number stays the number it is.
    expect(valueText('amount', 3, lookups, texts, 'treatment')).toBe('3')
    expect(valueText('allocations', [{ _id: 'x1', invoiceId: 'i1', amount: 100_000 }, { _id: 'x2', invoiceId: null, amount: 2_500 }], lookups, texts, 'transactions')).toBe('1000.00, 25.00')
    expect(valueText('method', 'cash', lookups, texts, 'transactions')).toBe('Cash')
    expect(valueText('status', 'debiting-from-balance', lookups, texts, 'transactions')).toBe(en.billing.statuses['debiting-from-balance'])
    expect(valueText('kind', 'refund', lookups, texts, 'transactions')).toBe('Refund')
    expect(valueText('cancelReason', 'duplicate', lookups, texts, 'invoices')).toBe(en.billing.reasons.duplicate)
  })
})

describe('links the log cannot name', () => {
  it('never shows a raw id, alone or inside a value', () => {
    expect(valueText('shiftId', '01a2241c-0849-74ca-b6d0-310518560f70', lookups, texts, 'transactions')).toBe('—')
    expect(valueText('report', { shiftId: '01a2241c-0849-74ca-b6d0-310518560f70', total: 5 }, lookups, texts, 'x')).not.toMatch(/01a2241c/)
  })
})
