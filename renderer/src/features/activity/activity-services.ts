/** The sections (services) whose changes the log records, as its filter offers them. */
export const activityServices = [
  'customers', 'notes', 'customers-merge', 'customer-cabinet-token', 'tags', 'sources', 'fields', 'trash',
  'users', 'roles', 'company', 'branches', 'specialty', 'profile', 'authManagement', 'force-logout'
] as const
