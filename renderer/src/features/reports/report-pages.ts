import { hasPermission } from '../../../../domain/access/check'
import type { Permission, PermissionFlag, PermissionResource } from '../../../../domain/access/resources'

/**
 * A built report: its key (its tab's label is the text `reports.nav.<key>`; the sidebar imports
 * this file, so it names no text itself), its address and the resource that shows it.
 */
export interface ReportPage {
  key: 'summary' | 'appointments' | 'customers' | 'funnel' | 'payments' | 'debtors' | 'services' | 'toppers' | 'payouts' | 'payoutsByDay' | 'expenses' | 'summaryMatrix' | 'notifications' | 'history' | 'plans'
  path: string
  resource: PermissionResource
  /** A second permission the report's service asks for (the history's: the activity log's `company: seeAll`). */
  alsoNeeds?: { resource: PermissionResource; flag: PermissionFlag }
}

/**
 * The reports' own navigation (ReportsNav), in the order shown: one line per built report. A
 * report leaves renderer/src/app/planned-routes.ts when it gets its line here; the sidebar's one
 * reports entry (nav-items.ts) shows for the view of any of them.
 */
export const reportPages: readonly ReportPage[] = [
  { key: 'summary', path: '/reports/summary', resource: 'reports-summary' },
  { key: 'summaryMatrix', path: '/reports/summary2_0', resource: 'reports-summary' },
  { key: 'appointments', path: '/reports/appointments', resource: 'appointment-reports' },
  // The funnel is a report on customers: its service has no resource of its own (docs/decisions/reports.md).
  { key: 'customers', path: '/reports/customers', resource: 'customer-reports' },
  { key: 'funnel', path: '/reports/conversion-funnel', resource: 'customer-reports' },
  { key: 'payments', path: '/reports/payments', resource: 'payment-reports' },
  { key: 'debtors', path: '/reports/payments2_0', resource: 'balance-reports' },
  { key: 'services', path: '/reports/services', resource: 'service-reports' },
  { key: 'toppers', path: '/reports/toppers', resource: 'toppers' },
  { key: 'payouts', path: '/reports/payouts', resource: 'balance-reports' },
  { key: 'payoutsByDay', path: '/reports/payouts2_0', resource: 'balance-reports' },
  { key: 'expenses', path: '/reports/expenses', resource: 'expense-reports' },
  { key: 'notifications', path: '/reports/notifications', resource: 'notification-reports' },
  // The activity log as a report: the spec's `reports` resource and the log's own rule.
  { key: 'history', path: '/reports/history', resource: 'reports', alsoNeeds: { resource: 'company', flag: 'seeAll' } },
  // Treatment plans presented, accepted, done and unscheduled: the spec's `reports` resource (docs/decisions/reports.md).
  { key: 'plans', path: '/reports/treatment-plans', resource: 'reports' }
]

/** The resources of the built reports: the sidebar's reports entry needs view on one of them. */
export const reportResources: readonly PermissionResource[] = reportPages.map((page) => page.resource)

/** The reports a person may open, in the tabs' order. */
export const allowedReportPages = (permissions: readonly Permission[] | undefined) =>
  reportPages.filter((page) => hasPermission(permissions, page.resource, 'view') && (!page.alsoNeeds || hasPermission(permissions, page.alsoNeeds.resource, page.alsoNeeds.flag)))

/** What travels from one report to another: the period, the branch and the doctor (a report ignores what it has no filter for). */
const CARRIED = ['period', 'from', 'to', 'branch', 'doctor'] as const

/** The part of an address's query that a report's tab carries along (`?…`, or '' when nothing). */
export function carriedSearch(search: string): string {
  const params = new URLSearchParams(search)
  const kept = new URLSearchParams()
  for (const key of CARRIED) {
    const value = params.get(key)
    if (value) kept.set(key, value)
  }
  const text = kept.toString()
  return text ? `?${text}` : ''
}
