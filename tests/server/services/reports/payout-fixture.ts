import type { MoneyClinic } from './money-fixture'
import type { ExpenseCategory } from '../../../../server/src/services/billing/expense/expense.shared'

/**
 * The money clinic (money-fixture.ts) with doctors' shares and payouts, and expenses, for the
 * payouts and expenses reports. Doctor A (`clinic.doctor`) earns 10 %, doctor B 20 % of what
 * they bill (the company's default base). Payouts, recorded by finance (amounts in cents):
 *
 * | doctor | day | amount | branch |
 * | A | 2026-09-15 | 3.00 | none (before the period: in the opening balance) |
 * | A | 2026-10-10 | 20.00 | none |
 * | A | 2026-10-20 | 5.00 | North |
 * | B | 2026-11-06 | 10.00 | main |
 *
 * Expenses: main rent 500.00 on 10-01, materials 30.00 and 20.00 on 10-05; North utilities
 * 40.00 on 11-02; outside the period: main rent 99.99 on 09-30 and on 11-08 (the period's end,
 * excluded).
 */
export const PERIOD = { from: '2026-10-01', to: '2026-11-08' }

export async function withPayoutsAndExpenses(money: MoneyClinic) {
  const { clinic, finance, doctorB, northId } = money
  await clinic.admin.client.service('users').patch(clinic.doctor.user._id, { percentOfRevenue: 10 })
  await clinic.admin.client.service('users').patch(doctorB.user._id, { percentOfRevenue: 20 })
  const payout = (userId: string, date: string, amount: number, branchId?: string) =>
    finance.client.service('user-balance-history').create({ action: 'payout', userId, amount, method: 'cash', date, ...(branchId ? { branchId } : {}) })
  await payout(clinic.doctor.user._id, '2026-09-15', 300)
  await payout(clinic.doctor.user._id, '2026-10-10', 2_000)
  await payout(clinic.doctor.user._id, '2026-10-20', 500, northId)
  await payout(doctorB.user._id, '2026-11-06', 1_000, clinic.branchId)
  const expense = (branchId: string, category: ExpenseCategory, amount: number, date: string) =>
    finance.client.service('expense').create({ branchId, category, amount, date, supplier: `${category} supplier` })
  await expense(clinic.branchId, 'rent', 50_000, '2026-10-01')
  await expense(clinic.branchId, 'materials', 3_000, '2026-10-05')
  await expense(clinic.branchId, 'materials', 2_000, '2026-10-05')
  await expense(northId, 'utilities', 4_000, '2026-11-02')
  await expense(clinic.branchId, 'rent', 9_999, '2026-09-30')
  await expense(clinic.branchId, 'rent', 9_999, '2026-11-08')
}
