import { matchRoutes } from 'react-router'
import { navItems } from '../../renderer/src/app/layout/nav-items'
import { plannedCompanyTabs, plannedCustomerTabs, plannedRoutes, tabOutcome } from '../../renderer/src/app/planned-routes'

// The signed-in layout's children as router.tsx lists them: some built screens, the planned
// sections, then "not found" (the router itself loads the browser client, so it is not imported).
const routes = [
  { path: '/', children: [{ path: 'company/services/:serviceId' }, { path: 'appointments' }, ...plannedRoutes.map((path) => ({ path })), { path: '*' }] }
]

/** The page a typed address lands on (the last matched route). */
const pageOf = (pathname: string) => {
  const matched = matchRoutes(routes, pathname) ?? []
  return String(matched[matched.length - 1]?.route.path)
}

describe('screens of later issues (issue 13: no silent fallbacks)', () => {
  it('a planned section typed by hand lands on its own route, not on "not found" or another screen', () => {
    for (const address of ['/reports/feedback', '/reports/products', '/materials/products', '/company/labs', '/company/feedback-questionares/x', '/easy/e1', '/profile/subscription']) {
      expect(plannedRoutes).toContain(pageOf(address))
    }
    expect(pageOf('/no-such-screen')).toBe('*')
    expect(pageOf('/company/services/s1')).toBe('company/services/:serviceId')
  })

  it('no planned section is linked from the sidebar', () => {
    for (const item of navItems) expect(plannedRoutes).not.toContain(pageOf(item.path))
    expect(navItems.length).toBeGreaterThan(5)
  })

  it('a tab is shown, planned or unknown', () => {
    expect(tabOutcome(undefined, ['overview'], plannedCustomerTabs)).toBe('tab')
    expect(tabOutcome('notes', ['overview', 'notes'], plannedCustomerTabs)).toBe('tab')
    expect(tabOutcome('labs', ['overview', 'notes'], plannedCustomerTabs)).toBe('planned')
    // Built by issue 18, item 7: no longer planned.
    expect(plannedCustomerTabs).not.toContain('chat')
    expect(pageOf('/pulse/customer/c1')).toBe('*')
    expect(tabOutcome('billing', ['general'], plannedCompanyTabs)).toBe('planned')
    expect(tabOutcome('nonsense', ['overview'], plannedCustomerTabs)).toBe('unknown')
  })
})
