import { useCallback, useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { abortable } from '../../api/abortable'
import { queryClient } from '../../api/query-client'
import { remoteService, useLive, type QueryOf } from '../../api/live'
import { useDebounced } from '../../components/useDebounced'
import type { CustomerDuplicateOf } from '../../../../server/src/services/customers/customers/customers.shared'
import type { CustomerRecord } from './customer-types'
import { DUPLICATE_LIMIT, duplicateQuery, type DuplicateCandidate } from './duplicate-warning'

/** Merged records are history: never offered as the person being created. */
const findQuery = ($duplicateOf: CustomerDuplicateOf): QueryOf<'customers'> => ({ $duplicateOf, mergedInto: null, $limit: DUPLICATE_LIMIT, $sort: { last_name: 1, first_name: 1 } })
const queryKey = ($duplicateOf: CustomerDuplicateOf) => ['customers', 'find', findQuery($duplicateOf)]
const fetchMatches = ($duplicateOf: CustomerDuplicateOf, signal?: AbortSignal) =>
  abortable(remoteService('customers').find({ query: findQuery($duplicateOf) }), signal).then((page) => page.data)

/**
 * The customers a new record may repeat, as the person types (400 ms after the last key), kept
 * live by the customers events; and `check`, for Save: the matches for the values as they are
 * now, from the cache when already asked.
 */
export function useDuplicateCheck(values: DuplicateCandidate, enabled: boolean) {
  useLive('customers')
  const settled = useDebounced(values, 400)
  const query = useMemo(() => (enabled ? duplicateQuery(settled) : null), [enabled, settled])
  const result = useQuery({
    queryKey: query ? queryKey(query) : ['customers', 'find', 'no-duplicate-query'],
    queryFn: ({ signal }) => fetchMatches(query as CustomerDuplicateOf, signal),
    enabled: Boolean(query)
  })
  const check = useCallback(async (now: DuplicateCandidate): Promise<{ query: CustomerDuplicateOf | null; matches: CustomerRecord[] }> => {
    const asked = duplicateQuery(now)
    if (!asked) return { query: null, matches: [] }
    const matches = await queryClient.fetchQuery({ queryKey: queryKey(asked), queryFn: () => fetchMatches(asked), staleTime: 5_000 })
    return { query: asked, matches }
  }, [])
  return { query, matches: query ? (result.data ?? []) : [], check }
}
