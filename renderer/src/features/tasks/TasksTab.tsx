import { useState } from 'react'
import { Button, Space } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useFind } from '../../api/live'
import { useCan } from '../../api/permissions'
import { FetchError } from '../../components/FetchError'
import { TaskDrawer } from './TaskDrawer'
import { TaskList } from './TaskList'
import type { Task } from './task-form'
import './tasks.css'

/** The patient card's tasks tab: this patient's tasks and recalls (those the caller may see), live. */
export function TasksTab({ customerId, patientName }: { customerId: string; patientName: string }) {
  const { t } = useTranslation()
  const canCreate = useCan('tasks', 'create')
  const [editing, setEditing] = useState<Task | 'new' | null>(null)
  const tasks = useFind('tasks', { customerId, $sort: { status: 1, dueAt: 1, _id: 1 }, $limit: 200 })
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {canCreate && (
        <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="customer-task-new">
          {t('tasks.new')}
        </Button>
      )}
      {tasks.error ? <FetchError error={tasks.error} onRetry={() => void tasks.refetch()} /> : <TaskList tasks={tasks.data?.data} loading={tasks.isLoading} showPatient={false} onEdit={setEditing} />}
      <TaskDrawer editing={editing} customerId={customerId} patientName={patientName} onClose={() => setEditing(null)} />
    </Space>
  )
}
