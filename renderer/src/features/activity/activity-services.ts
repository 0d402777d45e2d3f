/** The sections (services) whose changes the log records, as its filter offers them. */
export const activityServices = [
  'customers', 'notes', 'health-card', 'customers-merge', 'customer-cabinet-token', 'tags', 'sources', 'fields', 'trash',
  'users', 'my-team', 'roles', 'company', 'company-registration', 'branches', 'specialty', 'profile', 'authManagement', 'force-logout',
  'appointment', 'waiting-list', 'service', 'bundle', 'treatment-templates', 'service-categories', 'work-place', 'time-templates',
  'odb', 'diagnose-objectively', 'manipulations', 'presets', 'tooth', 'treatment', 'treatment-plan', 'exam', 'perio', 'xrays', 'media',
  'documents', 'document-signatures', 'print-templates',
  'icd', 'icd-import', 'cdb', 'cdb-import', 'odb-import', 'diagnose-objectively-import', 'manipulations-import',
  'integrations', 'notification-templates', 'text-templates', 'telegram', 'dispatch',
  'expense',
  'invoices', 'transactions', 'user-balance-history', 'z-payments', 'online-payments',
  'tasks',
  'report-exports',
  'onlinepbx-integration', 'calls'
] as const
