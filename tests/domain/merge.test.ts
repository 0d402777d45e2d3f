import { mergeFillFields, mergedAwayChanges, mergedCustomerChanges, type MergeableCustomer } from '../../domain/customers/merge'

const customer = (extra: Partial<MergeableCustomer> = {}): MergeableCustomer => ({
  balance: 0,
  debt: 0,
  tagIds: [],
  blacklisted: false,
  customFields: {},
  first_name: 'Kept',
  middle_name: '',
  gender: null,
  birthdate: null,
  phone: '',
  email: '',
  sourceId: null,
  smsConsent: true,
  ...extra
})

describe('mergedCustomerChanges', () => {
  it('adds balances and debts, in minor units', () => {
    const changes = mergedCustomerChanges(customer({ balance: 150_00, debt: 20_00 }), customer({ balance: -50_00, debt: 1_00 }))
    expect(changes).toMatchObject({ balance: 100_00, debt: 21_00 })
  })

  it('unites tags, kept ones first, without repeats', () => {
    expect(mergedCustomerChanges(customer({ tagIds: ['a', 'b'] }), customer({ tagIds: ['c', 'b'] })).tagIds).toEqual(['a', 'b', 'c'])
  })

  it('fills the kept record\'s empty fields from the merged one and keeps the rest', () => {
    const changes = mergedCustomerChanges(
      customer({ phone: '998901112233', email: '', birthdate: null, gender: 'female', first_name: 'Kept' }),
      customer({ phone: '998907776655', email: 'merged@clinic.test', birthdate: '1990-05-01', gender: 'male', first_name: 'Merged', middle_name: '' })
    )
    expect(changes).toMatchObject({ email: 'merged@clinic.test', birthdate: '1990-05-01' })
    expect(changes).not.toHaveProperty('phone')
    expect(changes).not.toHaveProperty('gender')
    expect(changes).not.toHaveProperty('first_name')
    expect(changes).not.toHaveProperty('middle_name')
    expect(mergeFillFields).not.toContain('first_name')
    expect(mergeFillFields).not.toContain('smsConsent')
  })

  it('fills custom fields the kept record lacks, keeping its own values', () => {
    const changes = mergedCustomerChanges(customer({ customFields: { a: 'kept', b: null } }), customer({ customFields: { a: 'merged', b: 'merged b', c: true } }))
    expect(changes.customFields).toEqual({ a: 'kept', b: 'merged b', c: true })
  })

  it('keeps a blacklist mark from either record', () => {
    expect(mergedCustomerChanges(customer(), customer({ blacklisted: true })).blacklisted).toBe(true)
    expect(mergedCustomerChanges(customer({ blacklisted: true }), customer()).blacklisted).toBe(true)
    expect(mergedCustomerChanges(customer(), customer()).blacklisted).toBe(false)
  })
})

describe('mergedAwayChanges', () => {
  it('archives the merged record, points it at the kept one and clears what it owed', () => {
    expect(mergedAwayChanges('kept-id')).toEqual({ archived: true, mergedInto: 'kept-id', balance: 0, debt: 0 })
  })
})
