import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { service } from '../../api/client'
import { abortable } from '../../api/abortable'
import { useLive } from '../../api/live'
import type { Paginated } from '../../api/types'
import type { CustomerRecord } from './customer-types'
import type { ListTotal } from './customer-query'

/**
 * One page of customers for a query, kept live by the service events (api/live.ts invalidates
 * every `customers` find). While the next query loads the previous page stays on screen; a
 * query that is replaced before it answers is aborted, so a slow early keystroke never
 * overwrites a later one.
 */
export function useCustomerList(query: Record<string, unknown>, enabled = true) {
  useLive('customers')
  return useQuery({
    queryKey: ['customers', 'find', query],
    queryFn: ({ signal }) => abortable(service<CustomerRecord>('customers').find({ query }), signal) as Promise<Paginated<CustomerRecord> & ListTotal>,
    placeholderData: keepPreviousData,
    enabled
  })
}
