import { Card, Spin, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useFind } from '../../api/live'
import { useSignedIn } from '../../api/session-store'
import { useFormat } from '../../i18n/format'
import { isOverdue } from '../../../../server/src/services/tasks/tasks/tasks.shared'
import { useNow } from '../../components/useNow'
import './tasks.css'

const SHOWN = 6

/** The home screen's "My tasks": my tasks in progress due by the end of today (overdue in red), soonest first. */
export function MyTasksList() {
  const { t } = useTranslation()
  const format = useFormat()
  const { user } = useSignedIn()
  // Due within a day from now: the day's work and everything late (the minute's clock keeps the query stable).
  const now = useNow()
  const until = new Date(now + 86_400_000).toISOString()
  const tasks = useFind('tasks', { assigneeId: user._id, status: 'in-progress', dueAt: { $lte: until }, $sort: { dueAt: 1, _id: 1 }, $limit: SHOWN })
  return (
    <Card title={t('tasks.myTasks')} extra={<Link to="/company/tasks">{t('tasks.allTasks')}</Link>} data-testid="home-my-tasks">
      {tasks.isLoading ? (
        <Spin />
      ) : (tasks.data?.data ?? []).length === 0 ? (
        <Typography.Text type="secondary">{t('tasks.myTasksEmpty')}</Typography.Text>
      ) : (
        <ul className="my-tasks">
          {(tasks.data?.data ?? []).map((task) => (
            <li key={task._id}>
              <Typography.Text ellipsis>{task.description}</Typography.Text>
              <Typography.Text type={isOverdue(task, now) ? 'danger' : 'secondary'}>{format.dateTime(task.dueAt)}</Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
