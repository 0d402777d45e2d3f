import dayjs from 'dayjs'
import { customerToForm, formToCustomerData, type CustomerFormValues } from '../../renderer/src/features/customers/customer-form'
import { hasValue, visibleCustomFields } from '../../renderer/src/features/customers/custom-fields'
import { customerName } from '../../renderer/src/features/customers/customer-name'
import { ageOn } from '../../renderer/src/features/customer/customer-age'
import type { CustomerRecord, CustomFieldRecord } from '../../renderer/src/features/customers/customer-types'

const field = (id: string, extra: Partial<CustomFieldRecord> = {}): CustomFieldRecord => ({
  _id: id,
  companyId: 'co',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdBy: null,
  rank: 0,
  name: id,
  type: 'text',
  values: [],
  showIf: null,
  useInProfileCard: false,
  ...extra
})

const customer: CustomerRecord = {
  _id: 'c1',
  companyId: 'co',
  branchId: 'b',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdBy: null,
  first_name: 'Anna',
  last_name: 'Ivanova',
  middle_name: '',
  gender: 'female',
  birthdate: '1990-05-17',
  phone: '998901234567',
  email: 'anna@example.com',
  address: '',
  passportNumber: '',
  passportIssuer: '',
  profession: '',
  blacklisted: false,
  smsConsent: true,
  promoSmsConsent: false,
  sourceId: null,
  tagIds: ['t1'],
  serviceLanguage: 'ru',
  notificationChannels: ['sms'],
  telegramAccount: '',
  discount: 5,
  balance: 10000,
  debt: 0,
  archived: false,
  mergedInto: null,
  color: '#1677ff',
  customFields: { insurer: 'Acme', visit: '2026-02-03' },
  status: 'active',
  phoneHidden: false, medicalAlert: false
}

describe('custom fields: show-if', () => {
  const fields = [
    field('hasInsurance', { type: 'checkbox' }),
    field('insurer', { showIf: { fieldId: 'hasInsurance', equals: true } }),
    field('policy', { showIf: { fieldId: 'insurer', equals: 'Acme' } }),
    field('allergy', { type: 'multiselect', values: ['latex', 'penicillin'] }),
    field('latexNote', { showIf: { fieldId: 'allergy', equals: 'latex' } })
  ]
  const ids = (values: Record<string, unknown>) => visibleCustomFields(fields, values).map((item) => item._id)

  test('a field without a condition always shows', () => {
    expect(ids({})).toEqual(['hasInsurance', 'allergy'])
  })

  test('a condition on a checkbox, then a chain', () => {
    expect(ids({ hasInsurance: true })).toEqual(['hasInsurance', 'insurer', 'allergy'])
    expect(ids({ hasInsurance: true, insurer: 'Acme' })).toEqual(['hasInsurance', 'insurer', 'policy', 'allergy'])
  })

  test('a hidden parent hides its children even when their own condition holds', () => {
    expect(ids({ hasInsurance: false, insurer: 'Acme' })).toEqual(['hasInsurance', 'allergy'])
  })

  test('a multi-choice value matches when it contains the expected value', () => {
    expect(ids({ allergy: ['penicillin', 'latex'] })).toContain('latexNote')
    expect(ids({ allergy: ['penicillin'] })).not.toContain('latexNote')
  })

  test('a condition on an unknown field, or a loop, hides the field', () => {
    const loop = [field('a', { showIf: { fieldId: 'b', equals: 'x' } }), field('b', { showIf: { fieldId: 'a', equals: 'x' } }), field('c', { showIf: { fieldId: 'gone', equals: 'x' } })]
    expect(visibleCustomFields(loop, { a: 'x', b: 'x', c: 'x' })).toEqual([])
  })

  test('empty answers are not worth a line on the profile card', () => {
    expect([undefined, null, '', []].map(hasValue)).toEqual([false, false, false, false])
    expect([0, false, 'x', ['a']].map(hasValue)).toEqual([true, true, true, true])
  })
})

describe('customer form mapping', () => {
  const fields = [field('insurer'), field('visit', { type: 'date' }), field('secret', { showIf: { fieldId: 'insurer', equals: 'Other' } })]

  test('a new customer starts with the contract defaults', () => {
    expect(customerToForm(null)).toMatchObject({ smsConsent: true, promoSmsConsent: false, notificationChannels: ['sms'], tagIds: [], discount: 0, blacklisted: false })
  })

  test('an existing one shows its phone formatted and its dates as dates', () => {
    const form = customerToForm(customer, fields)
    expect(form.phone).toBe('+998(90) 123-45-67')
    expect(dayjs.isDayjs(form.birthdate) && form.birthdate.format('YYYY-MM-DD')).toBe('1990-05-17')
    const visit = form.customFields?.visit
    expect(dayjs.isDayjs(visit) && visit.format('YYYY-MM-DD')).toBe('2026-02-03')
  })

  test('saving trims text, sends dates as YYYY-MM-DD and leaves out hidden custom fields', () => {
    const values = {
      ...customerToForm(customer, fields),
      first_name: '  Anna ',
      middle_name: undefined,
      phone: ' +998 (90) 123-45-67 ',
      customFields: { insurer: ' Acme ', visit: dayjs('2026-03-04'), secret: 'typed before the condition changed' }
    } as CustomerFormValues
    const data = formToCustomerData(values, fields)
    expect(data.first_name).toBe('Anna')
    expect(data.middle_name).toBe('')
    expect(data.phone).toBe('+998 (90) 123-45-67')
    expect(data.birthdate).toBe('1990-05-17')
    expect(data.customFields).toEqual({ insurer: 'Acme', visit: '2026-03-04' })
    expect(data).not.toHaveProperty('balance')
    expect(data).not.toHaveProperty('status')
  })

  test('no colour picked: the server picks one; a picked colour goes as #rrggbb', () => {
    expect(formToCustomerData({ first_name: 'A', last_name: 'B' }, [])).not.toHaveProperty('color')
    expect(formToCustomerData({ first_name: 'A', last_name: 'B', color: { toHexString: () => '#aabbccff' } }, []).color).toBe('#aabbcc')
  })

  test('a phone hidden by phone protection is never sent back', () => {
    expect(formToCustomerData({ first_name: 'A', last_name: 'B', phone: '' }, [], { phoneHidden: true })).not.toHaveProperty('phone')
    expect(formToCustomerData({ first_name: 'A', last_name: 'B', phone: '' }, [])).toHaveProperty('phone', '')
  })
})

describe('names and ages', () => {
  test('last, first, middle; empty parts skipped', () => {
    expect(customerName({ first_name: 'Anna', last_name: 'Ivanova', middle_name: 'Petrovna' })).toBe('Ivanova Anna Petrovna')
    expect(customerName({ first_name: 'Anna', last_name: 'Ivanova', middle_name: ' ' })).toBe('Ivanova Anna')
  })

  test('age in full years, counting the birthday itself', () => {
    expect(ageOn('1990-05-17', new Date(2026, 4, 16))).toBe(35)
    expect(ageOn('1990-05-17', new Date(2026, 4, 17))).toBe(36)
    expect(ageOn('2000-02-29', new Date(2026, 1, 28))).toBe(25)
    expect(ageOn(null)).toBeNull()
    expect(ageOn('not a date')).toBeNull()
    expect(ageOn('2030-01-01', new Date(2026, 0, 1))).toBeNull()
  })
})
