import { spread } from '../../../domain/billing/payouts'
import { ratio } from '../../../domain/billing/money'

describe('payout arithmetic on large sums in minor units', () => {
  it('spreads an invoice of millions of sum in tiyin over its lines exactly (the product passes 2^53)', () => {
    // 1 500 000.00 sum over lines of 1 000 000.00 and 800 000.00 (a 300 000.00 discount).
    const parts = spread(150_000_000, [100_000_000, 80_000_000])
    expect(parts).toEqual([83_333_333, 66_666_667])
    expect(parts[0] + parts[1]).toBe(150_000_000)
    expect(spread(-150_000_000, [100_000_000, 80_000_000])).toEqual([-83_333_333, -66_666_667])
    expect(spread(7, [1, 1, 1])).toEqual([3, 2, 2])
  })

  it('takes a ratio of large sums exactly, rounded half up', () => {
    expect(ratio(150_000_000, 100_000_000, 180_000_000)).toBe(83_333_333)
    expect(ratio(3, 1, 2)).toBe(2)
  })
})
