import { Tabs } from 'antd'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { hasPermission } from '../../../../domain/access/check'
import { useSession } from '../../api/session-store'
import { reportPages } from './report-pages'

/** Tabs over the reports the person may open (report-pages.ts); hidden when there is only one. */
export function ReportsNav() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const permissions = useSession()?.role?.permissions
  const pages = reportPages.filter((page) => hasPermission(permissions, page.resource, 'view'))
  if (pages.length < 2) return null
  return (
    <Tabs
      className="reports-nav"
      size="small"
      activeKey={pathname}
      onChange={(path) => void navigate(path)}
      data-testid="reports-nav"
      items={pages.map((page) => ({ key: page.path, label: t(page.label) }))}
    />
  )
}
