import { useState } from 'react'
import { Button, Card, Select, Space, Table, Tag, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { useFind, useRemove, type RecordOf } from '../../api/live'
import { useCan } from '../../api/permissions'
import { PageHeader } from '../../components/PageHeader'
import { FetchError } from '../../components/FetchError'
import { toast, toastError } from '../../app/toasts'
import { EntryActions } from './EntryActions'
import { PresetDrawer } from './PresetDrawer'
import './clinical-dictionaries.css'

type Preset = RecordOf<'presets'>

/**
 * /company/presets/{specialtyId?}: exam presets per specialty. A preset fills an exam in one
 * click: complaints, objective findings, ICD-10 codes, the wording of both diagnoses, treatments.
 */
export default function PresetsPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { specialtyId } = useParams()
  const specialties = useFind('specialty', { $limit: 500, $sort: { name: 1 } })
  const presets = useFind('presets', specialtyId ? { specialtyId, $limit: 500 } : { $limit: 500 })
  const [editing, setEditing] = useState<Preset | 'new' | null>(null)
  const canCreate = useCan('presets', 'create')
  const canEdit = useCan('presets', 'edit')
  const canDelete = useCan('presets', 'delete')
  const remove = useRemove('presets', { also: ['trash'] })
  const specialtyName = new Map((specialties.data?.data ?? []).map((specialty) => [specialty._id, specialty.name]))

  async function removePreset(preset: Preset) {
    try {
      await remove(preset._id)
      toast.success(t('clinicalDictionaries.removed'))
    } catch (error) {
      toastError(error)
    }
  }

  const summary = (preset: Preset) =>
    [
      preset.cdb.length > 0 && t('presets.complaintsCount', { count: preset.cdb.length }),
      preset.odb.length > 0 && t('presets.findingsCount', { count: preset.odb.length }),
      preset.treatments.length > 0 && t('presets.treatmentsCount', { count: preset.treatments.length })
    ].filter(Boolean).join(' · ')

  if (presets.error) return <FetchError error={presets.error} onRetry={() => void presets.refetch()} />
  return (
    <>
      <PageHeader
        title={t('presets.title')}
        subtitle={t('presets.subtitle')}
        extra={
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('presets.new')}
            </Button>
          )
        }
      />
      <Card style={{ maxWidth: 1040 }}>
        <div className="clinical-dictionaries-toolbar">
          <Select
            style={{ minWidth: 240, maxWidth: '100%' }}
            value={specialtyId ?? ''}
            aria-label={t('presets.specialty')}
            onChange={(value) => navigate(value ? `/company/presets/${value}` : '/company/presets', { replace: true })}
            options={[{ value: '', label: t('presets.allSpecialties') }, ...(specialties.data?.data ?? []).map((specialty) => ({ value: specialty._id, label: specialty.name }))]}
          />
        </div>
        <Table<Preset>
          rowKey="_id"
          size="middle"
          loading={presets.isLoading}
          dataSource={presets.data?.data ?? []}
          pagination={false}
          showHeader={false}
          locale={{ emptyText: t('presets.empty') }}
          onRow={(preset) => ({ onDoubleClick: () => canEdit && setEditing(preset) })}
          columns={[
            {
              key: 'name',
              render: (_, preset) => (
                <Space direction="vertical" size={2}>
                  <Space wrap size={4}>
                    <Typography.Text strong>{preset.name}</Typography.Text>
                    <Tag>{preset.specialtyId ? (specialtyName.get(preset.specialtyId) ?? t('presets.removedSpecialty')) : t('presets.anySpecialty')}</Tag>
                  </Space>
                  <Space wrap size={4}>
                    {preset.icd.map((code) => (
                      <Tag key={code} color="blue" className="clinical-dictionaries-code">
                        {code}
                      </Tag>
                    ))}
                    <span className="clinical-dictionaries-muted">{summary(preset)}</span>
                  </Space>
                </Space>
              )
            },
            {
              key: 'actions',
              align: 'right',
              width: 96,
              render: (_, preset) => <EntryActions canEdit={canEdit} canDelete={canDelete} onEdit={() => setEditing(preset)} onRemove={() => void removePreset(preset)} />
            }
          ]}
        />
      </Card>
      {editing !== null && <PresetDrawer preset={editing === 'new' ? null : editing} specialtyId={specialtyId ?? null} onClose={() => setEditing(null)} />}
    </>
  )
}
