import { Button } from 'antd'
import type { TFunction } from 'i18next'
import type { ArgsProps } from 'antd/es/notification'
import type { formatters } from '../../i18n/format'
import type { Task } from './task-form'

interface NoticeTools {
  t: TFunction
  format: ReturnType<typeof formatters>
  /** Closes the notice and opens the task's list. */
  open: () => void
}

/** A reminder as it shows wherever the assignee is: the task, when it is due, a way to it; until dismissed. */
export function reminderNotice(task: Task, { t, format, open }: NoticeTools): ArgsProps {
  return {
    key: `task-${task._id}`,
    type: 'info',
    title: t('tasks.reminderTitle'),
    description: (
      <div data-testid="task-reminder">
        <div>{task.description}</div>
        <div>{`${t('tasks.fields.dueAt')}: ${format.dateTime(task.dueAt)}`}</div>
        <Button type="link" style={{ padding: 0 }} onClick={open}>
          {t('tasks.openTasks')}
        </Button>
      </div>
    ),
    duration: false,
    role: 'alert'
  }
}
