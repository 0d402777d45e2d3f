import { useQuery } from '@tanstack/react-query'
import { client } from '../../api/client'
import { useSignedIn } from '../../api/session-store'
import { companyToday } from '../appointments/zoned-time'
import { useRefreshOnMoney } from '../billing/useRefreshOnMoney'
import type { BalanceReport, PayoutRowFigure } from '../../../../server/src/services/billing/user-balance-reports/user-balance-reports.shared'
import { usePeriod, useReportParams, useReportScope } from './ReportFilters'

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
  const timeZone = useSignedIn().company.timezone
  const { params, set, branchId, doctorId } = useReportParams()
  const { preset, range } = usePeriod(params, companyToday(timeZone))
  const scope = useReportScope('balance-reports')
  const filter: PayoutFilter | null = range ? { ...range, ...(branchId ? { branchId } : {}), ...(doctorId ? { doctorId } : {}) } : null
  const report = useQuery({
    queryKey: ['user-balance-reports', 'find', filter],
    queryFn: () => client.service('user-balance-reports').find({ query: filter! }) as Promise<BalanceReport>,
    enabled: filter !== null
  })
  // Earnings come from invoices and payments: a new one changes the figures.
  useRefreshOnMoney('user-balance-reports', filter !== null)
  return { params, set, branchId, doctorId, preset, range, scope, filter, report }
}
