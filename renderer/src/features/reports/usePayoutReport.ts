import type { BalanceReport, PayoutRowFigure } from '../../../../server/src/services/billing/user-balance-reports/user-balance-reports.shared'
import { useReportPage } from './useReportPage'

export interface PayoutFilter {
  from: string
  to: string
  branchId?: string
  doctorId?: string
}

/** One number of the payouts reports: a figure, narrowed to a doctor or a day. */
export interface PayoutDrill {
  figure: PayoutRowFigure
  doctorId?: string
  day?: string
}

/**
 * The payouts reports' one read (`user-balance-reports`, both /reports/payouts and
 * /reports/payouts2_0): the period, branch and doctor from the address, as every report.
 */
export function usePayoutReport() {
  // Earnings come from invoices and payments: a new one changes the figures.
  return useReportPage<BalanceReport, PayoutFilter>('user-balance-reports', { resource: 'balance-reports', money: true })
}
