import { useState } from 'react'
import { Button, Card, Form, Input, Popconfirm, Space, Table } from 'antd'
import { CheckOutlined, CloseOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useCreate, useFind, usePatch, useRemove } from '../../api/live'
import { useCan } from '../../api/permissions'
import type { SpecialtyRecord } from '../../api/types'
import { PageHeader } from '../../components/PageHeader'
import { FetchError } from '../../components/FetchError'
import { showServerError } from '../../components/form-errors'
import { toast, toastError } from '../../app/toasts'

/** /company/specialty: the specialties team members can have (Therapist, Orthodontist…). */
export default function SpecialtiesPage() {
  const { t } = useTranslation()
  const specialties = useFind('specialty', { $limit: 500, $sort: { name: 1 } })
  const [addForm] = Form.useForm<{ name: string }>()
  const [editForm] = Form.useForm<{ name: string }>()
  const [editingId, setEditingId] = useState<string | null>(null)
  const canCreate = useCan('specialty', 'create')
  const canEdit = useCan('specialty', 'edit')
  const canDelete = useCan('specialty', 'delete')
  const createSpecialty = useCreate('specialty')
  const patchSpecialty = usePatch('specialty')
  const removeSpecialty = useRemove('specialty')

  async function add({ name }: { name: string }) {
    try {
      await createSpecialty({ name: name.trim() })
      addForm.resetFields()
      toast.success(t('common.saved'))
    } catch (error) {
      showServerError(addForm, error, ['name'])
    }
  }

  async function rename({ name }: { name: string }) {
    if (!editingId) return
    try {
      await patchSpecialty(editingId, { name: name.trim() })
      setEditingId(null)
    } catch (error) {
      showServerError(editForm, error, ['name'])
    }
  }

  async function remove(id: string) {
    try {
      await removeSpecialty(id)
    } catch (error) {
      toastError(error)
    }
  }

  const required = [{ required: true, whitespace: true, message: t('errors.field-required') }]
  if (specialties.error) return <FetchError error={specialties.error} onRetry={() => void specialties.refetch()} />
  return (
    <>
      <PageHeader title={t('specialty.title')} subtitle={t('specialty.subtitle')} />
      <Card style={{ maxWidth: 720 }}>
        {canCreate && (
          <Form form={addForm} layout="inline" onFinish={add} style={{ marginBottom: 16, rowGap: 8 }}>
            <Form.Item name="name" rules={required} style={{ flex: 1, minWidth: 200 }}>
              <Input placeholder={t('specialty.new')} aria-label={t('specialty.new')} />
            </Form.Item>
            <Button type="primary" htmlType="submit" icon={<PlusOutlined />}>
              {t('common.create')}
            </Button>
          </Form>
        )}
        <Form form={editForm} component={false} onFinish={rename}>
          <Table<SpecialtyRecord>
            rowKey="_id"
            loading={specialties.isLoading}
            dataSource={specialties.data?.data ?? []}
            pagination={false}
            showHeader={false}
            columns={[
              {
                key: 'name',
                render: (_, item) =>
                  item._id === editingId ? (
                    <Form.Item name="name" rules={required} style={{ margin: 0 }}>
                      <Input autoFocus onPressEnter={() => editForm.submit()} />
                    </Form.Item>
                  ) : (
                    item.name
                  )
              },
              {
                key: 'actions',
                align: 'right',
                width: 120,
                render: (_, item) =>
                  item._id === editingId ? (
                    <Space>
                      <Button size="small" type="primary" icon={<CheckOutlined />} aria-label={t('common.save')} onClick={() => editForm.submit()} />
                      <Button size="small" icon={<CloseOutlined />} aria-label={t('common.cancel')} onClick={() => setEditingId(null)} />
                    </Space>
                  ) : (
                    <Space>
                      {canEdit && (
                        <Button
                          size="small"
                          icon={<EditOutlined />}
                          aria-label={t('common.edit')}
                          onClick={() => {
                            editForm.setFieldsValue({ name: item.name })
                            setEditingId(item._id)
                          }}
                        />
                      )}
                      {canDelete && (
                        <Popconfirm title={t('specialty.removeConfirm')} onConfirm={() => remove(item._id)} okText={t('common.delete')} cancelText={t('common.cancel')}>
                          <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} />
                        </Popconfirm>
                      )}
                    </Space>
                  )
              }
            ]}
          />
        </Form>
      </Card>
    </>
  )
}
