import { useState } from 'react'
import { Button, Card, Popconfirm, Space, Table, Tag } from 'antd'
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useFind, useRemove } from '../../api/live'
import { useCan } from '../../api/permissions'
import type { BranchRecord } from '../../api/types'
import { formatPhone } from '../../../../domain/validation/phone'
import { FetchError } from '../../components/FetchError'
import { toast, toastError } from '../../app/toasts'
import { BranchModal } from './BranchModal'

/** Branch CRUD. The server refuses removing the last branch ('last-branch'). */
export function BranchesTab() {
  const { t } = useTranslation()
  const branches = useFind('branches', { $limit: 200, $sort: { name: 1 } })
  const [editing, setEditing] = useState<BranchRecord | 'new' | null>(null)
  const canCreate = useCan('company', 'create')
  const canEdit = useCan('company', 'edit')
  const canDelete = useCan('company', 'delete')
  const removeBranch = useRemove('branches')

  async function remove(branch: BranchRecord) {
    try {
      await removeBranch(branch._id)
      toast.success(t('company.branchRemoved'))
    } catch (error) {
      toastError(error)
    }
  }

  if (branches.error) return <FetchError error={branches.error} onRetry={() => void branches.refetch()} />
  return (
    <Card
      title={t('company.branchesTab')}
      extra={
        canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="add-branch">
            {t('company.addBranch')}
          </Button>
        )
      }
    >
      <Table<BranchRecord>
        rowKey="_id"
        loading={branches.isLoading}
        dataSource={branches.data?.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'name',
            title: t('fields.name'),
            render: (_, branch) => (
              <Space>
                {branch.name}
                {branch.isMain && <Tag color="blue">{t('company.mainBranch')}</Tag>}
                {branch.archived && <Tag>{t('team.archived')}</Tag>}
              </Space>
            )
          },
          { key: 'address', title: t('fields.address'), dataIndex: 'address', responsive: ['md'] },
          { key: 'phone', title: t('fields.phone'), render: (_, branch) => (branch.phone ? formatPhone(branch.phone) : '—'), responsive: ['sm'] },
          {
            key: 'actions',
            title: '',
            align: 'right',
            render: (_, branch) => (
              <Space>
                {canEdit && <Button size="small" icon={<EditOutlined />} aria-label={t('common.edit')} onClick={() => setEditing(branch)} />}
                {canDelete && (
                  <Popconfirm title={t('company.removeBranchConfirm')} onConfirm={() => remove(branch)} okText={t('common.delete')} cancelText={t('common.cancel')}>
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} />
                  </Popconfirm>
                )}
              </Space>
            )
          }
        ]}
      />
      {editing && <BranchModal branch={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  )
}
