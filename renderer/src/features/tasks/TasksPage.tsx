import { useState } from 'react'
import { Button, Card, Segmented, Space } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useFind } from '../../api/live'
import { useCan } from '../../api/permissions'
import { useSignedIn } from '../../api/session-store'
import { PageHeader } from '../../components/PageHeader'
import { FetchError } from '../../components/FetchError'
import { TaskDrawer } from './TaskDrawer'
import { TaskList } from './TaskList'
import type { Task } from './task-form'
import './tasks.css'

type Whose = 'mine' | 'created' | 'all'
type State = 'in-progress' | 'done'

/**
 * /company/tasks: the team's tasks and reminders, soonest due first, overdue in red, live. "Mine"
 * (assigned to me) and "set by me" for everyone; "everyone's" for those with `tasks: seeAll`.
 */
export default function TasksPage() {
  const { t } = useTranslation()
  const { user } = useSignedIn()
  const seesAll = useCan('tasks', 'seeAll')
  const canCreate = useCan('tasks', 'create')
  const [whose, setWhose] = useState<Whose>('mine')
  const [state, setState] = useState<State>('in-progress')
  const [editing, setEditing] = useState<Task | 'new' | null>(null)
  const whoseQuery = whose === 'mine' ? { assigneeId: user._id } : whose === 'created' ? { createdBy: user._id } : {}
  const tasks = useFind('tasks', { ...whoseQuery, status: state, $sort: { dueAt: state === 'done' ? -1 : 1, _id: 1 }, $limit: 200 })
  return (
    <>
      <PageHeader
        title={t('tasks.title')}
        subtitle={t('tasks.subtitle')}
        extra={
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="task-new">
              {t('tasks.new')}
            </Button>
          )
        }
      />
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Segmented<Whose>
            value={whose}
            onChange={setWhose}
            options={[{ value: 'mine', label: t('tasks.mine') }, { value: 'created', label: t('tasks.created') }, ...(seesAll ? [{ value: 'all' as const, label: t('tasks.all') }] : [])]}
          />
          <Segmented<State> value={state} onChange={setState} options={[{ value: 'in-progress', label: t('tasks.inProgress') }, { value: 'done', label: t('tasks.done') }]} />
        </Space>
        {tasks.error ? <FetchError error={tasks.error} onRetry={() => void tasks.refetch()} /> : <TaskList tasks={tasks.data?.data} loading={tasks.isLoading} showPatient onEdit={setEditing} />}
      </Card>
      <TaskDrawer editing={editing} onClose={() => setEditing(null)} />
    </>
  )
}
