import { useQuery } from '@tanstack/react-query'
import { client } from '../../api/client'
import type { InvoicesSummary, InvoicesSummaryQuery } from '../../../../server/src/services/billing/invoices-summary/invoices-summary.shared'
import { useRefreshOnMoney } from './useRefreshOnMoney'

/** The totals of the invoices issued in a period, kept current by every money write. */
export function useInvoicesSummary(query: InvoicesSummaryQuery, enabled: boolean) {
  // Find only, answering one object (not a page), so not through useFind; the key is the service's.
  const found = useQuery({
    queryKey: ['invoices-summary', 'find', query],
    queryFn: () => client.service('invoices-summary').find({ query }) as Promise<InvoicesSummary>,
    enabled
  })
  useRefreshOnMoney('invoices-summary', enabled)
  return found
}
