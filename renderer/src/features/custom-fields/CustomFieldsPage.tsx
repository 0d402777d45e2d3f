import { useState } from 'react'
import { Button, Card, Table } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useFind, usePatch, useRemove } from '../../api/live'
import { useCan } from '../../api/permissions'
import { PageHeader } from '../../components/PageHeader'
import { FetchError } from '../../components/FetchError'
import { toast, toastError } from '../../app/toasts'
import type { CustomField } from './custom-field'
import { CustomFieldModal } from './CustomFieldModal'
import { CustomFieldActions } from './CustomFieldActions'
import { CustomFieldSummary } from './CustomFieldSummary'

/** /company/configurator: the custom fields of customer records, in the order forms show them. */
export default function CustomFieldsPage() {
  const { t } = useTranslation()
  const list = useFind('fields', { $limit: 500, $sort: { rank: 1, name: 1 } })
  const [editing, setEditing] = useState<CustomField | 'new' | null>(null)
  const canCreate = useCan('fields', 'create')
  const canEdit = useCan('fields', 'edit')
  const canDelete = useCan('fields', 'delete')
  const patchField = usePatch('fields')
  const removeField = useRemove('fields', { also: ['trash'] })
  const fields = list.data?.data ?? []

  /** Swaps two neighbours and numbers the whole list 0, 1, 2…; only changed ranks are saved. */
  async function move(index: number, direction: -1 | 1) {
    const reordered = [...fields]
    ;[reordered[index], reordered[index + direction]] = [reordered[index + direction], reordered[index]]
    try {
      for (const [position, field] of reordered.entries()) {
        if (field.rank !== position) await patchField(field._id, { rank: position })
      }
    } catch (error) {
      toastError(error)
    }
  }

  async function remove(id: string) {
    try {
      await removeField(id)
      toast.success(t('trash.moved'))
    } catch (error) {
      toastError(error)
    }
  }

  if (list.error) return <FetchError error={list.error} onRetry={() => void list.refetch()} />
  return (
    <>
      <PageHeader
        title={t('customFields.title')}
        subtitle={t('customFields.subtitle')}
        extra={
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="add-field">
              {t('customFields.add')}
            </Button>
          )
        }
      />
      <Card style={{ maxWidth: 860 }}>
        <Table<CustomField>
          rowKey="_id"
          loading={list.isLoading}
          dataSource={fields}
          pagination={false}
          showHeader={false}
          locale={{ emptyText: t('customFields.empty') }}
          columns={[
            {
              key: 'field',
              render: (_, field, index) => (
                <div className="stacked-row">
                  <CustomFieldSummary field={field} fields={fields} />
                  <CustomFieldActions
                    canEdit={canEdit}
                    canDelete={canDelete}
                    first={index === 0}
                    last={index === fields.length - 1}
                    onMove={(direction) => void move(index, direction)}
                    onEdit={() => setEditing(field)}
                    onRemove={() => void remove(field._id)}
                  />
                </div>
              )
            }
          ]}
        />
      </Card>
      <CustomFieldModal editing={editing} fields={fields} onClose={() => setEditing(null)} />
    </>
  )
}
