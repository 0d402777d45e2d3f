import { acceptanceRate } from '../../../../domain/reports/treatment-plan-reports'
import type { PlanFigureValues, TreatmentPlanFigure } from '../../../../server/src/services/reports/treatment-plan-reports/treatment-plan-reports.shared'

/** The figures of the treatment plans report's tables (the tiles have them all). */
export const planTableFigures: readonly TreatmentPlanFigure[] = ['presented', 'waiting', 'accepted', 'done', 'rejected', 'itemsUnscheduled']

/**
 * One line of the exported table: its name, each table figure's count and value (minor units),
 * then the acceptance rate of the count and of the value (whole percent; '' when nothing was presented).
 */
export function planExportRow(name: string, line: PlanFigureValues): Array<string | number> {
  return [
    name,
    ...planTableFigures.flatMap((figure) => [line[figure].count, line[figure].value]),
    acceptanceRate(line.accepted.count, line.presented.count) ?? '',
    acceptanceRate(line.accepted.value, line.presented.value) ?? ''
  ]
}
