import { useState } from 'react'
import { Button, Card, Popconfirm, Space, Table, Tag } from 'antd'
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useFind, useRemove } from '../../api/live'
import { useCan } from '../../api/permissions'
import { FetchError } from '../../components/FetchError'
import { toast, toastError } from '../../app/toasts'
import { TimeTemplateModal } from './TimeTemplateModal'
import { timeTemplatePath, type TimeTemplate } from './time-template'
import { useCalendarSettings } from './useCalendarSettings'

/** The company's time templates: reusable day patterns for working hours. */
export function TimeTemplatesCard() {
  const { t } = useTranslation()
  const list = useFind(timeTemplatePath, { $limit: 500, $sort: { name: 1 } })
  const calendar = useCalendarSettings()
  const [editing, setEditing] = useState<TimeTemplate | 'new' | null>(null)
  const canCreate = useCan('time-templates', 'create')
  const canEdit = useCan('time-templates', 'edit')
  const canDelete = useCan('time-templates', 'delete')
  const removeTemplate = useRemove(timeTemplatePath, { also: ['trash'] })

  async function remove(id: string) {
    try {
      await removeTemplate(id)
      toast.success(t('timeTemplates.removed'))
    } catch (error) {
      toastError(error)
    }
  }

  return (
    <Card
      title={t('timeTemplates.title')}
      data-testid="time-templates"
      extra={
        canCreate && (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="add-time-template">
            {t('timeTemplates.add')}
          </Button>
        )
      }
    >
      {list.error ? (
        <FetchError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<TimeTemplate>
          rowKey="_id"
          size="small"
          loading={list.isLoading}
          dataSource={list.data?.data ?? []}
          pagination={false}
          showHeader={false}
          locale={{ emptyText: t('timeTemplates.empty') }}
          columns={[
            {
              key: 'name',
              render: (_, template) => (
                <>
                  <div style={{ fontWeight: 500 }}>{template.name}</div>
                  <span className="template-intervals">
                    {template.intervals.map((interval) => (
                      <Tag key={`${interval.start}-${interval.end}`}>
                        {interval.start}–{interval.end}
                      </Tag>
                    ))}
                  </span>
                </>
              )
            },
            {
              key: 'actions',
              align: 'right',
              width: 90,
              render: (_, template) => (
                <Space size={4}>
                  {canEdit && <Button size="small" icon={<EditOutlined />} aria-label={t('common.edit')} onClick={() => setEditing(template)} />}
                  {canDelete && (
                    <Popconfirm title={t('timeTemplates.removeConfirm')} description={t('timeTemplates.removeHint')} onConfirm={() => void remove(template._id)} okText={t('common.delete')} cancelText={t('common.cancel')}>
                      <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} />
                    </Popconfirm>
                  )}
                </Space>
              )
            }
          ]}
        />
      )}
      <TimeTemplateModal editing={editing} calendar={calendar} onClose={() => setEditing(null)} />
    </Card>
  )
}
