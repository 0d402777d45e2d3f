import { Button, Empty, Grid, Popconfirm, Space, Table, Tag, Typography } from 'antd'
import { CheckOutlined, DeleteOutlined, EditOutlined, RollbackOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { usePatch, useRemove } from '../../api/live'
import { useCan } from '../../api/permissions'
import { toast, toastError } from '../../app/toasts'
import { useFormat } from '../../i18n/format'
import { useTeamNames } from '../customer/useTeamNames'
import { isOverdue } from '../../../../server/src/services/tasks/tasks/tasks.shared'
import { usePatientNames } from './usePatientNames'
import { useNow } from '../../components/useNow'
import type { Task } from './task-form'

interface Props {
  tasks: readonly Task[] | undefined
  loading: boolean
  /** The patient card's tab: no patient column. */
  showPatient: boolean
  onEdit: (task: Task) => void
}

/** Tasks as a table: overdue ones in red, the patient linking to the card, done / reopen, edit, delete. */
export function TaskList({ tasks, loading, showPatient, onEdit }: Props) {
  const { t } = useTranslation()
  const format = useFormat()
  const team = useTeamNames()
  const patients = usePatientNames(showPatient ? tasks : undefined)
  const canEdit = useCan('tasks', 'edit')
  const canDelete = useCan('tasks', 'delete')
  const patch = usePatch('tasks')
  const remove = useRemove('tasks', { also: ['trash'] })
  const now = useNow()
  const phone = !Grid.useBreakpoint().md

  const setStatus = (task: Task, status: Task['status']) => patch(task._id, { status }).catch(toastError)
  const removeTask = (task: Task) =>
    remove(task._id)
      .then(() => toast.success(t('tasks.deleted')))
      .catch(toastError)

  /** When it is due (red with "overdue" once late) and its hard deadline beneath. */
  const due = (task: Task) => (
    <Space direction="vertical" size={0}>
      {isOverdue(task, now) ? (
        <Space size={4} data-testid="task-overdue">
          <Typography.Text type="danger">{format.dateTime(task.dueAt)}</Typography.Text>
          <Tag color="red">{t('tasks.overdue')}</Tag>
        </Space>
      ) : (
        <Typography.Text>{format.dateTime(task.dueAt)}</Typography.Text>
      )}
      {task.endBefore && <Typography.Text type="secondary">{`${t('tasks.fields.endBefore')}: ${format.dateTime(task.endBefore)}`}</Typography.Text>}
    </Space>
  )
  const patientLink = (task: Task) => (task.customerId ? <Link to={`/customer/${task.customerId}/tasks`}>{patients.get(task.customerId) ?? '…'}</Link> : null)
  const actions = (task: Task) => (
    <Space size={4}>
      {canEdit &&
        (task.status === 'done' ? (
          <Button size="small" icon={<RollbackOutlined />} onClick={() => void setStatus(task, 'in-progress')}>
            {t('tasks.reopen')}
          </Button>
        ) : (
          <Button size="small" type="primary" ghost icon={<CheckOutlined />} onClick={() => void setStatus(task, 'done')} data-testid="task-done">
            {t('tasks.markDone')}
          </Button>
        ))}
      {canEdit && <Button size="small" icon={<EditOutlined />} aria-label={t('tasks.edit')} onClick={() => onEdit(task)} />}
      {canDelete && (
        <Popconfirm title={t('tasks.deleteConfirm')} okText={t('common.delete')} okButtonProps={{ danger: true }} cancelText={t('common.cancel')} onConfirm={() => void removeTask(task)}>
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} />
        </Popconfirm>
      )}
    </Space>
  )

  if (!loading && (tasks ?? []).length === 0) return <Empty description={t('tasks.empty')} />
  if (phone) {
    return (
      <div className="task-rows">
        {(tasks ?? []).map((task) => (
          <div key={task._id} className={`task-row ${isOverdue(task, now) ? 'task-overdue' : ''}`} data-row-key={task._id}>
            {due(task)}
            <Typography.Text delete={task.status === 'done'} strong>{task.description}</Typography.Text>
            <Typography.Text type="secondary">{`${t(`tasks.kinds.${task.kind}`)} · ${team.get(task.assigneeId) ?? ''}`}</Typography.Text>
            {showPatient && patientLink(task)}
            {actions(task)}
          </div>
        ))}
      </div>
    )
  }
  return (
    <Table<Task>
      rowKey="_id"
      size="small"
      loading={loading}
      dataSource={[...(tasks ?? [])]}
      pagination={false}
      scroll={{ x: 'max-content' }}
      rowClassName={(task) => (isOverdue(task, now) ? 'task-overdue' : '')}
      columns={[
        {
          key: 'due',
          title: t('tasks.fields.dueAt'),
          render: (_, task) => due(task)
        },
        {
          key: 'description',
          title: t('tasks.fields.description'),
          render: (_, task) => (
            <Space direction="vertical" size={0}>
              <Typography.Text delete={task.status === 'done'}>{task.description}</Typography.Text>
              <Typography.Text type="secondary">{t(`tasks.kinds.${task.kind}`)}</Typography.Text>
            </Space>
          )
        },
        ...(showPatient
          ? [{ key: 'patient', title: t('tasks.fields.patient'), render: (_: unknown, task: Task) => patientLink(task) }]
          : []),
        { key: 'assignee', title: t('tasks.fields.assignee'), render: (_, task) => team.get(task.assigneeId) ?? '' },
        {
          key: 'actions',
          title: '',
          render: (_, task) => actions(task)
        }
      ]}
    />
  )
}
