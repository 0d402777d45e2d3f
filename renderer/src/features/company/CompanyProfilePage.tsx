import { Tabs } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { PageHeader } from '../../components/PageHeader'
import { useSignedIn } from '../../api/session-store'
import { GeneralTab } from './GeneralTab'
import { ClinicalSettingsCard } from './ClinicalSettingsCard'
import { BillingSettingsCard } from './BillingSettingsCard'
import { ConsentSettingsCard } from './ConsentSettingsCard'
import { PaymeSettingsCard } from './PaymeSettingsCard'
import { BranchesTab } from './BranchesTab'
// Issue 5's schedule tab. Part of this page's chunk: a React.lazy tab inside the router's
// transition stayed on its fallback in the built app.
import CompanyScheduleTab from '../schedule/CompanyScheduleTab'
import NotAvailablePage from '../../app/NotAvailablePage'
import NotFoundPage from '../../app/NotFoundPage'
import { plannedCompanyTabs, tabOutcome } from '../../app/planned-routes'
import { NotificationsTab } from '../messaging/NotificationsTab'
import { TemplatesTab } from '../messaging/TemplatesTab'
import { IntegrationsTab } from '../messaging/IntegrationsTab'
import { useCan } from '../../api/permissions'

const tabs = ['general', 'branches', 'schedule', 'notifications', 'notification-templates', 'integrations'] as const

/** /company/profile with its tabs: general, branches, schedule (spec lists more to come). */
export default function CompanyProfilePage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { company } = useSignedIn()
  const { tab } = useParams()
  const canNotifications = useCan('notifications', 'view')
  const outcome = tabOutcome(tab, tabs, plannedCompanyTabs)
  if (outcome === 'planned') return <NotAvailablePage />
  if (outcome === 'unknown') return <NotFoundPage />
  const active = tab ?? 'general'
  return (
    <>
      <PageHeader title={t('nav.company')} subtitle={company.name} />
      <Tabs
        activeKey={active}
        onChange={(key) => navigate(`/company/profile/${key}`)}
        destroyOnHidden
        items={[
          { key: 'general', label: t('company.generalTab'), children: <><GeneralTab /><ClinicalSettingsCard /><ConsentSettingsCard /><BillingSettingsCard /><PaymeSettingsCard /></> },
          { key: 'branches', label: t('company.branchesTab'), children: <BranchesTab /> },
          {
            key: 'schedule',
            label: t('calendarSettings.tab'),
            children: <CompanyScheduleTab />
          },
          ...(canNotifications
            ? [
                { key: 'notifications', label: t('messaging.tabs.notifications'), children: <NotificationsTab /> },
                { key: 'notification-templates', label: t('messaging.tabs.templates'), children: <TemplatesTab /> },
                { key: 'integrations', label: t('messaging.tabs.integrations'), children: <IntegrationsTab /> }
              ]
            : [])
        ]}
      />
    </>
  )
}
