import { groupByDate, needsTeeth, newXrayValues, withType, xrayChanges, xrayData, xrayValues } from '../../renderer/src/features/xrays/xray-form'
import type { Xray } from '../../server/src/services/clinical/xrays/xrays.shared'

const stored: Xray = {
  _id: 'x1', companyId: 'c', createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z', createdBy: 'u1',
  branchId: 'b', customerId: 'p1', appointmentId: null, doctorId: 'u1', date: '2025-01-02', type: 'intraoral', dose: 50, quantity: 1, teeth: [36], findings: 'caries'
}

describe('the X-ray form', () => {
  it("starts with the type's dose from the company's settings, in µSv", () => {
    const values = newXrayValues('orthopantomogram', '2025-03-04', { orthopantomogram: 150 }, 'u1')
    expect(values).toMatchObject({ type: 'orthopantomogram', date: '2025-03-04', doseMicroSv: 15, quantity: 1, teeth: [], doctorId: 'u1' })
    expect(withType(values, 'ctScan', undefined).doseMicroSv).toBe(100)
  })

  it('asks for teeth on an intraoral X-ray only', () => {
    expect(needsTeeth({ type: 'intraoral', teeth: [] })).toBe(true)
    expect(needsTeeth({ type: 'intraoral', teeth: [36] })).toBe(false)
    expect(needsTeeth({ type: 'orthopantomogram', teeth: [] })).toBe(false)
  })

  it('sends the dose in 0.1 µSv and a patch only what changed', () => {
    const values = { ...xrayValues(stored), doseMicroSv: 1.7, findings: ' caries distal ' }
    expect(xrayData('p1', values)).toMatchObject({ customerId: 'p1', dose: 17, findings: 'caries distal', teeth: [36] })
    expect(xrayChanges(stored, values)).toEqual({ dose: 17, findings: 'caries distal' })
    expect(xrayChanges(stored, xrayValues(stored))).toEqual({})
  })

  it('groups X-rays by day, newest day first, keeping their order within a day', () => {
    const groups = groupByDate([{ date: '2025-01-01', id: 1 }, { date: '2025-02-01', id: 2 }, { date: '2025-01-01', id: 3 }])
    expect(groups.map((group) => [group.date, group.xrays.map((xray) => xray.id)])).toEqual([['2025-02-01', [2]], ['2025-01-01', [1, 3]]])
  })
})
