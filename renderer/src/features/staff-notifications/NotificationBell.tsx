import { useState } from 'react'
import { Badge, Button, Empty, Popover, Spin, Typography } from 'antd'
import { BellOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { client } from '../../api/client'
import { refreshService, useFind, patchRecord } from '../../api/live'
import { useFormat } from '../../i18n/format'
import { toast, toastError } from '../../app/toasts'
import type { Notification } from '../../../../server/src/services/messaging/my-notifications/my-notifications.shared'
import { notificationText } from './notification-text'
import { usePushDevice } from './usePushDevice'

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

function NotificationList({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const format = useFormat()
  const navigate = useNavigate()
  const list = useFind('my-notifications', { $limit: PAGE })
  const open = async (item: Notification) => {
    onClose()
    if (!item.readAt) void patchRecord('my-notifications', [item._id, { read: true }]).catch(toastError)
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

/**
 * The bell in the top bar (issue 18, item 8): the member's unread count, live (`my-notifications`
 * events reach only them), and a list, newest first; a click marks one read and opens its link.
 */
export function NotificationBell() {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const unread = useFind('my-notifications', { readAt: null, $limit: 0 })
  const count = unread.data?.total ?? 0
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      destroyOnHidden
      styles={{ container: { padding: 0 } }}
      content={<NotificationList onClose={() => setOpen(false)} />}
    >
      <Button
        type="text"
        data-testid="bell"
        aria-label={count > 0 ? t('staffNotifications.bellUnread', { count }) : t('staffNotifications.title')}
        icon={
          <Badge count={count} size="small" overflowCount={99}>
            <BellOutlined style={{ fontSize: 18 }} />
          </Badge>
        }
      />
    </Popover>
  )
}
