import { useState } from 'react'
import { Card, ColorPicker, Form, Input, Space, Table } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useFind, usePatch, useRemove } from '../../api/live'
import { useCan } from '../../api/permissions'
import { PageHeader } from '../../components/PageHeader'
import { FetchError } from '../../components/FetchError'
import { colorValue } from '../../components/color-value'
import { memberPalette } from '../../components/color'
import { showNameError } from './name-error'
import { toast, toastError } from '../../app/toasts'
import type { NamedItem, NamedListConfig } from './named-list'
import { NamedListAddForm } from './NamedListAddForm'
import { NamedItemActions } from './NamedItemActions'
import { NamedItemLabel } from './NamedItemLabel'

interface EditValues {
  name: string
  color?: unknown
}

/** A company list of named items: add, rename (and recolour), delete to the trash; kept live. */
export function NamedListPage({ config }: { config: NamedListConfig }) {
  const { t } = useTranslation()
  const items = useFind(config.path, { $limit: 500, $sort: { name: 1 } })
  const [editForm] = Form.useForm<EditValues>()
  const [editingId, setEditingId] = useState<string | null>(null)
  const canCreate = useCan(config.resource, 'create')
  const canEdit = useCan(config.resource, 'edit')
  const canDelete = useCan(config.resource, 'delete')
  const patch = usePatch(config.path)
  const remove = useRemove(config.path, { also: ['trash'] })

  async function save(values: EditValues) {
    if (!editingId) return
    try {
      const color = config.withColor ? colorValue(values.color) : undefined
      await patch(editingId, { name: values.name.trim(), ...(color ? { color } : {}) })
      setEditingId(null)
    } catch (error) {
      showNameError(editForm, error)
    }
  }

  async function removeItem(id: string) {
    try {
      await remove(id)
      if (editingId === id) setEditingId(null)
      toast.success(config.texts.removed)
    } catch (error) {
      toastError(error)
    }
  }

  if (items.error) return <FetchError error={items.error} onRetry={() => void items.refetch()} />
  const required = [{ required: true, whitespace: true, message: t('errors.field-required') }]
  return (
    <>
      <PageHeader
        title={config.texts.title}
        subtitle={
          <>
            {config.texts.subtitle}
            {canDelete && (
              <>
                {' · '}
                <Link to="/company/trash">{t('trash.open')}</Link>
              </>
            )}
          </>
        }
      />
      <Card style={{ maxWidth: 720 }}>
        {canCreate && <NamedListAddForm config={config} />}
        <Form form={editForm} component={false} onFinish={save}>
          <Table<NamedItem>
            rowKey="_id"
            loading={items.isLoading}
            dataSource={items.data?.data ?? []}
            pagination={false}
            showHeader={false}
            locale={{ emptyText: config.texts.empty }}
            columns={[
              {
                key: 'name',
                render: (_, item) =>
                  item._id === editingId ? (
                    <Space.Compact style={{ width: '100%' }}>
                      {config.withColor && (
                        <Form.Item name="color" noStyle>
                          <ColorPicker disabledAlpha presets={[{ label: t('tags.palette'), colors: memberPalette }]} aria-label={t('tags.color')} />
                        </Form.Item>
                      )}
                      <Form.Item name="name" rules={required} style={{ margin: 0, flex: 1 }}>
                        <Input autoFocus aria-label={config.texts.placeholder} maxLength={100} onPressEnter={() => editForm.submit()} />
                      </Form.Item>
                    </Space.Compact>
                  ) : (
                    <NamedItemLabel item={item} />
                  )
              },
              {
                key: 'actions',
                align: 'right',
                width: 100,
                render: (_, item) => (
                  <NamedItemActions
                    config={config}
                    editing={item._id === editingId}
                    canEdit={canEdit}
                    canDelete={canDelete}
                    onEdit={() => {
                      editForm.setFieldsValue({ name: item.name, color: item.color ?? undefined })
                      setEditingId(item._id)
                    }}
                    onSave={() => editForm.submit()}
                    onCancel={() => setEditingId(null)}
                    onRemove={() => void removeItem(item._id)}
                  />
                )
              }
            ]}
          />
        </Form>
      </Card>
    </>
  )
}
