import { useState } from 'react'
import { Button, Card, Col, Empty, List, Row } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useFind } from '../../api/live'
import { useCan } from '../../api/permissions'
import { PageHeader } from '../../components/PageHeader'
import { FetchError } from '../../components/FetchError'
import { RoleEditor } from './RoleEditor'
import { NewRoleModal } from './NewRoleModal'
import { roleLabel } from './role-label'

/** /company/roles: the company's roles and the permission matrix of the chosen one. */
export default function RolesPage() {
  const { t } = useTranslation()
  const roles = useFind('roles', { $limit: 200, $sort: { name: 1 } })
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const [creating, setCreating] = useState(false)
  const canCreate = useCan('roles', 'create')
  const list = roles.data?.data ?? []
  // Until the person picks one, the first role is shown.
  const selected = list.find((role) => role._id === selectedId) ?? list[0] ?? null

  if (roles.error) return <FetchError error={roles.error} onRetry={() => void roles.refetch()} />
  return (
    <>
      <PageHeader
        title={t('nav.roles')}
        subtitle={t('roles.subtitle')}
        extra={
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="add-role">
              {t('roles.add')}
            </Button>
          )
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={6} xl={5}>
          <Card styles={{ body: { padding: 8 } }}>
            <List
              loading={roles.isLoading}
              dataSource={list}
              renderItem={(role) => (
                <List.Item
                  onClick={() => setSelectedId(role._id)}
                  onKeyDown={(event) => (event.key === 'Enter' || event.key === ' ') && setSelectedId(role._id)}
                  role="button"
                  tabIndex={0}
                  aria-pressed={role._id === selected?._id}
                  className={role._id === selected?._id ? 'role-item role-item-selected' : 'role-item'}
                  data-testid={`role-${role.name}`}
                >
                  <span>{roleLabel(role, t)}</span>
                  <span className="role-count">{t('roles.grantCount', { count: role.permissions?.length ?? 0 })}</span>
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} lg={18} xl={19}>
          {selected ? (
            <RoleEditor key={selected._id} role={selected} onRemoved={() => setSelectedId(null)} />
          ) : (
            <Card>
              <Empty description={t('roles.pick')} />
            </Card>
          )}
        </Col>
      </Row>
      {creating && (
        <NewRoleModal
          onClose={(created) => {
            setCreating(false)
            if (created) setSelectedId(created._id)
          }}
        />
      )}
    </>
  )
}
