/** Spec section 6: permission flags. */
export const permissionFlags = ['view', 'create', 'edit', 'delete', 'seeAll'] as const
export type PermissionFlag = (typeof permissionFlags)[number]

/** Spec section 6: every permission resource, in the spec's order. */
export const permissionResources = [
  'appointment', 'customers', 'my-company', 'my-team', 'cart', 'company', 'profile', 'presets',
  'payments', 'tags', 'communications', 'notes', 'xrays', 'products', 'reports', 'notifications',
  'roles', 'treatment', 'icd', 'odb', 'service', 'timeline', 'bundle', 'time-templates',
  'force-logout', 'tasks', 'work-place', 'service-reports', 'product-reports', 'sales-reports',
  'customer-reports', 'notification-reports', 'appointment-reports', 'payment-reports',
  'balance-reports', 'expense-reports', 'reports-summary', 'invoices-summary', 'configurator',
  'treatment-plan', 'media-summary', 'subscriptions', 'push-notifications', 'resources',
  'text-templates', 'feedback-question', 'feedback-questionnaire', 'feedback-answers', 'labs',
  'expense', 'toppers', 'suppliers', 'supplies', 'categories', 'brands', 'sources', 'specialty',
  'cdb', 'exam', 'diagnose-objectively', 'fields', 'manipulations', 'users', 'permissions',
  'tooth', 'invoices', 'transactions', 'documents', 'sms', 'sessions', 'payment-history',
  'customer-phone', 'onlinepbx-incoming-call', 'notification', 'my-notifications'
] as const
export type PermissionResource = (typeof permissionResources)[number]

/** A role's grant on one resource. Missing flags are false. */
export type Permission = { resource: string } & Partial<Record<PermissionFlag, boolean>>

export function isPermissionResource(value: unknown): value is PermissionResource {
  return typeof value === 'string' && (permissionResources as readonly string[]).includes(value)
}
