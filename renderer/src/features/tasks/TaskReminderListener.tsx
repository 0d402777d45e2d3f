import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useFormat } from '../../i18n/format'
import type { Task } from './task-form'
import { loadTextArea } from '../../i18n'
import { reminderNotice } from './reminder-notice'
import { useLazyNotices } from '../../app/lazy-notices'
import type { HeardEvents } from '../../app/heard-events'

/**
 * Mounted once in the signed-in layout with the first reminder heard (only for people who may
 * view tasks; the layout listens from sign-in, app/heard-events.ts): a reminder the server gives
 * (the `reminded` event reaches only the task's assignee) shows wherever they are in the app,
 * until dismissed.
 */
export default function TaskReminderListener({ reminded }: { reminded: HeardEvents<Task> }) {
  const { t } = useTranslation()
  const format = useFormat()
  const navigate = useNavigate()
  // Below the top bar, so the notices never cover the bell (which lists the same reminders).
  const { show, holder } = useLazyNotices({ placement: 'topRight', maxCount: 5, top: 72 })

  const { heard, take } = reminded
  useEffect(() => {
    const tasks = take()
    if (tasks.length === 0) return
    // The tasks' texts load with the first reminder (they are not in the first screen's).
    void loadTextArea('tasks').then(() => {
      for (const task of tasks)
        show((api) =>
          api.open(reminderNotice(task, { t, format, open: () => {
            api.destroy(`task-${task._id}`)
            navigate(task.customerId ? `/customer/${task.customerId}/tasks` : '/company/tasks')
          } }))
        )
    })
  }, [heard, take, show, t, format, navigate])

  return holder
}
