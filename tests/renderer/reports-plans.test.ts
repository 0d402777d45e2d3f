import { planExportRow, planTableFigures } from '../../renderer/src/features/reports/plan-report-view'
import { treatmentPlanFigures, type PlanFigureValues } from '../../server/src/services/reports/treatment-plan-reports/treatment-plan-reports.shared'

const values = (given: Partial<Record<(typeof treatmentPlanFigures)[number], [number, number]>>): PlanFigureValues =>
  Object.fromEntries(treatmentPlanFigures.map((figure) => [figure, { count: given[figure]?.[0] ?? 0, value: given[figure]?.[1] ?? 0 }])) as PlanFigureValues

describe('the treatment plans report on screen', () => {
  it('exports a line as its name, each figure count then value in minor units, and the two acceptance rates', () => {
    expect(planTableFigures).toEqual(['presented', 'waiting', 'accepted', 'done', 'rejected', 'itemsUnscheduled'])
    const line = values({ presented: [3, 2_160_000], waiting: [1, 150_000], accepted: [1, 1_110_000], rejected: [1, 900_000], itemsUnscheduled: [1, 150_000] })
    expect(planExportRow('Aziza', line)).toEqual(['Aziza', 3, 2_160_000, 1, 150_000, 1, 1_110_000, 0, 0, 1, 900_000, 1, 150_000, 33, 51])
  })

  it('leaves the rates empty when nothing was presented', () => {
    expect(planExportRow('—', values({})).slice(-2)).toEqual(['', ''])
  })
})
