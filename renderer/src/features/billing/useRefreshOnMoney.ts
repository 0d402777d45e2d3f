import { useEffect } from 'react'
import { client } from '../../api/client'
import { refreshService, type ServicePath } from '../../api/live'

const moneyEvents = ['created', 'patched'] as const

/**
 * Refetches a read-only money view (`payment-history`, `invoices-summary`) whenever a payment or
 * an invoice is written anywhere (another desk too): such views have no events of their own.
 */
export function useRefreshOnMoney(path: ServicePath, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return
    const refresh = () => void refreshService(path)
    const services = [client.service('transactions'), client.service('invoices')]
    for (const service of services) for (const event of moneyEvents) service.on(event, refresh)
    return () => {
      for (const service of services) for (const event of moneyEvents) service.off(event, refresh)
    }
  }, [path, enabled])
}
