import type { PermissionResource } from '../../../../domain/access/resources'

/** A built report: its address, its title (a text key of the `reports` namespace) and the resource that shows it. */
export interface ReportPage {
  path: string
  label: string
  resource: PermissionResource
}

/**
 * The reports' own navigation (ReportsNav), in the order shown: one line per built report. A
 * report leaves renderer/src/app/planned-routes.ts when it gets its line here.
 */
export const reportPages: readonly ReportPage[] = [
  { path: '/reports/summary', label: 'reports.summary.title', resource: 'reports-summary' },
  { path: '/reports/payments', label: 'reports.payments.title', resource: 'payment-reports' },
  { path: '/reports/payments2_0', label: 'reports.debtors.title', resource: 'balance-reports' }
]
