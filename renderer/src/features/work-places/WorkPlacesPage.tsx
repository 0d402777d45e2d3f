import { useState } from 'react'
import { Button, Card, Popconfirm, Space, Switch, Table, Tag } from 'antd'
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useFind, usePatch, useRemove } from '../../api/live'
import { useCan } from '../../api/permissions'
import { useCurrentBranch } from '../../api/branch'
import { PageHeader } from '../../components/PageHeader'
import { FetchError } from '../../components/FetchError'
import { toast, toastError } from '../../app/toasts'
import { reorder } from '../services/service-form'
import { workPlacePath, type WorkPlace } from './work-place'
import { WorkPlaceModal } from './WorkPlaceModal'
import '../services/catalogue.css'

/** /company/work-places: the chairs and rooms of the current branch (the branch switcher picks it). */
export default function WorkPlacesPage() {
  const { t } = useTranslation()
  const branchId = useCurrentBranch()
  const list = useFind(workPlacePath, { ...(branchId ? { branchId } : {}), $limit: 500, $sort: { rank: 1, name: 1 } })
  const branches = useFind('branches', { $limit: 200 })
  const [editing, setEditing] = useState<WorkPlace | 'new' | null>(null)
  const canCreate = useCan('work-place', 'create')
  const canEdit = useCan('work-place', 'edit')
  const canDelete = useCan('work-place', 'delete')
  const patchPlace = usePatch(workPlacePath)
  const removePlace = useRemove(workPlacePath, { also: ['trash'] })
  const places = list.data?.data ?? []
  const branchName = branches.data?.data.find((branch) => branch._id === branchId)?.name

  async function patch(place: WorkPlace, data: Partial<WorkPlace>) {
    try {
      await patchPlace(place._id, data)
    } catch (error) {
      toastError(error)
    }
  }

  async function move(index: number, direction: -1 | 1) {
    try {
      for (const change of reorder(places, index, direction)) await patchPlace(change.id, { rank: change.rank })
    } catch (error) {
      toastError(error)
    }
  }

  async function remove(place: WorkPlace) {
    try {
      await removePlace(place._id)
      toast.success(t('trash.moved'))
    } catch (error) {
      toastError(error)
    }
  }

  if (list.error) return <FetchError error={list.error} onRetry={() => void list.refetch()} />
  return (
    <>
      <PageHeader
        title={t('workPlaces.title')}
        subtitle={
          <>
            {branchName ? t('workPlaces.subtitleBranch', { branch: branchName }) : t('workPlaces.subtitle')}
            {canDelete && (
              <>
                {' · '}
                <Link to="/company/trash">{t('trash.open')}</Link>
              </>
            )}
          </>
        }
        extra={
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="add-work-place">
              {t('workPlaces.add')}
            </Button>
          )
        }
      />
      <Card style={{ maxWidth: 820 }} className="work-places-card">
        <Table<WorkPlace>
          rowKey="_id"
          loading={list.isLoading}
          dataSource={places}
          pagination={false}
          locale={{ emptyText: t('workPlaces.empty') }}
          columns={[
            {
              key: 'name',
              title: t('workPlaces.name'),
              render: (_, place) => (
                <Space align="start">
                  <span className="work-place-color" style={{ background: place.color || '#d9d9d9', marginTop: 4 }} aria-hidden />
                  <span>
                    <span style={{ fontWeight: 500 }}>{place.name}</span>
                    {!place.active && <Tag style={{ marginLeft: 8 }}>{t('workPlaces.inactiveTag')}</Tag>}
                    {/* The kind column hides on a phone: the kind goes under the name. */}
                    <span className="work-place-kind-sub">{t(`workPlaces.kinds.${place.kind}`)}</span>
                  </span>
                </Space>
              )
            },
            {
              key: 'kind',
              title: t('workPlaces.kind'),
              responsive: ['sm'],
              render: (_, place) => <Tag color={place.kind === 'room' ? 'purple' : 'cyan'}>{t(`workPlaces.kinds.${place.kind}`)}</Tag>
            },
            {
              key: 'active',
              title: t('workPlaces.active'),
              width: 100,
              className: 'nowrap',
              render: (_, place) => (
                <Switch
                  size="small"
                  checked={place.active}
                  disabled={!canEdit}
                  onChange={(active) => void patch(place, { active })}
                  aria-label={`${t('workPlaces.active')}: ${place.name}`}
                />
              )
            },
            {
              key: 'actions',
              align: 'right',
              render: (_, place, index) =>
                (canEdit || canDelete) && (
                  <Space size={4}>
                    {canEdit && (
                      <>
                        {/* Ordering is a desk job: on a phone only edit and delete show. */}
                        <span className="hide-on-phone" style={{ display: 'inline-flex', gap: 4 }}>
                          <Button size="small" icon={<ArrowUpOutlined />} aria-label={t('workPlaces.moveUp')} disabled={index === 0} onClick={() => void move(index, -1)} />
                          <Button size="small" icon={<ArrowDownOutlined />} aria-label={t('workPlaces.moveDown')} disabled={index === places.length - 1} onClick={() => void move(index, 1)} />
                        </span>
                        <Button size="small" icon={<EditOutlined />} aria-label={t('common.edit')} onClick={() => setEditing(place)} />
                      </>
                    )}
                    {canDelete && (
                      <Popconfirm title={t('workPlaces.removeConfirm')} description={t('trash.removeHint')} onConfirm={() => void remove(place)} okText={t('common.delete')} cancelText={t('common.cancel')}>
                        <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} />
                      </Popconfirm>
                    )}
                  </Space>
                )
            }
          ]}
        />
      </Card>
      <WorkPlaceModal
        editing={editing}
        branchId={branchId}
        nextRank={places.reduce((max, place) => Math.max(max, place.rank + 1), 0)}
        onClose={() => setEditing(null)}
      />
    </>
  )
}
