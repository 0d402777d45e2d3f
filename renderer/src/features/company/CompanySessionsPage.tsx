import { Alert, Button, Card, Popconfirm } from 'antd'
import { ThunderboltOutlined } from '@ant-design/icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCreate, useFind } from '../../api/live'
import { useCan } from '../../api/permissions'
import { PageHeader } from '../../components/PageHeader'
import { SessionsTable } from '../../components/SessionsTable'
import { toast, toastError } from '../../app/toasts'

/** /company/session: everyone's active sessions, end one, or end all at once (emergency logout). */
export default function CompanySessionsPage() {
  const { t } = useTranslation()
  const team = useFind('my-team', { $limit: 500 })
  const canEnd = useCan('sessions', 'delete')
  const canForce = useCan('force-logout', 'create')
  const [busy, setBusy] = useState(false)
  const endAllSessions = useCreate('force-logout', { also: ['sessions'] })
  const names = Object.fromEntries((team.data?.data ?? []).map((member) => [member._id, `${member.first_name} ${member.last_name}`]))

  async function forceLogout() {
    setBusy(true)
    try {
      const result = await endAllSessions({})
      toast.success(t('sessions.forceDone', { count: result.ended }))
    } catch (error) {
      toastError(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <PageHeader
        title={t('nav.sessions')}
        subtitle={t('sessions.subtitle')}
        extra={
          canForce && (
            <Popconfirm title={t('sessions.forceTitle')} description={t('sessions.forceConfirm')} onConfirm={forceLogout} okText={t('sessions.forceButton')} okButtonProps={{ danger: true }} cancelText={t('common.cancel')}>
              <Button danger icon={<ThunderboltOutlined />} loading={busy} data-testid="force-logout">
                {t('sessions.forceButton')}
              </Button>
            </Popconfirm>
          )
        }
      />
      {canForce && <Alert type="info" showIcon title={t('sessions.forceHint')} style={{ marginBottom: 16 }} />}
      <Card>
        <SessionsTable names={names} canEnd={canEnd} />
      </Card>
    </>
  )
}
