import { acceptanceRate, isItemFigure, planFiguresOf, planValue, valuedItems, weighPlan } from '../../../domain/reports/treatment-plan-reports'
import type { PlanItemLike } from '../../../domain/clinical/treatment-plans'

const item = (id: string, price: number, extra: Partial<PlanItemLike> = {}): PlanItemLike => ({ _id: id, price, quantity: 1, discount: 0, status: 'planned', alternativeGroup: null, alternative: null, ...extra })

describe('the treatment plans report rules', () => {
  it('puts each stored state in its figures: presented = waiting + accepted + rejected, drafts nowhere', () => {
    expect(planFiguresOf('draft')).toEqual([])
    expect(planFiguresOf('presented')).toEqual(['presented', 'waiting'])
    expect(planFiguresOf('accepted')).toEqual(['presented', 'accepted'])
    expect(planFiguresOf('partially-done')).toEqual(['presented', 'accepted', 'partiallyDone'])
    expect(planFiguresOf('done')).toEqual(['presented', 'accepted', 'done'])
    expect(planFiguresOf('rejected')).toEqual(['presented', 'rejected'])
    expect([isItemFigure('itemsUnscheduled'), isItemFigure('accepted')]).toEqual([true, false])
  })

  it('values a plan by its items after their own discounts: rejected items never, of an open alternative the first option', () => {
    const phases = [
      { _id: 'p1', items: [item('a', 150_000, { quantity: 2 }), item('b', 900_000, { discount: 10 }), item('c', 50_000, { status: 'rejected' })] },
      { _id: 'p2', items: [item('d', 2_500_000, { alternativeGroup: 'g', alternative: 'implant' }), item('e', 1_800_000, { alternativeGroup: 'g', alternative: 'bridge' })] }
    ]
    expect(valuedItems(phases).map(({ item: entry, phase }) => [entry._id, phase._id])).toEqual([['a', 'p1'], ['b', 'p1'], ['d', 'p2']])
    expect(planValue(phases)).toBe(300_000 + 810_000 + 2_500_000)
    expect(planValue([])).toBe(0)
  })

  it('weighs a plan: the plan in its figures with its value, the items of an accepted one done, booked on the visit of their phase, or unscheduled', () => {
    const phases = [
      { _id: 'p1', appointmentId: 'visit-1', items: [item('a', 150_000, { status: 'done' }), item('b', 900_000, { discount: 10 }), item('c', 50_000, { status: 'rejected' })] },
      { _id: 'p2', appointmentId: null, items: [item('d', 200_000)] }
    ]
    const shown = (status: Parameters<typeof weighPlan>[0]) =>
      weighPlan(status, phases).map((weight) => (weight.item ? [weight.item._id, weight.standing, weight.appointmentId, weight.value] : ['plan', weight.figures, weight.value]))
    expect(shown('partially-done')).toEqual([
      ['plan', ['presented', 'accepted', 'partiallyDone'], 1_160_000],
      ['a', 'itemsDone', null, 150_000],
      ['b', 'booked', 'visit-1', 810_000],
      ['d', 'itemsUnscheduled', null, 200_000]
    ])
    // Not accepted: the plan alone, its items in no figure; a draft in none at all.
    expect(shown('presented')).toEqual([['plan', ['presented', 'waiting'], 1_160_000]])
    expect(shown('draft')).toEqual([['plan', [], 1_160_000]])
  })

  it('rounds the acceptance rate to a whole percent, none of nothing', () => {
    expect([acceptanceRate(1, 3), acceptanceRate(2, 3), acceptanceRate(0, 5), acceptanceRate(0, 0)]).toEqual([33, 67, 0, null])
  })
})
