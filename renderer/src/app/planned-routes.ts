/**
 * The spec's screens (section 2) that later issues build. None is linked; typed by hand, each
 * shows "not available yet" instead of a 404 or a silent fallback to another screen. A screen
 * leaves these lists when its issue lands.
 */

/** Route patterns of whole sections not built yet (react-router paths under the signed-in layout). */
export const plannedRoutes = [
  'materials/*',
  // Built (issue 19, report-pages.ts): the summary, appointments, customers, conversion-funnel,
  // payments, debtors (payments2_0), services, toppers, payouts (and payouts2_0), expenses,
  // summary 2.0 (summary2_0), notifications, history and treatment-plans; the spec's other reports come with that
  // issue's next slices.
  ...[
    'products', 'feedback'
  ].map((report) => `reports/${report}`),
  'easy/*',
  'profile/subscription',
  'profile/social-links',
  ...[
    'notifications', 'labs', 'feedback-questionares/*'
  ].map((section) => `company/${section}`)
] as const

/** The customer card's tabs not built yet (the card has overview, appointments, notes, treatment, treatment-plan, xrays, communications, chat, billing, transactions and tasks). */
export const plannedCustomerTabs = [
  'labs', 'questionnaires'
] as const

/** The company profile's tabs not built yet (it has general, branches, schedule, notifications, notification-templates and integrations). */
export const plannedCompanyTabs = [
  'billing', 'settings', 'builder', 'socials', 'contacts', 'printTemplates',
  'online-registration', 'language-region'
] as const

/** What a tab address shows: the tab, "not available yet" for a planned one, or "not found". */
export function tabOutcome(tab: string | undefined, built: readonly string[], planned: readonly string[]): 'tab' | 'planned' | 'unknown' {
  if (tab === undefined || built.includes(tab)) return 'tab'
  return planned.includes(tab) ? 'planned' : 'unknown'
}
