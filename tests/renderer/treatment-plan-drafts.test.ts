import { appendPhaseDrafts, groupsOf, movePhase, openPlanItems, phasesInput, plannedTeeth } from '../../renderer/src/features/treatment-plan/plan-drafts'
import type { PlanItem, TreatmentPlan } from '../../server/src/services/clinical/treatment-plan/treatment-plan.shared'

const item = (id: string, extra: Partial<PlanItem> = {}): PlanItem => ({
  _id: id, teeth: [], serviceId: `s-${id}`, serviceName: `Service ${id}`, serviceCode: null, duration: 30, quantity: 1, price: 1000, discount: 0,
  doctorId: null, urgency: 'planned', alternativeGroup: null, alternative: null, status: 'planned', treatmentId: null, ...extra
})
const plan = (status: TreatmentPlan['status'], phases: TreatmentPlan['phases']): TreatmentPlan => ({
  _id: `p-${status}`, companyId: 'c', createdAt: '', updatedAt: '', createdBy: null, branchId: 'b', customerId: 'x', title: '', doctorId: 'd', status,
  consultationDate: '2026-11-25', priceValidUntil: '2027-05-24', pricesOutdated: false, phases, needsBooking: false, copiedFrom: null
})

describe('plan drafts (the editor\'s pure parts)', () => {
  it('appends phases from bundle or template drafts, keeping the existing phases as they were', () => {
    const existing = phasesInput([{ _id: 'ph1', title: 'One', appointmentId: null, items: [item('a', { teeth: [{ tooth: 36, surfaces: ['O'] }] })] }])
    const next = appendPhaseDrafts(existing, [{ title: 'Bundle', items: [{ serviceId: 's1', quantity: 2, teeth: [46, 47], surfaces: ['O'] }, { serviceId: 's2', quantity: 1.4 }] }])
    expect(next[0]).toEqual(existing[0])
    expect(next[0].items[0]).toMatchObject({ _id: 'a', serviceId: 's-a', teeth: [{ tooth: 36, surfaces: ['O'] }], price: 1000 })
    expect(next[1]).toEqual({
      title: 'Bundle',
      items: [
        { serviceId: 's1', quantity: 2, teeth: [{ tooth: 46, surfaces: ['O'] }, { tooth: 47, surfaces: ['O'] }], urgency: 'planned' },
        { serviceId: 's2', quantity: 1, teeth: [], urgency: 'planned' }
      ]
    })
  })

  it('moves phases up and down, and leaves the ends as they are', () => {
    expect(movePhase(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c'])
    expect(movePhase(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b'])
    expect(movePhase(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c'])
    expect(movePhase(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c'])
  })

  it('lists alternative groups with their options, the planned teeth of live plans, and the items a treatment may complete', () => {
    const phases = [
      { _id: 'ph1', title: '', appointmentId: 'v1', items: [item('a', { teeth: [{ tooth: 36, surfaces: [] }] })] },
      { _id: 'ph2', title: '', appointmentId: null, items: [item('i', { alternativeGroup: 'g', alternative: 'implant', teeth: [{ tooth: 46, surfaces: [] }] }), item('b', { alternativeGroup: 'g', alternative: 'bridge', teeth: [{ tooth: 46, surfaces: [] }] }), item('r', { status: 'rejected', teeth: [{ tooth: 11, surfaces: [] }] })] }
    ]
    const accepted = plan('accepted', phases)
    expect(groupsOf(accepted).map((group) => [group.group, group.options.map((option) => option.option)])).toEqual([['g', ['implant', 'bridge']]])
    expect([...plannedTeeth([accepted, plan('done', [{ _id: 'x', title: '', appointmentId: null, items: [item('z', { teeth: [{ tooth: 21, surfaces: [] }] })] }])])]).toEqual([
      [36, ['Service a']], [46, ['Service i', 'Service b']]
    ])
    expect(openPlanItems([accepted]).map((entry) => [entry.item._id, entry.phase._id])).toEqual([['a', 'ph1'], ['i', 'ph2'], ['b', 'ph2']])
    expect(openPlanItems([plan('presented', phases)])).toEqual([])
  })
})
