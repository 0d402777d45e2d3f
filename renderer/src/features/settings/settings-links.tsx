import type { ReactNode } from 'react'
import {
  ApartmentOutlined,
  BankOutlined,
  CalendarOutlined,
  DeleteOutlined,
  DesktopOutlined,
  FormOutlined,
  HistoryOutlined,
  IdcardOutlined,
  LockOutlined,
  MedicineBoxOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  ShareAltOutlined,
  TagsOutlined,
  TeamOutlined,
  UserOutlined,
  InsertRowLeftOutlined,
  FileSearchOutlined,
  ExperimentOutlined,
  ThunderboltOutlined,
  BookOutlined,
  CommentOutlined,
  ProjectOutlined
} from '@ant-design/icons'
import type { PermissionFlag } from '../../../../domain/access/resources'

/** The settings hub of spec section 2, limited to screens that exist; each names its permission. */
export interface SettingsLink {
  key: string
  path: string
  group: 'clinic' | 'personal'
  title: string
  description: string
  icon: ReactNode
  permission?: { resource: string; flags: PermissionFlag[] }
  /** Company module that must be on, as for sidebar entries. */
  module?: string
}

export const settingsLinks: SettingsLink[] = [
  { key: 'team', group: 'clinic', path: '/people/team', title: 'nav.team', description: 'settings.teamText', icon: <TeamOutlined />, permission: { resource: 'users', flags: ['view'] } },
  { key: 'roles', group: 'clinic', path: '/company/roles', title: 'nav.roles', description: 'settings.rolesText', icon: <SafetyCertificateOutlined />, permission: { resource: 'roles', flags: ['view'] } },
  { key: 'company', group: 'clinic', path: '/company/profile/general', title: 'nav.company', description: 'settings.companyText', icon: <BankOutlined />, permission: { resource: 'company', flags: ['view'] } },
  { key: 'branches', group: 'clinic', path: '/company/profile/branches', title: 'company.branchesTab', description: 'settings.branchesText', icon: <ApartmentOutlined />, permission: { resource: 'company', flags: ['view'] } },
  { key: 'sessions', group: 'clinic', path: '/company/session', title: 'nav.sessions', description: 'settings.sessionsText', icon: <DesktopOutlined />, permission: { resource: 'sessions', flags: ['view', 'seeAll'] } },
  { key: 'specialties', group: 'clinic', path: '/company/specialty', title: 'specialty.title', description: 'settings.specialtiesText', icon: <IdcardOutlined />, permission: { resource: 'specialty', flags: ['view'] } },
  { key: 'tags', group: 'clinic', path: '/company/tags', title: 'tags.title', description: 'tags.settingsText', icon: <TagsOutlined />, permission: { resource: 'tags', flags: ['view'] }, module: 'customers' },
  { key: 'sources', group: 'clinic', path: '/company/sources', title: 'sources.title', description: 'sources.settingsText', icon: <ShareAltOutlined />, permission: { resource: 'sources', flags: ['view'] }, module: 'customers' },
  { key: 'customFields', group: 'clinic', path: '/company/configurator', title: 'customFields.title', description: 'customFields.settingsText', icon: <FormOutlined />, permission: { resource: 'fields', flags: ['view'] }, module: 'customers' },
  { key: 'activity', group: 'clinic', path: '/company/userActivities', title: 'activity.title', description: 'activity.settingsText', icon: <HistoryOutlined />, permission: { resource: 'company', flags: ['seeAll'] } },
  // Issue 5: the catalogue, chairs and rooms, calendar settings and working hours.
  { key: 'services', group: 'clinic', path: '/company/services', title: 'services.title', description: 'services.settingsText', icon: <MedicineBoxOutlined />, permission: { resource: 'service', flags: ['view'] }, module: 'appointments' },
  // Issue 15: bundles of services and treatment templates.
  { key: 'bundles', group: 'clinic', path: '/company/bundles', title: 'bundles.title', description: 'bundles.settingsText', icon: <ProjectOutlined />, permission: { resource: 'bundle', flags: ['view'] } },
  // Issue 17: text templates, inserted with // into notes, exams and messages.
  { key: 'textTemplates', group: 'clinic', path: '/company/text-templates', title: 'textTemplates.title', description: 'textTemplates.settingsText', icon: <FormOutlined />, permission: { resource: 'text-templates', flags: ['view'] } },
  { key: 'workPlaces', group: 'clinic', path: '/company/work-places', title: 'workPlaces.title', description: 'workPlaces.settingsText', icon: <InsertRowLeftOutlined />, permission: { resource: 'work-place', flags: ['view'] }, module: 'appointments' },
  { key: 'calendar', group: 'clinic', path: '/company/profile/schedule', title: 'calendarSettings.tab', description: 'calendarSettings.settingsText', icon: <CalendarOutlined />, permission: { resource: 'company', flags: ['view'] }, module: 'appointments' },
  // Issue 14: the clinical code lists (the dental chart's module, on unless switched off).
  { key: 'icd', group: 'clinic', path: '/company/icd', title: 'icd.title', description: 'icd.settingsText', icon: <BookOutlined />, permission: { resource: 'icd', flags: ['view'] }, module: 'treatment' },
  { key: 'cdb', group: 'clinic', path: '/company/cdb', title: 'cdb.title', description: 'cdb.settingsText', icon: <CommentOutlined />, permission: { resource: 'cdb', flags: ['view'] }, module: 'treatment' },
  // Issue 14: the clinical dictionaries (objectively, manipulations, presets).
  { key: 'odb', group: 'clinic', path: '/company/odb', title: 'odb.title', description: 'odb.settingsText', icon: <FileSearchOutlined />, permission: { resource: 'odb', flags: ['view'] }, module: 'treatment' },
  { key: 'manipulations', group: 'clinic', path: '/company/manipulations', title: 'manipulations.title', description: 'manipulations.settingsText', icon: <ExperimentOutlined />, permission: { resource: 'manipulations', flags: ['view'] }, module: 'treatment' },
  { key: 'presets', group: 'clinic', path: '/company/presets', title: 'presets.title', description: 'presets.settingsText', icon: <ThunderboltOutlined />, permission: { resource: 'presets', flags: ['view'] }, module: 'treatment' },
  // Issue 15: the company's files (access follows each file's owner; the list shows what one may see).
  // Its icon is one this list already loads: the home screen's quick links carry every icon here.
  { key: 'media', group: 'clinic', path: '/company/media', title: 'media.companyTitle', description: 'media.settingsText', icon: <FileSearchOutlined />, permission: { resource: 'customers', flags: ['view'] }, module: 'customers' },
  // Issue 17: the print templates (everyone who prints reads them; company editors change them). An icon this list already loads.
  { key: 'documents', group: 'clinic', path: '/company/documents', title: 'documents.templates.title', description: 'documents.settingsText', icon: <FormOutlined />, permission: { resource: 'documents', flags: ['view'] } },
  // Issue 18: every message to patients (the whole company's log, for those who see all of it).
  { key: 'communications', group: 'clinic', path: '/company/communications', title: 'messaging.tabs.communications', description: 'messaging.tabs.communicationsHint', icon: <CommentOutlined />, permission: { resource: 'communications', flags: ['seeAll'] } },
  // Issue 20: the PBX (its card is on the company profile's integrations tab). An icon this list already loads.
  { key: 'onlinepbx', group: 'clinic', path: '/company/profile/integrations', title: 'calls.settings.title', description: 'calls.settings.hubText', icon: <CommentOutlined />, permission: { resource: 'onlinepbx-incoming-call', flags: ['edit'] } },
  // Issue 18: broadcasts to patients (the messaging settings' resource). An icon this list already loads.
  { key: 'dispatch', group: 'clinic', path: '/company/dispatch', title: 'messaging.dispatch.title', description: 'messaging.dispatch.settingsText', icon: <CommentOutlined />, permission: { resource: 'notifications', flags: ['view'] } },
  // Issue 16: the branches' expenses (finance and administrators by default). Its icon is one this list already loads (home screen budget).
  { key: 'expenses', group: 'clinic', path: '/company/expenses', title: 'expenses.title', description: 'expenses.settingsText', icon: <BankOutlined />, permission: { resource: 'expense', flags: ['view'] }, module: 'billing' },
  // Issue 16: the cash desk's shifts and Z-reports, and the company's payments list (finance and administrators by default).
  { key: 'cashDesk', group: 'clinic', path: '/company/z-payments', title: 'cashDesk.title', description: 'cashDesk.settingsText', icon: <BankOutlined />, permission: { resource: 'payments', flags: ['view'] }, module: 'billing' },
  { key: 'payments', group: 'clinic', path: '/company/payments', title: 'cashDesk.paymentsTitle', description: 'cashDesk.paymentsSettingsText', icon: <BankOutlined />, permission: { resource: 'transactions', flags: ['view'] }, module: 'billing' },
  // Issue 17: tasks and reminders (every role that works with tasks). Its icon is one this list already loads.
  { key: 'tasks', group: 'clinic', path: '/company/tasks', title: 'tasks.title', description: 'tasks.settingsText', icon: <ScheduleOutlined />, permission: { resource: 'tasks', flags: ['view'] } },
  { key: 'trash', group: 'clinic', path: '/company/trash', title: 'trash.title', description: 'trash.settingsText', icon: <DeleteOutlined /> },
  { key: 'profile', group: 'personal', path: '/profile/me', title: 'nav.profile', description: 'settings.profileText', icon: <UserOutlined /> },
  { key: 'schedule', group: 'personal', path: '/profile/schedule', title: 'schedule.myTitle', description: 'schedule.settingsText', icon: <ScheduleOutlined /> },
  { key: 'security', group: 'personal', path: '/profile/security', title: 'nav.security', description: 'settings.securityText', icon: <LockOutlined /> }
]
