import { Card, Col, Row, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { hasPermission } from '../../../../domain/access/check'
import { useSignedIn } from '../../api/session-store'
import { PageHeader } from '../../components/PageHeader'
import { settingsLinks, type SettingsLink } from './settings-links'

function Group({ title, links }: { title: string; links: SettingsLink[] }) {
  const { t } = useTranslation()
  if (links.length === 0) return null
  return (
    <section style={{ marginBottom: 24 }}>
      <Typography.Title level={5}>{title}</Typography.Title>
      <Row gutter={[16, 16]}>
        {links.map((link) => (
          <Col xs={24} sm={12} lg={8} key={link.key}>
            <Link to={link.path} className="quick-link" data-testid={`settings-${link.key}`}>
              <span className="quick-link-icon">{link.icon}</span>
              <Typography.Text strong>{t(link.title)}</Typography.Text>
              <Typography.Text type="secondary">{t(link.description)}</Typography.Text>
            </Link>
          </Col>
        ))}
      </Row>
    </section>
  )
}

/** Spec section 2: the settings hub, linking to what exists and what the person may open. */
export default function SettingsPage() {
  const { t } = useTranslation()
  const { role, company } = useSignedIn()
  const allowed = settingsLinks.filter(
    (link) =>
      (!link.module || company.modules?.[link.module] === true) &&
      (!link.permission || hasPermission(role?.permissions, link.permission.resource, link.permission.flags))
  )
  return (
    <>
      <PageHeader title={t('nav.settings')} subtitle={t('settings.subtitle')} />
      <Group title={t('settings.clinic')} links={allowed.filter((link) => link.group === 'clinic')} />
      <Group title={t('settings.personal')} links={allowed.filter((link) => link.group === 'personal')} />
      <Card size="small">
        <Typography.Text type="secondary">{t('settings.more')}</Typography.Text>
      </Card>
    </>
  )
}
