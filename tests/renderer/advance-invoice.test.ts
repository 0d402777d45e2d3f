import { advanceItems, chosenAmount, invoicedPlanItems } from '../../renderer/src/features/treatment-plan/advance-invoice'
import { planInvoiceable } from '../../domain/clinical/treatment-plans'
import type { PlanItem, TreatmentPlan } from '../../server/src/services/clinical/treatment-plan/treatment-plan.shared'

const item = (id: string, status: PlanItem['status'], price: number, discount = 0) => ({ _id: id, status, price, quantity: 1, discount, serviceName: id, teeth: [] }) as unknown as PlanItem
const plan = (status: string, items: PlanItem[]) => ({ status, phases: [{ items: items.slice(0, 2) }, { items: items.slice(2) }] }) as unknown as Pick<TreatmentPlan, 'status' | 'phases'>

describe('an advance invoice from a plan', () => {
  const items = [item('filling', 'done', 30_000), item('implant', 'rejected', 900_000), item('crown', 'planned', 400_000, 10), item('cleaning', 'planned', 50_000)]

  test('offers the planned items of an accepted plan that no standing invoice asks for', () => {
    expect(advanceItems(plan('accepted', items), new Set()).map((entry) => entry._id)).toEqual(['crown', 'cleaning'])
    expect(advanceItems(plan('partially-done', items), new Set(['crown'])).map((entry) => entry._id)).toEqual(['cleaning'])
    for (const status of ['draft', 'presented', 'expired', 'rejected']) {
      expect(planInvoiceable(status)).toBe(false)
      expect(advanceItems(plan(status, items), new Set())).toEqual([])
    }
  })

  test('reads the invoiced plan items from the invoices\' lines', () => {
    expect([...invoicedPlanItems([{ lines: [{ planItemId: 'crown' }, { planItemId: null }] }, { lines: [] }, {}])]).toEqual(['crown'])
  })

  test('adds up the chosen items with their own discounts', () => {
    const offered = advanceItems(plan('accepted', items), new Set())
    expect(chosenAmount(offered, new Set(['crown', 'cleaning']))).toBe(360_000 + 50_000)
    expect(chosenAmount(offered, new Set(['cleaning']))).toBe(50_000)
  })
})
