import { Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../i18n/format'
import { trashText, type TrashItem } from './trash-item'
import { kindLabel } from './trash-kinds'

/** The phone's one-cell view of an item: kind and title, then who deleted it and when. */
export function TrashItemSummary({ item, who }: { item: TrashItem; who: string }) {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <div className="stacked-cell">
      <span>
        <Tag>{kindLabel(t, item.service)}</Tag>
        <Typography.Text strong>{trashText(item, t)}</Typography.Text>
      </span>
      <Typography.Text type="secondary">
        {who} · {format.dateTime(item.deletedAt)}
      </Typography.Text>
    </div>
  )
}
