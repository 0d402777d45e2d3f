import {
  acceptChoices, allowedActions, countedItems, editable, itemAmount, mayAct, needsBooking, phaseDuration, planProgress, planTotals,
  priceValidUntil, pricesOutdated, shownStatus, type PlanItemLike
} from '../../../domain/clinical/treatment-plans'

const item = (id: string, extra: Partial<PlanItemLike> = {}): PlanItemLike => ({
  _id: id, quantity: 1, price: 100_00, discount: 0, status: 'planned', alternativeGroup: null, alternative: null, ...extra
})

describe('treatment plan rules', () => {
  it('holds prices 180 days from the consultation, across months and leap years', () => {
    expect(priceValidUntil('2026-01-01')).toBe('2026-06-30')
    expect(priceValidUntil('2027-12-01')).toBe('2028-05-29')
    expect(pricesOutdated('2026-01-01', '2026-06-30')).toBe(false)
    expect(pricesOutdated('2026-01-01', '2026-07-01')).toBe(true)
  })

  it('shows a presented plan past its prices as expired, and no other state', () => {
    expect(shownStatus('presented', '2026-01-01', '2026-07-01')).toBe('expired')
    expect(shownStatus('presented', '2026-01-01', '2026-06-30')).toBe('presented')
    for (const status of ['draft', 'accepted', 'partially-done', 'done', 'rejected'] as const) expect(shownStatus(status, '2020-01-01', '2026-07-01')).toBe(status)
  })

  it('allows actions by state: accept only a presented plan, nothing on a done one', () => {
    expect(mayAct('presented', 'accept')).toBe(true)
    expect(mayAct('expired', 'accept')).toBe(false)
    expect(mayAct('expired', 'reprice')).toBe(true)
    expect(mayAct('draft', 'accept')).toBe(false)
    expect(mayAct('accepted', 'present')).toBe(false)
    expect(mayAct('rejected', 'revise')).toBe(true)
    expect(allowedActions('done')).toEqual([])
    expect([editable('draft'), editable('presented'), editable('expired'), editable('accepted'), editable('done')]).toEqual([true, true, true, false, false])
  })

  it('computes item amounts with their discount, and totals with the patient\'s discount, in whole minor units', () => {
    expect(itemAmount({ price: 333, quantity: 3, discount: 10 })).toBe(899) // 999 - 100 (99.9 rounded)
    const phases = [
      { _id: 'p1', items: [item('a', { price: 150_000 }), item('b', { price: 900_000, discount: 10 })] },
      { _id: 'p2', items: [item('c', { price: 2_500_000, alternativeGroup: 'g', alternative: 'implant' }), item('d', { price: 1_800_000, alternativeGroup: 'g', alternative: 'bridge' }), item('e', { status: 'rejected', price: 5 })] }
    ]
    // Before a choice only the first option of a group counts; rejected items never count.
    const totals = planTotals(phases, 5)
    expect(totals.phases.map((phase) => phase.subtotal)).toEqual([960_000, 2_500_000])
    expect(totals.plan).toEqual({ subtotal: 3_460_000, discount: 173_000, total: 3_287_000 })
    expect(countedItems(phases.flatMap((phase) => phase.items)).map((entry) => entry._id)).toEqual(['a', 'b', 'c'])
    // After choosing the bridge, the implant is rejected and the bridge counts.
    const chosen = [{ _id: 'p2', items: [item('c', { price: 2_500_000, alternativeGroup: 'g', alternative: 'implant', status: 'rejected' }), item('d', { price: 1_800_000, alternativeGroup: 'g', alternative: 'bridge' })] }]
    expect(planTotals(chosen, 0).plan.total).toBe(1_800_000)
  })

  it('accepts one option of each alternative group, rejecting the others; refuses missing and unknown choices', () => {
    const items = [item('a'), item('c', { alternativeGroup: 'g', alternative: 'implant' }), item('c2', { alternativeGroup: 'g', alternative: 'implant' }), item('d', { alternativeGroup: 'g', alternative: 'bridge' })]
    expect(acceptChoices(items, { g: 'implant' })).toEqual({ rejected: ['d'] })
    expect(acceptChoices(items, { g: 'bridge' })).toEqual({ rejected: ['c', 'c2'] })
    expect(acceptChoices(items, {})).toEqual({ code: 'plan-choice-missing', path: 'choices.g' })
    expect(acceptChoices(items, { g: 'crown' })).toEqual({ code: 'plan-choice-unknown', path: 'choices.g' })
    expect(acceptChoices(items, { h: 'x' })).toEqual({ code: 'plan-choice-unknown', path: 'choices.h' })
    // A group with one option left needs no choice.
    expect(acceptChoices([item('x', { alternativeGroup: 'g', alternative: 'only' })], {})).toEqual({ rejected: [] })
  })

  it('moves an accepted plan to partially done and done as items are done, and back', () => {
    const open = [item('a'), item('b'), item('c', { status: 'rejected' })]
    expect(planProgress('accepted', open)).toBe('accepted')
    expect(planProgress('accepted', [item('a', { status: 'done' }), item('b'), item('c', { status: 'rejected' })])).toBe('partially-done')
    expect(planProgress('partially-done', [item('a', { status: 'done' }), item('b', { status: 'done' }), item('c', { status: 'rejected' })])).toBe('done')
    expect(planProgress('done', [item('a', { status: 'done' }), item('b')])).toBe('partially-done')
    expect(planProgress('presented', [item('a', { status: 'done' })])).toBe('presented')
    expect(planProgress('rejected', [item('a', { status: 'done' })])).toBe('rejected')
  })

  it('needs booking while an accepted plan has a phase of planned items and no visit', () => {
    const phases = [{ _id: 'p1', appointmentId: 'v1', items: [item('a')] }, { _id: 'p2', appointmentId: null, items: [item('b')] }]
    expect(needsBooking('accepted', phases)).toBe(true)
    expect(needsBooking('presented', phases)).toBe(false)
    expect(needsBooking('partially-done', [phases[0], { ...phases[1], items: [item('b', { status: 'done' })] }])).toBe(false)
    expect(phaseDuration([{ duration: 40, quantity: 2, status: 'planned' }, { duration: 60, quantity: 1, status: 'rejected' }])).toBe(80)
    expect(phaseDuration([])).toBe(15)
  })
})
