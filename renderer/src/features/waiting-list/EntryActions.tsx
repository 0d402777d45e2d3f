import { useState } from 'react'
import { Button, Popconfirm, Space } from 'antd'
import { CalendarOutlined, DeleteOutlined, EditOutlined, UndoOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { usePatch } from '../../api/live'
import { useSignedIn } from '../../api/session-store'
import { toast, toastError } from '../../app/toasts'
import { entryBookingUrl } from './booking-url'
import type { WaitingListEntry } from './waiting-list-types'

interface Props {
  entry: WaitingListEntry
  canBook: boolean
  canEdit: boolean
  onEdit: () => void
}

/**
 * Find a slot (the calendar's booking form, prefilled), Edit, and Remove: taking someone off
 * the list keeps the entry as "removed" (history of who waited), and Put back undoes it.
 */
export function EntryActions({ entry, canBook, canEdit, onEdit }: Props) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const timeZone = useSignedIn().company?.timezone ?? 'UTC'
  const [busy, setBusy] = useState(false)
  const patchEntry = usePatch('waiting-list')

  async function setStatus(status: 'waiting' | 'removed', done: string) {
    setBusy(true)
    try {
      await patchEntry(entry._id, { status })
      toast.success(done)
    } catch (error) {
      toastError(error)
    } finally {
      setBusy(false)
    }
  }

  const waiting = entry.status === 'waiting'
  return (
    <Space wrap size={4}>
      {waiting && canBook && (
        <Button size="small" type="primary" icon={<CalendarOutlined />} onClick={() => navigate(entryBookingUrl(entry, timeZone))}>
          {t('waitingList.findSlot')}
        </Button>
      )}
      {waiting && canEdit && (
        <Button size="small" icon={<EditOutlined />} onClick={onEdit} aria-label={t('common.edit')} title={t('common.edit')} />
      )}
      {waiting && canEdit && (
        <Popconfirm
          title={t('waitingList.removeConfirm')}
          onConfirm={() => setStatus('removed', t('waitingList.removed'))}
          okText={t('waitingList.remove')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.cancel')}
        >
          <Button size="small" danger icon={<DeleteOutlined />} loading={busy} aria-label={t('waitingList.remove')} title={t('waitingList.remove')} />
        </Popconfirm>
      )}
      {entry.status === 'removed' && canEdit && (
        <Button size="small" icon={<UndoOutlined />} loading={busy} onClick={() => void setStatus('waiting', t('waitingList.putBackDone'))}>
          {t('waitingList.putBack')}
        </Button>
      )}
    </Space>
  )
}
