import { Segmented } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useCan } from '../../api/permissions'

/** The reports built so far, each for those who may view it (the sidebar's one entry leads here). */
const reports = [
  { key: 'summary', path: '/reports/summary', resource: 'reports-summary' },
  { key: 'appointments', path: '/reports/appointments', resource: 'appointment-reports' }
] as const

/**
 * Switches between the reports (issue 19) at the top of each report: a segmented control that
 * fills the width on a phone. The period and filters the two share travel along in the address.
 */
export function ReportsSwitch({ current }: { current: (typeof reports)[number]['key'] }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const allowed = useReportAllowed()
  const shown = reports.filter((report) => allowed[report.key])
  if (shown.length < 2) return null
  const carried = () => {
    const params = new URLSearchParams(window.location.search)
    const kept = new URLSearchParams()
    for (const key of ['period', 'from', 'to', 'branch', 'doctor']) if (params.get(key)) kept.set(key, params.get(key)!)
    return kept.size ? `?${kept}` : ''
  }
  return (
    <Segmented
      className="reports-switch"
      block
      aria-label={t('reports.switch.label')}
      data-testid="reports-switch"
      value={current}
      onChange={(value) => navigate(`${reports.find((report) => report.key === value)!.path}${carried()}`)}
      options={shown.map((report) => ({ value: report.key, label: t(`reports.switch.${report.key}`) }))}
    />
  )
}

/** Whether the caller may open the report. */
export const useReportAllowed = () => ({ summary: useCan('reports-summary', 'view'), appointments: useCan('appointment-reports', 'view') })
