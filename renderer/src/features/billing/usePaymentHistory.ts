import { useQuery } from '@tanstack/react-query'
import { client } from '../../api/client'
import { PAYMENT_HISTORY_MAX_PAGE } from '../../../../server/src/services/billing/payment-history/payment-history.shared'
import type { PaymentHistory } from './billing-types'
import { useRefreshOnMoney } from './useRefreshOnMoney'

/** Which part of the history: one invoice's payments (`invoiceId`), and how many (`limit` 0: the balance and debt alone). */
export interface HistoryPart {
  invoiceId?: string
  limit?: number
}

/** The patient's payments with the balance and debt, kept current by every money write. */
export function usePaymentHistory(customerId: string, enabled: boolean, { invoiceId, limit = PAYMENT_HISTORY_MAX_PAGE }: HistoryPart = {}) {
  // Find only (no get), so not through useFind; the key is the service's, so its refreshes reach it.
  const query = { customerId, ...(invoiceId ? { invoiceId } : {}), $limit: limit }
  const found = useQuery({
    queryKey: ['payment-history', 'find', query],
    queryFn: () => client.service('payment-history').find({ query }) as Promise<PaymentHistory>,
    enabled
  })
  useRefreshOnMoney('payment-history', enabled)
  return { ...found, history: found.data }
}
