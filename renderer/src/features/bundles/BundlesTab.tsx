import { useState } from 'react'
import { Button, Card, Grid, Input, Popconfirm, Segmented, Space, Table, Tag, Typography } from 'antd'
import { DeleteOutlined, EditOutlined, InboxOutlined, PlusOutlined, RollbackOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useFind, usePatch, useRemove, type RecordOf } from '../../api/live'
import { useCan } from '../../api/permissions'
import { FetchError } from '../../components/FetchError'
import { useDebounced } from '../../components/useDebounced'
import { toast, toastError } from '../../app/toasts'
import { useFormat } from '../../i18n/format'
import { useCurrency } from '../appointments/useCalendarSettings'
import { durationLabel } from '../appointments/duration-label'
import { BundleDrawer } from './BundleDrawer'
import { linesTotals } from './plan-drafts'

type Bundle = RecordOf<'bundle'>

/** The bundles tab of /company/bundles: search, active or archived, add, edit, archive, delete. */
export function BundlesTab({ catalogue }: { catalogue: ReadonlyArray<RecordOf<'service'>> }) {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const [search, setSearch] = useState('')
  const [archived, setArchived] = useState(false)
  const [editing, setEditing] = useState<Bundle | 'new' | null>(null)
  const term = useDebounced(search.trim(), 250)
  const bundles = useFind('bundle', { archived, $limit: 500, ...(term ? { $search: term } : {}) })
  const specialties = useFind('specialty', { $limit: 500, $sort: { name: 1 } })
  const specialtyName = new Map((specialties.data?.data ?? []).map((specialty) => [specialty._id, specialty.name]))
  const canCreate = useCan('bundle', 'create')
  const canEdit = useCan('bundle', 'edit')
  const canDelete = useCan('bundle', 'delete')
  const patch = usePatch('bundle')
  const remove = useRemove('bundle', { also: ['trash'] })
  const serviceName = new Map(catalogue.map((service) => [service._id, service.name]))
  // On a phone each bundle is one cell: name, services, then duration and total.
  const phone = !Grid.useBreakpoint().md

  async function setArchivedState(bundle: Bundle, value: boolean) {
    try {
      await patch(bundle._id, { archived: value })
      toast.success(t(value ? 'bundles.archivedDone' : 'bundles.restoredDone'))
    } catch (error) {
      toastError(error)
    }
  }

  async function removeBundle(bundle: Bundle) {
    try {
      await remove(bundle._id)
      toast.success(t('bundles.removed'))
    } catch (error) {
      toastError(error)
    }
  }

  if (bundles.error) return <FetchError error={bundles.error} onRetry={() => void bundles.refetch()} />
  return (
    <Card>
      <div className="bundles-toolbar">
        <Input.Search allowClear value={search} onChange={(event) => setSearch(event.target.value)} placeholder={t('bundles.search')} style={{ maxWidth: 320 }} aria-label={t('bundles.search')} />
        <Segmented
          value={archived ? 'archived' : 'active'}
          onChange={(value) => setArchived(value === 'archived')}
          options={[
            { value: 'active', label: t('bundles.active') },
            { value: 'archived', label: t('bundles.archivedList') }
          ]}
        />
        <span style={{ flex: 1 }} />
        {canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="bundle-add">
            {t('bundles.add')}
          </Button>
        )}
      </div>
      <Table<Bundle>
        rowKey="_id"
        size="middle"
        tableLayout="fixed"
        showHeader={!phone}
        loading={bundles.isLoading}
        dataSource={bundles.data?.data ?? []}
        pagination={false}
        locale={{ emptyText: archived ? t('bundles.emptyArchived') : t('bundles.empty') }}
        onRow={(bundle) => ({ onDoubleClick: () => canEdit && setEditing(bundle) })}
        columns={[
          {
            key: 'name',
            title: t('bundles.name'),
            render: (_, bundle) => (
              <Space direction="vertical" size={2} style={{ width: '100%' }}>
                <Space wrap size={4}>
                  <Typography.Text strong>{bundle.name}</Typography.Text>
                  {bundle.specialtyId && <Tag>{specialtyName.get(bundle.specialtyId) ?? t('bundles.removedSpecialty')}</Tag>}
                </Space>
                <Typography.Text type="secondary" ellipsis className="bundles-summary">
                  {bundle.items.map((item) => `${serviceName.get(item.serviceId) ?? t('bundles.serviceGone')}${item.quantity > 1 ? ` × ${item.quantity}` : ''}`).join(', ')}
                </Typography.Text>
                {phone && (
                  <span>
                    {durationLabel(t, linesTotals(bundle.items, catalogue).duration)} · <strong>{format.money(linesTotals(bundle.items, catalogue).price, currency)}</strong>
                  </span>
                )}
              </Space>
            )
          },
          {
            key: 'duration',
            title: t('booking.duration'),
            responsive: ['md'],
            width: 130,
            render: (_, bundle) => durationLabel(t, linesTotals(bundle.items, catalogue).duration)
          },
          {
            key: 'price',
            title: t('bundles.total'),
            align: 'right',
            responsive: ['md'],
            width: 180,
            render: (_, bundle) => <span data-testid="bundle-row-price">{format.money(linesTotals(bundle.items, catalogue).price, currency)}</span>
          },
          {
            key: 'actions',
            align: 'right',
            width: phone ? 104 : 120,
            render: (_, bundle) => (
              <Space size={4}>
                {canEdit && <Button size="small" icon={<EditOutlined />} aria-label={t('common.edit')} onClick={() => setEditing(bundle)} />}
                {canEdit && (
                  <Button
                    size="small"
                    icon={bundle.archived ? <RollbackOutlined /> : <InboxOutlined />}
                    aria-label={t(bundle.archived ? 'bundles.restore' : 'bundles.archive')}
                    title={t(bundle.archived ? 'bundles.restore' : 'bundles.archive')}
                    onClick={() => void setArchivedState(bundle, !bundle.archived)}
                  />
                )}
                {canDelete && (
                  <Popconfirm title={t('bundles.removeConfirm')} onConfirm={() => void removeBundle(bundle)} okText={t('common.delete')} cancelText={t('common.cancel')}>
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} />
                  </Popconfirm>
                )}
              </Space>
            )
          }
        ]}
      />
      {editing !== null && <BundleDrawer bundle={editing === 'new' ? null : editing} catalogue={catalogue} onClose={() => setEditing(null)} />}
    </Card>
  )
}
