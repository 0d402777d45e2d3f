import { ratio } from '../billing/money'

/**
 * Names shared by the server and the screens of the services report and the toppers
 * (docs/decisions/reports.md, "Services and toppers"):
 * - done: Σ quantity of the treatments done (the lines invoices bill), on the visit's day;
 * - billed: Σ quantity of the lines of invoices issued in the period and not cancelled;
 * - revenue: Σ of those lines' amounts less the patient's discount taken on each line.
 */
export const serviceFigures = ['done', 'billed', 'revenue'] as const
export type ServiceFigure = (typeof serviceFigures)[number]

/** The toppers' lists, each the ten best of one figure by one grain. */
export const topperLists = ['doctorsByRevenue', 'doctorsByVisits', 'servicesByRevenue', 'servicesByCount', 'sourcesByNewPatients', 'sourcesByRevenue'] as const
export type TopperList = (typeof topperLists)[number]

/** The figures behind the toppers' numbers (their drill-down's `$rows`). */
export const topperFigures = ['revenue', 'done', 'visits', 'newPatients'] as const
export type TopperFigure = (typeof topperFigures)[number]

/** What each list ranks and by which figure. */
export const topperListOf: Record<TopperList, { grain: 'doctor' | 'service' | 'source'; figure: TopperFigure }> = {
  doctorsByRevenue: { grain: 'doctor', figure: 'revenue' },
  doctorsByVisits: { grain: 'doctor', figure: 'visits' },
  servicesByRevenue: { grain: 'service', figure: 'revenue' },
  servicesByCount: { grain: 'service', figure: 'done' },
  sourcesByNewPatients: { grain: 'source', figure: 'newPatients' },
  sourcesByRevenue: { grain: 'source', figure: 'revenue' }
}

/** How many entries a toppers' list shows. */
export const TOPPERS_SIZE = 10

/** The key of lines with no service, category or source (a narrowing's value too). */
export const NONE = 'none'

/** The average price of a unit: revenue ÷ units billed, rounded half up to a minor unit; null when nothing was billed. */
export function averagePrice(revenue: number, units: number): number | null {
  if (units <= 0 || revenue < 0) return null
  return ratio(revenue, 1, units)
}
