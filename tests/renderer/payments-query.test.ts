import dayjs from 'dayjs'
import { paymentQuery, paymentTotals } from '../../renderer/src/features/cash-desk/payments-query'

describe('the payments list query', () => {
  it("asks for the clinic's days, midnight to midnight in its zone, whatever the computer's zone", () => {
    const query = paymentQuery({ range: [dayjs('2026-11-28'), dayjs('2026-11-29')], method: 'cash' }, 'Asia/Tashkent')
    expect(query).toEqual({ date: { $gte: '2026-11-27T19:00:00.000Z', $lt: '2026-11-29T19:00:00.000Z' }, method: 'cash' })
  })

  it('leaves out the filters not set', () => {
    expect(paymentQuery({ range: null }, 'UTC')).toEqual({})
  })

  it('adds payments and refunds apart by method and leaves cancelled ones out', () => {
    const totals = paymentTotals([
      { kind: 'payment', method: 'card', amount: 500_00, status: 'success' },
      { kind: 'payment', method: 'cash', amount: 200_00, status: 'success' },
      { kind: 'refund', method: 'cash', amount: -50_00, status: 'success' },
      { kind: 'payment', method: 'cash', amount: 999_00, status: 'cancelled' }
    ])
    expect(totals).toMatchObject({ payments: 2, paid: 700_00, refunds: 1, refunded: 50_00 })
    expect(totals.byMethod).toEqual([
      { method: 'cash', paid: 200_00, refunded: 50_00, count: 2 },
      { method: 'card', paid: 500_00, refunded: 0, count: 1 }
    ])
  })
})
