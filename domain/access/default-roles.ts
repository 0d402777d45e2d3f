import { permissionResources, type Permission, type PermissionFlag, type PermissionResource } from './resources'

/**
 * The four roles every new company starts with (spec section 6 names them; it does not show
 * their permission sets, so these are our decision, documented in docs/roles.md).
 */
export const defaultRoleKeys = ['administrator', 'director', 'doctor', 'finance'] as const
export type DefaultRoleKey = (typeof defaultRoleKeys)[number]

export const defaultRoleNames: Record<DefaultRoleKey, string> = {
  administrator: 'Administrator',
  director: 'Director',
  doctor: 'Doctor',
  finance: 'Finance manager'
}

const ALL: PermissionFlag[] = ['view', 'create', 'edit', 'delete', 'seeAll']
const VIEW: PermissionFlag[] = ['view']
const VIEW_ALL: PermissionFlag[] = ['view', 'seeAll']
const WORK: PermissionFlag[] = ['view', 'create', 'edit']
const WORK_ALL: PermissionFlag[] = ['view', 'create', 'edit', 'seeAll']

const REPORTS: PermissionResource[] = [
  'reports', 'service-reports', 'product-reports', 'sales-reports', 'customer-reports',
  'notification-reports', 'appointment-reports', 'payment-reports', 'balance-reports',
  'expense-reports', 'reports-summary', 'invoices-summary', 'media-summary', 'toppers'
]
const MONEY: PermissionResource[] = [
  'payments', 'invoices', 'transactions', 'payment-history', 'expense', 'cart'
]
const CLINICAL: PermissionResource[] = [
  'appointment', 'customers', 'notes', 'xrays', 'exam', 'tooth', 'treatment-plan', 'timeline',
  'tasks', 'labs', 'diagnose-objectively', 'presets', 'documents'
]
const CATALOGUE_READ: PermissionResource[] = [
  'service', 'treatment', 'icd', 'cdb', 'odb', 'bundle', 'manipulations', 'specialty', 'tags',
  'sources', 'fields', 'work-place', 'text-templates', 'time-templates', 'products', 'categories', 'brands'
]
/** Resources only the company's owners manage. */
const OWNER_ONLY: PermissionResource[] = ['force-logout', 'subscriptions', 'configurator']

function grants(resources: readonly PermissionResource[], flags: PermissionFlag[]): Permission[] {
  return resources.map((resource) => ({ resource, ...Object.fromEntries(flags.map((flag) => [flag, true])) }))
}

/** Later grants for the same resource replace earlier ones. */
function merge(...lists: Permission[][]): Permission[] {
  const byResource = new Map<string, Permission>()
  for (const list of lists) for (const permission of list) byResource.set(permission.resource, permission)
  return permissionResources.filter((resource) => byResource.has(resource)).map((resource) => byResource.get(resource)!)
}

/** Turning Web Push on and off for one's own browsers. */
const DEVICES: PermissionFlag[] = ['view', 'create', 'delete']

const SELF: PermissionResource[] = ['profile', 'my-company', 'my-team', 'my-notifications', 'permissions', 'sessions']

export const defaultRolePermissions: Record<DefaultRoleKey, Permission[]> = {
  // Runs the clinic's software: everything, including the owners' emergency tools.
  administrator: grants(permissionResources, ALL),
  // Reads everything across branches, manages people and money, but not the owners' tools.
  director: merge(
    grants(permissionResources.filter((resource) => !OWNER_ONLY.includes(resource)), ALL),
    grants(['force-logout'], ['create'])
  ),
  // Works with their own patients: sees only their own appointments (no seeAll on appointment).
  doctor: merge(
    grants(SELF, VIEW),
    grants(['profile'], ['view', 'edit']),
    grants(CLINICAL, WORK),
    grants(['customers'], WORK_ALL),
    grants(CATALOGUE_READ, VIEW),
    // Bundles carry prices: doctors use them (view), the owners and the front desk keep them.
    grants(['treatment', 'presets'], WORK),
    // X-rays they record they may also remove (to the trash): a record made on the wrong patient.
    grants(['xrays'], ['view', 'create', 'edit', 'delete']),
    // The invoices of their own treatments (no seeAll: billing's scope shows only those).
    grants(['invoices'], VIEW),
    // Web Push on their own devices (staff-notifications.md).
    grants(['push-notifications'], DEVICES)
  ),
  // Takes payments, pays out doctors, reads the money reports.
  finance: merge(
    grants(SELF, VIEW),
    grants(['profile'], ['view', 'edit']),
    grants(MONEY, ALL),
    grants(REPORTS, VIEW_ALL),
    // Doctors' payouts: records payouts, closes periods, edits the share rules (billing-payouts.md).
    grants(['balance-reports'], ALL),
    grants(['customers', 'appointment'], VIEW_ALL),
    grants(['users', 'suppliers', 'supplies'], VIEW_ALL),
    grants(CATALOGUE_READ, VIEW),
    grants(['push-notifications'], DEVICES)
  )
}
