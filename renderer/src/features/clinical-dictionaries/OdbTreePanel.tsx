import { useState } from 'react'
import { Breadcrumb, Button, Card, Form, Grid, Input, Space, Table } from 'antd'
import { FolderOpenOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useCreate, useFind, useGet, usePatch, type RecordOf } from '../../api/live'
import { useEntryActions } from './useEntryActions'
import { useCan } from '../../api/permissions'
import { FetchError } from '../../components/FetchError'
import { showServerError } from '../../components/form-errors'
import { toast } from '../../app/toasts'
import { useEntryTitle } from './entry-title'
import { ShippedTag, ShownSwitch } from './EntryState'
import { EntryActions } from './EntryActions'
import { EntryModal } from './EntryModal'
import { ImportButton } from './ImportButton'

type Odb = RecordOf<'odb'>

/** The part shown, for the breadcrumb (the tree is two levels deep: parts, then their findings). */
function useLineage(parentId: string | null) {
  const parent = useGet('odb', parentId)
  return parentId && parent.data ? [parent.data] : []
}

/** One level of the findings tree: its entries, each opening its own level; add, rename, hide. */
export function OdbTreePanel({ parentId }: { parentId: string | null }) {
  const { t } = useTranslation()
  const title = useEntryTitle()
  const entries = useFind('odb', { parentId, $limit: 500 })
  const lineage = useLineage(parentId)
  const [addForm] = Form.useForm<{ name: string }>()
  const [editForm] = Form.useForm<{ name: string }>()
  const [editing, setEditing] = useState<Odb | null>(null)
  const canCreate = useCan('odb', 'create')
  const canEdit = useCan('odb', 'edit')
  const canDelete = useCan('odb', 'delete')
  const create = useCreate('odb')
  const patch = usePatch('odb')
  const { setHidden: hideEntry, removeEntry: removeById } = useEntryActions('odb')
  const wide = Grid.useBreakpoint().md
  // The tree is MAX_ODB_DEPTH (2) deep: a part opens its findings, a finding opens nothing.
  const canOpen = parentId === null

  async function add({ name }: { name: string }) {
    try {
      await create({ name: name.trim(), parentId })
      addForm.resetFields()
      toast.success(t('common.saved'))
    } catch (error) {
      showServerError(addForm, error, ['name'])
    }
  }

  const setHidden = (entry: Odb, hidden: boolean) => hideEntry(entry._id, hidden)
  const removeEntry = (entry: Odb) => removeById(entry._id)

  if (entries.error) return <FetchError error={entries.error} onRetry={() => void entries.refetch()} />
  const required = [{ required: true, whitespace: true, message: t('errors.field-required') }]
  return (
    <Card style={{ maxWidth: 960 }}>
      <Breadcrumb
        style={{ marginBottom: 16 }}
        items={[
          { key: 'root', title: parentId ? <Link to="/company/odb">{t('odb.allParts')}</Link> : t('odb.allParts') },
          ...lineage.map((entry) => ({
            key: entry._id,
            title: entry._id === parentId ? title(entry) : <Link to={`/company/odb/${entry._id}`}>{title(entry)}</Link>
          }))
        ]}
      />
      {canCreate && (
        <Form form={addForm} layout="inline" onFinish={add} style={{ marginBottom: 16, rowGap: 8 }}>
          <Form.Item name="name" rules={required} style={{ flex: 1, minWidth: 200 }}>
            <Input placeholder={parentId ? t('odb.newFinding') : t('odb.newPart')} aria-label={parentId ? t('odb.newFinding') : t('odb.newPart')} maxLength={500} />
          </Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit" icon={<PlusOutlined />}>
              {t('common.create')}
            </Button>
            {!parentId && <ImportButton list="odb" />}
          </Space>
        </Form>
      )}
      <Table<Odb>
        rowKey="_id"
        size="middle"
        loading={entries.isLoading}
        dataSource={entries.data?.data ?? []}
        pagination={false}
        showHeader={false}
        rowClassName={(entry) => (entry.hidden ? 'clinical-dictionaries-hidden-row' : '')}
        locale={{ emptyText: t('odb.empty') }}
        columns={[
          {
            key: 'name',
            render: (_, entry) => (
              <>
                {canOpen ? (
                  <Link to={`/company/odb/${entry._id}`}>
                    <FolderOpenOutlined style={{ marginRight: 8 }} />
                    {title(entry)}
                  </Link>
                ) : (
                  title(entry)
                )}{' '}
                <ShippedTag entry={entry} />
              </>
            )
          },
          { key: 'shown', width: wide ? 150 : 52, render: (_, entry) => <ShownSwitch entry={entry} disabled={!canEdit} onChange={(hidden) => void setHidden(entry, hidden)} /> },
          {
            key: 'actions',
            align: 'right',
            width: wide ? 96 : 80,
            render: (_, entry) => (
              <EntryActions
                canEdit={canEdit && !entry.shippedKey}
                canDelete={canDelete && !entry.shippedKey}
                onEdit={() => {
                  setEditing(entry)
                  editForm.setFieldsValue({ name: entry.name })
                }}
                onRemove={() => void removeEntry(entry)}
              />
            )
          }
        ]}
      />
      <EntryModal
        open={editing !== null}
        title={t('clinicalDictionaries.editTitle')}
        form={editForm}
        fields={['name']}
        onSave={({ name }) => patch(editing!._id, { name: name.trim() })}
        onClose={() => setEditing(null)}
      >
        <Form.Item name="name" label={t('clinicalDictionaries.name')} rules={required}>
          <Input.TextArea autoSize maxLength={500} />
        </Form.Item>
      </EntryModal>
    </Card>
  )
}
