import { useCallback, useEffect, useState } from 'react'
import { Alert, Button, Card, Space, Spin, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { OfflineDaySnapshot, OfflineStore, OutboxEntry } from '../../../../main/src/offline/offline-types'
import { createRecord, patchRecord } from '../../api/live'
import { toastError } from '../../app/toasts'
import { PageHeader } from '../../components/PageHeader'
import { useFormat } from '../../i18n/format'
import { platform } from '../../platform'
import { DEPENDS_ON_REFUSED } from '../../../../main/src/offline/outbox-replay'
import { bookingAt, serverIdFor, subjectOf } from './conflict-view'
import { personName, recordsOf } from './day-view'
import { offlineStatus, useConnected } from './offline-status'
import { useOfflineDay } from './useOfflineDay'
import './offline-day.css'

/**
 * /offline-day/conflicts: the offline writes the server refused, each for a person to settle:
 * keep the server's, book one of the suggested starts (a taken slot), or apply this
 * workstation's values (a field changed on both sides). The online answers go through the
 * normal services, so their rules and permissions hold.
 */
export default function ConflictInboxPage() {
  const { t } = useTranslation()
  const store = platform.offline
  return (
    <>
      <PageHeader title={t('offlineDay.inbox.title')} subtitle={t('offlineDay.inbox.subtitle')} extra={<Link to="/offline-day">{t('offlineDay.title')}</Link>} />
      {store ? <Inbox store={store} /> : <Alert type="info" showIcon title={t('offlineDay.desktopOnly')} />}
    </>
  )
}

function Inbox({ store }: { store: OfflineStore }) {
  const { t } = useTranslation()
  const { snapshot } = useOfflineDay(store)
  const [entries, setEntries] = useState<OutboxEntry[] | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const reload = useCallback(async () => setEntries(await store.conflicts()), [store])
  useEffect(() => {
    let live = true
    store.conflicts().then((list) => live && setEntries(list), toastError)
    return () => {
      live = false
    }
  }, [store])

  /** Runs a settling action, then the entry leaves the inbox. */
  const settle = async (entry: OutboxEntry, online?: () => Promise<unknown>) => {
    setBusy(entry.operation.key)
    try {
      await online?.()
      offlineStatus.setCounts(await store.resolve(entry.operation.key))
      await reload()
    } catch (error) {
      toastError(error)
    } finally {
      setBusy(null)
    }
  }

  if (!entries) return <Spin />
  if (entries.length === 0) return <Alert type="success" showIcon title={t('offlineDay.inbox.empty')} />
  return (
    <div className="offline-conflict-list">
      {entries.map((entry) => (
        <ConflictCard key={entry.operation.key} entry={entry} snapshot={snapshot ?? null} busy={busy === entry.operation.key} disabled={busy !== null} settle={settle} store={store} />
      ))}
    </div>
  )
}

const servicePaths = { appointment: 'appointment', customer: 'customers' } as const

interface CardProps {
  entry: OutboxEntry
  snapshot: OfflineDaySnapshot | null
  busy: boolean
  disabled: boolean
  store: OfflineStore
  settle(entry: OutboxEntry, online?: () => Promise<unknown>): Promise<void>
}

function ConflictCard({ entry, snapshot, busy, disabled, store, settle }: CardProps) {
  const { t } = useTranslation()
  const format = useFormat()
  const connected = useConnected()
  const { operation, conflict } = entry
  const subject = subjectOf(entry, snapshot)
  const reason = conflict?.reason ?? 'refused'
  const doctors = new Map((snapshot ? recordsOf(snapshot, 'staff') : []).map((record) => [String(record._id), personName(record)]))
  const shown = (field: string, value: unknown) => {
    if (value === null || value === undefined || value === '') return '—'
    if (field === 'start' && typeof value === 'string') return format.dateTime(value)
    if (field === 'status') return t(`appointmentStatus.${String(value)}`, { defaultValue: String(value) })
    if (field === 'staffId' && doctors.has(String(value))) return doctors.get(String(value))
    return typeof value === 'object' ? JSON.stringify(value) : String(value)
  }
  const bookAt = (start: string) => settle(entry, async () => createRecord('appointment', [(await bookingAt(store, entry, start)) as never]))
  const applyMine = () =>
    settle(entry, async () => {
      if (operation.action !== 'patch') return
      await patchRecord(servicePaths[operation.kind], [await serverIdFor(store, operation.id), operation.data as never])
    })
  return (
    <Card
      size="small"
      className="offline-conflict"
      title={t(`offlineDay.what.${operation.kind}-${operation.action}`, { patient: subject.patient || t('offlineDay.unknownPatient'), doctor: subject.doctor, when: subject.start ? format.dateTime(subject.start) : '' })}
    >
      <Typography.Paragraph strong>{t(`offlineDay.reasons.${reason}`)}</Typography.Paragraph>
      {conflict?.error && (
        <Typography.Paragraph type="secondary">
          {/* The server's messages come translated; the replay's own refusal is translated here. */}
          {conflict.error.code === DEPENDS_ON_REFUSED ? t('offlineDay.inbox.dependsOnRefused') : conflict.error.message}
        </Typography.Paragraph>
      )}
      {conflict?.fields && conflict.fields.length > 0 && (
        <table className="offline-conflict-fields">
          <thead>
            <tr>
              <th>{t('offlineDay.inbox.field')}</th>
              <th>{t('offlineDay.inbox.was')}</th>
              <th>{t('offlineDay.inbox.here')}</th>
              <th>{t('offlineDay.inbox.server')}</th>
            </tr>
          </thead>
          <tbody>
            {conflict.fields.map((field) => (
              <tr key={field.field}>
                <td>{t(`offlineDay.fields.${field.field}`, { defaultValue: field.field })}</td>
                <td>{shown(field.field, field.base)}</td>
                <td>{shown(field.field, field.mine)}</td>
                <td>{shown(field.field, field.theirs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {conflict?.suggestedStarts && conflict.suggestedStarts.length > 0 && (
        <>
          <Typography.Paragraph>{t('offlineDay.inbox.suggested')}</Typography.Paragraph>
          <Space wrap>
            {conflict.suggestedStarts.map((start) => (
              <Button key={start} onClick={() => void bookAt(start)} disabled={disabled || !connected} loading={busy}>
                {t('offlineDay.inbox.bookAt', { when: format.dateTime(start) })}
              </Button>
            ))}
          </Space>
        </>
      )}
      <Space wrap style={{ marginTop: 12 }}>
        {reason === 'changed-on-both-sides' && operation.action === 'patch' && (
          <Button type="primary" onClick={() => void applyMine()} disabled={disabled || !connected}>
            {t('offlineDay.inbox.applyMine')}
          </Button>
        )}
        <Button onClick={() => void settle(entry)} disabled={disabled}>
          {t('offlineDay.inbox.keepServer')}
        </Button>
      </Space>
      {!connected && <Typography.Paragraph type="secondary">{t('offlineDay.inbox.needsConnection')}</Typography.Paragraph>}
    </Card>
  )
}
