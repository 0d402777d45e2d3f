import { useEffect } from 'react'
import { client } from '../../api/client'
import { refreshService, type ServicePath } from '../../api/live'

const moneyEvents = ['created', 'patched'] as const
/** One set of listeners per refreshed view, however many of its reads are on screen (a tab and an open invoice). */
const listening = new Map<ServicePath, { users: number; stop: () => void }>()

function listen(path: ServicePath): () => void {
  const current = listening.get(path)
  if (current) current.users += 1
  else {
    const refresh = () => void refreshService(path)
    const services = [client.service('transactions'), client.service('invoices')]
    for (const service of services) for (const event of moneyEvents) service.on(event, refresh)
    const stop = () => {
      for (const service of services) for (const event of moneyEvents) service.off(event, refresh)
    }
    listening.set(path, { users: 1, stop })
  }
  return () => {
    const entry = listening.get(path)
    if (!entry) return
    entry.users -= 1
    if (entry.users === 0) {
      entry.stop()
      listening.delete(path)
    }
  }
}

/**
 * Refetches a money view (`payment-history`, `invoices-summary`, and the invoices, whose paid and
 * state a payment changes without an invoice event) whenever a payment or
 * an invoice is written anywhere (another desk too): such views have no events of their own.
 */
export function useRefreshOnMoney(path: ServicePath, enabled: boolean) {
  useEffect(() => (enabled ? listen(path) : undefined), [path, enabled])
}
