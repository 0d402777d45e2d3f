import { Tabs } from 'antd'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { useFind } from '../../api/live'
import { useCan } from '../../api/permissions'
import { PageHeader } from '../../components/PageHeader'
import { BundlesTab } from './BundlesTab'
import { TemplatesTab } from './TemplatesTab'
import './bundles.css'

/**
 * /company/bundles: bundles of services (tab "Bundles") and treatment templates per specialty
 * (tab "Treatment templates", `?tab=templates`, for people who may view presets).
 */
export default function BundlesPage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const canSeeTemplates = useCan('presets', 'view')
  const canSeeServices = useCan('service', 'view')
  // Every service, archived ones too: a bundle made earlier still names them.
  const catalogue = useFind('service', { $limit: 500, $sort: { rank: 1, name: 1 } }, canSeeServices).data?.data ?? []
  const tab = params.get('tab') === 'templates' && canSeeTemplates ? 'templates' : 'bundles'
  return (
    <div className="bundles-page">
      <PageHeader title={t('bundles.title')} subtitle={t('bundles.subtitle')} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'templates' ? { tab: 'templates' } : {}, { replace: true })}
        items={[
          { key: 'bundles', label: t('bundles.tabBundles'), children: <BundlesTab catalogue={catalogue} /> },
          ...(canSeeTemplates ? [{ key: 'templates', label: t('bundles.tabTemplates'), children: <TemplatesTab catalogue={catalogue} /> }] : [])
        ]}
      />
    </div>
  )
}
