import { cashNeedsOpenShift, cashRefusedWithoutShift, shiftForDesk } from '../../../domain/billing/cash-desk'

/** Which open shift a payment goes to, and when cash is refused for want of one (docs/decisions/billing-cash-desk.md). */
describe('the cash desk shift of a payment', () => {
  const main = { _id: 'main', desk: '' }
  const front = { _id: 'front', desk: 'Front  desk' }
  const yolka = { _id: 'yolka', desk: 'Ёлка' }

  it('goes to the desk the payment names, in any spelling, when that desk is open', () => {
    expect(shiftForDesk([main, front], ' FRONT desk ')).toBe(front)
    expect(shiftForDesk([main, yolka], 'елка')).toBe(yolka)
    expect(shiftForDesk([main, front], 'Bank account')).toBeNull()
  })

  it('with no desk named, goes to the only open shift, else to none', () => {
    expect(shiftForDesk([front], '')).toBe(front)
    expect(shiftForDesk([front], null)).toBe(front)
    expect(shiftForDesk([main, front], '  ')).toBeNull()
    expect(shiftForDesk([], undefined)).toBeNull()
  })

  it('reads the company switch as off unless it is exactly true', () => {
    expect(cashNeedsOpenShift({ cashNeedsOpenShift: true })).toBe(true)
    for (const settings of [{}, { cashNeedsOpenShift: false }, { cashNeedsOpenShift: 'true' }, null, undefined]) expect(cashNeedsOpenShift(settings)).toBe(false)
  })

  it('refuses only cash with no shift, and only with the switch on', () => {
    expect(cashRefusedWithoutShift({ method: 'cash', shiftId: null }, true)).toBe(true)
    expect(cashRefusedWithoutShift({ method: 'cash', shiftId: 'main' }, true)).toBe(false)
    expect(cashRefusedWithoutShift({ method: 'cash', shiftId: null }, false)).toBe(false)
    for (const method of ['card', 'bank', 'credit', 'mobile', 'balance', 'guarantee', 'other']) expect(cashRefusedWithoutShift({ method, shiftId: null }, true)).toBe(false)
  })
})
