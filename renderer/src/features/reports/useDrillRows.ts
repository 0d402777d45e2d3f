import { useQuery } from '@tanstack/react-query'

/** The report's query for one number's rows: the page's filter, the drill's narrowing (the ones given) and `$rows`. */
export function drillQuery(filter: object, drill: { figure: string }): Record<string, unknown> {
  const { figure, ...where } = drill
  const narrow = Object.fromEntries(Object.entries(where).filter(([, value]) => value !== undefined))
  return { ...filter, ...narrow, $rows: figure }
}

/**
 * The rows behind one number of a report: the same service asked again with `$rows: <figure>`
 * and the drill's narrowing (day, doctor, branch, ...; the ones not given are left out), so the
 * rows are checked by the totals' own permissions. `find` is the report's typed service call.
 * The same query exports every row in the background (DrillExport, report-exports).
 */
export function useDrillRows<Drill extends { figure: string }, Rows>(
  path: string,
  filter: object | null,
  drill: Drill | null,
  find: (query: Record<string, unknown>) => Promise<Rows>
) {
  return useQuery({
    queryKey: [path, 'find', filter, drill],
    queryFn: () => find(drillQuery(filter!, drill!)),
    enabled: filter !== null && drill !== null
  })
}
