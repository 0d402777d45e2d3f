import { Tabs } from 'antd'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { hasPermission } from '../../../../domain/access/check'
import { useSession } from '../../api/session-store'
import { treatmentSections, type SectionProps } from './treatment-sections'
import { useTreatmentRecord } from './useTreatmentRecord'
import { PageLoading } from '../../components/PageLoading'
import './treatment.css'

/**
 * /customer/{id}/treatment: the clinical record in sections (chart, exams, treatments done,
 * perio). The open section is in the address (`?section=`), so a reload or a shared link keeps it.
 * Every section's list comes in one read when the tab opens (useTreatmentRecord): switching
 * sections shows them at once.
 */
export function TreatmentTab(props: SectionProps) {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const permissions = useSession()?.role?.permissions
  const sections = treatmentSections.filter((section) => hasPermission(permissions, section.resource, 'view'))
  const requested = params.get('section')
  const active = sections.find((section) => section.key === requested)?.key ?? sections[0]?.key
  const read = useTreatmentRecord(props.customerId)
  if (!read) return <PageLoading />
  if (sections.length === 1) return <>{sections[0].render(props)}</>
  return (
    <Tabs
      className="treatment-sections"
      size="small"
      activeKey={active}
      onChange={(key) => setParams((previous) => { const next = new URLSearchParams(previous); next.set('section', key); return next }, { replace: true })}
      destroyOnHidden
      items={sections.map((section) => ({ key: section.key, label: t(section.label), children: section.render(props) }))}
    />
  )
}
