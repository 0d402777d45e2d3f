import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import { client } from '../../api/client'
import { refreshService } from '../../api/live'
import type { Cart, PosCart } from './pos-types'

const events = ['created', 'patched', 'updated', 'removed'] as const
/** What changes a visit's standing at the desk: the visit itself, its treatments, invoices and payments. */
const sources = ['appointment', 'treatment', 'invoices', 'transactions'] as const

/**
 * The desk's reads stay live: a visit booked or finished, a treatment written, an invoice or a
 * payment made anywhere (another desk too) refreshes the list and the open cart. Neither read
 * has events of its own.
 */
function useDeskRefresh(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return
    const refresh = () => {
      void refreshService('pos-cart')
      void refreshService('cart')
    }
    const services = sources.map((path) => client.service(path))
    for (const service of services) for (const event of events) service.on(event, refresh)
    return () => {
      for (const service of services) for (const event of events) service.off(event, refresh)
    }
  }, [enabled])
}

/** Today's visits of the branch waiting for payment. */
export function useWaitingVisits(branchId: string | null) {
  useDeskRefresh(true)
  const query = branchId ? { branchId } : {}
  return useQuery({
    queryKey: ['pos-cart', 'find', query],
    queryFn: () => client.service('pos-cart').find({ query }) as Promise<PosCart>
  })
}

/** One patient's cart. */
export function useCart(customerId: string | null) {
  return useQuery({
    queryKey: ['cart', 'get', customerId],
    queryFn: () => client.service('cart').get(customerId as string) as Promise<Cart>,
    enabled: customerId !== null
  })
}
