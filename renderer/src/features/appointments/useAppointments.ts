import { useMemo } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { remoteService, useLive, type QueryOf } from '../../api/live'
import { MAX_PAGE } from './appointment-query'

export const APPOINTMENT_PATH = 'appointment'

/**
 * One find for a range or a list page. Kept live by the service events (api/live.ts invalidates
 * every `appointment` find on created/patched/removed), so another front desk's booking shows
 * at once. The previous answer stays on screen while the next range loads.
 */
export function useAppointments(query: QueryOf<typeof APPOINTMENT_PATH>, enabled = true) {
  useLive(APPOINTMENT_PATH)
  return useQuery({
    queryKey: [APPOINTMENT_PATH, 'find', query],
    queryFn: () => remoteService(APPOINTMENT_PATH).find({ query }),
    placeholderData: keepPreviousData,
    enabled
  })
}

/**
 * The customers of the shown appointments in one find by `_id: { $in }` (a second call only past
 * the server's page size), never one call per appointment. `fields`: only these (`$select`, with
 * `_id`), for a screen that shows little of each customer.
 */
export function useCustomersByIds(ids: string[], fields?: readonly string[]) {
  useLive('customers')
  const sorted = useMemo(() => [...new Set(ids)].sort(), [ids])
  const select = fields ? { $select: [...fields] } : {}
  const found = useQuery({
    queryKey: ['customers', 'find', { byIds: sorted, ...select }],
    queryFn: async () => {
      const chunks: string[][] = []
      for (let index = 0; index < sorted.length; index += MAX_PAGE) chunks.push(sorted.slice(index, index + MAX_PAGE))
      const pages = await Promise.all(
        chunks.map((chunk) => remoteService('customers').find({ query: { _id: { $in: chunk }, $limit: chunk.length, ...select } }))
      )
      return pages.flatMap((page) => page.data)
    },
    placeholderData: keepPreviousData,
    enabled: sorted.length > 0
  })
  return useMemo(() => new Map((found.data ?? []).map((customer) => [customer._id, customer])), [found.data])
}
