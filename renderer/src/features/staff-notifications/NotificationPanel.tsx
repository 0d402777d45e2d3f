import { Button, Empty, Spin, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { client } from '../../api/client'
import { refreshService, useFind, patchRecord } from '../../api/live'
import { useFormat } from '../../i18n/format'
import { toast, toastError } from '../../app/toasts'
import type { Notification } from '../../../../server/src/services/messaging/my-notifications/my-notifications.shared'
import { notificationText } from './notification-text'
import { usePushDevice } from './usePushDevice'
import { platform } from '../../platform'

/** Saves a file the server made (a download link: the same in the browser and the desktop shell). */
function downloadFile(url: string) {
  const link = document.createElement('a')
  link.href = url
  link.rel = 'noopener'
  link.download = ''
  link.click()
}

/**
 * The bell's panel: the member's notifications, newest first, and the push switch. A chunk of
 * its own, loaded when the bell first opens: the first screen carries only the bell and its count.
 */
const PAGE = 20

function PushSwitch() {
  const { t } = useTranslation()
  const { state, turnOn, turnOff } = usePushDevice()
  if (state === 'unsupported') return null
  if (state === 'denied') return <Typography.Text type="secondary" className="bell-push-note">{t('staffNotifications.pushDenied')}</Typography.Text>
  const on = async () => {
    try {
      const result = await turnOn()
      if (result === 'on') toast.success(t('staffNotifications.pushEnabled'))
    } catch (error) {
      toastError(error)
    }
  }
  return state === 'on' ? (
    <Button type="link" size="small" onClick={() => void turnOff()}>{t('staffNotifications.pushOff')}</Button>
  ) : (
    <Button type="link" size="small" loading={state === 'busy'} onClick={() => void on()} data-testid="bell-push-on">
      {t('staffNotifications.pushOn')}
    </Button>
  )
}

export default function NotificationPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const format = useFormat()
  const navigate = useNavigate()
  const list = useFind('my-notifications', { $limit: PAGE })
  const open = async (item: Notification) => {
    onClose()
    if (!item.readAt) void patchRecord('my-notifications', [item._id, { read: true }]).catch(toastError)
    // A report's export: its file, through a fresh signed link (the export's own read; gone once it expired).
    if (item.kind === 'report-export-ready') {
      try {
        const made = await client.service('report-exports').get(String(item.params.exportId))
        if (made.link) downloadFile(platform.serverUrl() + made.link.file)
      } catch (error) {
        toastError(error)
      }
      return
    }
    navigate(item.link)
  }
  const readAll = async () => {
    try {
      await client.service('my-notifications').patch(null, { read: true })
      await refreshService('my-notifications')
    } catch (error) {
      toastError(error)
    }
  }
  const items = list.data?.data ?? []
  return (
    <div className="bell-panel" data-testid="bell-panel">
      <div className="bell-panel-head">
        <Typography.Text strong>{t('staffNotifications.title')}</Typography.Text>
        <Button type="link" size="small" onClick={() => void readAll()} disabled={!items.some((item) => !item.readAt)}>
          {t('staffNotifications.markAllRead')}
        </Button>
      </div>
      {list.isLoading ? (
        <div className="bell-panel-empty"><Spin /></div>
      ) : items.length === 0 ? (
        <Empty className="bell-panel-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('staffNotifications.empty')} />
      ) : (
        <ul className="bell-list">
          {items.map((item) => {
            const text = notificationText(item, t, format)
            return (
              <li key={item._id}>
                <button type="button" className={item.readAt ? 'bell-item' : 'bell-item bell-item-unread'} onClick={() => void open(item)}>
                  <span className="bell-item-title">{text.title}</span>
                  {text.body && <span className="bell-item-body">{text.body}</span>}
                  <span className="bell-item-time">{format.dateTime(item.createdAt)}</span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
      <div className="bell-panel-foot">
        <PushSwitch />
      </div>
    </div>
  )
}

