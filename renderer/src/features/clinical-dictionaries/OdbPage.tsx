import { Segmented } from 'antd'
import { useTranslation } from 'react-i18next'
import { useParams, useSearchParams } from 'react-router'
import { PageHeader } from '../../components/PageHeader'
import { OdbTreePanel } from './OdbTreePanel'
import { ToothFindingsPanel } from './ToothFindingsPanel'
import './clinical-dictionaries.css'

/**
 * /company/odb/{parentId?}: "Objectively", the findings a dentist picks in an exam. Two lists:
 * the examination findings by part (odb, a tree browsed by parentId) and the per-tooth findings
 * (diagnose-objectively, `?tab=teeth`), which also set a chart code and suggest a diagnosis.
 */
export default function OdbPage() {
  const { t } = useTranslation()
  const { parentId } = useParams()
  const [search, setSearch] = useSearchParams()
  const tab = search.get('tab') === 'teeth' ? 'teeth' : 'findings'
  return (
    <>
      <PageHeader title={t('odb.title')} subtitle={t('odb.subtitle')} />
      <Segmented
        style={{ marginBottom: 16 }}
        value={tab}
        onChange={(value) => setSearch(value === 'teeth' ? { tab: 'teeth' } : {}, { replace: true })}
        options={[
          { value: 'findings', label: t('odb.findingsTab') },
          { value: 'teeth', label: t('odb.teethTab') }
        ]}
      />
      {tab === 'teeth' ? <ToothFindingsPanel /> : <OdbTreePanel parentId={parentId ?? null} />}
    </>
  )
}
