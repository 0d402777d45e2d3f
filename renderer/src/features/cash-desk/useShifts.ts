import { useEffect } from 'react'
import { client } from '../../api/client'
import { refreshService } from '../../api/live'
import { zPaymentsPath } from './cash-desk-types'

/**
 * An open shift's X-report is the ledger's: a payment, refund or cancellation taken anywhere
 * (the patient card, another desk's screen) changes it without a `z-payments` event, so the
 * shifts refetch when a payment event arrives.
 */
export function useShiftsFollowPayments() {
  useEffect(() => {
    const payments = client.service('transactions')
    const refresh = () => void refreshService(zPaymentsPath)
    payments.on('created', refresh)
    payments.on('patched', refresh)
    return () => {
      payments.off('created', refresh)
      payments.off('patched', refresh)
    }
  }, [])
}
