import { Card, Col, Row, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { hasPermission } from '../../../../domain/access/check'
import { useSignedIn } from '../../api/session-store'
import { settingsLinks } from '../settings/settings-links'

/** The settings hub's entries the person may open, as big touch-friendly tiles. */
export function QuickLinks() {
  const { t } = useTranslation()
  const { role } = useSignedIn()
  const links = settingsLinks.filter((link) => !link.permission || hasPermission(role?.permissions, link.permission.resource, link.permission.flags))
  return (
    <Card title={t('home.quickLinks')}>
      <Row gutter={[12, 12]}>
        {links.map((link) => (
          <Col xs={12} sm={8} key={link.key}>
            <Link to={link.path} className="quick-link">
              <span className="quick-link-icon">{link.icon}</span>
              <Typography.Text strong>{t(link.title)}</Typography.Text>
            </Link>
          </Col>
        ))}
      </Row>
    </Card>
  )
}
