import { useMemo, useState } from 'react'
import { Button, Card, Input, Segmented, Space, Switch, Table, Tag } from 'antd'
import { PlusOutlined, SearchOutlined, WalletOutlined } from '@ant-design/icons'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useFind, usePatch } from '../../api/live'
import { toastError } from '../../app/toasts'
import { useCan } from '../../api/permissions'
import type { UserRecord } from '../../api/types'
import { PageHeader } from '../../components/PageHeader'
import { FetchError } from '../../components/FetchError'
import { PersonAvatar } from '../../components/PersonAvatar'
import { useDebounced } from '../../components/useDebounced'
import { useFormat } from '../../i18n/format'
import { useSignedIn } from '../../api/session-store'
import { TeamMemberDrawer } from './TeamMemberDrawer'
import { roleLabel } from '../roles/role-label'

const PAGE_SIZE = 20

/** /people/team: team members with search, create and edit (issue 3, section 2). */
export default function TeamPage() {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const [archived, setArchived] = useState(false)
  const [page, setPage] = useState(1)
  const [editing, setEditing] = useState<UserRecord | 'new' | null>(null)
  const term = useDebounced(search.trim(), 250)
  const format = useFormat()
  const session = useSignedIn()
  const canCreate = useCan('users', 'create')
  const canEdit = useCan('users', 'edit')
  const canSeeBalances = useCan('balance-reports', 'view')
  const query = useMemo(
    () => ({
      archived,
      ...(term ? { $search: term } : {}),
      $sort: { last_name: 1, first_name: 1 },
      $limit: PAGE_SIZE,
      $skip: (page - 1) * PAGE_SIZE
    }),
    [archived, term, page]
  )
  const members = useFind('users', query)
  const roles = useFind('roles', { $limit: 200 })
  const branches = useFind('branches', { $limit: 200 })
  const patchUser = usePatch('users')
  async function setAllowLogin(member: UserRecord, allowLogin: boolean) {
    try {
      await patchUser(member._id, { allowLogin })
    } catch (error) {
      // Turning on sign-in for someone without a password is refused: open the form to set one.
      if (allowLogin) setEditing(member)
      toastError(error)
    }
  }

  const roleName = (id: string) => roleLabel(roles.data?.data.find((role) => role._id === id), t)
  const branchName = (id: string) => branches.data?.data.find((branch) => branch._id === id)?.name ?? '—'

  return (
    <>
      <PageHeader
        title={t('nav.team')}
        subtitle={members.data ? t('team.count', { count: members.data.total }) : undefined}
        extra={
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="add-member">
              {t('team.add')}
            </Button>
          )
        }
      />
      <Card>
        <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('team.search')}
            aria-label={t('team.search')}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value)
              setPage(1)
            }}
            style={{ width: 300, maxWidth: '100%' }}
          />
          <Segmented
            value={archived ? 'archived' : 'active'}
            onChange={(value) => {
              setArchived(value === 'archived')
              setPage(1)
            }}
            options={[
              { value: 'active', label: t('team.active') },
              { value: 'archived', label: t('team.archived') }
            ]}
          />
        </Space>
        {members.error ? (
          <FetchError error={members.error} onRetry={() => void members.refetch()} />
        ) : (
          <Table<UserRecord>
            rowKey="_id"
            loading={members.isLoading}
            dataSource={members.data?.data ?? []}
            scroll={{ x: 'max-content' }}
            onRow={(member) => ({
              onClick: () => canEdit && setEditing(member),
              style: { cursor: canEdit ? 'pointer' : undefined }
            })}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: members.data?.total ?? 0,
              onChange: setPage,
              showSizeChanger: false,
              hideOnSinglePage: true
            }}
            locale={{ emptyText: term ? t('team.noMatch') : t('team.empty') }}
            columns={[
              {
                key: 'name',
                title: t('team.name'),
                render: (_, member) => (
                  <Space>
                    <PersonAvatar person={member} />
                    <span>
                      {member.last_name} {member.first_name} {member.middle_name ?? ''}
                      {member.isOwner && <Tag style={{ marginLeft: 8 }}>{t('team.owner')}</Tag>}
                    </span>
                  </Space>
                )
              },
              { key: 'email', title: t('fields.email'), dataIndex: 'email', responsive: ['sm'] },
              { key: 'role', title: t('fields.role'), render: (_, member) => roleName(member.roleId) },
              {
                key: 'branches',
                title: t('fields.branches'),
                responsive: ['lg'],
                render: (_, member) => member.branchIds?.map((id) => <Tag key={id}>{branchName(id)}</Tag>)
              },
              {
                key: 'price',
                title: t('fields.staticPrice'),
                responsive: ['xl'],
                align: 'right',
                render: (_, member) => (member.staticPrice == null ? '—' : format.money(member.staticPrice, session.company.currency))
              },
              {
                key: 'login',
                title: t('fields.allowLogin'),
                responsive: ['md'],
                render: (_, member) =>
                  canEdit && !member.isOwner ? (
                    // A quick switch: turning sign-in off is common when someone leaves.
                    <span onClick={(event) => event.stopPropagation()}>
                      <Switch
                        size="small"
                        checked={member.allowLogin}
                        checkedChildren={t('team.canSignIn')}
                        unCheckedChildren={t('team.noSignIn')}
                        onChange={(allowLogin) => void setAllowLogin(member, allowLogin)}
                        aria-label={`${t('fields.allowLogin')}: ${member.first_name} ${member.last_name}`}
                      />
                    </span>
                  ) : member.allowLogin ? (
                    <Tag color="green">{t('team.canSignIn')}</Tag>
                  ) : (
                    <Tag>{t('team.noSignIn')}</Tag>
                  )
              },
              ...(canSeeBalances
                ? [
                    {
                      key: 'balance',
                      align: 'right' as const,
                      // The doctor's earnings and payouts (issue 16, item 6): for those who take appointments.
                      render: (_: unknown, member: UserRecord) =>
                        member.acceptsAppointments ? (
                          <span onClick={(event) => event.stopPropagation()}>
                            <Link to={`/people/${member._id}/balanceHistory`} data-testid="member-balance" aria-label={`${t('payouts.open')}: ${member.first_name} ${member.last_name}`}>
                              <WalletOutlined /> <span className="team-balance-label">{t('payouts.open')}</span>
                            </Link>
                          </span>
                        ) : null
                    }
                  ]
                : [])
            ]}
          />
        )}
      </Card>
      {editing && <TeamMemberDrawer member={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  )
}
