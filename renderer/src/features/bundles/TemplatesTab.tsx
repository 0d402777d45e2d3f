import { useState } from 'react'
import { Button, Card, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd'
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useFind, useRemove, type RecordOf } from '../../api/live'
import { useCan } from '../../api/permissions'
import { FetchError } from '../../components/FetchError'
import { useDebounced } from '../../components/useDebounced'
import { toast, toastError } from '../../app/toasts'
import { TemplateDrawer } from './TemplateDrawer'

type Template = RecordOf<'treatment-templates'>

/** The treatment templates tab of /company/bundles: by specialty, search, add, edit, delete. */
export function TemplatesTab({ catalogue }: { catalogue: ReadonlyArray<RecordOf<'service'>> }) {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const [specialtyId, setSpecialtyId] = useState('')
  const [editing, setEditing] = useState<Template | 'new' | null>(null)
  const term = useDebounced(search.trim(), 250)
  const templates = useFind('treatment-templates', { $limit: 500, ...(specialtyId ? { specialtyId } : {}), ...(term ? { $search: term } : {}) })
  const specialties = useFind('specialty', { $limit: 500, $sort: { name: 1 } })
  const bundles = useFind('bundle', { $limit: 500 }, useCan('bundle', 'view')).data?.data ?? []
  const specialtyName = new Map((specialties.data?.data ?? []).map((specialty) => [specialty._id, specialty.name]))
  const bundleName = new Map(bundles.map((bundle) => [bundle._id, bundle.name]))
  const serviceName = new Map(catalogue.map((service) => [service._id, service.name]))
  const canCreate = useCan('presets', 'create')
  const canEdit = useCan('presets', 'edit')
  const canDelete = useCan('presets', 'delete')
  const remove = useRemove('treatment-templates', { also: ['trash'] })

  async function removeTemplate(template: Template) {
    try {
      await remove(template._id)
      toast.success(t('bundles.removed'))
    } catch (error) {
      toastError(error)
    }
  }

  const phaseText = (phase: Template['phases'][number], index: number) => {
    const parts = [
      ...(phase.bundleId ? [bundleName.get(phase.bundleId) ?? t('bundles.bundle')] : []),
      ...phase.items.map((item) => `${serviceName.get(item.serviceId) ?? t('bundles.serviceGone')}${item.quantity > 1 ? ` × ${item.quantity}` : ''}`)
    ]
    return `${phase.title || t('bundles.phase', { number: index + 1 })}: ${parts.join(', ')}`
  }

  if (templates.error) return <FetchError error={templates.error} onRetry={() => void templates.refetch()} />
  return (
    <Card>
      <div className="bundles-toolbar">
        <Input.Search allowClear value={search} onChange={(event) => setSearch(event.target.value)} placeholder={t('bundles.search')} style={{ maxWidth: 280 }} aria-label={t('bundles.search')} />
        <Select
          style={{ minWidth: 220, maxWidth: '100%' }}
          value={specialtyId}
          aria-label={t('bundles.specialty')}
          onChange={setSpecialtyId}
          options={[{ value: '', label: t('bundles.allSpecialties') }, ...(specialties.data?.data ?? []).map((specialty) => ({ value: specialty._id, label: specialty.name }))]}
        />
        <span style={{ flex: 1 }} />
        {canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="template-add">
            {t('bundles.templateAdd')}
          </Button>
        )}
      </div>
      <Table<Template>
        rowKey="_id"
        size="middle"
        loading={templates.isLoading}
        dataSource={templates.data?.data ?? []}
        pagination={false}
        showHeader={false}
        tableLayout="fixed"
        locale={{ emptyText: t('bundles.templatesEmpty') }}
        onRow={(template) => ({ onDoubleClick: () => canEdit && setEditing(template) })}
        columns={[
          {
            key: 'name',
            render: (_, template) => (
              <Space direction="vertical" size={2} style={{ width: '100%' }}>
                <Space wrap size={4}>
                  <Typography.Text strong>{template.name}</Typography.Text>
                  <Tag>{template.specialtyId ? (specialtyName.get(template.specialtyId) ?? t('bundles.removedSpecialty')) : t('bundles.anySpecialty')}</Tag>
                  {template.icd.map((code) => (
                    <Tag key={code} color="blue">
                      {code}
                    </Tag>
                  ))}
                  <span className="bundles-muted">{t('bundles.phasesCount', { count: template.phases.length })}</span>
                </Space>
                {template.phases.map((phase, index) => (
                  <Typography.Text key={index} type="secondary" ellipsis className="bundles-summary">
                    {phaseText(phase, index)}
                  </Typography.Text>
                ))}
              </Space>
            )
          },
          {
            key: 'actions',
            align: 'right',
            width: 96,
            render: (_, template) => (
              <Space size={4}>
                {canEdit && <Button size="small" icon={<EditOutlined />} aria-label={t('common.edit')} onClick={() => setEditing(template)} />}
                {canDelete && (
                  <Popconfirm title={t('bundles.removeConfirm')} onConfirm={() => void removeTemplate(template)} okText={t('common.delete')} cancelText={t('common.cancel')}>
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} />
                  </Popconfirm>
                )}
              </Space>
            )
          }
        ]}
      />
      {editing !== null && <TemplateDrawer template={editing === 'new' ? null : editing} catalogue={catalogue} onClose={() => setEditing(null)} />}
    </Card>
  )
}
