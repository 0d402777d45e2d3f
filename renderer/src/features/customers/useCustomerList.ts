import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { abortable } from '../../api/abortable'
import { remoteService, useLive, type QueryOf } from '../../api/live'

/**
 * One page of customers for a query, kept live by the service events (api/live.ts invalidates
 * every `customers` find). While the next query loads the previous page stays on screen; a
 * query that is replaced before it answers is aborted, so a slow early keystroke never
 * overwrites a later one.
 */
export function useCustomerList(query: QueryOf<'customers'>, enabled = true) {
  useLive('customers')
  return useQuery({
    queryKey: ['customers', 'find', query],
    queryFn: ({ signal }) => abortable(remoteService('customers').find({ query }), signal),
    placeholderData: keepPreviousData,
    enabled
  })
}
