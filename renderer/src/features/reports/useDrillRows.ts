import { useQuery } from '@tanstack/react-query'

/**
 * The rows behind one number of a report: the same service asked again with `$rows: <figure>`
 * and the drill's narrowing (day, doctor, branch, ...; the ones not given are left out), so the
 * rows are checked by the totals' own permissions. `find` is the report's typed service call.
 */
export function useDrillRows<Drill extends { figure: string }, Rows>(
  path: string,
  filter: object | null,
  drill: Drill | null,
  find: (query: Record<string, unknown>) => Promise<Rows>
) {
  return useQuery({
    queryKey: [path, 'find', filter, drill],
    queryFn: () => {
      const { figure, ...where } = drill!
      const narrow = Object.fromEntries(Object.entries(where).filter(([, value]) => value !== undefined))
      return find({ ...filter!, ...narrow, $rows: figure })
    },
    enabled: filter !== null && drill !== null
  })
}
