import dayjs from 'dayjs'
import { duplicateQuery, duplicateReasons, mustConfirm } from '../../renderer/src/features/customers/duplicate-warning'

const match = (extra: Record<string, unknown> = {}) => ({ first_name: 'Ali', last_name: 'Karimov', birthdate: '1990-04-05', phone: '998908899877', phoneHidden: false, ...extra })

describe('duplicate warning of the customer form', () => {
  it('asks the server once a phone is a valid number, or name, surname and birth date are all filled', () => {
    expect(duplicateQuery({})).toBeNull()
    expect(duplicateQuery({ phone: '+998 90 88' })).toBeNull()
    expect(duplicateQuery({ first_name: 'Ali', last_name: 'Karimov' })).toBeNull()
    expect(duplicateQuery({ phone: ' +998 90 889 98 77 ' })).toEqual({ phone: '+998 90 889 98 77' })
    expect(duplicateQuery({ first_name: ' Ali ', last_name: 'Karimov', birthdate: dayjs('1990-04-05') })).toEqual({ first_name: 'Ali', last_name: 'Karimov', birthdate: '1990-04-05' })
    expect(duplicateQuery({ phone: '90 889 98 77', first_name: 'Ali', last_name: 'Karimov', birthdate: dayjs('1990-04-05') })).toEqual({
      phone: '90 889 98 77',
      first_name: 'Ali',
      last_name: 'Karimov',
      birthdate: '1990-04-05'
    })
  })

  it('says why each match was found: the phone in any of its forms, the name with the birth date', () => {
    expect(duplicateReasons({ phone: '90 889 98 77' }, match())).toEqual(['phone'])
    expect(duplicateReasons({ first_name: 'ALI', last_name: 'karimov', birthdate: '1990-04-05' }, match({ phone: '' }))).toEqual(['name'])
    expect(duplicateReasons({ phone: '+998 90 889 98 77', first_name: 'Ali', last_name: 'Karimov', birthdate: '1990-04-05' }, match())).toEqual(['phone', 'name'])
    expect(duplicateReasons({ phone: '+998 90 000 00 00', first_name: 'Ali', last_name: 'Karimov', birthdate: '1990-04-05' }, match())).toEqual(['name'])
  })

  it('never compares a hidden phone: it is the reason only when the name does not explain the match', () => {
    const hidden = match({ phone: null, phoneHidden: true })
    expect(duplicateReasons({ phone: '+998 90 889 98 77' }, hidden)).toEqual(['phone'])
    expect(duplicateReasons({ phone: '+998 90 889 98 77', first_name: 'Ali', last_name: 'Karimov', birthdate: '1990-04-05' }, hidden)).toEqual(['name'])
  })

  it('holds Save until every match has been accepted with "create anyway"', () => {
    expect(mustConfirm([], new Set())).toBe(false)
    expect(mustConfirm(['a'], new Set())).toBe(true)
    expect(mustConfirm(['a'], new Set(['a']))).toBe(false)
    // A new match after "create anyway" (the person changed the phone) asks again.
    expect(mustConfirm(['a', 'b'], new Set(['a']))).toBe(true)
  })
})
