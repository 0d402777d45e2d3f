import { Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { kindLabel } from '../trash/trash-kinds'
import type { ActivitySummary } from './activity-entry'

const actionColor: Record<string, string> = { create: 'green', patch: 'blue', update: 'blue', remove: 'red', restore: 'cyan', purge: 'red' }

/**
 * What was done to which record: "Changed · Tag · VIP client". A record the entry does not name
 * is named from the page's look-ups (an appointment by its patient and time); one no longer
 * there says so, never showing its id.
 */
export function ActivityRecord({ summary, name }: { summary: ActivitySummary; name: string | null }) {
  const { t } = useTranslation()
  const title = summary.title ?? name
  return (
    <div className="activity-what">
      <span>
        <Tag color={actionColor[summary.action]}>{t(`activity.actions.${summary.action}`)}</Tag>
        {kindLabel(t, summary.service)}
      </span>
      {title ? <span className="activity-record">{title}</span> : <Typography.Text type="secondary">{t('activity.gone')}</Typography.Text>}
    </div>
  )
}
