import { Card } from 'antd'
import { PushpinFilled } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useNotes } from './useNotes'

const PINNED_SHOWN = 5

/** The pinned notes on the overview, where the front desk sees them first. Nothing when none. */
export function PinnedNotes({ customerId }: { customerId: string }) {
  const { t } = useTranslation()
  const { notes, canView } = useNotes(customerId, PINNED_SHOWN, true)
  const list = notes.data?.data ?? []
  if (!canView || !list.length) return null
  return (
    <Card
      size="small"
      title={
        <span>
          <PushpinFilled /> {t('notes.pinnedTitle')}
        </span>
      }
      extra={<Link to={`/customer/${customerId}/notes`}>{t('notes.all')}</Link>}
      data-testid="pinned-notes"
    >
      <ul className="note-list note-list-compact">
        {list.map((note) => (
          <li key={note._id} className="note-text">
            {note.text}
          </li>
        ))}
      </ul>
    </Card>
  )
}
