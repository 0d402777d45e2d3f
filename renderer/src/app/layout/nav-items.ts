import { hasPermission, type CheckMode } from '../../../../domain/access/check'
import type { Permission, PermissionFlag } from '../../../../domain/access/resources'
import { reportResources } from '../../features/reports/report-pages'

/** A sidebar entry: shown only when its module is on and its permission passes (spec 2, 6). */
export interface NavItem {
  key: string
  path: string
  /** i18n key of the label. */
  label: string
  icon: 'home' | 'chat' | 'pos' | 'calendar' | 'waitingList' | 'board' | 'customers' | 'invoices' | 'team' | 'roles' | 'company' | 'sessions' | 'settings' | 'profile' | 'earnings' | 'reports'
  permission?: { resource: string | string[]; flags: PermissionFlag[]; mode?: CheckMode }
  /** Company module that must be on; core screens have none. */
  module?: string
  /** Other path prefixes that belong to this entry (a customer's page belongs to the customers list). */
  alsoActiveOn?: string[]
  /** Only for people who take appointments (their own earnings). */
  appointmentTakers?: true
}

export const navItems: NavItem[] = [
  { key: 'home', path: '/', label: 'nav.home', icon: 'home' },
  {
    key: 'calendar',
    path: '/appointments/calendar',
    label: 'calendar.title',
    icon: 'calendar',
    permission: { resource: 'appointment', flags: ['view'] },
    module: 'appointments',
    // The lists of /appointments/filter and /appointments/status belong to the calendar's entry.
    alsoActiveOn: ['/appointments']
  },
  {
    key: 'waitingList',
    path: '/appointments/waiting-list',
    label: 'waitingList.title',
    icon: 'waitingList',
    permission: { resource: 'appointment', flags: ['view'] },
    module: 'appointments'
  },
  {
    key: 'board',
    path: '/board',
    label: 'board.title',
    icon: 'board',
    permission: { resource: 'appointment', flags: ['view'] },
    module: 'appointments'
  },
  {
    key: 'customers',
    path: '/people/customers',
    label: 'customers.title',
    icon: 'customers',
    permission: { resource: 'customers', flags: ['view'] },
    module: 'customers',
    alsoActiveOn: ['/customer']
  },
  // Issue 18, item 7: the patients' conversations (the shared inbox), with the unread count.
  { key: 'pulse', path: '/pulse', label: 'nav.pulse', icon: 'chat', permission: { resource: 'communications', flags: ['view'] } },
  // The front desk's checkout (issue 16, item 5): for those who may view the cart, billing on.
  { key: 'pos', path: '/pos', label: 'nav.pos', icon: 'pos', permission: { resource: 'cart', flags: ['view'] }, module: 'billing' },
  {
    key: 'invoices',
    path: '/company/invoice',
    label: 'nav.invoices',
    icon: 'invoices',
    permission: { resource: 'invoices', flags: ['view'] },
    module: 'billing'
  },
  // Issue 19: the reports (the summary first; the reports' tabs lead to the others), for those
  // who may view one of them (report-pages.ts), reports module on; every /reports/* page is its.
  {
    key: 'reports',
    path: '/reports/summary',
    label: 'nav.reports',
    icon: 'reports',
    permission: { resource: [...reportResources], flags: ['view'] },
    module: 'reports',
    alsoActiveOn: ['/reports']
  },
  {
    key: 'myEarnings',
    path: '/my-earnings',
    label: 'payouts.myEarnings',
    icon: 'earnings',
    module: 'billing',
    appointmentTakers: true
  },
  { key: 'team', path: '/people/team', label: 'nav.team', icon: 'team', permission: { resource: 'users', flags: ['view'] } },
  { key: 'roles', path: '/company/roles', label: 'nav.roles', icon: 'roles', permission: { resource: 'roles', flags: ['view'] } },
  { key: 'company', path: '/company/profile', label: 'nav.company', icon: 'company', permission: { resource: 'company', flags: ['view'] } },
  {
    key: 'sessions',
    path: '/company/session',
    label: 'nav.sessions',
    icon: 'sessions',
    permission: { resource: 'sessions', flags: ['view', 'seeAll'] }
  },
  { key: 'settings', path: '/settings', label: 'nav.settings', icon: 'settings' }
]

/** Modules are on only when the company says so: an unknown module stays hidden. */
export function visibleNavItems(items: NavItem[], permissions: Permission[] | undefined, modules: Partial<Record<string, boolean>> | undefined, user?: { acceptsAppointments?: boolean }) {
  return items.filter(
    (item) =>
      (!item.module || modules?.[item.module] === true) &&
      (!item.appointmentTakers || user?.acceptsAppointments === true) &&
      (!item.permission || hasPermission(permissions, item.permission.resource, item.permission.flags, item.permission.mode))
  )
}

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`)

/** The entry a path belongs to: the longest matching prefix, so /company/profile/branches → company. */
export function activeNavKey(items: NavItem[], pathname: string): string | undefined {
  return items
    .flatMap((item) => [item.path, ...(item.alsoActiveOn ?? [])].map((prefix) => ({ key: item.key, prefix })))
    .filter(({ prefix }) => (prefix === '/' ? pathname === '/' : under(pathname, prefix)))
    .sort((a, b) => b.prefix.length - a.prefix.length)[0]?.key
}
