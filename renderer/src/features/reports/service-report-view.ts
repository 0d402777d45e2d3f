import { TOPPERS_SIZE, topperListOf, topperLists, type TopperList } from '../../../../domain/reports/service-reports'
import type { TopBar } from './TopBars'

/** Figures of the services report and the toppers that are money (the others count units, visits or patients). */
export const isMoneyFigure = (figure: string) => figure === 'revenue' || figure === 'average'

/** The services of the largest revenue, at most `size`, as bars (those with no revenue left out). */
export function topRevenueBars<T extends { serviceId: string | null; name: string; revenue: number }>(services: readonly T[], size: number, text: (value: number) => string, noService: string): TopBar[] {
  return [...services]
    .filter((service) => service.revenue > 0)
    .sort((a, b) => b.revenue - a.revenue || a.name.localeCompare(b.name))
    .slice(0, size)
    .map((service) => ({ key: service.serviceId ?? 'none', label: service.name || noService, value: service.revenue, text: text(service.revenue) }))
}

/**
 * The toppers as one table to export: a line per entry with its list's title, its rank, its name,
 * and its number in the money column or the count column (so a spreadsheet can add them up).
 */
export function toppersTable(lists: Record<TopperList, ReadonlyArray<{ name: string; value: number }>>, title: (list: TopperList) => string, nameOf: (list: TopperList, name: string) => string): Array<[string, number, string, number | string, number | string]> {
  return topperLists.flatMap((list) =>
    lists[list].slice(0, TOPPERS_SIZE).map((entry, index): [string, number, string, number | string, number | string] => {
      const money = isMoneyFigure(topperListOf[list].figure)
      return [title(list), index + 1, nameOf(list, entry.name), money ? entry.value : '', money ? '' : entry.value]
    })
  )
}
