import { useEffect } from 'react'
import { Button, notification } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { client } from '../../api/client'
import { useFormat } from '../../i18n/format'
import { TASK_REMINDED_EVENT } from '../../../../server/src/services/tasks/tasks/tasks.shared'
import type { Task } from './task-form'

/**
 * Mounted once in the signed-in layout (lazily, only for people who may view tasks): a reminder
 * the server gives (the `reminded` event reaches only the task's assignee) shows wherever they are
 * in the app, until dismissed.
 */
export default function TaskReminderListener() {
  const { t } = useTranslation()
  const format = useFormat()
  const navigate = useNavigate()
  const [api, holder] = notification.useNotification({ placement: 'topRight', maxCount: 5 })

  useEffect(() => {
    const tasks = client.service('tasks')
    const onReminded = (task: Task) => {
      api.open({
        key: `task-${task._id}`,
        type: 'info',
        title: t('tasks.reminderTitle'),
        description: (
          <div data-testid="task-reminder">
            <div>{task.description}</div>
            <div>{`${t('tasks.fields.dueAt')}: ${format.dateTime(task.dueAt)}`}</div>
            <Button
              type="link"
              style={{ padding: 0 }}
              onClick={() => {
                api.destroy(`task-${task._id}`)
                navigate(task.customerId ? `/customer/${task.customerId}/tasks` : '/company/tasks')
              }}
            >
              {t('tasks.openTasks')}
            </Button>
          </div>
        ),
        duration: false,
        role: 'alert'
      })
    }
    tasks.on(TASK_REMINDED_EVENT, onReminded)
    return () => void tasks.off(TASK_REMINDED_EVENT, onReminded)
  }, [api, t, format, navigate])

  return holder
}
