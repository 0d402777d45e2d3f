import { hasPermission, type CheckMode } from '../../../../domain/access/check'
import type { Permission, PermissionFlag } from '../../../../domain/access/resources'

/** A sidebar entry: shown only when its module is on and its permission passes (spec 2, 6). */
export interface NavItem {
  key: string
  path: string
  /** i18n key of the label. */
  label: string
  icon: 'home' | 'team' | 'roles' | 'company' | 'sessions' | 'settings' | 'profile'
  permission?: { resource: string | string[]; flags: PermissionFlag[]; mode?: CheckMode }
  /** Company module that must be on; core screens have none. */
  module?: string
}

export const navItems: NavItem[] = [
  { key: 'home', path: '/', label: 'nav.home', icon: 'home' },
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
export function visibleNavItems(items: NavItem[], permissions: Permission[] | undefined, modules: Record<string, boolean> | undefined) {
  return items.filter(
    (item) =>
      (!item.module || modules?.[item.module] === true) &&
      (!item.permission || hasPermission(permissions, item.permission.resource, item.permission.flags, item.permission.mode))
  )
}

/** The entry a path belongs to: the longest matching prefix, so /company/profile/branches → company. */
export function activeNavKey(items: NavItem[], pathname: string): string | undefined {
  return items
    .filter((item) => (item.path === '/' ? pathname === '/' : pathname === item.path || pathname.startsWith(`${item.path}/`)))
    .sort((a, b) => b.path.length - a.path.length)[0]?.key
}
