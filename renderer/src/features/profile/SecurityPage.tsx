import { Card, Col, Row } from 'antd'
import { useTranslation } from 'react-i18next'
import { useSignedIn } from '../../api/session-store'
import { PageHeader } from '../../components/PageHeader'
import { SessionsTable } from '../../components/SessionsTable'
import { ChangePasswordForm } from './ChangePasswordForm'

/** /profile/security: change password, and the person's active sessions with end-session. */
export default function SecurityPage() {
  const { t } = useTranslation()
  const { user } = useSignedIn()
  return (
    <>
      <PageHeader title={t('nav.security')} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={9}>
          <Card title={t('security.changePassword')}>
            <ChangePasswordForm />
          </Card>
        </Col>
        <Col xs={24} lg={15}>
          <Card title={t('security.activeSessions')}>
            <SessionsTable userId={user._id} canEnd endOthers />
          </Card>
        </Col>
      </Row>
    </>
  )
}
