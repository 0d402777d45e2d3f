import { Button, Popconfirm, Table, Tag, Tooltip } from 'antd'
import { DesktopOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useFind, useRemove, type QueryOf } from '../api/live'
import type { SessionRecord } from '../api/types'
import { useFormat } from '../i18n/format'
import { toast, toastError } from '../app/toasts'
import { FetchError } from './FetchError'
import { describeUserAgent } from './user-agent'

interface Props {
  /** Only this person's sessions; omit for the whole team (needs seeAll on sessions). */
  userId?: string
  /** Offers "End all other sessions" (the person's own list). */
  endOthers?: boolean
  /** Shows a "who" column, resolved from the team list. */
  names?: Record<string, string>
  canEnd: boolean
}

/** Active sessions with end-session: used by /profile/security (own) and /company/session (team). */
export function SessionsTable({ userId, names, canEnd, endOthers }: Props) {
  const { t } = useTranslation()
  const format = useFormat()
  const navigate = useNavigate()
  const query: QueryOf<'sessions'> = { ...(userId ? { userId } : {}), $sort: { lastAction: -1 }, $limit: 200 }
  const sessions = useFind('sessions', query)
  const removeSession = useRemove('sessions')

  async function end(session: SessionRecord) {
    // Ending the session in this browser is signing out: go through the normal sign-out.
    if (session.current) return navigate('/login/logout')
    try {
      await removeSession(session._id)
      toast.success(t('sessions.ended'))
    } catch (error) {
      toastError(error)
    }
  }

  async function endAllOthers() {
    const others = (sessions.data?.data ?? []).filter((session) => !session.current && !session.endedAt)
    const results = await Promise.allSettled(others.map((session) => removeSession(session._id)))
    const failed = results.find((result) => result.status === 'rejected')
    if (failed) toastError((failed as PromiseRejectedResult).reason)
    else toast.success(t('sessions.othersEnded', { count: others.length }))
  }

  if (sessions.error) return <FetchError error={sessions.error} onRetry={() => void sessions.refetch()} />
  const othersCount = (sessions.data?.data ?? []).filter((session) => !session.current && !session.endedAt).length
  return (
    <>
      {endOthers && canEnd && othersCount > 0 && (
        <Popconfirm title={t('sessions.endOthersConfirm')} onConfirm={endAllOthers} okText={t('sessions.endOthers')} okButtonProps={{ danger: true }} cancelText={t('common.cancel')}>
          <Button danger style={{ marginBottom: 12 }} data-testid="end-other-sessions">
            {t('sessions.endOthers')}
          </Button>
        </Popconfirm>
      )}
      <Table<SessionRecord>
        rowKey="_id"
        size="middle"
        loading={sessions.isLoading}
        dataSource={(sessions.data?.data ?? []).filter((session) => !session.endedAt)}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('sessions.none') }}
        columns={[
          ...(names
            ? [{ key: 'who', title: t('sessions.who'), render: (_: unknown, row: SessionRecord) => names[row.userId] ?? '—' }]
            : []),
          {
            key: 'device',
            title: t('sessions.device'),
            render: (_, row) => (
              <Tooltip title={row.userAgent}>
                <div className="session-device">
                  <span>
                    <DesktopOutlined /> {describeUserAgent(row.userAgent)}
                  </span>
                  <span className="session-ip">
                    {t('sessions.ip')}: {row.ip || '—'} {row.current && <Tag color="green">{t('sessions.thisDevice')}</Tag>}
                  </span>
                </div>
              </Tooltip>
            )
          },
          { key: 'lastLogin', title: t('sessions.lastLogin'), render: (_, row) => format.dateTime(row.lastLogin), responsive: ['lg'] },
          { key: 'lastAction', title: t('sessions.lastAction'), render: (_, row) => format.dateTime(row.lastAction) },
          {
            key: 'actions',
            title: '',
            align: 'right',
            render: (_, row) =>
              canEnd && (
                <Popconfirm title={row.current ? t('sessions.endCurrentConfirm') : t('sessions.endConfirm')} onConfirm={() => end(row)} okText={t('sessions.end')} cancelText={t('common.cancel')}>
                  <Button danger size="small" data-testid={`end-session-${row._id}`}>
                    {t('sessions.end')}
                  </Button>
                </Popconfirm>
              )
          }
        ]}
      />
    </>
  )
}
