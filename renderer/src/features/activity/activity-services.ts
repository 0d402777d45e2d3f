/** The sections (services) whose changes the log records, as its filter offers them. */
export const activityServices = [
  'customers', 'notes', 'health-card', 'customers-merge', 'customer-cabinet-token', 'tags', 'sources', 'fields', 'trash',
  'users', 'my-team', 'roles', 'company', 'company-registration', 'branches', 'specialty', 'profile', 'authManagement', 'force-logout',
  'appointment', 'waiting-list', 'service', 'service-categories', 'work-place', 'time-templates',
  'odb', 'diagnose-objectively', 'manipulations', 'presets', 'tooth', 'treatment', 'exam', 'perio',
  'icd', 'icd-import', 'cdb', 'cdb-import'
] as const
