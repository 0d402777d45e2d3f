import { changeOf, isCheckoutProblem, paymentKeyOf, planCheckout } from '../../../domain/billing/checkout'

describe('the checkout plan', () => {
  const invoices = [{ invoiceId: 'old', due: 3_000 }, { invoiceId: 'new', due: 7_000 }]

  it('pays the invoices in order, the balance first, each row keeping its place', () => {
    const plan = planCheckout(invoices, [{ method: 'cash', amount: 4_000 }, { method: 'balance', amount: 5_000 }, { method: 'card', amount: 1_000 }], false)
    if (isCheckoutProblem(plan)) throw new Error(plan.code)
    expect(plan).toMatchObject({ due: 10_000, paid: 10_000, topUp: 0 })
    expect(plan.payments.map((payment) => [payment.index, payment.method, payment.allocations])).toEqual([
      [0, 'cash', [{ invoiceId: 'new', amount: 4_000 }]],
      [1, 'balance', [{ invoiceId: 'old', amount: 3_000 }, { invoiceId: 'new', amount: 2_000 }]],
      [2, 'card', [{ invoiceId: 'new', amount: 1_000 }]]
    ])
  })

  it('leaves the rest owed when less is paid', () => {
    const plan = planCheckout(invoices, [{ method: 'cash', amount: 3_500 }], false)
    if (isCheckoutProblem(plan)) throw new Error(plan.code)
    expect(plan.payments[0].allocations).toEqual([{ invoiceId: 'old', amount: 3_000 }, { invoiceId: 'new', amount: 500 }])
    expect(plan.topUp).toBe(0)
  })

  it('refuses more than is due unless the rest tops up the balance, which the balance itself never does', () => {
    expect(planCheckout(invoices, [{ method: 'cash', amount: 10_001 }], false)).toEqual({ code: 'checkout-over-payment', path: 'payments', due: 10_000 })
    const plan = planCheckout(invoices, [{ method: 'cash', amount: 10_001 }], true)
    if (isCheckoutProblem(plan)) throw new Error(plan.code)
    expect(plan.topUp).toBe(1)
    expect(plan.payments[0].allocations.at(-1)).toEqual({ invoiceId: null, amount: 1 })
    expect(planCheckout(invoices, [{ method: 'balance', amount: 10_001 }], true)).toEqual({ code: 'payment-balance-to-balance', path: 'payments.0.amount' })
    expect(planCheckout([], [{ method: 'card', amount: 500 }], true)).toMatchObject({ topUp: 500, due: 0 })
  })

  it('gives change of the cash handed over only, and refuses less cash than is paid in cash', () => {
    const rows = [{ method: 'cash' as const, amount: 4_000 }, { method: 'card' as const, amount: 6_000 }]
    expect(changeOf(rows, 5_000)).toBe(1_000)
    expect(changeOf(rows, 4_000)).toBe(0)
    expect(changeOf(rows, 3_999)).toBeNull()
    expect(changeOf(rows, undefined)).toBe(0)
  })

  it('derives one key per row of the split', () => {
    expect([0, 1, 7].map((index) => paymentKeyOf('abc-12345', index))).toEqual(['abc-12345-1', 'abc-12345-2', 'abc-12345-8'])
  })
})
