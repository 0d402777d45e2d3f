import { createBrowserRouter, matchRoutes, redirect, type RouteObject } from 'react-router'
import type { ComponentType } from 'react'
import { requireSession } from './guard'
import { RouteError } from './RouteError'
import { PageLoading } from '../components/PageLoading'
import { plannedRoutes } from './planned-routes'
import { loadTextArea } from '../i18n'
import type { TextAreaName } from '../i18n/text-areas'

/** Lazy route chunks per area (architecture, Renderer): each screen loads when first opened. */
const page = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default })
})

/** A screen of a text area (i18n/text-areas.ts) or several: its code and its texts load together. */
const withTexts = (areas: TextAreaName | readonly TextAreaName[], load: () => Promise<{ default: ComponentType }>) => async () => {
  const [screen] = await Promise.all([load(), ...[areas].flat().map(loadTextArea)])
  return screen
}

export const routes: RouteObject[] = [
  {
    path: '/login',
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading full />,
    ...page(() => import('../features/auth/AuthLayout')),
    children: [
      { index: true, ...page(() => import('../features/auth/LoginPage')) },
      { path: 'forgot-password', ...page(() => import('../features/auth/ForgotPasswordPage')) },
      { path: 'logout', ...page(() => import('../features/auth/LogoutPage')) },
      { path: 'reset-password', ...page(() => import('../features/auth/ResetPasswordPage')) },
      { path: 'callback', ...page(() => import('../features/auth/CallbackPage')) }
    ]
  },
  {
    path: '/welcome',
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading full />,
    ...page(() => import('../features/auth/AuthLayout')),
    children: [{ index: true, ...page(() => import('../features/auth/WelcomePage')) }]
  },
  // The tablet for signatures: signed in, full screen, no app navigation (features/documents/KioskPage.tsx).
  {
    path: '/kiosk',
    loader: requireSession,
    shouldRevalidate: () => false,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading full />,
    lazy: async () => ({ Component: (await withTexts(['documents', 'errors', 'workspace'], () => import('../features/documents/KioskPage'))()).default })
  },
  {
    path: '/',
    loader: requireSession,
    // Re-running the guard on every in-app navigation would only repeat the in-memory check.
    shouldRevalidate: () => false,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading full />,
    // Every signed-in screen may show any service's error and uses the everyday words of the
    // workspace: their texts load with the layout, not with the sign-in screen.
    ...page(withTexts(['errors', 'workspace'], () => import('./layout/AppLayout'))),
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, ...page(() => import('../features/home/HomePage')) },
          { path: 'appointments', ...page(() => import('../features/appointments/CalendarPage')) },
          { path: 'appointments/calendar', ...page(() => import('../features/appointments/CalendarPage')) },
          { path: 'appointments/waiting-list', ...page(() => import('../features/waiting-list/WaitingListPage')) },
          { path: 'appointments/filter/:filter', ...page(() => import('../features/appointments/AppointmentsListPage')) },
          { path: 'appointments/status/:status', ...page(() => import('../features/appointments/AppointmentsListPage')) },
          { path: 'board', ...page(() => import('../features/appointments/BoardPage')) },
          { path: 'settings', ...page(() => import('../features/settings/SettingsPage')) },
          { path: 'profile/me', ...page(() => import('../features/profile/ProfilePage')) },
          { path: 'profile/security', ...page(() => import('../features/profile/SecurityPage')) },
          { path: 'profile/schedule', ...page(() => import('../features/schedule/MySchedulePage')) },
          // Issue 20: the workstation's printers (the desktop shell; the browser is told where they are chosen).
          { path: 'profile/printers', ...page(() => import('../features/printers/PrintersPage')) },
          // Issue 20 item 3: this computer's SIP account for the softphone.
          { path: 'profile/softphone', ...page(withTexts('softphone', () => import('../features/softphone/SoftphoneSettingsPage'))) },
          // Issue 20 item 2: the desktop shell's offline day and its conflict inbox (their code and texts
          // are loaded in the background after sign-in: features/offline-day/OfflineDayKeeper.tsx).
          { path: 'offline-day/:view?', ...page(withTexts('offlineDay', () => import('../features/offline-day/OfflineDayRoutes'))) },
          { path: 'people/team', ...page(() => import('../features/team/TeamPage')) },
          { path: 'people/customers', ...page(() => import('../features/customers/CustomersPage')) },
          { path: 'people/customers/filter/:filter', ...page(() => import('../features/customers/CustomersPage')) },
          { path: 'customer/:id/:tab?', ...page(withTexts('clinical', () => import('../features/customer/CustomerPage'))) },
          { path: 'company/roles', ...page(withTexts('admin', () => import('../features/roles/RolesPage'))) },
          { path: 'company/profile/:tab?', ...page(() => import('../features/company/CompanyProfilePage')) },
          { path: 'company/session', ...page(() => import('../features/company/CompanySessionsPage')) },
          { path: 'company/specialty', ...page(() => import('../features/specialty/SpecialtiesPage')) },
          { path: 'company/tags', ...page(() => import('../features/tags/TagsPage')) },
          { path: 'company/text-templates', ...page(withTexts('admin', () => import('../features/text-templates/TextTemplatesPage'))) },
          { path: 'company/sources', ...page(() => import('../features/sources/SourcesPage')) },
          { path: 'company/trash', ...page(() => import('../features/trash/TrashPage')) },
          { path: 'company/media', ...page(withTexts('clinical', () => import('../features/media/CompanyMediaPage'))) },
          { path: 'company/documents', ...page(withTexts('documents', () => import('../features/documents/PrintTemplatesPage'))) },
          { path: 'company/tasks', ...page(withTexts('tasks', () => import('../features/tasks/TasksPage'))) },
          { path: 'company/communications', ...page(withTexts('messaging', () => import('../features/messaging/CommunicationsPage'))) },
          // Issue 18, item 7: the clinic's shared inbox and one conversation.
          { path: 'pulse', ...page(withTexts('messaging', () => import('../features/messaging/PulsePage'))) },
          { path: 'pulse/customer/:id', ...page(withTexts('messaging', () => import('../features/messaging/PulsePage'))) },
          { path: 'company/dispatch', ...page(withTexts('messaging', () => import('../features/messaging/DispatchPage'))) },
          { path: 'my-earnings', ...page(withTexts('billing', () => import('../features/payouts/MyEarningsPage'))) },
          { path: 'people/:userId/balanceHistory', ...page(withTexts('billing', () => import('../features/payouts/BalanceHistoryPage'))) },
          { path: 'pos', ...page(withTexts('billing', () => import('../features/pos/PosPage'))) },
          { path: 'company/expenses', ...page(withTexts('billing', () => import('../features/expenses/ExpensesPage'))) },
          { path: 'company/invoice', ...page(withTexts('billing', () => import('../features/billing/InvoicesPage'))) },
          { path: 'company/z-payments', ...page(withTexts('billing', () => import('../features/cash-desk/CashDeskPage'))) },
          { path: 'company/payments', ...page(withTexts('billing', () => import('../features/cash-desk/PaymentsPage'))) },
          // Issue 19: the reports' base goes to the summary (spec section 2), which sends one who may
          // not see it to the first report they may (report-pages.ts); the other reports stay planned.
          { path: 'reports', loader: () => redirect('/reports/summary') },
          { path: 'reports/summary', ...page(withTexts('reports', () => import('../features/reports/ReportsSummaryPage'))) },
          { path: 'reports/appointments', ...page(withTexts('reports', () => import('../features/reports/AppointmentReportsPage'))) },
          { path: 'reports/customers', ...page(withTexts('reports', () => import('../features/reports/CustomerReportsPage'))) },
          { path: 'reports/conversion-funnel', ...page(withTexts('reports', () => import('../features/reports/ConversionFunnelPage'))) },
          { path: 'reports/payments', ...page(withTexts('reports', () => import('../features/reports/PaymentReportsPage'))) },
          { path: 'reports/payments2_0', ...page(withTexts('reports', () => import('../features/reports/DebtorsPage'))) },
          { path: 'reports/services', ...page(withTexts('reports', () => import('../features/reports/ServiceReportsPage'))) },
          { path: 'reports/toppers', ...page(withTexts('reports', () => import('../features/reports/ToppersPage'))) },
          { path: 'reports/payouts', ...page(withTexts('reports', () => import('../features/reports/PayoutReportsPage'))) },
          { path: 'reports/payouts2_0', ...page(withTexts('reports', () => import('../features/reports/PayoutsByDayPage'))) },
          { path: 'reports/expenses', ...page(withTexts('reports', () => import('../features/reports/ExpenseReportsPage'))) },
          { path: 'reports/summary2_0', ...page(withTexts('reports', () => import('../features/reports/SummaryMatrixPage'))) },
          // Not in the spec's list of report routes: the spec's `notification-reports` service and resource (docs/decisions/reports.md).
          { path: 'reports/notifications', ...page(withTexts('reports', () => import('../features/reports/NotificationReportsPage'))) },
          { path: 'reports/history', ...page(withTexts('reports', () => import('../features/reports/HistoryReportsPage'))) },
          // Not in the spec's list of report routes: issue 19's plans presented, accepted, done and unscheduled (docs/decisions/reports.md).
          { path: 'reports/treatment-plans', ...page(withTexts('reports', () => import('../features/reports/TreatmentPlanReportsPage'))) },
          { path: 'company/userActivities', ...page(withTexts('admin', () => import('../features/activity/ActivityPage'))) },
          { path: 'company/configurator', ...page(withTexts('admin', () => import('../features/custom-fields/CustomFieldsPage'))) },
          { path: 'company/services', ...page(withTexts('admin', () => import('../features/services/ServicesPage'))) },
          { path: 'company/services/:serviceId', ...page(withTexts('admin', () => import('../features/services/ServicePage'))) },
          { path: 'company/work-places', ...page(withTexts('admin', () => import('../features/work-places/WorkPlacesPage'))) },
          { path: 'company/odb/:parentId?', ...page(withTexts('clinical', () => import('../features/clinical-dictionaries/OdbPage'))) },
          { path: 'company/bundles', ...page(withTexts('clinical', () => import('../features/bundles/BundlesPage'))) },
          { path: 'company/manipulations', ...page(withTexts('clinical', () => import('../features/clinical-dictionaries/ManipulationsPage'))) },
          { path: 'company/presets/:specialtyId?', ...page(withTexts('clinical', () => import('../features/clinical-dictionaries/PresetsPage'))) },
          { path: 'company/icd/:parentId?', ...page(withTexts('clinical', () => import('../features/clinical-codes/IcdPage'))) },
          { path: 'company/cdb/:icd?', ...page(withTexts('clinical', () => import('../features/clinical-codes/CdbPage'))) },
          ...plannedRoutes.map((path) => ({ path, ...page(() => import('./NotAvailablePage')) })),
          { path: '*', ...page(() => import('./NotFoundPage')) }
        ]
      }
    ]
  }
]

/**
 * Created only after i18n is ready: a data router starts its first navigation (and so the
 * guard, which applies the person's language) the moment it exists.
 */
export function createAppRouter() {
  return createBrowserRouter(routes)
}

/**
 * Starts downloading the chunks of the screen being opened while i18n is still loading, instead
 * of after it (the browser caches the modules; the router's own lazy() then resolves at once).
 */
export function prefetchRoute(pathname: string) {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const lazy = match.route.lazy
    if (typeof lazy === 'function') void (lazy as () => Promise<unknown>)().catch(() => undefined)
  }
}
