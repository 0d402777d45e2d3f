import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { client } from '../../api/client'
import { useFormat } from '../../i18n/format'
import { TASK_REMINDED_EVENT } from '../../../../server/src/services/tasks/tasks/tasks.shared'
import type { Task } from './task-form'
import { loadTextArea } from '../../i18n'
import { reminderNotice } from './reminder-notice'
import { useLazyNotices } from '../../app/lazy-notices'

/**
 * Mounted once in the signed-in layout (lazily, only for people who may view tasks): a reminder
 * the server gives (the `reminded` event reaches only the task's assignee) shows wherever they are
 * in the app, until dismissed.
 */
export default function TaskReminderListener() {
  const { t } = useTranslation()
  const format = useFormat()
  const navigate = useNavigate()
  // Below the top bar, so the notices never cover the bell (which lists the same reminders).
  const { show, holder } = useLazyNotices({ placement: 'topRight', maxCount: 5, top: 72 })

  useEffect(() => {
    const tasks = client.service('tasks')
    // The tasks' texts load with the first reminder (they are not in the first screen's).
    const onReminded = (task: Task) =>
      void loadTextArea('tasks').then(() =>
        show((api) =>
          api.open(reminderNotice(task, { t, format, open: () => {
            api.destroy(`task-${task._id}`)
            navigate(task.customerId ? `/customer/${task.customerId}/tasks` : '/company/tasks')
          } }))
        )
      )
    tasks.on(TASK_REMINDED_EVENT, onReminded)
    return () => void tasks.off(TASK_REMINDED_EVENT, onReminded)
  }, [show, t, format, navigate])

  return holder
}
