import { useMemo, useState } from 'react'
import { Alert, Button, Card, Segmented, Select, Space, Spin, Tag, Typography } from 'antd'
import { CheckOutlined, EditOutlined, FileAddOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { OfflineDaySnapshot, OfflineStore } from '../../../../main/src/offline/offline-types'
import { toast, toastError } from '../../app/toasts'
import { PageHeader } from '../../components/PageHeader'
import { useFormat } from '../../i18n/format'
import { platform } from '../../platform'
import { newClientKey } from '../billing/client-key'
import { canCheckIn, doctorsOf, visitsOf, type OfflineVisit } from './day-view'
import { checkInOperation } from './offline-operations'
import { useOfflineStatus } from './offline-status'
import { useOfflineDay } from './useOfflineDay'
import { BookVisitDialog, EditVisitDialog, NoteDialog } from './VisitDialogs'
import { formatPhone } from '../../../../domain/validation/phone'
import './offline-day.css'

/**
 * /offline-day: the branch's today and tomorrow as saved on this computer, usable while the
 * clinic server is unreachable (docs/decisions/offline-day.md). Every write goes to the local
 * outbox and shows at once; it reaches the server when the connection is back.
 */
export default function OfflineDayPage() {
  const { t } = useTranslation()
  const store = platform.offline
  return (
    <>
      <PageHeader title={t('offlineDay.title')} subtitle={t('offlineDay.subtitle')} />
      {store ? <OfflineDay store={store} /> : <Alert type="info" showIcon title={t('offlineDay.desktopOnly')} />}
    </>
  )
}

type Dialog = { kind: 'book' } | { kind: 'edit'; visit: OfflineVisit } | { kind: 'note'; visit: OfflineVisit } | null

function OfflineDay({ store }: { store: OfflineStore }) {
  const { t } = useTranslation()
  const { snapshot, branchId, write } = useOfflineDay(store)
  const { counts } = useOfflineStatus()
  const [dialog, setDialog] = useState<Dialog>(null)

  const save = async (operations: Parameters<typeof write>[0]) => {
    try {
      await write(operations)
      toast.success(t('offlineDay.queued'))
      setDialog(null)
    } catch (error) {
      toastError(error)
    }
  }

  if (snapshot === undefined) return <Spin />
  if (!snapshot || !branchId) return <Alert type="info" showIcon title={t('offlineDay.nothingSaved')} />
  return (
    <>
      <Space wrap className="offline-day-status">
        <Tag color={counts.waiting ? 'orange' : 'default'}>{t('offlineDay.waiting', { count: counts.waiting })}</Tag>
        {counts.conflicts > 0 && (
          <Link to="/offline-day/conflicts">
            <Tag color="red">{t('offlineDay.conflicts', { count: counts.conflicts })}</Tag>
          </Link>
        )}
        <SavedAt snapshot={snapshot} />
      </Space>
      <DayList snapshot={snapshot} onBook={() => setDialog({ kind: 'book' })} onCheckIn={(visit) => void save([checkInOperation(visit, newClientKey())])} onEdit={(visit) => setDialog({ kind: 'edit', visit })} onNote={(visit) => setDialog({ kind: 'note', visit })} />
      {dialog?.kind === 'book' && <BookVisitDialog snapshot={snapshot} branchId={branchId} onSave={save} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <EditVisitDialog snapshot={snapshot} visit={dialog.visit} onSave={save} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'note' && <NoteDialog visit={dialog.visit} branchId={branchId} onSave={save} onClose={() => setDialog(null)} />}
    </>
  )
}

function SavedAt({ snapshot }: { snapshot: OfflineDaySnapshot }) {
  const { t } = useTranslation()
  const format = useFormat()
  return <Typography.Text type="secondary">{t('offlineDay.savedAt', { when: format.dateTime(snapshot.savedAt) })}</Typography.Text>
}

interface DayListProps {
  snapshot: OfflineDaySnapshot
  onBook(): void
  onCheckIn(visit: OfflineVisit): void
  onEdit(visit: OfflineVisit): void
  onNote(visit: OfflineVisit): void
}

function DayList({ snapshot, onBook, onCheckIn, onEdit, onNote }: DayListProps) {
  const { t } = useTranslation()
  const format = useFormat()
  const [chosenDay, setDay] = useState(snapshot.days[0])
  // A day saved anew after midnight no longer has yesterday's "today".
  const day = snapshot.days.includes(chosenDay) ? chosenDay : snapshot.days[0]
  const [doctorId, setDoctorId] = useState<string | null>(null)
  const doctors = useMemo(() => doctorsOf(snapshot), [snapshot])
  const visits = useMemo(() => visitsOf(snapshot, day).filter((visit) => !doctorId || visit.staffId === doctorId), [snapshot, day, doctorId])
  const dayLabel = (value: string, index: number) => (
    <span className="offline-day-choice">
      <strong>{t(index === 0 ? 'offlineDay.today' : 'offlineDay.tomorrow')}</strong> <span>{format.date(value)}</span>
    </span>
  )
  return (
    <Card className="offline-day-card">
      <div className="offline-day-toolbar">
        <Segmented value={day} onChange={(value) => setDay(String(value))} options={snapshot.days.map((value, index) => ({ value, label: dayLabel(value, index) }))} />
        <Select
          className="offline-day-doctor"
          allowClear
          placeholder={t('offlineDay.allDoctors')}
          aria-label={t('offlineDay.doctor')}
          value={doctorId}
          onChange={(value) => setDoctorId(value ?? null)}
          options={doctors.map((doctor) => ({ value: doctor._id, label: doctor.name }))}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={onBook} className="offline-day-book">
          {t('offlineDay.book')}
        </Button>
      </div>
      {visits.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('offlineDay.noVisits')}</Typography.Paragraph>
      ) : (
        <ul className="offline-day-visits" aria-label={t('offlineDay.visits')}>
          {visits.map((visit) => (
            <li key={visit._id} className="offline-visit" aria-label={`${visit.time} ${visit.patientName}`}>
              <div className="offline-visit-time">
                {visit.time}–{visit.endTime}
              </div>
              <div className="offline-visit-main">
                <div className="offline-visit-patient">
                  <strong>{visit.patientName || t('offlineDay.unknownPatient')}</strong>
                  {visit.phone && <Typography.Text type="secondary"> {formatPhone(visit.phone)}</Typography.Text>}
                </div>
                <div className="offline-visit-meta">
                  <span>{visit.doctorName}</span> <Tag>{t(`appointmentStatus.${visit.status}`, { defaultValue: visit.status })}</Tag>
                  {visit.pending && <Tag color="orange">{t('offlineDay.notSent')}</Tag>}
                </div>
                {visit.notes && <div className="offline-visit-notes">{visit.notes}</div>}
              </div>
              <Space wrap className="offline-visit-actions">
                {canCheckIn(visit) && (
                  <Button size="small" icon={<CheckOutlined />} onClick={() => onCheckIn(visit)}>
                    {t('offlineDay.checkIn')}
                  </Button>
                )}
                <Button size="small" icon={<EditOutlined />} onClick={() => onEdit(visit)}>
                  {t('offlineDay.edit')}
                </Button>
                <Button size="small" icon={<FileAddOutlined />} onClick={() => onNote(visit)} disabled={!visit.customerId}>
                  {t('offlineDay.addNote')}
                </Button>
              </Space>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
