import { useMemo, useState } from 'react'
import { Card, Grid, Space, Table, Tag, Typography, type TableColumnsType } from 'antd'
import { useTranslation } from 'react-i18next'
import { useFind } from '../../api/live'
import { useSession } from '../../api/session-store'
import { hasPermission } from '../../../../domain/access/check'
import { PageHeader } from '../../components/PageHeader'
import { FetchError } from '../../components/FetchError'
import { usePeopleNames } from '../../components/usePeopleNames'
import { useFormat } from '../../i18n/format'
import { trashText, type TrashItem } from './trash-item'
import { kindLabel } from './trash-kinds'
import { TrashKindFilter } from './TrashKindFilter'
import { TrashItemActions } from './TrashItemActions'
import { TrashItemSummary } from './TrashItemSummary'

const PAGE_SIZE = 20

/** /company/trash: deleted records of every kind; restore them, or delete them for good. */
export default function TrashPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const permissions = useSession()?.role?.permissions
  const [kind, setKind] = useState<string | undefined>()
  const [page, setPage] = useState(1)
  const { names } = usePeopleNames()
  const query = useMemo(
    () => ({ ...(kind ? { service: kind } : {}), $sort: { deletedAt: -1, _id: -1 }, $limit: PAGE_SIZE, $skip: (page - 1) * PAGE_SIZE }),
    [kind, page]
  )
  const items = useFind('trash', query)
  const phone = !Grid.useBreakpoint().md
  const who = (item: TrashItem) => (item.deletedBy ? names.get(item.deletedBy) ?? '—' : '—')
  // Each item is guarded by its own kind's resource: create restores, delete purges.
  const actions = (item: TrashItem) => (
    <TrashItemActions
      item={item}
      canRestore={hasPermission(permissions, item.resource ?? 'company', 'create')}
      canPurge={hasPermission(permissions, item.resource ?? 'company', 'delete')}
    />
  )
  const columns: TableColumnsType<TrashItem> = phone
    ? [
        {
          key: 'item',
          render: (_, item) => (
            <div className="stacked-row">
              <TrashItemSummary item={item} who={who(item)} />
              {actions(item)}
            </div>
          )
        }
      ]
    : [
        { key: 'kind', title: t('trash.kind'), render: (_, item) => <Tag>{kindLabel(t, item.service)}</Tag> },
        { key: 'title', title: t('trash.record'), render: (_, item) => trashText(item, t) },
        { key: 'who', title: t('trash.deletedBy'), render: (_, item) => who(item) },
        { key: 'when', title: t('trash.deletedAt'), render: (_, item) => format.dateTime(item.deletedAt) },
        { key: 'actions', align: 'right', render: (_, item) => actions(item) }
      ]

  return (
    <>
      <PageHeader title={t('trash.title')} subtitle={t('trash.subtitle')} />
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <TrashKindFilter
            value={kind}
            onChange={(next) => {
              setKind(next)
              setPage(1)
            }}
          />
          {items.data && <Typography.Text type="secondary">{t('trash.count', { count: items.data.total })}</Typography.Text>}
        </Space>
        {items.error ? (
          <FetchError error={items.error} onRetry={() => void items.refetch()} />
        ) : (
          <Table<TrashItem>
            rowKey="_id"
            loading={items.isLoading}
            dataSource={items.data?.data ?? []}
            locale={{ emptyText: kind ? t('trash.emptyKind') : t('trash.empty') }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: items.data?.total ?? 0,
              onChange: setPage,
              showSizeChanger: false,
              hideOnSinglePage: true
            }}
            showHeader={!phone}
            columns={columns}
          />
        )}
      </Card>
    </>
  )
}
