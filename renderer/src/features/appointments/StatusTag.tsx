import { Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { statusColor } from './status-colors'

/** A status in its colour, named in the interface language. */
export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation()
  return (
    <Tag color={statusColor(status)} className="status-tag" data-status={status}>
      {t(`appointmentStatus.${status}`)}
    </Tag>
  )
}
