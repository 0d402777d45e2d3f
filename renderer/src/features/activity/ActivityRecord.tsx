import { Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { kindLabel } from '../trash/trash-kinds'
import type { ActivitySummary } from './activity-entry'

const actionColor: Record<string, string> = { create: 'green', patch: 'blue', update: 'blue', remove: 'red', restore: 'cyan', purge: 'red' }

/** What was done to which record: "Changed · Tag · VIP client". */
export function ActivityRecord({ summary, recordId }: { summary: ActivitySummary; recordId: string | null }) {
  const { t } = useTranslation()
  return (
    <div className="activity-what">
      <span>
        <Tag color={actionColor[summary.action]}>{t(`activity.actions.${summary.action}`, { defaultValue: summary.action })}</Tag>
        {kindLabel(t, summary.service)}
      </span>
      {summary.title ? (
        <span className="activity-record">{summary.title}</span>
      ) : (
        recordId && (
          <Typography.Text type="secondary" className="activity-record-id" title={recordId}>
            {recordId.slice(-8)}
          </Typography.Text>
        )
      )}
    </div>
  )
}
