import { useState } from 'react'
import { Button, Card, Grid, Input, Popconfirm, Space, Table, Tag, Typography } from 'antd'
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useFind, useRemove, type RecordOf } from '../../api/live'
import { useCan } from '../../api/permissions'
import { FetchError } from '../../components/FetchError'
import { PageHeader } from '../../components/PageHeader'
import { useDebounced } from '../../components/useDebounced'
import { toast, toastError } from '../../app/toasts'
import { TextTemplateDrawer } from './TextTemplateDrawer'

type TextTemplate = RecordOf<'text-templates'>

/**
 * /company/text-templates (issue 17, item 4): the company's snippets for long text fields. Search
 * by title, add, edit, delete to the trash; people who may only view see the list.
 */
export default function TextTemplatesPage() {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const [editing, setEditing] = useState<TextTemplate | 'new' | null>(null)
  const term = useDebounced(search.trim(), 250)
  const templates = useFind('text-templates', { $limit: 500, ...(term ? { $search: term } : {}) })
  const canCreate = useCan('text-templates', 'create')
  const canEdit = useCan('text-templates', 'edit')
  const canDelete = useCan('text-templates', 'delete')
  const remove = useRemove('text-templates', { also: ['trash'] })
  const phone = !Grid.useBreakpoint().md

  async function removeTemplate(template: TextTemplate) {
    try {
      await remove(template._id)
      toast.success(t('textTemplates.removed'))
    } catch (error) {
      toastError(error)
    }
  }

  return (
    <div>
      <PageHeader title={t('textTemplates.title')} subtitle={t('textTemplates.subtitle')} />
      {templates.error ? (
        <FetchError error={templates.error} onRetry={() => void templates.refetch()} />
      ) : (
        <Card>
          <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
            <Input.Search allowClear value={search} onChange={(event) => setSearch(event.target.value)} placeholder={t('textTemplates.search')} aria-label={t('textTemplates.search')} style={{ maxWidth: 320 }} />
            {canCreate && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="text-template-add">
                {t('textTemplates.add')}
              </Button>
            )}
          </Space>
          <Table<TextTemplate>
            rowKey="_id"
            size="middle"
            tableLayout="fixed"
            showHeader={!phone}
            loading={templates.isLoading}
            dataSource={templates.data?.data ?? []}
            pagination={false}
            locale={{ emptyText: term ? t('textTemplates.emptySearch') : t('textTemplates.empty') }}
            onRow={(template) => ({ onDoubleClick: () => canEdit && setEditing(template) })}
            columns={[
              {
                key: 'title',
                title: t('textTemplates.fieldTitle'),
                render: (_, template) => (
                  <Space orientation="vertical" size={2} style={{ width: '100%' }}>
                    <Space wrap size={4}>
                      <Typography.Text strong data-testid="text-template-row-title">
                        {template.title}
                      </Typography.Text>
                      {phone && <Tag>{t(`textTemplates.places.${template.offeredIn}`)}</Tag>}
                    </Space>
                    <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0, whiteSpace: 'pre-line' }}>
                      {template.content}
                    </Typography.Paragraph>
                  </Space>
                )
              },
              {
                key: 'offeredIn',
                title: t('textTemplates.offeredIn'),
                responsive: ['md'],
                width: 220,
                render: (_, template) => <Tag>{t(`textTemplates.places.${template.offeredIn}`)}</Tag>
              },
              {
                key: 'actions',
                align: 'right',
                width: 96,
                render: (_, template) => (
                  <Space size={4}>
                    {canEdit && <Button size="small" icon={<EditOutlined />} aria-label={t('common.edit')} onClick={() => setEditing(template)} />}
                    {canDelete && (
                      <Popconfirm title={t('textTemplates.removeConfirm')} onConfirm={() => void removeTemplate(template)} okText={t('common.delete')} cancelText={t('common.cancel')}>
                        <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} />
                      </Popconfirm>
                    )}
                  </Space>
                )
              }
            ]}
          />
        </Card>
      )}
      {editing !== null && <TextTemplateDrawer template={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  )
}
