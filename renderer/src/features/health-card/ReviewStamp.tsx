import { Tag } from 'antd'
import { CheckCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../i18n/format'
import type { HealthCardRecord } from './health-card-types'

/** When and by whom the card was last gone through with the patient; a warning when never. */
export function ReviewStamp({ card, names }: { card: HealthCardRecord; names: Map<string, string> }) {
  const { t } = useTranslation()
  const format = useFormat()
  if (!card.reviewedAt) {
    return (
      <Tag color="gold" icon={<ExclamationCircleOutlined />} data-testid="health-card-stamp">
        {t('healthCard.notReviewed')}
      </Tag>
    )
  }
  const who = card.reviewedBy ? names.get(card.reviewedBy) : undefined
  return (
    <Tag color="green" icon={<CheckCircleOutlined />} data-testid="health-card-stamp">
      {who ? t('healthCard.reviewedBy', { date: format.date(card.reviewedAt), name: who }) : t('healthCard.reviewedOn', { date: format.date(card.reviewedAt) })}
    </Tag>
  )
}
