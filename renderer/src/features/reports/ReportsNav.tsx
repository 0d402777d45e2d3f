import { Tabs } from 'antd'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { useSession } from '../../api/session-store'
import { allowedReportPages, carriedSearch } from './report-pages'

/** The reports the person may open (report-pages.ts), in the tabs' order. */
export const useReportPages = () => allowedReportPages(useSession()?.role?.permissions)

/**
 * Tabs over the reports the person may open (report-pages.ts), at the top of each report; hidden
 * when there is only one. The period, branch and doctor travel along in the address; on a phone
 * the tabs scroll sideways.
 */
export function ReportsNav() {
  const { t } = useTranslation()
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  const pages = useReportPages()
  if (pages.length < 2) return null
  return (
    <Tabs
      className="reports-nav"
      size="small"
      activeKey={pathname}
      onChange={(path) => void navigate(`${path}${carriedSearch(search)}`)}
      aria-label={t('reports.nav.label')}
      data-testid="reports-nav"
      items={pages.map((page) => ({ key: page.path, label: t(`reports.nav.${page.key}`) }))}
    />
  )
}
