import { cashBlocked } from '../../renderer/src/features/cash-desk/cash-rule'

/** The payment screens say beforehand that cash will be refused (renderer/src/features/cash-desk/cash-rule.ts). */
describe('cash blocked on the payment screens', () => {
  const main = { _id: 'main', desk: '' }
  const back = { _id: 'back', desk: 'Back' }

  it('never blocks with the company switch off, whatever the shifts', () => {
    expect(cashBlocked(false, [])).toBe(false)
    expect(cashBlocked(false, [main, back])).toBe(false)
  })

  it('with the switch on, blocks when the branch has no open shift or several (the screens name no desk)', () => {
    expect(cashBlocked(true, [])).toBe(true)
    expect(cashBlocked(true, [main, back])).toBe(true)
    expect(cashBlocked(true, [back])).toBe(false)
  })

  it('does not block while the shifts are unknown (loading, or not the person\'s to see): the server says it then', () => {
    expect(cashBlocked(true, undefined)).toBe(false)
  })
})
