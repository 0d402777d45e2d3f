import { useState } from 'react'
import { Button, Popconfirm, Space } from 'antd'
import { CalendarOutlined, DeleteOutlined, EditOutlined, UndoOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { usePatch } from '../../api/live'
import { useSignedIn } from '../../api/session-store'
import { toast, toastError } from '../../app/toasts'
import { entryBookingUrl } from './booking-url'
import { SlotFinder } from '../appointments/SlotFinder'
import { companyToday } from '../appointments/zoned-time'
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
  const [finding, setFinding] = useState(false)
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
        <Button
          size="small"
          type="primary"
          icon={<CalendarOutlined />}
          // With its services known the first free slots are searched (the rules of a booking);
          // without, the calendar opens on the first moment the entry allows.
          onClick={() => (entry.serviceIds.length > 0 ? setFinding(true) : navigate(entryBookingUrl(entry, timeZone)))}
          data-testid="waiting-find-slot"
        >
          {t('waitingList.findSlot')}
        </Button>
      )}
      {finding && (
        <SlotFinder
          customerId={entry.customerId}
          waitingListId={entry._id}
          initial={{
            serviceIds: entry.serviceIds,
            staffId: entry.staffId,
            timeFrom: entry.timeFrom,
            timeTo: entry.timeTo,
            weekdays: entry.days,
            dateFrom: entry.dateFrom > companyToday(timeZone) ? entry.dateFrom : companyToday(timeZone)
          }}
          onClose={() => setFinding(false)}
        />
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
