import { activeNavKey, navItems, visibleNavItems, type NavItem } from '../../renderer/src/app/layout/nav-items'
import { allowedReportPages, carriedSearch, reportPages } from '../../renderer/src/features/reports/report-pages'

const view = (resource: string) => ({ resource, view: true })

describe('sidebar entries', () => {
  test('show only entries whose permission passes', () => {
    const keys = visibleNavItems(navItems, [view('roles')], {}).map((item) => item.key)
    expect(keys).toEqual(['home', 'roles', 'settings'])
  })

  test('team sessions need seeAll as well as view', () => {
    expect(visibleNavItems(navItems, [view('sessions')], {}).map((item) => item.key)).not.toContain('sessions')
    expect(visibleNavItems(navItems, [{ resource: 'sessions', view: true, seeAll: true }], {}).map((item) => item.key)).toContain('sessions')
  })

  test('hide entries whose module is off or unknown', () => {
    const withModule: NavItem[] = [{ key: 'calendar', path: '/appointments', label: 'nav.home', icon: 'home', module: 'appointments' }]
    expect(visibleNavItems(withModule, [], { appointments: false })).toEqual([])
    expect(visibleNavItems(withModule, [], {})).toEqual([])
    expect(visibleNavItems(withModule, [], { appointments: true })).toHaveLength(1)
  })

  test('the active entry is the longest matching path', () => {
    expect(activeNavKey(navItems, '/company/profile/branches')).toBe('company')
    expect(activeNavKey(navItems, '/')).toBe('home')
    expect(activeNavKey(navItems, '/people/team')).toBe('team')
  })

  test('customers need the customers module and view; a customer page belongs to that entry', () => {
    const customers = [{ resource: 'customers', view: true }]
    expect(visibleNavItems(navItems, customers, {}).map((item) => item.key)).not.toContain('customers')
    expect(visibleNavItems(navItems, customers, { customers: true }).map((item) => item.key)).toContain('customers')
    expect(visibleNavItems(navItems, [], { customers: true }).map((item) => item.key)).not.toContain('customers')
    expect(activeNavKey(navItems, '/people/customers/filter/debtors')).toBe('customers')
    expect(activeNavKey(navItems, '/customer/0190a1b2-0000-7000-8000-000000000000/notes')).toBe('customers')
    expect(activeNavKey(navItems, '/customers-elsewhere')).toBeUndefined()
  })

  test('calendar and board need the appointments module and view on appointment; the lists belong to the calendar', () => {
    const appointment = [{ resource: 'appointment', view: true }]
    expect(visibleNavItems(navItems, appointment, { appointments: true }).map((item) => item.key)).toEqual(expect.arrayContaining(['calendar', 'board']))
    expect(visibleNavItems(navItems, appointment, { appointments: false }).map((item) => item.key)).not.toContain('calendar')
    expect(visibleNavItems(navItems, [], { appointments: true }).map((item) => item.key)).not.toContain('board')
    expect(activeNavKey(navItems, '/appointments/filter/today')).toBe('calendar')
    expect(activeNavKey(navItems, '/appointments/status/noShow')).toBe('calendar')
    expect(activeNavKey(navItems, '/board')).toBe('board')
  })

  test('the chats (/pulse) need view on communications, without a module', () => {
    expect(visibleNavItems(navItems, [view('communications')], {}).map((item) => item.key)).toContain('pulse')
    expect(visibleNavItems(navItems, [view('customers')], { customers: true }).map((item) => item.key)).not.toContain('pulse')
    expect(activeNavKey(navItems, '/pulse/customer/0190a1b2-0000-7000-8000-000000000000')).toBe('pulse')
  })

  test('one reports entry: shown with view on any built report, active on every /reports/* page; the tabs carry the period, branch and doctor', () => {
    for (const page of reportPages) {
      expect(visibleNavItems(navItems, [view(page.resource)], { reports: true }).map((item) => item.key)).toContain('reports')
      expect(activeNavKey(navItems, page.path)).toBe('reports')
      // Payouts and payouts by day (and the debtors) share balance-reports; the customers and the funnel customer-reports: one view opens them all.
      // The history asks for the activity log's company: seeAll as well.
      expect(allowedReportPages([view(page.resource)])).toEqual(reportPages.filter((other) => other.resource === page.resource && !other.alsoNeeds))
      if (page.alsoNeeds) expect(allowedReportPages([view(page.resource), { resource: page.alsoNeeds.resource, [page.alsoNeeds.flag]: true }])).toContain(page)
    }
    expect(reportPages.map((page) => page.path)).toEqual([
      '/reports/summary', '/reports/summary2_0', '/reports/appointments', '/reports/customers', '/reports/conversion-funnel', '/reports/payments', '/reports/payments2_0',
      '/reports/services', '/reports/toppers', '/reports/payouts', '/reports/payouts2_0', '/reports/expenses', '/reports/notifications', '/reports/history',
      '/reports/treatment-plans'
    ])
    expect(visibleNavItems(navItems, [view('payment-reports')], { reports: false }).map((item) => item.key)).not.toContain('reports')
    expect(visibleNavItems(navItems, [view('sales-reports')], { reports: true }).map((item) => item.key)).not.toContain('reports')
    expect(carriedSearch('?period=custom&from=2026-01-01&to=2026-01-31&branch=b1&doctor=d1&source=none&asOf=2026-01-05')).toBe('?period=custom&from=2026-01-01&to=2026-01-31&branch=b1&doctor=d1')
    expect(carriedSearch('?source=none')).toBe('')
  })
})
